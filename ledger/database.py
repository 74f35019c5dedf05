"""Engines for the two supported stores, and the per-session write lock.

SQLite runs in WAL mode with `synchronous=NORMAL`: a committed transaction survives any
crash of the process (the WAL is written before COMMIT returns); a power loss or OS crash
can roll back the last transactions committed since the WAL was last synced, never corrupt
the file. Writers take the database lock up front (`BEGIN IMMEDIATE`) so that reading the
session's head and appending after it are one serialised step across gunicorn workers.
PostgreSQL serialises appends per session with a transaction-scoped advisory lock.
"""

from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

DEFAULT_URL = "sqlite:///var/ledger.sqlite3"
BUSY_TIMEOUT_MS = 30_000
MMAP_BYTES = 1 << 30


def make_engine(url: str = DEFAULT_URL) -> Engine:
    """An engine for `sqlite:///…` or `postgresql+psycopg://…`."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_size=4, max_overflow=8, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _configure_sqlite)
    event.listen(engine, "begin", _begin_sqlite)
    return engine


def _configure_sqlite(dbapi_connection, _record) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun explicitly below
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute(f"PRAGMA mmap_size={MMAP_BYTES}")  # long replays read pages without copying
    cursor.close()


def _begin_sqlite(connection: Connection) -> None:
    mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


@contextmanager
def exclusive(engine: Engine):
    """A transaction no other process can write during: used to migrate at start-up."""
    with engine.connect() as connection:
        if is_sqlite(engine):
            connection = connection.execution_options(sqlite_begin="EXCLUSIVE")
        with connection.begin():
            if not is_sqlite(engine):
                connection.execute(text("SELECT pg_advisory_xact_lock(7461532)"))
            yield connection
