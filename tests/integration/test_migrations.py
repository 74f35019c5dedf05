"""Migrations create the schema, run twice harmlessly, and race safely across processes."""

import multiprocessing

from sqlalchemy import inspect, text

from ledger.database import make_engine
from ledger.migrate import migrate


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
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"


def test_several_processes_migrating_an_empty_store_at_once(database_url):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_migrate, args=(database_url,)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    with make_engine(database_url).connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1


def test_the_migrated_schema_matches_the_sqlmodel_tables(engine):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ledger.events.tables import SQLModel

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": False})
        assert compare_metadata(context, SQLModel.metadata) == []
