"""The book: the event store with the session states folded from it."""

from contextlib import contextmanager

from sqlalchemy import Engine

from ledger.errors import NotFound
from ledger.events.store import EventStore
from ledger.projections.cache import StateCache
from ledger.projections.session import SessionState


class Book:
    def __init__(self, engine: Engine):
        self.engine = engine
        self.store = EventStore(engine)
        self.states = StateCache(self.store)

    @contextmanager
    def reading(self, session_id: str):
        """The session's current state, held still while the caller reads it."""
        with self.engine.connect() as connection, self.states.lock:
            version, _ = self.store.head(connection, session_id)
            if version == 0:
                raise NotFound(f"No session {session_id}.", {"session_id": ["unknown session"]})
            state: SessionState = self.states.at(connection, session_id, version)
            connection.rollback()
            yield state
