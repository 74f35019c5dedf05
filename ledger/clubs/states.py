"""Clubs' folded states kept between requests: a read or an append folds only the events
not yet folded (a club's log is small: members, seasons, evenings and links)."""

import threading
from collections import OrderedDict

from ledger.clubs.state import ClubState
from ledger.errors import NotFound
from ledger.events.sql import Tx
from ledger.events.store import EventStore

CLUBS_KEPT = 256


class ClubStates:
    def __init__(self, store: EventStore):
        self.store = store
        self.lock = threading.RLock()
        self._states: OrderedDict[str, ClubState] = OrderedDict()

    def at(self, tx: Tx, club_id: str) -> ClubState:
        """The club's state as `tx` sees it (404 for a stream that is not a club). Hold
        `lock` while using it: the kept state moves on with the next append."""
        state = self._states.get(club_id)
        if state is None:
            if self.store.opened_by(tx, club_id) != "club_created":
                raise NotFound(f"No club {club_id}.", {"club_id": ["unknown club"]})
            state = ClubState()
        for event in self.store.events(tx, club_id, state.version):
            state.apply(event)
        self._states[club_id] = state
        self._states.move_to_end(club_id)
        while len(self._states) > CLUBS_KEPT:
            self._states.popitem(last=False)
        return state
