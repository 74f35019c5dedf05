"""Commerce (seed 000): the money of the deal."""

from ledger.postings import combine, player, pool, transfer
from ledger.rules import generic
from ledger.rules.game import Game


def antes(game: Game, dealer: str) -> list[dict]:
    """Seed 000: each player pays the stake into the pool, the dealer paying double."""
    payments = [transfer(player(seat), pool(game.id), game.stake) for seat in game.seats]
    payments.append(transfer(player(dealer), pool(game.id), game.stake))
    return combine(p for payment in payments for p in payment)


def deal_started(game: Game, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


RULES = {"deal_started": deal_started}
