"""Moving a club's evening from the embedded SQLite file to PostgreSQL, with nothing lost."""

import orjson
import pytest
from click.testing import CliRunner

from api import create_app
from ledger.cli import main
from ledger.events.store import open_store
from ledger.projections.balances import balances
from ledger.projections.settlement import settlement
from ledger.service.bootstrap import bootstrap
from tests.conftest import fresh_postgres_url
from tests.factories import Table


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def read_models(url: str, sid: str):
    ledger = bootstrap(store=open_store(url, migrate=False))
    try:
        with ledger.sessions.reading(sid) as state:
            models = balances(state), settlement(state)
        events = [{k: v for k, v in e.items() if k != "position"} for e in ledger.store.read(sid)]
        return models, events, ledger.sessions.verify(sid)["head_hash"]
    finally:
        ledger.store.dispose()


@pytest.fixture
def evening(tmp_path):
    url = f"sqlite:///{tmp_path}/club.sqlite3"
    table = Table(create_app({"DATABASE_URL": url}).test_client(), players=4)
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    bought = table.record("card_bought", game, buyer=b)
    table.record("event_voided", event_id=bought["id"], reason="wrong player")
    table.record("card_bought", game, buyer=c)
    table.record("commerce_stand", game, stander=d, winner=a, better_hands=[a])
    table.record("deal_started", game)
    return url, table


@pytest.mark.postgres
def test_sqlite_to_jsonl_to_postgresql_gives_identical_books(evening, tmp_path):
    url, table = evening
    log = tmp_path / "evening.jsonl"
    assert cli("--database", url, "export-log", table.id, "-o", log).exit_code == 0
    postgres = fresh_postgres_url()
    assert cli("--database", postgres, "init").exit_code == 0  # only init makes a store
    first = cli("--database", postgres, "import-log", log)
    assert first.exit_code == 0 and first.output.startswith("12 events added")
    assert read_models(postgres, table.id) == read_models(url, table.id)
    again = cli("--database", postgres, "import-log", log)
    assert again.output.startswith("0 events added, 12 already present")
    assert cli("--database", postgres, "verify").exit_code == 0
    # the session's tokens open it on the new store too
    moved = create_app({"DATABASE_URL": postgres}).test_client()
    response = moved.get(table.url("/balances"), headers=table.read)
    assert response.status_code == 200 and response.get_json()["version"] == 12


def test_a_tampered_log_is_refused_and_writes_nothing(evening, tmp_path):
    url, table = evening
    log = tmp_path / "evening.jsonl"
    cli("--database", url, "export-log", table.id, "-o", log)
    lines = log.read_bytes().splitlines()
    event = orjson.loads(lines[9])
    event["postings"][0]["amount"] -= 1
    event["postings"][1]["amount"] += 1
    lines[9] = orjson.dumps(event)
    log.write_bytes(b"\n".join(lines) + b"\n")
    target = f"sqlite:///{tmp_path}/other.sqlite3"
    assert cli("--database", target, "init").exit_code == 0
    refused = CliRunner().invoke(main, ["--database", target, "import-log", str(log)])
    assert refused.exit_code != 0 and "does not match its hash" in refused.output
    store = open_store(target, migrate=False)
    assert store.stream_ids() == []
    store.dispose()


def test_verify_names_a_broken_chain_and_rebuild_reports_its_speed(evening):
    url, table = evening
    rebuilt = cli("--database", url, "rebuild")
    assert rebuilt.exit_code == 0 and "events/s" in rebuilt.output
    assert cli("--database", url, "verify", "--session", table.id).exit_code == 0
    store = open_store(url, migrate=False)
    with store.engine.begin() as connection:
        connection.exec_driver_sql("DROP TRIGGER events_no_update")
        connection.exec_driver_sql(
            f"UPDATE events SET data = replace(data, 'wrong player', 'right player') "
            f"WHERE session_id = '{table.id}' AND type = 'event_voided'")
    store.dispose()
    broken = CliRunner().invoke(main, ["--database", url, "verify"])
    assert broken.exit_code == 1 and "BROKEN at version 9" in broken.output
