"""The book: the event store with the session states folded from it."""

from contextlib import contextmanager

from sqlalchemy import Engine

from ledger.clubs.evening import Evenings
from ledger.clubs.states import ClubStates
from ledger.errors import NotFound
from ledger.events.store import EventStore
from ledger.states import StateCache
from ledger.projections.session import SessionState


class Book:
    def __init__(self, engine: Engine):
        self.engine = engine
        self.store = EventStore(engine)
        self.states = StateCache(self.store)
        self.clubs = ClubStates(self.store)
        self.evenings = Evenings(self)

    @contextmanager
    def reading(self, session_id: str):
        """The session's current state, held still while the caller reads it."""
        with self.states.lock:
            with self.store.connections.reading() as tx:
                version, _ = self.store.head(tx, session_id)
                if version == 0:
                    raise NotFound(f"No session {session_id}.",
                                   {"session_id": ["unknown session"]})
                state: SessionState = self.states.at(tx, session_id, version)
            yield state
