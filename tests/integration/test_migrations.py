"""Migrations create the schema, run twice harmlessly, and race safely across processes."""

import multiprocessing
import time
from importlib.resources import files

from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from ledger.database import make_engine
from ledger.migrate import migrate

RACE_SECONDS = 300  # for four fresh interpreters to import and migrate: a deadline only


def _migrate(url: str) -> None:
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()


def test_migrations_create_the_store_and_are_idempotent(database_url):
    engine = make_engine(database_url)
    migrate(engine)
    migrate(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"events", "session_tokens", "snapshots", "alembic_version"} <= tables
    with engine.connect() as connection:
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == ScriptDirectory(str(files("migrations"))).get_current_head()


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
    with make_engine(database_url).connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1


def test_the_migrated_schema_matches_the_sqlmodel_tables(engine):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ledger.events.tables import SQLModel

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": False})
        assert compare_metadata(context, SQLModel.metadata) == []
