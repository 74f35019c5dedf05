"""Migrations create the schema, run twice harmlessly, and race safely across processes."""

import multiprocessing
import time
from importlib.resources import files

from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from ledger.events.store import open_store

RACE_SECONDS = 300  # for four fresh interpreters to import and migrate: a deadline only


def _migrate(url: str) -> None:
    open_store(url).dispose()  # opening a store migrates it


def test_migrations_create_the_store_and_are_idempotent(database_url):
    store = open_store(database_url, migrate=False)
    store.migrate()
    store.migrate()
    tables = set(inspect(store.engine).get_table_names())
    assert {"events", "session_tokens", "snapshots", "alembic_version"} <= tables
    with store.engine.connect() as connection:
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == ScriptDirectory(str(files("migrations"))).get_current_head()
    store.dispose()


def test_several_processes_migrating_an_empty_store_at_once(database_url):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_migrate, args=(database_url,)) for _ in range(4)]
    try:
        for worker in workers:
            worker.start()
        deadline = time.monotonic() + RACE_SECONDS
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
        assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    finally:  # none left running, whatever happened
        for worker in workers:
            if worker.is_alive():
                worker.kill()
                worker.join()
    store = open_store(database_url, migrate=False)
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    store.dispose()


def test_the_migrated_schema_matches_the_sqlmodel_tables(store):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ledger.events.store.tables import SQLModel

    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": False})
        assert compare_metadata(context, SQLModel.metadata) == []
