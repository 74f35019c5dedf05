"""Folded session states kept between requests, so a read costs the events not yet folded.

Each process keeps its latest states in memory; a snapshot row in the database lets a new
process start from a recent version instead of the first event. Snapshots are written only
inside an append's transaction (which already holds the write lock), never by a reader.
"""

import threading
from collections import OrderedDict

import orjson
from sqlalchemy import Connection, delete, insert, select

from ledger.events.store import EventStore, to_event
from ledger.events.tables import snapshots
from ledger.projections.session import SessionState

SNAPSHOT_EVERY = 500
SESSIONS_KEPT = 256


class StateCache:
    def __init__(self, store: EventStore, snapshot_every: int = SNAPSHOT_EVERY):
        self.store = store
        self.snapshot_every = snapshot_every
        self.lock = threading.RLock()  # hold it while reading a state returned by `at`
        self._states: OrderedDict[str, SessionState] = OrderedDict()
        self._saved: dict[str, int] = {}

    def at(self, connection: Connection, session_id: str, version: int) -> SessionState:
        """The session's state at `version` (a committed version read in `connection`)."""
        state = self._states.get(session_id)
        if state is None or state.version > version:
            state = self._snapshot(connection, session_id, version)
        for row in self.store.rows(connection, session_id, state.version, version):
            state.apply(to_event(row))
        self._keep(session_id, state)
        return state

    def advance(self, event: dict) -> None:
        """Fold an event just committed, if the kept state is at the version before it."""
        state = self._states.get(event["session_id"])
        if state is not None and state.version == event["version"] - 1:
            state.apply(event)

    def save_if_due(self, connection: Connection, state: SessionState) -> None:
        session_id = state.session["id"]
        if state.version - self._saved.get(session_id, 0) < self.snapshot_every:
            return
        connection.execute(delete(snapshots).where(snapshots.c.session_id == session_id))
        connection.execute(insert(snapshots), {
            "session_id": session_id, "version": state.version,
            "state": orjson.dumps(state).decode(),
        })
        self._saved[session_id] = state.version

    def _snapshot(self, connection: Connection, session_id: str, version: int) -> SessionState:
        row = connection.execute(
            select(snapshots.c.version, snapshots.c.state).where(
                snapshots.c.session_id == session_id, snapshots.c.version <= version)
        ).first()
        if row is None:
            return SessionState()
        self._saved[session_id] = row.version
        return SessionState.from_dict(orjson.loads(row.state))

    def _keep(self, session_id: str, state: SessionState) -> None:
        self._states[session_id] = state
        self._states.move_to_end(session_id)
        while len(self._states) > SESSIONS_KEPT:
            self._states.popitem(last=False)
