"""Transactions on the driver's own connection (sqlite3 or psycopg), for the store's hot path.

SQLAlchemy supplies the engine, its pool and the URL handling; the store's few statements
run straight on the DBAPI cursor, which costs a tenth of a Core round trip per statement.
Statements are written with `:name` parameters and adapted to psycopg's `%(name)s`.
"""

import fcntl
import os
import re
import threading
from contextlib import contextmanager, nullcontext
from functools import cache

from sqlalchemy import Engine

from ledger.database import is_sqlite

_NAMED = re.compile(r"(?<!:):(\w+)")


@cache
def _pyformat(sql: str) -> str:
    return _NAMED.sub(r"%(\1)s", sql)


class Tx:
    """One open transaction: run statements, fetch rows."""

    def __init__(self, connection, sqlite: bool, queued: list | None = None):
        self.connection = connection
        self.sqlite = sqlite
        self.cursor = connection.cursor()
        self._queued = queued or []  # sent ahead of the next statement (PostgreSQL's lock)
        self.committed = False

    def _sql(self, sql: str) -> str:
        return sql if self.sqlite else _pyformat(sql)

    def run(self, sql: str, params: dict | None = None):
        if self._queued:
            return self._after_queued(sql, params or {})
        self.cursor.execute(self._sql(sql), params or {})
        return self.cursor

    def _after_queued(self, sql: str, params: dict):
        """PostgreSQL: the queued statements (the session's lock) and this one in one round
        trip; this one's cursor."""
        queued, self._queued = self._queued, []
        driver = self.connection.driver_connection
        with driver.pipeline():
            for queued_sql, queued_params in queued:
                driver.execute(_pyformat(queued_sql), queued_params)
            cursor = driver.execute(_pyformat(sql), params)
        return cursor

    def commit_with(self, sql: str, params: dict):
        """Run a last statement and commit; the first row it returns. One round trip on
        PostgreSQL."""
        if self.sqlite or self._queued:
            row = self.one(sql, params)
            self.connection.commit()
        else:
            driver = self.connection.driver_connection
            with driver.pipeline():
                cursor = driver.execute(_pyformat(sql), params)
                driver.commit()
            row = cursor.fetchone()
        self.committed = True
        return row

    def one(self, sql: str, params: dict | None = None):
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: dict | None = None) -> list:
        return self.run(sql, params).fetchall()

    def stream(self, sql: str, params: dict, batch: int = 2000):
        """Rows in batches; PostgreSQL reads through a server-side cursor."""
        if self.sqlite:
            self.cursor.execute(sql, params)
            while rows := self.cursor.fetchmany(batch):
                yield from rows
            return
        with self.connection.driver_connection.cursor(name="ledger_stream") as cursor:
            cursor.execute(self._sql(sql), params)
            while rows := cursor.fetchmany(batch):
                yield from rows


class Connections:
    """A held writer connection per process, and pooled connections for reading."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.sqlite = is_sqlite(engine)
        self.integrity_error = engine.dialect.loaded_dbapi.IntegrityError
        self._writer = None
        self._write_lock = threading.Lock()
        self._queue = _WriterQueue(engine.url.database) if self.sqlite else nullcontext()

    @contextmanager
    def writing(self, lock_key: str):
        """A transaction holding the store's write lock for `lock_key` until it ends."""
        with self._write_lock, self._queue:
            if self._writer is None:
                self._writer = self._connect_writer()
            lock = [] if self.sqlite else [(
                "SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))", {"key": lock_key})]
            tx = Tx(self._writer, self.sqlite, lock)
            try:
                if self.sqlite:
                    tx.run("BEGIN IMMEDIATE")
                yield tx
                if not tx.committed:
                    self._writer.commit()
            except BaseException:
                self._discard_on_failure()
                raise

    def _connect_writer(self):
        writer = self.engine.raw_connection()
        if self.sqlite:
            # Writers in other processes change the file between appends, and SQLite drops its
            # page cache each time: re-reading pages through a memory map then costs more than
            # reading them (a fifth of an append), so the writer reads; long replays still map.
            writer.cursor().execute("PRAGMA mmap_size=0")
        return writer

    def _discard_on_failure(self) -> None:
        try:
            self._writer.rollback()
        except Exception:  # noqa: BLE001 - a broken connection is replaced, never reused
            self._writer.invalidate()
            self._writer = None

    @contextmanager
    def reading(self):
        """A read transaction on a pooled connection: one consistent view of the store."""
        connection = self.engine.raw_connection()
        try:
            tx = Tx(connection, self.sqlite)
            if self.sqlite:
                tx.run("BEGIN")
            yield tx
        finally:
            connection.rollback()
            connection.close()


class _WriterQueue:
    """SQLite writers of every process queue on a file lock beside the database.

    SQLite's own busy handler polls with sleeps of 1, 2, 5, 10… ms, so a writer that finds the
    database locked waits far longer than the holder's transaction lasts; the kernel wakes a
    process blocked on flock() the moment the lock is released. BEGIN IMMEDIATE still guards
    against writers that do not queue here (busy_timeout covers those)."""

    def __init__(self, database: str | None):
        self.path = f"{database}-writers.lock" if database and database != ":memory:" else None
        self._fd: int | None = None

    def __enter__(self):
        if self.path is not None:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self._fd, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
