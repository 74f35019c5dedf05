"""The change watcher survives a store it cannot open (no descriptor left: EMFILE, SQLite's
"unable to open database file"): once it can again, the pushes resume by themselves, with
what was appended meanwhile."""

import sqlite3
import threading

from api import create_app


def test_pushes_resume_after_the_store_could_not_be_opened(tmp_path, caplog):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True})
    client = app.test_client()
    opened = client.post("/api/v1/sessions", json={"name": "Live"}).json
    ledger = app.extensions["ledger"]
    ledger.changes.interval = 0.02
    watch = ledger.changes.watch([opened["id"]])
    engine, failing = ledger.store.engine, threading.Event()
    connect = engine.raw_connection

    def no_descriptor_left():
        if failing.is_set() and threading.current_thread().name == "ledger-changes":
            raise sqlite3.OperationalError("unable to open database file")
        return connect()
    engine.raw_connection = no_descriptor_left
    try:
        failing.set()
        watch.moved.wait(0.2)
        watch.moved.clear()
        answer = client.post(f"/api/v1/sessions/{opened['id']}/players", json={"name": "Ann"},
                             headers={"Authorization": f"Bearer {opened['write_token']}"})
        assert answer.status_code == 201
        assert not watch.moved.wait(0.5)  # the watcher cannot read: nothing pushed
        failing.clear()
        assert watch.moved.wait(2)  # it reads again, and tells what was appended meanwhile
        assert ledger.changes.versions(watch)[opened["id"]] == answer.json["version"]
        said = [r for r in caplog.records if "watching the store" in r.getMessage()]
        assert len(said) == 2  # the failure once (not every 20 ms), and the recovery
    finally:
        engine.raw_connection = connect
        ledger.changes.forget(watch)
