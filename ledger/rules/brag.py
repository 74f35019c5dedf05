"""Brag (seed 004): the dealer's ante, and the ante nobody sees."""

from ledger.errors import Invalid
from ledger.postings import combine, player, pool, transfer
from ledger.rules import generic
from ledger.rules.game import Game


def ante(game: Game, deal: dict) -> int:
    return deal.get("ante", game.stake)


def deal_started(game: Game, data: dict) -> list[dict]:
    """Seed 004: the dealer puts up an ante before the cut, any amount within the betting limit."""
    limit = game.options["betting_limit"]
    if limit is not None and ante(game, data) > limit:
        raise Invalid.field("data.ante", f"The betting limit is {limit}.")
    return generic.deal_started(
        game, data, lambda g, dealer: transfer(player(dealer), pool(g.id), ante(g, data)))


def brag_ante_unseen(game: Game, data: dict) -> list[dict]:
    """Seed 004: no one sees the ante: the dealer takes it back and each other player pays him
    one counter; the deal passes to the left."""
    dealer = game.dealer()
    back = transfer(pool(game.id), player(dealer), ante(game, game.current_deal()))
    counters = [p for seat in game.seats if seat != dealer
                for p in transfer(player(seat), player(dealer), 1)]
    return combine([*back, *counters])


RULES = {"deal_started": deal_started, "brag_ante_unseen": brag_ante_unseen}
