"""What the SQL backends' stores share: the heads this process wrote, the tokens it has seen,
one writer connection taken in turns, reads on pooled connections, the watchers' version, and
migrations. Each backend (`sqlite.py`, `postgres.py`) supplies how a transaction begins on
its driver; this module calls nothing of theirs back during a write but `_begin`."""

import functools
import threading
from abc import abstractmethod
from contextlib import contextmanager
from importlib.resources import files

import orjson
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect
from sqlalchemy.exc import OperationalError

from ledger.events.store.base import LAST_VERSION, Store, to_event
from ledger.events.store.sql import RANGE, TOKENS, VERSION, SQLReader, SQLWriter, Tx

TOKENS_KEPT, HEADS_KEPT = 10_000, 4096


class SQLStore(Store):
    """A store on an SQLAlchemy engine; the backend supplies its transactions: a process
    holds one writer connection, and its writers take turns on it."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.unavailable = (OperationalError, engine.dialect.loaded_dbapi.OperationalError)
        self._write_lock = threading.Lock()
        self._writer = None  # the driver's connection, held: never back to the pool
        self.integrity_error = engine.dialect.loaded_dbapi.IntegrityError
        self._heads: dict[str, tuple] = {}  # streams' heads this process knows, and when
        self._known: dict[str, dict] = {whose: {} for whose in TOKENS}
        self._watching = None  # held for `version`, opened on first use (after any fork)
        self._watching_lock = threading.Lock()

    def _keep_head(self, stream: str, head: tuple[int, str], seen) -> None:
        self._heads[stream] = head, seen
        if len(self._heads) > HEADS_KEPT:
            del self._heads[next(iter(self._heads))]

    def forget(self, stream):
        self._heads.pop(stream, None)

    def writing(self, stream):
        return _Writing(self, stream)

    @abstractmethod
    def _begin(self, stream: str) -> Tx:
        """A write transaction on the held writer connection, holding the stream's lock."""

    def _queue(self):
        """Where the writers of every process take turns, beyond this process's lock."""
        return _NOT_QUEUED

    def _discard_on_failure(self) -> None:
        """Roll the writer back; a connection that cannot be rolled back is replaced."""
        if self._writer is None:
            return
        try:
            self._writer.rollback()
        except Exception:  # noqa: BLE001 - a broken connection is replaced, never reused
            self._pooled.invalidate()
            self._writer = None

    @contextmanager
    def reading(self):
        connection = self.engine.raw_connection()
        try:
            yield SQLReader(self, self._read_tx(connection))
        finally:
            connection.rollback()
            connection.close()

    @abstractmethod
    def _read_tx(self, connection) -> Tx:
        """A read transaction on a pooled connection."""

    @abstractmethod
    def _autocommit(self):
        """A connection of the pool in autocommit (the watchers' `version`)."""

    @abstractmethod
    def _exclusive(self):
        """A transaction no other process can write during (migrations at start-up)."""

    def version(self, stream):
        """One statement on a connection the process holds in autocommit: one round trip. A
        connection that fails is dropped and the statement tried once on a new one."""
        with self._watching_lock:
            try:
                return self._held_version(stream)
            except Exception:  # noqa: BLE001 - a broken connection is replaced, never reused
                broken, self._watching = self._watching, None
                if broken is not None:
                    broken.invalidate()
            return self._held_version(stream)

    def _held_version(self, stream: str) -> int:
        if self._watching is None:
            self._watching = self._autocommit()
        cursor = self._watching.cursor()
        cursor.execute(self._statement(VERSION), {"session_id": stream})
        return cursor.fetchone()[0] or 0

    def _statement(self, sql: str) -> str:
        return sql

    def stream(self, stream, upto=LAST_VERSION):
        with self.reading() as reader:
            params = {"session_id": stream, "after": 0, "upto": upto}
            for row in reader.tx.stream(RANGE, params):
                yield to_event(row)

    def find_token(self, whose, digest):
        """A token never changes once issued, so known digests are remembered (unknown ones
        are always looked up)."""
        known = self._known[whose]
        found = known.get(digest)
        if found is not None:
            return found
        table, column = TOKENS[whose]
        with self.reading() as reader:
            row = reader.tx.one(f"SELECT {column}, role FROM {table} WHERE token_hash = :digest",
                                {"digest": digest})
        if row is None:
            return None
        if len(known) >= TOKENS_KEPT:
            known.clear()
        known[digest] = (row[0], row[1])
        return known[digest]

    def tokens_of(self, whose, owner):
        table, column = TOKENS[whose]
        with self.reading() as reader:
            rows = reader.tx.all(f"SELECT role, token_hash FROM {table} WHERE {column} = :owner",
                                 {"owner": owner})
        return {role: digest for role, digest in rows}

    def stream_ids(self, opened_by="session_created"):
        with self.reading() as reader:
            rows = reader.tx.all("SELECT session_id FROM events WHERE version = 1 AND "
                                 "type = :opened ORDER BY position", {"opened": opened_by})
        return [row[0] for row in rows]

    def sessions(self):
        with self.reading() as reader:
            rows = reader.tx.all(
                "SELECT opened.session_id, opened.data, latest.version, latest.recorded_at "
                "FROM events AS opened JOIN events AS latest "
                "ON latest.session_id = opened.session_id AND latest.version = (SELECT "
                "MAX(version) FROM events AS head WHERE head.session_id = opened.session_id) "
                "WHERE opened.version = 1 AND opened.type = 'session_created' "
                "ORDER BY opened.position")
        return [{"id": sid, "name": orjson.loads(data).get("name"), "version": version,
                 "last_recorded_at": recorded_at} for sid, data, version, recorded_at in rows]

    def healthy(self):
        with self.reading() as reader:
            reader.tx.one("SELECT 1")

    def holds_a_ledger(self) -> bool:
        with self.engine.connect() as connection:
            return inspect(connection).has_table("events")

    def migrate(self) -> None:
        """Upgrade the schema to head under an exclusive lock: one process migrates at a
        time, safely when several workers start at once on an empty store."""
        with self.engine.connect() as connection:  # at head already (most starts): no lock
            if MigrationContext.configure(connection).get_current_revision() == _head():
                return
        config = _config()
        with self._exclusive() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self):
        self.engine.dispose()

    def forked(self):
        self.engine.dispose(close=False)


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("migrations")))
    return config


@functools.cache
def _head() -> str:
    """The schema's latest revision, as this process's migrations have it."""
    return ScriptDirectory.from_config(_config()).get_current_head()


class _Writing:
    """`SQLStore.writing`: the process's write lock, then the writers' queue, then the
    transaction; committed if the block did not, rolled back if it raised. A class, not a
    generator: it is on every append's path."""

    __slots__ = ("store", "stream", "tx", "queue", "writer")

    def __init__(self, store: SQLStore, stream: str):
        self.store, self.stream = store, stream

    def __enter__(self) -> SQLWriter:
        store = self.store
        store._write_lock.acquire()
        try:
            self.queue = store._queue()
            self.queue.__enter__()
            try:
                self.tx = store._begin(self.stream)
            except BaseException:
                store._discard_on_failure()
                self.queue.__exit__(None, None, None)
                raise
        except BaseException:
            store._write_lock.release()
            raise
        self.writer = SQLWriter(store, self.tx)
        return self.writer

    def __exit__(self, kind, error, trace) -> None:
        store = self.store
        try:
            if kind is None:
                try:
                    if not self.tx.committed:
                        self.tx.commit()
                        self.writer.committed()
                except BaseException:
                    store._discard_on_failure()
                    raise
            else:
                store._discard_on_failure()
        finally:
            try:
                self.queue.__exit__(None, None, None)
            finally:  # whatever the queue does, the process's write lock is let go
                store._write_lock.release()


class _NotQueued:
    __slots__ = ()

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None


_NOT_QUEUED = _NotQueued()
