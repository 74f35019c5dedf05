"""The store's contract, shared by its test modules: a backend (`Backend`: the store's URL,
and another process's service on the same store) and the fixtures every contract test uses.
Each contract is one abstract class subclassed once per backend (memory, an SQLite file, a
real PostgreSQL server), as the `eventsourcing` library tests its recorders."""

import pytest

from ledger.events.store import MEMORY_URL, open_store
from ledger.events.store.base import LAST_VERSION, Store
from ledger.service.bootstrap import Ledger, bootstrap
from tests.conftest import fresh_postgres_url


def stake(players, game, amount=3, event_id=None, expected_version=None):
    request = {"type": "stake_paid", "game_id": game,
               "data": {"player": players[0], "amount": amount}}
    if event_id:
        request["id"] = event_id
    if expected_version is not None:
        request["expected_version"] = expected_version
    return request


def snapshot_of(ledger: Ledger, sid: str) -> tuple[int, str, str] | None:
    """(version, state as JSON, fold format) of the session's stored snapshot, read through
    the store's Reader."""
    with ledger.store.reading() as reader:
        return reader.snapshot(sid, LAST_VERSION)


class Backend:
    """A backend of the store, for a contract's tests: its URL (`url_for`), how another
    process reaches the same store (`another_process`), and the fixtures."""

    def url_for(self, tmp_path) -> str:
        raise NotImplementedError

    def another_process(self, store: Store, url: str) -> Ledger:
        """The service as another process (another app server) builds it on the same store:
        its own kept states and heads."""
        raise NotImplementedError

    @pytest.fixture
    def url(self, tmp_path):
        return self.url_for(tmp_path)

    @pytest.fixture
    def store(self, url):
        store = open_store(url)
        yield store
        store.dispose()

    @pytest.fixture
    def ledger(self, store):
        return bootstrap(store=store)

    @pytest.fixture
    def processes(self, store, url):
        """Other processes' services on the store, let go of at the end."""
        made: list[Ledger] = []

        def process() -> Ledger:
            made.append(self.another_process(store, url))
            return made[-1]

        yield process
        for other in made:
            if other.store is not store:
                other.store.dispose()

    @pytest.fixture
    def session(self, ledger):
        event, _ = ledger.sessions.open({"name": "Contract", "counter_value": 2})
        sid = event["session_id"]
        players = [ledger.sessions.record(sid, {"type": "player_added",
                                                "data": {"name": n}})[0]["id"]
                   for n in ("Ann", "Bob", "Cat")]
        game = ledger.sessions.record(sid, {"type": "game_started", "data": {
            "kind": "commerce", "seats": players, "stake": 2}})[0]["id"]
        return sid, players, game


class Memory:
    def url_for(self, tmp_path):
        return MEMORY_URL

    def another_process(self, store, url):
        return bootstrap(store=store)  # one store in memory: its own kept states on it


class SQLite:
    def url_for(self, tmp_path):
        return f"sqlite:///{tmp_path}/ledger.sqlite3"

    def another_process(self, store, url):
        return bootstrap(store=open_store(url, migrate=False))


class Postgres(SQLite):
    def url_for(self, tmp_path):
        return fresh_postgres_url()
