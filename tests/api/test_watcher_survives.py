"""The change watcher survives a store it cannot open (no descriptor left: EMFILE, SQLite's
"unable to open database file"): once it can again, the pushes resume by themselves, with
what was appended meanwhile."""

import sqlite3
import threading

from api import create_app
from tests.server import wait_until


def test_pushes_resume_after_the_store_could_not_be_opened(tmp_path, caplog):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True})
    client = app.test_client()
    opened = client.post("/api/v1/sessions", json={"name": "Live"}).json
    ledger = app.extensions["ledger"]
    ledger.changes.interval = 0.02
    watch = ledger.changes.watch([opened["id"]])
    engine, failing, reads = ledger.store.engine, threading.Event(), []
    connect = engine.raw_connection

    def no_descriptor_left():
        if threading.current_thread().name == "ledger-changes":
            reads.append(failing.is_set())
            if failing.is_set():
                raise sqlite3.OperationalError("unable to open database file")
        return connect()
    engine.raw_connection = no_descriptor_left
    try:
        wait_until(lambda: len(reads) >= 2, 10, "the watcher's first reads")
        failing.set()
        wait_until(lambda: reads[-1], 10, "the watcher failing")  # no read under way
        watch.moved.clear()
        answer = client.post(f"/api/v1/sessions/{opened['id']}/players", json={"name": "Ann"},
                             headers={"Authorization": f"Bearer {opened['write_token']}"})
        assert answer.status_code == 201
        assert not watch.moved.wait(0.5)  # the watcher cannot read: nothing pushed
        failing.clear()
        assert watch.moved.wait(2)  # it reads again, and tells what was appended meanwhile
        assert ledger.changes.versions(watch)[opened["id"]] == answer.json["version"]
        said = wait_until(lambda: [r.getMessage() for r in caplog.records
                                   if "reading again" in r.getMessage()], 5, "the recovery said")
        failures = [r for r in caplog.records if "said once" in r.getMessage()]
        assert len(said) == len(failures) == 1  # the failure once, not every 20 ms
    finally:
        engine.raw_connection = connect
        ledger.changes.forget(watch)
