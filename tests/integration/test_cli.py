"""The `ledger` command: unknown sessions, `sessions`, the refusals of backup and restore, and
(run as a process, from anywhere) no database made up where there is none."""

import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from sqlalchemy.engine import make_url

from api import create_app
from ledger.cli import main
from ledger.events.store import DEFAULT_PATH, open_store
from ledger.events.store.backup import _libpq_env, libpq_url
from tests.conftest import fresh_postgres_url
from tests.factories import Club, Table


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@contextmanager
def store_at(url: str):
    """The store at `url` as it is (not migrated), let go of afterwards."""
    store = open_store(url, migrate=False)
    try:
        yield store
    finally:
        store.dispose()


def other_store(database_url: str, tmp_path, name: str) -> str:
    if database_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path}/{name}.sqlite3"
    return fresh_postgres_url()


@pytest.fixture
def evenings(database_url):
    """Two sessions: one of 4 events, one of 2."""
    client = create_app({"DATABASE_URL": database_url}).test_client()
    return Table(client, players=3, name="Twelfth Night"), Table(client, players=1, name="Ball")


def test_an_unknown_session_is_an_error_for_every_command_that_takes_one(
        database_url, evenings, tmp_path):
    output = tmp_path / "nope.jsonl"
    for args in (["verify", "--session", "nope"], ["rebuild", "--session", "nope"],
                 ["export-log", "nope", "-o", output]):
        result = cli("--database", database_url, *args)
        assert result.exit_code != 0, args
        assert "No session" in result.stderr and "nope." in result.stderr
        assert "ok" not in result.stdout
    assert not output.exists()
    known = cli("--database", database_url, "verify", "--session", evenings[0].id)
    assert known.exit_code == 0 and f"{evenings[0].id}  ok  4 events" in known.stdout


def test_sessions_lists_each_session_with_its_name_version_and_last_event(
        database_url, evenings):
    night, ball = evenings
    ball.add_player()
    with store_at(database_url) as store:
        expected = [(night.id, "Twelfth Night", 4, store.read(night.id)[-1]["recorded_at"]),
                    (ball.id, "Ball", 3, store.read(ball.id)[-1]["recorded_at"])]

    listed = cli("--database", database_url, "sessions")
    assert listed.exit_code == 0
    header, *lines = listed.stdout.splitlines()
    assert header.split()[:2] == ["SESSION", "NAME"]
    assert [line.split() for line in lines] == [[sid, *name.split(), str(version), last]
                                               for sid, name, version, last in expected]
    # aligned: every column starts where its heading does
    for heading in ("NAME", "LAST EVENT"):
        column = header.index(heading)
        assert all(line[column - 2:column] == "  " and line[column] != " " for line in lines)
    version_end = header.index("VERSION") + len("VERSION")
    assert all(line[version_end - 1].isdigit() for line in lines)

    as_json = cli("--database", database_url, "sessions", "--json")
    assert as_json.exit_code == 0
    assert [orjson.loads(line) for line in as_json.stdout.splitlines()] == [
        {"id": sid, "name": name, "version": version, "last_recorded_at": last}
        for sid, name, version, last in expected]


def test_sessions_of_an_empty_store(database_url):
    assert cli("--database", database_url, "init").exit_code == 0
    listed = cli("--database", database_url, "sessions")
    assert listed.exit_code == 0 and listed.stdout == "" and "No sessions." in listed.stderr


def test_restore_refuses_a_store_that_is_not_empty(database_url, evenings, tmp_path):
    backup = tmp_path / "ledger.backup"
    assert cli("--database", database_url, "backup", backup).exit_code == 0
    target = other_store(database_url, tmp_path, "target")
    Table(create_app({"DATABASE_URL": target}).test_client(), players=2, name="Already here")
    with store_at(target) as store:
        before = store.sessions()
    for into in (target, database_url):
        refused = cli("--database", into, "restore", backup)
        assert refused.exit_code != 0
        assert "it is not empty" in refused.stderr
    with store_at(target) as store:
        assert store.sessions() == before


def test_restore_into_a_store_with_the_schema_but_no_events(database_url, evenings, tmp_path):
    backup = tmp_path / "ledger.backup"
    assert cli("--database", database_url, "backup", backup).exit_code == 0
    target = other_store(database_url, tmp_path, "target")
    open_store(target).dispose()  # migrated, as the service leaves a new store when it starts
    restored = cli("--database", target, "restore", backup)
    assert restored.exit_code == 0, restored.output
    assert restored.stdout.splitlines()[1:] == [
        line for line in cli("--database", database_url, "verify").stdout.splitlines()]
    with store_at(target) as restored_store, store_at(database_url) as original:
        assert restored_store.sessions() == original.sessions()


def test_backup_refuses_to_overwrite_a_file_without_force(database_url, evenings, tmp_path):
    backup = tmp_path / "ledger.backup"
    backup.write_bytes(b"something else")
    refused = cli("--database", database_url, "backup", backup)
    assert refused.exit_code != 0 and "pass --force" in refused.stderr
    assert backup.read_bytes() == b"something else"
    forced = cli("--database", database_url, "backup", "--force", backup)
    assert forced.exit_code == 0, forced.output
    assert backup.read_bytes() != b"something else"
    assert list(tmp_path.glob(".ledger.backup.*")) == []  # no partial copy left behind


def test_restore_refuses_what_is_not_a_backup(database_url, tmp_path):
    for name, content in (("missing", None), ("notes.txt", b"not a backup")):
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        refused = cli("--database", other_store(database_url, tmp_path, "target"),
                      "restore", path)
        assert refused.exit_code != 0
        assert "No backup at" in refused.stderr or "is not a backup" in refused.stderr


@pytest.mark.postgres
def test_a_backup_goes_back_only_into_its_own_kind_of_store(tmp_path):
    sqlite_url, postgres_url = f"sqlite:///{tmp_path}/club.sqlite3", fresh_postgres_url()
    for url in (sqlite_url, postgres_url):
        Table(create_app({"DATABASE_URL": url}).test_client(), players=1)
    assert cli("--database", sqlite_url, "backup", tmp_path / "sqlite.backup").exit_code == 0
    assert cli("--database", postgres_url, "backup", tmp_path / "pg.backup").exit_code == 0
    for url, path, kind in ((fresh_postgres_url(), "sqlite.backup", "an SQLite backup"),
                            (f"sqlite:///{tmp_path}/new.sqlite3", "pg.backup",
                             "a PostgreSQL backup")):
        refused = cli("--database", url, "restore", tmp_path / path)
        assert refused.exit_code != 0 and kind in refused.stderr


def test_pg_dump_and_pg_restore_get_a_libpq_url_and_the_password_in_their_environment():
    parsed = make_url("postgresql+psycopg://club:s%40cret@db.example:5433/ledger?sslmode=require")
    assert libpq_url(parsed) == "postgresql://club@db.example:5433/ledger?sslmode=require"
    assert _libpq_env(parsed)["PGPASSWORD"] == "s@cret"


def test_rebuild_rewrites_each_snapshot_with_todays_fold(database_url, evenings):
    from sqlalchemy import text

    from ledger.projections.session import FOLD_FORMAT

    night, _ = evenings
    store = open_store(database_url, migrate=False)
    engine = store.engine
    with engine.begin() as connection:  # a snapshot some older fold wrote
        connection.execute(text("INSERT INTO snapshots (session_id, version, state, fold_format) "
                                "VALUES (:sid, 2, '{}', 'an-older-fold')"), {"sid": night.id})
    rebuilt = cli("--database", database_url, "rebuild")
    assert rebuilt.exit_code == 0, rebuilt.output
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT session_id, version, fold_format FROM snapshots "
                                       "ORDER BY version")).all()
    assert {(row[0], row[1]) for row in rows} == {(night.id, 4), (evenings[1].id, 2)}
    assert {row[2] for row in rows} == {FOLD_FORMAT}
    store.dispose()


def test_a_club_moves_to_another_store_with_its_evenings(database_url, tmp_path):
    """From an SQLite file to the store under test (PostgreSQL too): the club's log, its
    evenings' logs, their tokens and the index of evenings; again, nothing is added."""
    source = f"sqlite:///{tmp_path}/club.sqlite3"
    client = create_app({"DATABASE_URL": source}).test_client()
    club = Club(client, members=("Ann", "Ben", "Cleo"))
    for winner in (1, 2):
        evening = club.evening("Ann", "Ben", "Cleo")
        game = evening.start_game(kind="commerce", stake=2)
        evening.record("deal_started", game)
        stander = evening.players[winner]
        evening.record("commerce_stand", game, stander=stander, winner=stander, better_hands=[])
    outsider = Table(client, players=2)
    client.put(club.url(f"/evenings/{outsider.id}"), headers=club.write,
               json={"write_token": outsider.write_token,
                     "links": {outsider.players[0]: club.members["Ann"]}})
    standings = club.get("/standings")

    log = tmp_path / "club.jsonl"
    exported = cli("--database", source, "export-log", club.id, "-o", log)
    assert exported.exit_code == 0, exported.stderr
    assert "the club" in exported.stderr and "its 3 evenings" in exported.stderr
    assert cli("--database", database_url, "init").exit_code == 0
    moved = cli("--database", database_url, "import-log", log)
    assert moved.exit_code == 0, moved.output
    again = cli("--database", database_url, "import-log", log)
    assert again.exit_code == 0 and again.stdout.count("0 events added") == 4

    there = create_app({"DATABASE_URL": database_url}).test_client()
    assert there.get(club.url("/standings"), headers=club.read).get_json() == standings
    assert there.get(outsider.url("/balances"), headers=club.read).status_code == 200
    listed = cli("--database", database_url, "clubs")
    assert f"{club.id}  Meryton  version" in listed.stdout and "3 evenings" in listed.stdout
    verified = cli("--database", database_url, "verify")
    assert verified.exit_code == 0 and verified.stdout.count("  ok  ") == 4
    assert club.id not in cli("--database", database_url, "sessions").stdout


def test_a_club_whose_evenings_are_missing_is_refused_whole(tmp_path):
    source = f"sqlite:///{tmp_path}/club.sqlite3"
    client = create_app({"DATABASE_URL": source}).test_client()
    club = Club(client, members=("Ann", "Ben"))
    club.evening("Ann", "Ben")
    log = tmp_path / "club.jsonl"
    assert cli("--database", source, "export-log", club.id, "-o", log).exit_code == 0
    lines = log.read_bytes().splitlines(keepends=True)
    club_only = b"".join(lines[:lines.index(next(
        line for line in lines[1:] if b'"format"' in line))])
    (tmp_path / "club-only.jsonl").write_bytes(club_only)
    target = f"sqlite:///{tmp_path}/target.sqlite3"
    assert cli("--database", target, "init").stdout.startswith("Created an empty ledger at /")
    refused = cli("--database", target, "import-log", tmp_path / "club-only.jsonl")
    assert refused.exit_code != 0 and "not here" in refused.stderr
    assert club.id not in cli("--database", target, "clubs").output  # nothing of it written


ROOT = Path(__file__).resolve().parents[2]


def ledger(*args, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """The installed `ledger` command, this checkout's code, run in `cwd`."""
    command = Path(sys.executable).with_name("ledger")
    env = {**{k: v for k, v in os.environ.items() if k != "LEDGER_DATABASE_URL"},
           "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([str(command), *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", [["verify"], ["sessions"], ["clubs"], ["rebuild"],
                                     ["export-log", "x"], ["backup", "copy"]])
def test_no_command_makes_up_a_database_that_is_not_there(tmp_path, command):
    """A mistyped --database, a relative one from another directory, or the variable: refused,
    the whole path named, and nothing created (no file, no folder)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for args, env, named in (
            (["--database", f"sqlite:///{tmp_path}/typo/ledger.sqlite3"], None,
             tmp_path / "typo" / "ledger.sqlite3"),
            (["--database", "sqlite:///var/ledger.sqlite3"], None,
             elsewhere / "var" / "ledger.sqlite3"),
            ([], {"LEDGER_DATABASE_URL": "sqlite:///gone.sqlite3"}, elsewhere / "gone.sqlite3")):
        refused = ledger(*args, *command, cwd=elsewhere, env=env)
        assert refused.returncode == 1, (args, refused.stdout)
        assert f"No database at {named}:" in refused.stderr and "ledger init" in refused.stderr
        assert refused.stdout == ""
        assert sorted(tmp_path.rglob("*")) == [elsewhere], args


def test_the_default_database_is_the_projects_whatever_the_current_directory(tmp_path):
    there, var_there = DEFAULT_PATH.exists(), DEFAULT_PATH.parent.exists()
    listed = ledger("sessions", cwd=tmp_path)
    assert list(tmp_path.iterdir()) == []
    assert DEFAULT_PATH == ROOT / "var" / "ledger.sqlite3"
    if not there:  # a checkout that has never served: refused, and nothing made
        assert listed.returncode == 1 and f"No database at {DEFAULT_PATH}:" in listed.stderr
        assert (DEFAULT_PATH.exists(), DEFAULT_PATH.parent.exists()) == (False, var_there)


def test_init_creates_and_verify_of_nothing_is_not_a_clean_bill(tmp_path):
    path = tmp_path / "new" / "ledger.sqlite3"
    created = ledger("--database", f"sqlite:///{path}", "init", cwd=tmp_path)
    assert created.returncode == 0 and created.stdout == f"Created an empty ledger at {path}\n"
    empty = ledger("--database", f"sqlite:///{path}", "verify", cwd=tmp_path)
    assert empty.returncode == 1 and empty.stdout == ""
    assert f"Nothing to verify: no session and no club in {path}." in empty.stderr
    Table(create_app({"DATABASE_URL": f"sqlite:///{path}"}).test_client(), players=1)
    again = ledger("--database", "sqlite:///new/ledger.sqlite3", "init", cwd=tmp_path)
    assert again.stdout == f"{path} is there already: 1 session, 0 clubs\n"
    verified = ledger("--database", "sqlite:///new/ledger.sqlite3", "verify", cwd=tmp_path)
    assert verified.returncode == 0 and verified.stdout.count("  ok  ") == 1

