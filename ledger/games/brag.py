"""Brag (seed 004: *Foster's Complete Hoyle*): the dealer's ante, and the ante nobody sees."""

from ledger.errors import Invalid
from ledger.events.fields import Counters, EventData
from ledger.games import generic
from ledger.games.base import Button, Field, Game, once
from ledger.games.in_play import InPlay
from ledger.postings import combine, player, pool, transfer


def ante(game: InPlay, deal: dict) -> int:
    return deal.get("ante", game.stake)


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: the dealer puts up an ante before the cut, any amount within the betting limit."""
    limit = game.options["betting_limit"]
    if limit is not None and ante(game, data) > limit:
        raise Invalid.field("data.ante", f"The betting limit is {limit}.")
    return generic.deal_started(
        game, data, lambda g, dealer: transfer(player(dealer), pool(g.id), ante(g, data)),
        takes_ante=True)


def brag_ante_unseen(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: no one sees the ante: the dealer takes it back and each other player pays him
    one counter; the deal passes to the left."""
    dealer = game.dealer()
    back = transfer(pool(game.id), player(dealer), ante(game, game.current_deal()))
    counters = [p for seat in game.seats if seat != dealer
                for p in transfer(player(seat), player(dealer), 1)]
    return combine([*back, *counters])


RULES = {"deal_started": deal_started, "brag_ante_unseen": brag_ante_unseen}


class BragOptions(EventData):
    betting_limit = Counters(allow_none=True, load_default=None, metadata={
        "description": "the largest ante or bet (none: no limit)"})


class BragAnteUnseen(EventData):
    pass


GAME = Game(
    kind="brag", title="Brag", book="seed 004 (Foster's Complete Hoyle: \"Three to twelve players "
    "may form a table\")",
    seats=range(3, 13), options=BragOptions,
    facts={"brag_ante_unseen": BragAnteUnseen}, rules=RULES, generic=generic.ALL,
    settles_deal={"pool_won": once("the pool"), "brag_ante_unseen": once("the pool")},
    page=(Button("Deal", "deal_started", (Field("dealer", "player", "Who deals", default="next_dealer"),
                                          Field("ante", "amount", "The dealer's ante", default="stake"))),
          Button("Unseen", "brag_ante_unseen"), *generic.SHARED),
)
