"""What a game's rules see when they resolve a fact: seats, stake, options, dealer, pools."""

from dataclasses import dataclass
from functools import cached_property

from ledger.errors import Conflict, NotFound
from ledger.events.postings import pool
from ledger.games.dealing import dealing
from ledger.games.record import GameRecord
from ledger.language import _


@dataclass(frozen=True)
class InPlay:
    """A game as it stands in the session's folded state (`state`: the session's state, whose
    `players`, `games` and `balances` the rules read)."""

    state: object
    record: GameRecord
    keeps_deal: bool = False
    pools: tuple[str, ...] = ()  # the game's named pools, if it has them

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seats(self) -> list[str]:
        return self.record.seats

    @property
    def stake(self) -> int:
        return self.record.stake

    @property
    def options(self) -> dict:
        return self.record.options

    @property
    def pool(self) -> int:
        """The counters in the game's pool (its only pool, or the one not named)."""
        return self.pool_named(None)

    def pool_named(self, name: str | None) -> int:
        return self.state.balances.get(pool(self.id, name), 0)

    @cached_property
    def dealing(self) -> dict:
        return dealing(self.record, self.keeps_deal)

    @property
    def settled(self) -> dict[str, str]:
        """What of the deal in progress has been settled, and by which event."""
        return self.record.settled

    def seated(self, field: str, player_id: str) -> str:
        """The player, who must exist (404) and sit at this game (409)."""
        if player_id not in self.state.players:
            raise NotFound(_("No player %(id)s in this session.", id=player_id),
                           {field: [_("unknown player")]})
        if player_id not in self.seats:
            raise Conflict(_("%(player)s is not seated in this game.", player=self.name(player_id)),
                           {field: [_("not seated in this game")]})
        return player_id

    def dealer(self) -> str:
        """The dealer of the deal in progress; 409 before the first deal."""
        current = self.dealing["current_dealer"]
        if current is None:
            raise Conflict(_("No deal has started in this game."), {"game_id": [_("no deal yet")]})
        return current

    def current_deal(self) -> dict:
        """The deal in progress (its deal_started fact); 409 before the first deal."""
        deals = self.record.deals
        if not deals:
            raise Conflict(_("No deal has started in this game."), {"game_id": [_("no deal yet")]})
        return self.record.dealing[next(reversed(deals))]

    def left_of(self, player_id: str) -> str:
        """The player on the left: the next seat clockwise."""
        return self.seats[(self.seats.index(player_id) + 1) % len(self.seats)]

    def name(self, player_id: str) -> str:
        player = self.state.players.get(player_id)
        return player.name if player is not None else player_id
