"""Vingt-un (seeds 002, 003): the pool's three feeds, hands settled with the dealer, doubled
stakes, the brulet, and the deal passed by a natural."""

from ledger.errors import Conflict, Invalid
from ledger.postings import combine, player, pool, transfer
from ledger.rules import generic
from ledger.rules.game import Game

TIE_SHARES = {"none": (0, 1), "1/4": (1, 4), "1/3": (1, 3)}


def antes(game: Game, dealer: str) -> list[dict]:
    """Seed 002 (a): each player contributes a counter (option pool_ante) at each deal."""
    each = game.options["pool_ante"]
    return combine(p for seat in game.seats for p in transfer(player(seat), pool(game.id), each))


def deal_started(game: Game, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


def vingt_un_hand_settled(game: Game, data: dict) -> list[dict]:
    """A hand paid between a player and the dealer: the stake (doubled if the dealer doubled
    stakes this deal, and again for a natural) unless an amount is given. The dealer wins
    ties; seed 002 (c): of what he receives on a tie he pays the agreed part (rounded down)
    into the pool. A player's natural throws the dealer out: the deal passes to him."""
    dealer = game.dealer()
    hand = game.seated("data.player", data["player"])
    if hand == dealer:
        raise Invalid.field("data.player", "The dealer does not settle with himself.")
    if data["tie"] and data["winner"] != "dealer":
        raise Invalid.field("data.tie", "The dealer wins ties.")
    doubled = 2 if game.dealing["stakes_doubled"] else 1
    amount = data.get("amount") or game.stake * doubled * (2 if data["natural"] else 1)
    if data["winner"] == "player":
        return transfer(player(dealer), player(hand), amount)
    numerator, denominator = TIE_SHARES[game.options["tie_share"]] if data["tie"] else (0, 1)
    return combine([*transfer(player(hand), player(dealer), amount),
                    *transfer(player(dealer), pool(game.id), amount * numerator // denominator)])


def stakes_doubled(game: Game, data: dict) -> list[dict]:
    """Seed 003: the dealer may insist that all stakes are doubled (for this deal)."""
    game.dealer()
    if game.dealing["stakes_doubled"]:
        raise Conflict("Stakes are doubled already in this deal.", {"type": ["already doubled"]})
    return []


def brulet(game: Game, data: dict) -> list[dict]:
    """Seed 003: the top and bottom cards make a natural: every player pays the dealer double."""
    dealer = game.dealer()
    return combine(p for seat in game.seats if seat != dealer
                   for p in transfer(player(seat), player(dealer), 2 * game.stake))


def vingt_un_overdrawn(game: Game, data: dict) -> list[dict]:
    """Seed 002 (b): the dealer who over-draws pays the agreed penalty into the pool."""
    penalty = game.options["overdraw_penalty"]
    if penalty == 0:
        raise Invalid.field("type", "This game was started without an over-draw penalty.")
    return transfer(player(game.dealer()), pool(game.id), penalty)


RULES = {
    "deal_started": deal_started,
    "vingt_un_hand_settled": vingt_un_hand_settled,
    "stakes_doubled": stakes_doubled,
    "brulet": brulet,
    "vingt_un_overdrawn": vingt_un_overdrawn,
}
