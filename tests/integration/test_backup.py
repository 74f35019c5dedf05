"""`ledger backup` of the running service while a writer appends, and `ledger restore` of it."""

import sqlite3
import threading
import time
import uuid
from contextlib import closing
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from api import create_app
from ledger.cli import main
from ledger.events.store import open_store
from ledger.service.bootstrap import bootstrap
from tests.conftest import fresh_postgres_url
from tests.server import gunicorn

DEADLINE = 120  # seconds: a bound on every wait, never a pause


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def wait_for(condition, what: str, seconds: float = DEADLINE) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.01)


class Writer(threading.Thread):
    """Appends `stake_paid` over HTTP until stopped; keeps each acknowledged (id, version,
    hash) in order, and stops at the first failure."""

    def __init__(self, url: str, auth: dict, game: str, players: list[str]):
        super().__init__(daemon=True)
        self.url, self.auth, self.game, self.players = url, auth, game, players
        self.acknowledged: list[tuple[str, int, str]] = []
        self.failures: list[str] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        http = requests.Session()
        n = 0
        while not self.stopping.is_set():
            body = {"id": str(uuid.uuid4()), "type": "stake_paid", "game_id": self.game,
                    "data": {"player": self.players[n % len(self.players)], "amount": 1}}
            try:
                response = http.post(f"{self.url}/events", json=body, headers=self.auth,
                                     timeout=30)
            except requests.RequestException as error:
                self.failures.append(repr(error))
                return
            if response.status_code != 201:
                self.failures.append(f"{response.status_code} {response.text}")
                return
            event = response.json()
            self.acknowledged.append((event["id"], event["version"], event["hash"]))
            n += 1

    def count(self) -> int:
        return len(self.acknowledged)

    def stop(self) -> None:
        self.stopping.set()
        self.join(DEADLINE)
        assert not self.is_alive(), "the writer did not stop"


def open_evening(base: str) -> tuple[str, dict, dict, str, list[str]]:
    http = requests.Session()
    opened = http.post(f"{base}/api/v1/sessions", json={"name": "Backed-up night"},
                       timeout=30).json()
    sid = opened["id"]
    write = {"Authorization": f"Bearer {opened['write_token']}"}
    read = {"Authorization": f"Bearer {opened['read_token']}"}
    url = f"{base}/api/v1/sessions/{sid}"
    players = [http.post(f"{url}/players", json={"name": name}, headers=write,
                         timeout=30).json()["id"] for name in ("Ann", "Bob", "Cat")]
    game = http.post(f"{url}/games", json={"kind": "other", "stake": 1, "seats": players},
                     headers=write, timeout=30).json()["id"]
    return sid, write, read, game, players


def restored_url(database_url: str, tmp_path: Path) -> str:
    if database_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path}/restored.sqlite3"
    return fresh_postgres_url()


@pytest.mark.server
def test_a_backup_taken_while_writing_restores_every_event_acknowledged_before_it(
        database_url, tmp_path):
    backup = tmp_path / "ledger.backup"
    with gunicorn(database_url, workers=2, log_dir=tmp_path) as base:
        sid, write, read, game, players = open_evening(base)
        writer = Writer(f"{base}/api/v1/sessions/{sid}", write, game, players)
        writer.start()
        try:
            wait_for(lambda: writer.failures or writer.count() >= 50, "50 acknowledged events")
            assert writer.failures == []
            before = list(writer.acknowledged)  # all acknowledged before the backup starts
            taken = cli("--database", database_url, "backup", backup)
            assert taken.exit_code == 0, taken.output
            after_backup = writer.count()
            # the service and its writer carry on after the backup
            wait_for(lambda: writer.failures or writer.count() >= after_backup + 10,
                     "10 more acknowledged events after the backup")
        finally:
            writer.stop()
        assert writer.failures == []
        acknowledged = list(writer.acknowledged)

    if database_url.startswith("sqlite"):
        # one self-contained file: no WAL beside it, nothing left to recover, all of it there
        assert not Path(f"{backup}-wal").exists()
        with closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as copy:
            assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            copied = copy.execute("SELECT MAX(version) FROM events WHERE session_id = ?",
                                  (sid,)).fetchone()[0]
        assert copied >= before[-1][1]

    target = restored_url(database_url, tmp_path)
    restored = cli("--database", target, "restore", backup)
    assert restored.exit_code == 0, restored.output
    assert f"{sid}  ok" in restored.stdout

    ledger = bootstrap(store=open_store(target, migrate=False))  # as `restore` left it
    events = ledger.store.read(sid)
    versions = [event["version"] for event in events]
    assert versions == list(range(1, len(events) + 1))  # no gaps
    assert versions[-1] >= before[-1][1]
    by_version = {event["version"]: (event["id"], event["version"], event["hash"])
                  for event in events}
    for event in before:
        assert by_version[event[1]] == event
    # a consistent moment: whatever was acknowledged later and is in the copy is the same event
    for event in acknowledged:
        if event[1] in by_version:
            assert by_version[event[1]] == event
    assert ledger.sessions.verify(sid)["ok"] is True
    ledger.store.dispose()

    # the session's tokens open it on the restored store, and it takes new events
    client = create_app({"DATABASE_URL": target}).test_client()
    balances = client.get(f"/api/v1/sessions/{sid}/balances", headers=read)
    assert balances.status_code == 200
    assert balances.get_json()["version"] == versions[-1]
    appended = client.post(f"/api/v1/sessions/{sid}/events", headers=write, json={
        "id": str(uuid.uuid4()), "type": "stake_paid", "game_id": game,
        "data": {"player": players[0], "amount": 1}})
    assert appended.status_code == 201 and appended.get_json()["version"] == versions[-1] + 1
