"""Commerce (seed 000): antes, trading for ready money or by barter, and the stand."""

from ledger.errors import Invalid
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


def cards_bartered(game: Game, data: dict) -> list[dict]:
    """Seed 000: a barter is with the player on the left; no money moves."""
    generic.cards_bartered(game, data)
    if data["with"] != game.left_of(data["player"]):
        raise Invalid.field("data.with", "In Commerce a player barters with the player on his left.")
    return []


def commerce_stand(game: Game, data: dict) -> list[dict]:
    """Seed 000: the best hand takes the pool and one stake from the dealer; a stander who is
    beaten pays one stake to each holder of a better hand."""
    stander = game.seated_strictly("data.stander", data["stander"])
    winner = game.seated_strictly("data.winner", data["winner"])
    better = [game.seated_strictly("data.better_hands", p) for p in data["better_hands"]]
    if stander in better:
        raise Invalid.field("data.better_hands", "The stander cannot hold a better hand than his own.")
    if not better and winner != stander:
        raise Invalid.field("data.winner", "With no better hand, the stander wins.")
    if better and winner not in better:
        raise Invalid.field("data.winner", "A beaten stander's winner holds one of the better hands.")
    dealer = game.dealer()
    return combine([
        *transfer(pool(game.id), player(winner), game.pool),
        *transfer(player(dealer), player(winner), game.stake),
        *(p for hand in better for p in transfer(player(stander), player(hand), game.stake)),
    ])


RULES = {"deal_started": deal_started, "cards_bartered": cards_bartered,
         "commerce_stand": commerce_stand}
