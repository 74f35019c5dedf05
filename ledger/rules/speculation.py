"""Speculation (seed 003): contributions, sales of the trump, cards and hands, and fines."""

from ledger.errors import Invalid
from ledger.postings import combine, player, pool, transfer
from ledger.rules import generic
from ledger.rules.game import Game


def antes(game: Game, dealer: str) -> list[dict]:
    """Seed 003: each player contributes equally to the pool (option: the dealer pays double)."""
    share = game.options["pool_ante"] or game.stake
    payers = [*game.seats, *([dealer] if game.options["dealer_pays_double"] else [])]
    return combine(p for seat in payers for p in transfer(player(seat), pool(game.id), share))


def deal_started(game: Game, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


def knave_or_five_turned(game: Game, data: dict) -> list[dict]:
    """Seed 003 variant: a knave or five of a plain suit turned up pays one counter to the pool."""
    if not game.options["knave_five_fine"]:
        raise Invalid.field("type", "This game was started without the knave-or-five fine.")
    return transfer(player(game.seated("data.player", data["player"])), pool(game.id), 1)


RULES = {"deal_started": deal_started, "knave_or_five_turned": knave_or_five_turned}
