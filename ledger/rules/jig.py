"""Snip-Snap-Snorum / Jig (seed 001): the pool, and going Out."""

from ledger.errors import Invalid
from ledger.postings import combine, player, pool, transfer
from ledger.rules import generic
from ledger.rules.game import Game


def antes(game: Game, dealer: str) -> list[dict]:
    """Seed 001: a pool formed by equal contributions and/or the dealer paying in."""
    each, dealer_pays = game.options["pool_ante"], game.options["dealer_pays"]
    payments = [transfer(player(seat), pool(game.id), each) for seat in game.seats]
    payments.append(transfer(player(dealer), pool(game.id), dealer_pays))
    return combine(p for payment in payments for p in payment)


def deal_started(game: Game, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


def jig_out(game: Game, data: dict) -> list[dict]:
    """Seed 001: the player who goes Out receives a counter from each player for every card he
    still holds, and wins the pool if one was formed. Every other player is counted."""
    out = game.seated("data.player", data["player"])
    left = data["cards_left"]
    for seat in left:
        game.seated_strictly("data.cards_left", seat)
    missing = [seat for seat in game.seats if seat != out and seat not in left]
    if out in left:
        raise Invalid.field("data.cards_left", "The player who went out holds no cards.")
    if missing:
        raise Invalid.field("data.cards_left", f"Count every other player's cards: {', '.join(missing)}.")
    return combine([
        *(p for seat, cards in left.items() for p in transfer(player(seat), player(out), cards)),
        *transfer(pool(game.id), player(out), game.pool),
    ])


RULES = {"deal_started": deal_started, "jig_out": jig_out}
