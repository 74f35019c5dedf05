"""An evening recorded through the real service (`ledger.service`) on the in-memory store: the
same validation, unit of work, rules and fold as over HTTP, no database."""

from ledger import games
from ledger.events.store.memory import MemoryStore
from ledger.games.dealing import dealing
from ledger.projections.balances import pools_by_game
from ledger.projections.session import fold as fold_events
from ledger.projections.state import SessionState
from ledger.service.bootstrap import bootstrap


class MemoryLedger:
    def __init__(self, players: int = 4, names: list[str] | None = None):
        self.service = bootstrap(store=MemoryStore())
        opened, _ = self.service.sessions.open({"name": "Test evening", "counter_value": 5})
        self.session_id = opened["session_id"]
        names = names or [f"P{i}" for i in range(players)]
        self.players = [self.record("player_added", name=name)["id"] for name in names]

    def record(self, event_type: str, game_id: str | None = None, **data) -> dict:
        """Record a fact as a client sends it; the event, or the LedgerError that refused it."""
        request = {"type": event_type, "data": data, **({"game_id": game_id} if game_id else {})}
        event, _ = self.service.sessions.record(self.session_id, request)
        return event

    @property
    def log(self) -> list[dict]:
        return self.service.store.read(self.session_id)

    @property
    def state(self) -> SessionState:
        """The state the service keeps (folded incrementally, append by append)."""
        with self.service.sessions.reading(self.session_id) as state:
            return state

    @property
    def kept(self) -> SessionState:
        """The service's own kept state, not a reader's copy of it (with whatever a read keeps
        on it to go on from)."""
        return self.service.sessions.units.sessions.entry(self.session_id).state

    def never(self) -> SessionState:
        """The evening folded as if every voided fact, and its void, had never been recorded."""
        log = self.log
        voided = {e["data"]["event_id"] for e in log if e["type"] == "event_voided"}
        return fold(e for e in log if e["type"] != "event_voided" and e["id"] not in voided)

    def find(self, event_id: str) -> dict | None:
        return next((event for event in self.log if event["id"] == event_id), None)

    def game(self, kind: str = "other", stake: int = 2, seats=None, options=None) -> str:
        return self.record("game_started", kind=kind, stake=stake, seats=seats or self.players,
                           options=options or {})["id"]

    def dealer_of(self, game_id: str) -> str | None:
        record = self.state.games[game_id]
        return dealing(record, games.of(record).keeps_deal)["current_dealer"]

    def pool_name(self, game_id: str, index: int) -> str | None:
        """One of a game's named pools (by index), or None for a game with one pool."""
        names = games.of(self.state.games[game_id]).pools
        return names[index % len(names)] if names else None

    def pool_of(self, game_id: str, name: str | None) -> int:
        return pools_by_game(self.state)[game_id].get(name, 0)

    def held(self) -> list[int]:
        return [self.state.balances.get(f"player:{p}", 0) for p in self.players]


def fold(events) -> SessionState:
    return fold_events(events)
