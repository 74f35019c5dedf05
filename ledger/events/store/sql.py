"""What the SQL backends share: the tables' statements, reading and writing through a driver
transaction (`Tx`), the heads this process wrote, the tokens it has seen, and migrations.

SQLAlchemy supplies the engine, its pool and the URL handling; the store's few statements run
straight on the driver's cursor, which costs a tenth of a Core round trip per statement. Each
backend (`sqlite.py`, `postgres.py`) supplies its `Tx`, how a write transaction begins, and
how appends are followed; nothing here names a dialect."""

import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import files

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from ledger.events.draft import Draft, placed
from ledger.events.hashing import GENESIS
from ledger.events.store.base import (CLUB_TOKENS, LAST_VERSION, SESSION_TOKENS, Reader, Store,
                                      Writer, as_row, to_event)

COLUMNS = ("position, session_id, version, event_id, type, schema_version, game_id, data, "
           "postings, recorded_at, hash, prev_hash")
BY_ID = f"SELECT {COLUMNS} FROM events WHERE session_id = :session_id AND event_id = :event_id"
HEAD = ("SELECT version, hash FROM events WHERE session_id = :session_id "
        "ORDER BY version DESC LIMIT 1")
# Answered from the (session_id, version) unique index alone, on SQLite and PostgreSQL.
VERSION = "SELECT MAX(version) FROM events WHERE session_id = :session_id"
RANGE = (f"SELECT {COLUMNS} FROM events WHERE session_id = :session_id "
         "AND version > :after AND version <= :upto ORDER BY version")
INSERT = ("INSERT INTO events (session_id, version, event_id, type, schema_version, game_id, "
          "data, postings, recorded_at, hash, prev_hash) VALUES (:session_id, :version, "
          ":event_id, :type, :schema_version, :game_id, :data, :postings, :recorded_at, "
          ":hash, :prev_hash) RETURNING position")
# A fold reads the data only of the types it names, and the time only of the first event
# (the session's opening): fetching unused text columns costs more than decoding postings,
# and each CASE costs a little on every row (the ids are short and fetched plainly).
FOLD = ("SELECT version, type, postings, event_id, game_id, {detail} data END, "
        "CASE WHEN version = 1 THEN recorded_at END{hashed} "
        "FROM events WHERE session_id = :session_id AND version > :after AND version <= :upto "
        "ORDER BY version")
TOKENS = {SESSION_TOKENS: ("session_tokens", "session_id"), CLUB_TOKENS: ("club_tokens", "club_id")}
TOKENS_KEPT, HEADS_KEPT = 10_000, 4096


class Tx(ABC):
    """One open transaction on the driver's connection (a backend's own)."""

    seen: object = None  # a writer's view of the store: whether a kept head is still its head
    committed = False

    def __init__(self):
        self._after_commit: list = []

    def after_commit(self, action) -> None:
        self._after_commit.append(action)

    def _committed(self) -> None:
        self.committed = True
        for action in self._after_commit:
            action()

    @abstractmethod
    def run(self, sql: str, params: dict | None = None):
        """Execute; the cursor, positioned at the result."""

    def one(self, sql: str, params: dict | None = None):
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: dict | None = None) -> list:
        return self.run(sql, params).fetchall()

    @abstractmethod
    def stream(self, sql: str, params: dict, batch: int = 2000) -> Iterator:
        """Rows in batches."""

    @abstractmethod
    def insert_and_commit(self, sql: str, params: dict) -> int:
        """Insert one row (`sql` ends with `RETURNING position`), commit; the row's position."""

    @abstractmethod
    def commit(self) -> None: ...

    @abstractmethod
    def rollback(self) -> None: ...

    def sure_of(self, seen) -> bool:
        """Whether a head kept when the store stood at `seen` is still the head."""
        return seen == self.seen


class SQLReader(Reader):
    def __init__(self, store: "SQLStore", tx: Tx):
        self.store, self.tx = store, tx

    def head(self, stream: str) -> tuple[int, str]:
        row = self.tx.one(HEAD, {"session_id": stream})
        return (row[0], row[1]) if row else (0, GENESIS)

    def rows(self, stream, after, upto, detailed):
        return self.tx.run(fold_query(detailed), {"session_id": stream, "after": after,
                                                  "upto": upto})

    def events(self, stream, after=0, upto=LAST_VERSION):
        params = {"session_id": stream, "after": after, "upto": upto}
        return [to_event(row) for row in self.tx.run(RANGE, params)]

    def get(self, stream, event_id):
        row = self.tx.one(BY_ID, {"session_id": stream, "event_id": event_id})
        return to_event(row) if row else None

    def snapshot(self, stream, upto):
        row = self.tx.one("SELECT version, state, fold_format FROM snapshots "
                          "WHERE session_id = :session_id AND version <= :version",
                          {"session_id": stream, "version": upto})
        return tuple(row) if row else None

    def opened_by(self, stream):
        row = self.tx.one("SELECT type FROM events WHERE session_id = :sid AND version = 1",
                          {"sid": stream})
        return row[0] if row else None

    def club_of(self, session):
        row = self.tx.one("SELECT club_id FROM club_evenings WHERE session_id = :sid",
                          {"sid": session})
        return row[0] if row else None

    def evening_versions(self, club):
        """One statement, an index lookup per evening (never a scan of their events)."""
        rows = self.tx.all("SELECT c.session_id, (SELECT MAX(e.version) FROM events AS e "
                           "WHERE e.session_id = c.session_id) FROM club_evenings AS c "
                           "WHERE c.club_id = :club", {"club": club})
        return {sid: version or 0 for sid, version in rows}


class SQLWriter(SQLReader, Writer):
    def head(self, stream):
        kept = self.store._heads.get(stream)
        if kept is not None and self.tx.sure_of(kept[1]):
            self.unchecked = self.unchecked or kept[1] is TRUSTED
            return kept[0]
        return super().head(stream)

    def tail(self, stream, after, detailed):
        kept = self.store._heads.get(stream)
        if kept is not None and kept[0][0] == after and self.tx.sure_of(kept[1]):
            self.unchecked = self.unchecked or kept[1] is TRUSTED
            return [], kept[0]
        rows = self.tx.all(fold_query(detailed, hashed=True),
                           {"session_id": stream, "after": after, "upto": LAST_VERSION})
        if rows:
            head = rows[-1][0], rows[-1][-1]
            rows = [row[:-1] for row in rows]
        elif kept is not None and kept[0][0] == after:
            head = kept[0]  # nothing after the head this process wrote: still the head
        else:
            head = super().head(stream)
        self.store._keep_head(stream, head, self.tx.seen)
        return rows, head

    def place(self, stream, head, draft: Draft, postings):
        event = placed(stream, head, draft, postings)
        self._heads_after(event)
        event["position"] = self.tx.one(INSERT, as_row(event))[0]
        return event

    def insert(self, stream, head, draft: Draft, postings):
        event = placed(stream, head, draft, postings)
        self._heads_after(event)
        event["position"] = self.tx.insert_and_commit(INSERT, as_row(event))
        return event

    def _heads_after(self, event: dict) -> None:
        """The stream's head is this event once the transaction commits (until then, and if
        it fails, it is not known)."""
        stream, seen, store = event["session_id"], self.tx.seen, self.store
        store._heads.pop(stream, None)
        self.tx.after_commit(lambda: store._keep_head(stream, (event["version"], event["hash"]), seen))

    def copy(self, event):
        self.store._heads.pop(event["session_id"], None)
        self.tx.run(INSERT.replace(" RETURNING position", ""), as_row(event))

    def save_snapshot(self, stream, version, state, fold_format):
        self.tx.run("DELETE FROM snapshots WHERE session_id = :session_id", {"session_id": stream})
        self.tx.run("INSERT INTO snapshots (session_id, version, state, fold_format) "
                    "VALUES (:session_id, :version, :state, :fold_format)",
                    {"session_id": stream, "version": version, "state": state,
                     "fold_format": fold_format})

    def add_tokens(self, whose, owner, digests):
        table, column = TOKENS[whose]
        for role, digest in digests.items():
            self.tx.run(f"INSERT INTO {table} (token_hash, {column}, role) "
                        "VALUES (:digest, :owner, :role)",
                        {"digest": digest, "owner": owner, "role": role})

    def token_roles(self, whose, owner):
        table, column = TOKENS[whose]
        rows = self.tx.all(f"SELECT role FROM {table} WHERE {column} = :owner", {"owner": owner})
        return {row[0] for row in rows}

    def index_evening(self, session, club):
        self.tx.run("INSERT INTO club_evenings (session_id, club_id) VALUES (:sid, :club)",
                    {"sid": session, "club": club})


TRUSTED = "trusted"  # a PostgreSQL writer's `seen`: no counter tells it another process wrote


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

    def stream(self, stream):
        with self.reading() as reader:
            params = {"session_id": stream, "after": 0, "upto": LAST_VERSION}
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

    def migrate(self) -> None:
        """Upgrade the schema to head under an exclusive lock: one process migrates at a
        time, safely when several workers start at once on an empty store."""
        config = Config()
        config.set_main_option("script_location", str(files("migrations")))
        with self._exclusive() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self):
        self.engine.dispose()

    def forked(self):
        self.engine.dispose(close=False)


class _Writing:
    """`SQLStore.writing`: the process's write lock, then the writers' queue, then the
    transaction; committed if the block did not, rolled back if it raised. A class, not a
    generator: it is on every append's path."""

    __slots__ = ("store", "stream", "tx", "queue")

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
        return SQLWriter(store, self.tx)

    def __exit__(self, kind, error, trace) -> None:
        store = self.store
        try:
            if kind is None:
                try:
                    if not self.tx.committed:
                        self.tx.commit()
                except BaseException:
                    store._discard_on_failure()
                    raise
            else:
                store._discard_on_failure()
        finally:
            self.queue.__exit__(None, None, None)
            store._write_lock.release()


class _NotQueued:
    __slots__ = ()

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None


_NOT_QUEUED = _NotQueued()


@cache
def fold_query(detailed: frozenset[str], hashed: bool = False) -> str:
    names = ", ".join(f"'{name}'" for name in sorted(detailed) if name.isidentifier())
    return FOLD.format(detail=f"CASE WHEN type IN ({names}) THEN",
                       hashed=", hash" if hashed else "")
