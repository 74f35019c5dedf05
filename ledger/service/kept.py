"""Folded states kept beside the service between requests, so that a read or an append costs
only the events not yet folded: one per session (and per club), each with its own lock, held
while the state is brought up to date and used (one long evening's read holds up nobody
else's).

A snapshot row in the store lets a new process start from a recent version instead of the
first event. Snapshots are written only inside an append's transaction (which holds the
stream's write lock), never by a reader, and count as saved once that append commits."""

import gc
import threading
from collections import OrderedDict

import orjson

from ledger.clubs.state import ClubState
from ledger.events.store.base import LAST_VERSION, Reader, Writer
from ledger.projections.session import FOLD_FORMAT, apply, detailed, fold_rows
from ledger.projections.state import SessionState

SNAPSHOT_EVERY = 500
# A snapshot is also at most this share of the log behind: a longer log writes them further
# apart, so that writing them (each the size of the state) costs O(1) per event however long
# the evening, and a new process folds at most a tenth of the log.
SNAPSHOT_SHARE = 10
STREAMS_KEPT = 256


class Spoken(dict):
    """Stream id -> (version, the language its words are said in when a request asks for
    none, at that version): a request that names no language, a bench's, a script's or a
    304's, folds nothing for it while the stream stands there."""

    LIMIT = 4096

    def keep(self, stream: str, version: int, language: str) -> None:
        if len(self) >= self.LIMIT:
            self.clear()
        self[stream] = (version, language)


SPOKEN = Spoken()


class Kept:
    """One stream's kept state and its lock."""

    __slots__ = ("lock", "state", "saved", "unconfirmed")

    def __init__(self):
        self.lock = threading.Lock()
        self.state = None
        self.saved = 0  # the version of the stream's stored snapshot
        self.unconfirmed = None  # a snapshot written in a transaction not yet committed


class KeptStates:
    """The latest states of the streams this process has used, least recently used first out."""

    def __init__(self, snapshot_every: int = SNAPSHOT_EVERY):
        self.snapshot_every = snapshot_every
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._lock = threading.Lock()  # guards the table of streams only

    def entry(self, stream: str) -> Kept:
        """The stream's entry, made if new; take its lock before touching its state."""
        kept = self._kept.get(stream)
        if kept is not None:
            try:  # one call on the ordered dict: atomic (the table's lock is for making one)
                self._kept.move_to_end(stream)
            except KeyError:  # just evicted: the holder keeps his, the next makes a new one
                pass
            return kept
        with self._lock:
            kept = self._kept.get(stream)
            if kept is None:
                kept = self._kept[stream] = Kept()
                while len(self._kept) > STREAMS_KEPT:
                    self._kept.popitem(last=False)
            return kept

    def advance(self, kept: Kept, event: dict) -> None:
        """Under `kept.lock`: fold an event just committed, if the kept state is at the version
        before it."""
        if kept.state is not None and kept.state.version == event["version"] - 1:
            self.fold(kept.state, event)

    fold = None  # (state, event): the stream's fold step


class SessionStates(KeptStates):
    """Sessions' folded states (`ledger.projections.session`)."""

    def caught_up(self, kept: Kept, writer: Writer, stream: str) -> tuple[SessionState, tuple]:
        """Under the stream's write lock and `kept.lock`: the state folded up to the head, and
        the head (version and hash) the next event chains to."""
        state = kept.state if kept.state is not None else self._snapshot(kept, writer, stream)
        rows, head = writer.tail(stream, state.version, detailed())
        if head[0] < state.version:  # kept from a store that has since been restored
            state = self._snapshot(kept, writer, stream)
            rows, head = writer.tail(stream, state.version, detailed())
        if rows:
            _fold_without_gc(state, rows, stream)
        kept.state = state
        return state, head

    def read(self, kept: Kept, reader: Reader, stream: str) -> SessionState:
        """Under `kept.lock`: the state, at least as recent as what `reader` sees (a newer one,
        committed since the reader began, is as true)."""
        version = reader.head(stream)[0]
        state = kept.state if kept.state is not None else self._snapshot(kept, reader, stream, version)
        if version > state.version:
            _fold_without_gc(state, reader.rows(stream, state.version, version, detailed()), stream)
        kept.state = state
        return state

    def save_if_due(self, kept: Kept, writer: Writer, state: SessionState) -> None:
        """Inside an append's transaction: replace the snapshot when it is far enough behind.
        It counts as saved once the append commits (`advance`): a refused append rolls it
        back, and the next append writes it again."""
        if state.version - kept.saved < max(self.snapshot_every, kept.saved // SNAPSHOT_SHARE):
            return
        writer.save_snapshot(state.session.id, state.version, orjson.dumps(state).decode(),
                             FOLD_FORMAT)
        kept.unconfirmed = state.version

    def rebuilt(self, kept: Kept, writer: Writer, stream: str) -> SessionState:
        """Under the stream's write lock: the state folded from the first event by today's
        fold, kept, and its snapshot rewritten (`ledger rebuild`)."""
        state = SessionState()
        _fold_without_gc(state, writer.rows(stream, 0, LAST_VERSION, detailed()), stream)
        kept.state = state
        if state.version:
            writer.save_snapshot(stream, state.version, orjson.dumps(state).decode(), FOLD_FORMAT)
            kept.unconfirmed = state.version
        return state

    def _snapshot(self, kept: Kept, reader: Reader, stream: str, upto: int = 2**31 - 1):
        """The stored snapshot, if the fold that wrote it is today's; else the empty state
        (the fold starts from the first event, and the next append writes a new snapshot)."""
        row = reader.snapshot(stream, upto)
        if row is None or row[2] != FOLD_FORMAT:
            return SessionState()
        kept.saved = row[0]
        return SessionState.from_dict(orjson.loads(row[1]))

    fold = staticmethod(apply)


class ClubStates(KeptStates):
    """Clubs' folded states (`ledger.clubs.state`): a club's log is short (members, seasons,
    evenings, links), folded event by event."""

    def caught_up(self, kept: Kept, reader: Reader, stream: str) -> ClubState:
        state = kept.state if kept.state is not None else ClubState()
        for event in reader.events(stream, state.version):
            state.apply(event)
        kept.state = state
        return state

    fold = staticmethod(ClubState.apply)


def _fold_without_gc(state: SessionState, rows, session_id: str) -> None:
    """A long fold allocates millions of small objects and no cycles: pause the collector."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        fold_rows(state, rows, session_id)
    finally:
        if enabled:
            gc.enable()
