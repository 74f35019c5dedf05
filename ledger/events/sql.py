"""Transactions on the driver's own connection (sqlite3 or psycopg), for the store's hot path.

SQLAlchemy supplies the engine, its pool and the URL handling; the store's few statements
run straight on the DBAPI cursor, which costs a tenth of a Core round trip per statement.
Statements are written with `:name` parameters and adapted to psycopg's `%(name)s`.

PostgreSQL's writer binds parameters on the client (psycopg's `ClientCursor`, which quotes
each value itself) so that several statements go as one query in one round trip: the
transaction's BEGIN and the session's lock travel with its first statement, and an append's
insert with its COMMIT (a query stops at its first error, leaving the transaction to be
rolled back). The connection is in autocommit, so psycopg sends no BEGIN of its own.
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
    """One open transaction: run statements, fetch rows.

    `data_version` (a SQLite writer's transaction): how many times other connections have
    written to the store, as SQLite counts them (`PRAGMA data_version`), with this process's
    own writes that bypass its caches: what the process kept of a stream (its head, its
    folded state) while the store stood at the same `data_version` is still the store's.
    None on PostgreSQL. `after_commit` actions run once the transaction has committed."""

    def __init__(self, connection, sqlite: bool, queued: list | None = None, cursor=None):
        self.connection = connection
        self.sqlite = sqlite
        self.cursor = cursor or connection.cursor()
        self._queued = queued or []  # sent ahead of the next statement (PostgreSQL's lock)
        self.committed = False
        self.data_version = None
        self.writer = False  # a write transaction, holding the stream's lock
        self.trusting = False  # PostgreSQL: went on a head this process kept, unchecked
        self._after_commit: list = []

    def after_commit(self, action) -> None:
        self._after_commit.append(action)

    def _committed(self) -> None:
        self.committed = True
        for action in self._after_commit:
            action()

    def _sql(self, sql: str) -> str:
        return sql if self.sqlite else _pyformat(sql)

    def run(self, sql: str, params: dict | None = None):
        if self._queued:
            return self._together([(sql, params or {})])
        self.cursor.execute(self._sql(sql), params or {})
        return self.cursor

    def _together(self, statements: list[tuple[str, dict]], result: int = -1):
        """PostgreSQL: the queued statements (BEGIN and the session's lock) and `statements`
        as one query, one round trip; the cursor at the result of `statements[result]`."""
        statements, self._queued = [*self._queued, *statements], []
        merged: dict = {}
        for _, params in statements:
            merged.update(params)
        self.cursor.execute("; ".join(_pyformat(sql) for sql, _ in statements), merged)
        for _ in range(result % len(statements)):
            self.cursor.nextset()
        return self.cursor

    def insert_and_commit(self, sql: str, params: dict) -> int:
        """Insert one row (`sql` ends with `RETURNING position`) and commit; the row's
        position. SQLite reads it from the cursor (a RETURNING clause costs a tenth of an
        append there); PostgreSQL sends the insert and the COMMIT (and the BEGIN and the
        session's lock, if not sent yet) as one query."""
        if self.sqlite:
            self.cursor.execute(sql.removesuffix(" RETURNING position"), params)
            position = self.cursor.lastrowid
            self.connection.commit()
        else:
            position = self._together([(sql, params), ("COMMIT", {})], result=-2).fetchone()[0]
        self._committed()
        return position

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
        self._writer = self._pooled = None
        self._writer_cursor = None
        self._epoch = 0  # bumped by this process's writes that bypass its caches (an import)
        self._write_lock = threading.Lock()
        self._queue = _WriterQueue(engine.url.database) if self.sqlite else nullcontext()

    def writing(self, lock_key: str) -> "_Writing":
        """A transaction holding the store's write lock for `lock_key` until it ends."""
        return _Writing(self, lock_key)

    def _begin(self, lock_key: str) -> Tx:
        if self._writer is None:
            self._connect_writer()
        if not self.sqlite:
            tx = Tx(self._writer, False, [("BEGIN", {}), (
                "SELECT pg_advisory_xact_lock(hashtextextended(:ledger_lock, 0))",
                {"ledger_lock": lock_key})], cursor=self._writer_cursor)
            tx.writer = True
            return tx
        tx = Tx(self._writer, True, cursor=self._writer_cursor)
        tx.writer = True
        tx.cursor.execute("BEGIN IMMEDIATE")
        tx.data_version = (tx.cursor.execute("PRAGMA data_version").fetchone()[0], self._epoch)
        return tx

    def forget_kept(self) -> None:
        """What this process kept of any stream is to be read again (it wrote past it)."""
        self._epoch += 1

    def _connect_writer(self) -> None:
        """SQLite: the driver's own connection and one cursor, held (a pooled connection's
        proxy costs on every statement and commit of an append). PostgreSQL: the connection
        in autocommit, with one client-binding cursor (the module's docstring)."""
        self._pooled = self._writer = self.engine.raw_connection()  # held: never back to the pool
        if not self.sqlite:  # BEGIN and COMMIT are sent with the statements (above)
            import psycopg
            driver = self._pooled.driver_connection
            driver.autocommit = True
            self._writer_cursor = psycopg.ClientCursor(driver)
        else:
            self._writer = self._pooled.driver_connection
            self._writer_cursor = self._writer.cursor()
            # Writers in other processes change the file between appends, and SQLite drops its
            # page cache each time: re-reading pages through a memory map then costs more than
            # reading them (a fifth of an append), so the writer reads; long replays still map.
            self._writer_cursor.execute("PRAGMA mmap_size=0")

    def _discard_on_failure(self) -> None:
        if self._writer is None:
            return
        try:
            self._writer.rollback()
        except Exception:  # noqa: BLE001 - a broken connection is replaced, never reused
            self._pooled.invalidate()
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


class _Writing:
    """`Connections.writing`: the process's write lock, then the writers' queue (SQLite),
    then the transaction; committed if the block did not, rolled back if it raised. A class,
    not a generator: it is on every append's path."""

    __slots__ = ("connections", "lock_key", "tx")

    def __init__(self, connections: Connections, lock_key: str):
        self.connections, self.lock_key = connections, lock_key

    def __enter__(self) -> Tx:
        connections = self.connections
        connections._write_lock.acquire()
        try:
            connections._queue.__enter__()
            try:
                self.tx = connections._begin(self.lock_key)
            except BaseException:
                connections._discard_on_failure()
                connections._queue.__exit__(None, None, None)
                raise
        except BaseException:
            connections._write_lock.release()
            raise
        return self.tx

    def __exit__(self, kind, error, trace) -> None:
        connections = self.connections
        try:
            if kind is None:
                try:
                    if not self.tx.committed:
                        connections._writer.commit()
                        self.tx._committed()
                except BaseException:
                    connections._discard_on_failure()
                    raise
            else:
                connections._discard_on_failure()
        finally:
            connections._queue.__exit__(None, None, None)
            connections._write_lock.release()


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
