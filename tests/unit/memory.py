"""The rules and the fold with no database: decide, then apply, as the store would."""

import uuid

from ledger.events import catalogue
from ledger.events.store import Draft
from ledger.postings import check_balanced
from ledger.projections.session import SessionState
from ledger.rules import resolve


class MemoryLedger:
    def __init__(self, players: int = 4):
        self.log: list[dict] = []
        self.state = SessionState()
        self.session_id = str(uuid.uuid4())
        self.record("session_created", name="Test evening", counter_value=5)
        self.players = [self.record("player_added", name=f"P{i}")["id"] for i in range(players)]

    def record(self, event_type: str, game_id: str | None = None, **data) -> dict:
        draft = Draft(str(uuid.uuid4()), event_type, game_id, catalogue.load(event_type, data))
        postings = [] if event_type == "session_created" else resolve(
            self.state, draft, lambda event_id: self.find(event_id))
        check_balanced(postings)
        event = {"id": draft.id, "session_id": self.session_id, "version": len(self.log) + 1,
                 "type": event_type, "game_id": game_id, "data": draft.data,
                 "postings": postings, "recorded_at": "2026-11-21T20:00:00+00:00"}
        self.state.apply(event)
        self.log.append(event)
        return event

    def find(self, event_id: str) -> dict | None:
        return next((event for event in self.log if event["id"] == event_id), None)

    def game(self, kind: str = "other", stake: int = 2, seats=None) -> str:
        return self.record("game_started", kind=kind, stake=stake,
                           seats=seats or self.players)["id"]

    def dealer_of(self, game_id: str) -> str | None:
        from ledger import games
        from ledger.games.dealing import dealing

        record = self.state.games[game_id]
        return dealing(record, games.of(record).keeps_deal)["current_dealer"]

    def pool_name(self, game_id: str, index: int) -> str | None:
        """One of a game's named pools (by index), or None for a game with one pool."""
        from ledger import games

        names = games.of(self.state.games[game_id]).pools
        return names[index % len(names)] if names else None

    def pool_of(self, game_id: str, name: str | None) -> int:
        return self.state.pools_by_game()[game_id].get(name, 0)

    def held(self) -> list[int]:
        return [self.state.balances.get(f"player:{p}", 0) for p in self.players]


def fold(events) -> SessionState:
    state = SessionState()
    for event in events:
        state.apply(event)
    return state
