"""The store's one interface: what the service asks of any backend (SQLite, PostgreSQL, in
memory), as the `eventsourcing` library's recorder is one interface with a module per backend.

A *stream* is a session's log or a club's: its events numbered 1, 2, 3… without gaps, each
chained to the one before by its hash. Writes happen in a `Writer`, a transaction that holds
the stream's write lock from its start to its end (`Store.writing`): reading the head and
appending after it are one step. The unique (stream, version) and (stream, event id) are the
last word: an insert that collides raises `Store.integrity_error`, nothing is written, and
the service looks the id up or tries once more. Reads happen in a `Reader`: one consistent
view of the store.

What a fold reads of an event is a *row*: (version, type, postings, id, game_id, data,
recorded_at) with postings and data as stored JSON text, the data only for the types the fold
asks for (`detailed`) and the time only of the first event and of the few types whose fold
keeps it (`ledger.events.facts.TIMED`)."""

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager

import orjson

from ledger.events.draft import Draft

LAST_VERSION = 2**31 - 1
SESSION_TOKENS, CLUB_TOKENS = "session", "club"  # whose bearer tokens


class Reader(ABC):
    """One consistent view of the store."""

    @abstractmethod
    def head(self, stream: str) -> tuple[int, str]:
        """The stream's version and the hash the next event chains to ((0, GENESIS) if none)."""

    @abstractmethod
    def rows(self, stream: str, after: int, upto: int, detailed: frozenset[str]) -> Iterable:
        """Fold rows of the events with `after < version <= upto`, oldest first."""

    @abstractmethod
    def events(self, stream: str, after: int = 0, upto: int = LAST_VERSION) -> list[dict]:
        """The stream's events with `after < version <= upto`, decoded."""

    @abstractmethod
    def get(self, stream: str, event_id: str) -> dict | None:
        """The stream's event with that id (ids are unique within a stream only)."""

    @abstractmethod
    def snapshot(self, stream: str, upto: int) -> tuple[int, str, str] | None:
        """(version, state as JSON, fold format) of the stream's snapshot at or below `upto`."""

    @abstractmethod
    def opened_by(self, stream: str) -> str | None:
        """The type of the stream's first event (`session_created`, `club_created`)."""

    @abstractmethod
    def club_of(self, session: str) -> str | None:
        """The club an evening belongs to, if any."""

    @abstractmethod
    def evening_versions(self, club: str) -> dict[str, int]:
        """Each evening of the club with its current version."""


class Writer(Reader):
    """A transaction holding a stream's write lock: it commits with its last `insert` (or at
    the end of its block), and rolls back if the block raises.

    `unchecked`: the head `tail` answered is what this process wrote last, not read from the
    store (PostgreSQL, where nothing tells a process that another wrote since): an insert
    after it collides if it moved, and a refusal decided on it is to be decided again."""

    unchecked = False

    @abstractmethod
    def tail(self, stream: str, after: int, detailed: frozenset[str]) -> tuple[list, tuple[int, str]]:
        """(fold rows after `after`, the stream's head): what a writer needs to bring a state
        up to date and chain the next event, in as few statements as the backend allows."""

    @abstractmethod
    def place(self, stream: str, head: tuple[int, str], draft: Draft, postings: list[dict]) -> dict:
        """Place the event after `head` (read in this transaction) and insert it; the
        transaction stays open (a unit of work that writes several events or streams)."""

    @abstractmethod
    def insert(self, stream: str, head: tuple[int, str], draft: Draft, postings: list[dict]) -> dict:
        """`place`, then commit (one round trip on PostgreSQL)."""

    @abstractmethod
    def copy(self, event: dict) -> None:
        """Insert an event verbatim (its id, version, time, postings and hashes): a log moved
        from another store. The caller has checked its chain."""

    @abstractmethod
    def save_snapshot(self, stream: str, version: int, state: str, fold_format: str) -> None:
        """Replace the stream's snapshot."""

    @abstractmethod
    def add_tokens(self, whose: str, owner: str, digests: dict[str, str]) -> None:
        """Store bearer-token digests by role (`write`, `read`) of a session or a club."""

    @abstractmethod
    def token_roles(self, whose: str, owner: str) -> set[str]:
        """The roles a session or a club has tokens for."""

    @abstractmethod
    def index_evening(self, session: str, club: str) -> None:
        """Note that the evening belongs to the club (at most one)."""


class Store(ABC):
    """A backend: SQLite (`sqlite.py`), PostgreSQL (`postgres.py`) or memory (`memory.py`)."""

    name: str
    integrity_error: type[Exception]
    unavailable: tuple[type[Exception], ...] = ()  # the store is down or busy: try again

    @abstractmethod
    def writing(self, stream: str) -> AbstractContextManager[Writer]:
        """A write transaction holding the stream's lock until it ends."""

    @abstractmethod
    def reading(self) -> AbstractContextManager[Reader]:
        """A read transaction."""

    @abstractmethod
    def forget(self, stream: str) -> None:
        """What this process kept of the stream's head is to be read again (an insert after it
        collided, or a refusal was decided on it)."""

    @abstractmethod
    def version(self, stream: str) -> int:
        """The stream's committed version (0 for none), as every app server sees it: what a
        phone watching it asks, at the cost of one statement."""

    def read(self, stream: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """A page of events after `after` (versions have no gaps: a page is a range)."""
        upto = LAST_VERSION if limit is None else min(after + limit, LAST_VERSION)
        with self.reading() as reader:
            return reader.events(stream, after, upto)

    @abstractmethod
    def stream(self, stream: str, upto: int = LAST_VERSION) -> Iterator[dict]:
        """The stream's events up to version `upto` (every one, by default), oldest first,
        fetched in batches in one read transaction."""

    @abstractmethod
    def find_token(self, whose: str, digest: str) -> tuple[str, str] | None:
        """(owner, role) of a token digest of a session or a club, or None."""

    @abstractmethod
    def tokens_of(self, whose: str, owner: str) -> dict[str, str]:
        """The digests of a session's or a club's tokens by role (for moving a ledger)."""

    @abstractmethod
    def stream_ids(self, opened_by: str = "session_created") -> list[str]:
        """Every session's id, oldest first (or every club's: `club_created`)."""

    @abstractmethod
    def sessions(self) -> list[dict]:
        """Every session: id, name, version and when its last event was recorded."""

    @abstractmethod
    def follow(self, watched, told, interval: float) -> None:
        """Run forever, telling `told({stream: version})` the latest version of the streams
        `watched()` names as appends reach the store (the change watcher's loop); a store
        that must be asked is asked every `interval` seconds."""

    @abstractmethod
    def healthy(self) -> None:
        """Raise unless the store answers."""

    def holds_a_ledger(self) -> bool:
        """Whether the store already holds a ledger's tables (a database opened without being
        migrated may be another's, or empty)."""
        return True

    def dispose(self) -> None:
        """Close what the store holds open."""

    def forked(self) -> None:
        """In a process just forked: let go of the parent's connections without closing them."""


def to_event(row) -> dict:
    """A stored row (the events table's columns, in order) as the API and the folds see it."""
    return {
        "id": row[3], "session_id": row[1], "version": row[2], "position": row[0],
        "type": row[4], "schema_version": row[5], "game_id": row[6],
        "data": orjson.loads(row[7]), "postings": orjson.loads(row[8]),
        "recorded_at": row[9], "hash": row[10], "prev_hash": row[11],
    }


def as_row(event: dict) -> dict:
    """An event as the columns it is stored in (postings and data as JSON text)."""
    return {
        "session_id": event["session_id"], "version": event["version"], "event_id": event["id"],
        "type": event["type"], "schema_version": event["schema_version"],
        "game_id": event["game_id"], "data": orjson.dumps(event["data"]).decode(),
        "postings": orjson.dumps(event["postings"]).decode(),
        "recorded_at": event["recorded_at"], "hash": event["hash"],
        "prev_hash": event["prev_hash"],
    }
