"""Folded session states kept beside the recording service between requests, so a read costs
the events not yet folded.

Each process keeps its latest states in memory; a snapshot row in the database lets a new
process start from a recent version instead of the first event. Snapshots are written only
inside an append's transaction (which already holds the write lock), never by a reader.
"""

import gc
import threading
from collections import OrderedDict

import orjson

from ledger.events.sql import Tx
from ledger.events.store import TRUSTED, EventStore
from ledger.projections.session import DETAILED, FOLD_FORMAT, SessionState

SNAPSHOT_EVERY = 500
# A snapshot is also at most this share of the log behind: a longer log writes them further
# apart, so that writing them (each the size of the state) costs O(1) per event however
# long the evening, and a new process folds at most a tenth of the log.
SNAPSHOT_SHARE = 10
SESSIONS_KEPT = 256


class StateCache:
    def __init__(self, store: EventStore, snapshot_every: int = SNAPSHOT_EVERY):
        self.store = store
        self.snapshot_every = snapshot_every
        self.lock = threading.RLock()  # hold it while reading a state returned by `at`
        self._states: OrderedDict[str, SessionState] = OrderedDict()
        self._saved: dict[str, int] = {}  # the version of each session's stored snapshot
        self._unconfirmed: dict[str, int] = {}  # written by an append not yet committed
        self._heads: dict[str, tuple[int, str]] = {}  # version and hash a kept state is at
        self._seen: dict[str, object] = {}  # the store's data_version when each was read

    def at(self, tx: Tx, session_id: str, version: int) -> SessionState:
        """The session's state at `version` (a committed version seen by `tx`)."""
        state = self._states.get(session_id)
        if state is None or state.version > version:
            state = self._snapshot(tx, session_id, version)
        if version > state.version:
            rows = self.store.rows(tx, session_id, state.version, version, DETAILED)
            _fold_without_gc(state, rows, session_id)
        self._keep(session_id, state)
        return state

    def catch_up(self, tx: Tx, session_id: str) -> tuple[int, str]:
        """Under the store's write lock: fold the kept state up to the session's head, and
        return the head's version and hash. A warm state costs one statement, which reads
        the events other processes added and the head together."""
        state, head = self._states.get(session_id), self._heads.get(session_id)
        kept = state is not None and head is not None and head[0] == state.version
        if kept and tx.data_version is not None and self._seen.get(session_id) == tx.data_version:
            return head  # the store stands where it stood when this was last made sure of
        if kept and tx.writer and self._seen.get(session_id) is TRUSTED:
            tx.trusting = True  # PostgreSQL: the insert checks it; a refusal is checked again
            return head
        if state is None or head is None or head[0] != state.version:
            head = self.store.head(tx, session_id)
            if head[0] == 0:
                return head
            state = self.at(tx, session_id, head[0])
        else:
            rows = self.store.tail(tx, session_id, state.version, DETAILED)
            if rows:
                _fold_without_gc(state, [row[:-1] for row in rows], session_id)
                head = rows[-1][0], rows[-1][-1]
        self._heads[session_id] = head
        self._seen[session_id] = tx.data_version if tx.data_version is not None else TRUSTED
        return head

    def forget(self, session_id: str) -> None:
        """The kept state's head is to be read again (an insert after it was refused)."""
        self._seen.pop(session_id, None)

    def advance(self, event: dict) -> None:
        """Fold an event just committed, if the kept state is at the version before it."""
        state = self._states.get(event["session_id"])
        if state is not None and state.version == event["version"] - 1:
            state.apply(event)
            self._heads[event["session_id"]] = event["version"], event["hash"]
        saved = self._unconfirmed.pop(event["session_id"], None)
        if saved is not None:  # the append that wrote it has committed
            self._saved[event["session_id"]] = saved

    def save_if_due(self, tx: Tx, state: SessionState) -> None:
        """Inside an append's transaction: replace the snapshot when it is far enough behind.
        It counts as saved once the append commits (`advance`): a refused append rolls it
        back, and the next append writes it again."""
        session_id = state.session["id"]
        saved = self._saved.get(session_id, 0)
        if state.version - saved < max(self.snapshot_every, saved // SNAPSHOT_SHARE):
            return
        _write_snapshot(tx, state)
        self._unconfirmed[session_id] = state.version

    def rewrite_snapshot(self, state: SessionState) -> None:
        """Replace the session's snapshot with a state folded from its first event (`ledger
        rebuild`): the log never changes, so a state at any version stays true."""
        with self.store.connections.writing(state.session["id"]) as tx:
            _write_snapshot(tx, state)
        self._saved[state.session["id"]] = state.version

    def _snapshot(self, tx: Tx, session_id: str, version: int) -> SessionState:
        """The stored snapshot, if the fold that wrote it is today's; else the empty state
        (the fold starts from the first event, and the next append writes a new snapshot)."""
        row = tx.one("SELECT version, state, fold_format FROM snapshots "
                     "WHERE session_id = :session_id AND version <= :version",
                     {"session_id": session_id, "version": version})
        if row is None or row[2] != FOLD_FORMAT:
            return SessionState()
        self._saved[session_id] = row[0]
        return SessionState.from_dict(orjson.loads(row[1]))

    def _keep(self, session_id: str, state: SessionState) -> None:
        self._states[session_id] = state
        self._states.move_to_end(session_id)
        while len(self._states) > SESSIONS_KEPT:
            evicted, _ = self._states.popitem(last=False)
            self._heads.pop(evicted, None)
            self._seen.pop(evicted, None)


def _write_snapshot(tx: Tx, state: SessionState) -> None:
    session_id = state.session["id"]
    tx.run("DELETE FROM snapshots WHERE session_id = :session_id", {"session_id": session_id})
    tx.run("INSERT INTO snapshots (session_id, version, state, fold_format) "
           "VALUES (:session_id, :version, :state, :fold_format)",
           {"session_id": session_id, "version": state.version,
            "state": orjson.dumps(state).decode(), "fold_format": FOLD_FORMAT})


def _fold_without_gc(state: SessionState, rows, session_id: str) -> None:
    """A long fold allocates millions of small objects and no cycles: pause the collector."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        state.fold_rows(rows, session_id)
    finally:
        if enabled:
            gc.enable()
