"""The store in memory: the same contract as SQLite's and PostgreSQL's, for the unit tests,
which run the real service against it (and for a throwaway ledger: `memory://`).

One lock: a writer holds it from its start to its end, a reader for each read (so that one
evening's long read holds up nobody else's). Writes are applied as they are made and undone
if the transaction does not commit. Events are kept
as the SQL tables keep them (postings and data as JSON text), so a fold reads the same rows."""

import threading
import time
from contextlib import contextmanager

from ledger.events.draft import Draft, placed
from ledger.events.facts import TIMED
from ledger.events.hashing import GENESIS
from ledger.events.store.base import (CLUB_TOKENS, LAST_VERSION, SESSION_TOKENS, Reader, Store,
                                      Writer, as_row, to_event)

COLUMNS = ("session_id", "version", "event_id", "type", "schema_version", "game_id", "data",
           "postings", "recorded_at", "hash", "prev_hash")


class Duplicate(Exception):
    """An insert collided with the unique (stream, version) or (stream, event id)."""


class MemoryReader(Reader):
    def __init__(self, store: "MemoryStore"):
        self.store = store

    def _log(self, stream: str) -> list[tuple]:
        return self.store._logs.get(stream, [])

    def head(self, stream):
        log = self._log(stream)
        return (log[-1][2], log[-1][10]) if log else (0, GENESIS)

    def _range(self, stream, after, upto):
        return self._log(stream)[after:upto]  # versions have no gaps: version n is at n - 1

    def rows(self, stream, after, upto, detailed):
        return [(row[2], row[4], row[8], row[3], row[6], row[7] if row[4] in detailed else None,
                 row[9] if row[2] == 1 or row[4] in TIMED else None)
                for row in self._range(stream, after, upto)]

    def events(self, stream, after=0, upto=LAST_VERSION):
        return [to_event(row) for row in self._range(stream, after, upto)]

    def get(self, stream, event_id):
        index = self.store._ids.get(stream, {}).get(event_id)
        return None if index is None else to_event(self._log(stream)[index])

    def snapshot(self, stream, upto):
        kept = self.store._snapshots.get(stream)
        return kept if kept is not None and kept[0] <= upto else None

    def opened_by(self, stream):
        log = self._log(stream)
        return log[0][4] if log else None

    def club_of(self, session):
        return self.store._clubs.get(session)

    def evening_versions(self, club):
        return {sid: len(self._log(sid)) for sid, owner in self.store._clubs.items() if owner == club}


class LockedReader(MemoryReader):
    """A reader that takes the store's lock for each read."""

    def __getattribute__(self, name):
        found = super().__getattribute__(name)
        if name.startswith("_") or not callable(found):
            return found
        store = super().__getattribute__("store")

        def locked(*args, **kwargs):
            with store._lock:
                return found(*args, **kwargs)
        return locked


class MemoryWriter(MemoryReader, Writer):
    def __init__(self, store: "MemoryStore"):
        super().__init__(store)
        self._undo: list = []
        self.committed = False

    def tail(self, stream, after, detailed):
        return self.rows(stream, after, LAST_VERSION, detailed), self.head(stream)

    def place(self, stream, head, draft: Draft, postings):
        event = placed(stream, head, draft, postings)
        event["position"] = self._insert(event)
        return event

    def insert(self, stream, head, draft, postings):
        event = self.place(stream, head, draft, postings)
        self.commit()
        return event

    def copy(self, event):
        self._insert(event)

    def _insert(self, event: dict) -> int:
        store, stream = self.store, event["session_id"]
        log, ids = store._logs.setdefault(stream, []), store._ids.setdefault(stream, {})
        if event["version"] != len(log) + 1 or event["id"] in ids:
            raise Duplicate(f"{stream}: version {event['version']} or id {event['id']} taken")
        store._position += 1
        stored = as_row(event)
        log.append((store._position, *(stored[column] for column in COLUMNS)))
        ids[event["id"]] = len(log) - 1
        self._undo.append(lambda: (log.pop(), ids.pop(event["id"])))
        return store._position

    def save_snapshot(self, stream, version, state, fold_format):
        before = self.store._snapshots.get(stream)
        self.store._snapshots[stream] = (version, state, fold_format)
        self._undo.append(lambda: self.store._snapshots.__setitem__(stream, before))

    def add_tokens(self, whose, owner, digests):
        tokens = self.store._tokens[whose]
        for role, digest in digests.items():
            if digest in tokens:
                raise Duplicate(f"token {digest} taken")
            tokens[digest] = (owner, role)
            self._undo.append(lambda digest=digest: tokens.pop(digest))

    def token_roles(self, whose, owner):
        return {role for found, role in self.store._tokens[whose].values() if found == owner}

    def index_evening(self, session, club):
        if session in self.store._clubs:
            raise Duplicate(f"evening {session} belongs to a club")
        self.store._clubs[session] = club
        self._undo.append(lambda: self.store._clubs.pop(session))

    def commit(self) -> None:
        self._undo, self.committed = [], True

    def rollback(self) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo = []


class MemoryStore(Store):
    name = "memory"
    integrity_error = Duplicate

    def __init__(self):
        self._lock = threading.RLock()
        self._logs: dict[str, list[tuple]] = {}
        self._ids: dict[str, dict[str, int]] = {}
        self._position = 0
        self._snapshots: dict[str, tuple[int, str, str]] = {}
        self._tokens: dict[str, dict[str, tuple[str, str]]] = {SESSION_TOKENS: {}, CLUB_TOKENS: {}}
        self._clubs: dict[str, str] = {}

    @contextmanager
    def writing(self, stream):
        with self._lock:
            writer = MemoryWriter(self)
            try:
                yield writer
            except BaseException:
                writer.rollback()
                raise
            writer.commit()

    @contextmanager
    def reading(self):
        yield LockedReader(self)

    def forget(self, stream):
        """Nothing is kept apart from the store itself."""

    def version(self, stream):
        with self._lock:
            return len(self._logs.get(stream, []))

    def stream(self, stream, upto=LAST_VERSION):
        with self._lock:
            rows = self._logs.get(stream, [])[:upto]
        return (to_event(row) for row in rows)

    def find_token(self, whose, digest):
        with self._lock:
            return self._tokens[whose].get(digest)

    def tokens_of(self, whose, owner):
        with self._lock:
            return {role: digest for digest, (found, role) in self._tokens[whose].items()
                    if found == owner}

    def stream_ids(self, opened_by="session_created"):
        with self._lock:
            opened = [(log[0][0], sid) for sid, log in self._logs.items() if log[0][4] == opened_by]
        return [sid for _, sid in sorted(opened)]

    def sessions(self):
        with self._lock:
            return [{"id": sid, "name": to_event(self._logs[sid][0])["data"].get("name"),
                     "version": len(self._logs[sid]), "last_recorded_at": self._logs[sid][-1][9]}
                    for sid in self.stream_ids()]

    def follow(self, watched, told, interval: float) -> None:
        while True:
            told({stream: self.version(stream) for stream in watched()})
            time.sleep(interval)

    def healthy(self):
        """Memory always answers."""
