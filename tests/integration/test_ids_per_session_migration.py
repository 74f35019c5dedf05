"""Migration 0002 on a store that already holds evenings: ids become unique per session,
every event and the immutability triggers survive, snapshots gain their fold format."""

from importlib.resources import files

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from ledger.events.store import open_store
from ledger.service.bootstrap import bootstrap


def migrate_to(store, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(files("migrations")))
    with store._exclusive() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def test_an_existing_store_moves_to_ids_per_session(database_url):
    store = open_store(database_url, migrate=False)
    engine = store.engine
    migrate_to(store, "0001")
    with engine.begin() as connection:  # an evening recorded before 0002, snapshot included
        for version, (event_id, kind) in enumerate([("s-1", "session_created"),
                                                     ("p-1", "player_added")], 1):
            connection.execute(text(
                "INSERT INTO events (session_id, version, event_id, type, schema_version, "
                "game_id, data, postings, recorded_at, hash, prev_hash) VALUES ('s-1', :v, :id, "
                ":type, 1, NULL, '{}', '[]', '2026-11-21T20:00:00+00:00', :h, :p)"),
                {"v": version, "id": event_id, "type": kind, "h": f"{version}" * 64,
                 "p": f"{version - 1}" * 64})
        connection.execute(text("INSERT INTO snapshots (session_id, version, state) "
                                "VALUES ('s-1', 2, '{}')"))
    store.migrate()
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT event_id, version FROM events ORDER BY position")).all()
        formats = connection.execute(text("SELECT fold_format FROM snapshots")).scalars().all()
    assert [tuple(row) for row in rows] == [("s-1", 1), ("p-1", 2)]
    assert formats == [""]  # written before formats were kept: never trusted
    with pytest.raises(DBAPIError), engine.begin() as connection:
        connection.execute(text("UPDATE events SET data = '{\"x\": 1}' WHERE event_id = 'p-1'"))
    with pytest.raises(DBAPIError), engine.begin() as connection:
        connection.execute(text("DELETE FROM events WHERE event_id = 'p-1'"))
    ledger = bootstrap(store=store)
    sid = ledger.sessions.open({"name": "After 0002"})[0]["session_id"]
    event, created = ledger.sessions.record(sid, {"id": "p-1", "type": "player_added",
                                                  "data": {"name": "Ann"}})
    assert created and event["session_id"] == sid
    with pytest.raises(DBAPIError), engine.begin() as connection:  # still unique within one
        connection.execute(text(
            "INSERT INTO events (session_id, version, event_id, type, schema_version, game_id, "
            "data, postings, recorded_at, hash, prev_hash) VALUES (:sid, 99, 'p-1', "
            "'player_added', 1, NULL, '{}', '[]', 'x', 'h', 'p')"), {"sid": sid})
    store.dispose()
