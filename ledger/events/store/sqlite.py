"""The store in an SQLite file (the default: one machine at the table).

WAL mode with `synchronous=NORMAL`: a committed transaction survives any crash of the process
(the WAL is written before COMMIT returns); a power loss or OS crash can roll back the last
transactions committed since the WAL was last synced, never corrupt the file. Writers take
the database lock up front (`BEGIN IMMEDIATE`), queued on a file lock beside the database, so
that reading a stream's head and appending after it are one serialised step across gunicorn
workers. A writer knows whether anything else wrote since it last looked by SQLite's own
counter (`PRAGMA data_version`): what the process kept of a stream (its head, its folded state)
while the counter stood still is still the store's.
"""

import fcntl
import logging
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.engine import make_url

from ledger.events.store.sql import Tx
from ledger.events.store.sql_store import SQLStore

BUSY_TIMEOUT_MS = 30_000
MMAP_BYTES = 1 << 30
log = logging.getLogger(__name__)


class SQLiteTx(Tx):
    def __init__(self, connection, cursor=None):
        self.connection = connection
        self.cursor = cursor or connection.cursor()

    def run(self, sql, params=None):
        self.cursor.execute(sql, params or {})
        return self.cursor

    def stream(self, sql, params, batch=2000):
        self.cursor.execute(sql, params)
        while rows := self.cursor.fetchmany(batch):
            yield from rows

    def insert_and_commit(self, sql, params):
        """The row's position from the cursor (a RETURNING clause costs a tenth of an append)."""
        self.cursor.execute(sql.removesuffix(" RETURNING position"), params)
        position = self.cursor.lastrowid
        self.connection.commit()
        self.committed = True
        return position

    def commit(self):
        self.connection.commit()
        self.committed = True

    def rollback(self):
        self.connection.rollback()


class SQLiteStore(SQLStore):
    name = "sqlite"

    def __init__(self, url: str):
        parsed = make_url(url)
        self.path = parsed.database if parsed.database and parsed.database != ":memory:" else None
        if self.path:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _configure)
        event.listen(engine, "begin", _begin_sqlite)
        super().__init__(engine)
        self._writer_queue = _WriterQueue(self.path)
        self._cursor = None

    def _begin(self, stream):
        if self._writer is None:
            self._connect_writer()
        tx = SQLiteTx(self._writer, self._cursor)
        tx.cursor.execute("BEGIN IMMEDIATE")
        tx.seen = tx.cursor.execute("PRAGMA data_version").fetchone()[0]
        return tx

    def _queue(self):
        return self._writer_queue

    def _connect_writer(self) -> None:
        """The driver's own connection and one cursor, held (a pooled connection's proxy costs
        on every statement and commit of an append)."""
        self._pooled = self.engine.raw_connection()
        self._writer = self._pooled.driver_connection
        self._cursor = self._writer.cursor()
        # Writers in other processes change the file between appends, and SQLite drops its
        # page cache each time: re-reading pages through a memory map then costs more than
        # reading them (a fifth of an append), so the writer reads; long replays still map.
        self._cursor.execute("PRAGMA mmap_size=0")

    def _read_tx(self, connection):
        tx = SQLiteTx(connection)
        tx.run("BEGIN")
        return tx

    def _autocommit(self):
        return self.engine.raw_connection()  # SQLite's connections are in autocommit already

    @contextmanager
    def _exclusive(self):
        with self.engine.connect() as connection:
            connection = connection.execution_options(sqlite_begin="EXCLUSIVE")
            with connection.begin():
                yield connection

    def follow(self, watched, told, interval: float) -> None:
        """One statement an interval for every watcher of the process: the store's last
        position, and when it moved, the latest version of each stream written since. A read
        that fails (a busy or missing file, no descriptor left) is tried again an interval
        later, from the last position read, and said once in the log."""
        last, failing = None, False
        while True:
            try:
                with self.reading() as reader:
                    position = reader.tx.one("SELECT MAX(position) FROM events")[0] or 0
                    if last is not None and position > last:
                        told(dict(reader.tx.all(
                            "SELECT session_id, MAX(version) FROM events WHERE position > :last "
                            "AND position <= :position GROUP BY session_id",
                            {"last": last, "position": position})))
                if last is None:  # what was appended since each watcher read its version
                    told({stream: self.version(stream) for stream in watched()})
                last = position
                if failing:
                    log.warning("watching the store: reading again")
                failing = False
            except Exception:  # noqa: BLE001 - tried again next time
                if not failing:
                    log.exception("watching the store (said once until it reads again)")
                failing = True
            time.sleep(interval)


def _configure(dbapi_connection, _record) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun explicitly
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    _write_ahead(cursor)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA mmap_size={MMAP_BYTES}")  # long replays read pages without copying
    cursor.close()


def _write_ahead(cursor) -> None:
    """The file in WAL mode (kept in the file: once set, each connection finds it so). Setting
    it takes the file's exclusive lock, and SQLite answers "database is locked" at once,
    without waiting out the busy timeout, while another process holds a lock on a new file
    (workers started together, one migrating): it is asked again until the timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


def _begin_sqlite(connection: Connection) -> None:
    mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


class _WriterQueue:
    """SQLite writers of every process queue on a file lock beside the database.

    SQLite's own busy handler polls with sleeps of 1, 2, 5, 10… ms, so a writer that finds the
    database locked waits far longer than the holder's transaction lasts; the kernel wakes a
    process blocked on flock() the moment the lock is released. BEGIN IMMEDIATE still guards
    against writers that do not queue here (busy_timeout covers those)."""

    def __init__(self, database: str | None):
        self.path = f"{database}-writers.lock" if database else None
        self._fd: int | None = None

    def __enter__(self):
        if self.path is not None:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self._fd, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
