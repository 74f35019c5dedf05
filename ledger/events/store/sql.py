"""What the SQL backends share: the tables' statements, and reading and writing a stream
through a driver transaction (`Tx`, the backend's own).

SQLAlchemy supplies the engine, its pool and the URL handling; the store's few statements run
straight on the driver's cursor, which costs a tenth of a Core round trip per statement. Each
backend (`sqlite.py`, `postgres.py`) supplies its `Tx`, how a write transaction begins, and
how appends are followed; nothing here names a dialect."""

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterator
from functools import cache

from ledger.events.draft import Draft, placed
from ledger.events.facts import TIMED
from ledger.events.hashing import GENESIS
from ledger.events.store.base import (CLUB_TOKENS, LAST_VERSION, SESSION_TOKENS, Reader, Writer,
                                      as_row, to_event)

log = logging.getLogger(__name__)

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
# (the session's opening) and of the few types that keep it (`TIMED`): fetching unused text
# columns costs more than decoding postings, and each CASE costs a little on every row (the
# ids are short and fetched plainly).
FOLD = ("SELECT version, type, postings, event_id, game_id, {detail} data END, "
        "CASE WHEN version = 1 OR type IN ({timed}) THEN recorded_at END{hashed} "
        "FROM events WHERE session_id = :session_id AND version > :after AND version <= :upto "
        "ORDER BY version")
TOKENS = {SESSION_TOKENS: ("session_tokens", "session_id"), CLUB_TOKENS: ("club_tokens", "club_id")}


class Tx(ABC):
    """One open transaction on the driver's connection, a backend's own: what it implements
    calls nothing of this module back."""

    seen: object = None  # a writer's view of the store: whether a kept head is still its head
    committed = False

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
    def __init__(self, store, tx: Tx):
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
    def __init__(self, store, tx: Tx):
        super().__init__(store, tx)
        self._placed: list[dict] = []  # events placed and not yet committed

    def head(self, stream):
        kept = self.store._heads.get(stream)
        if kept is not None and kept[1] is not TRUSTED and self.tx.sure_of(kept[1]):
            return kept[0]  # proven the head (SQLite); a head taken on trust is only `tail`'s
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
        self.committed()
        return event

    def _heads_after(self, event: dict) -> None:
        """The stream's head is this event once the transaction commits (until then, and if
        it fails, it is not known)."""
        self.store._heads.pop(event["session_id"], None)
        self._placed.append(event)

    def committed(self) -> None:
        """The transaction has committed: the heads it placed are the streams' heads. What
        follows a commit never fails the write: a head that cannot be kept is read again."""
        placed, self._placed = self._placed, []
        try:
            for event in placed:
                self.store._keep_head(event["session_id"], (event["version"], event["hash"]),
                                      self.tx.seen)
        except Exception:  # noqa: BLE001 - the events stand; their heads are read again
            log.exception("the heads kept after a commit are dropped")
            for event in placed:
                self.store.forget(event["session_id"])

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


@cache
def fold_query(detailed: frozenset[str], hashed: bool = False) -> str:
    names = ", ".join(f"'{name}'" for name in sorted(detailed) if name.isidentifier())
    return FOLD.format(detail=f"CASE WHEN type IN ({names}) THEN",
                       timed=", ".join(f"'{name}'" for name in sorted(TIMED)),
                       hashed=", hash" if hashed else "")
