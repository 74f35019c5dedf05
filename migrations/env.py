"""Alembic environment: runs on the connection the service hands over, or on the ini's URL."""

from alembic import context
from sqlalchemy import create_engine

from ledger.events.store.tables import SQLModel

target_metadata = SQLModel.metadata
config = context.config


def run_migrations() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    with create_engine(url).begin() as own_connection:
        _run(own_connection)


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
