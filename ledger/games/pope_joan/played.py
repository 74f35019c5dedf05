"""What of Pope Joan's board a deal has won in play, and who holds which cards with it:
Matrimony (king and queen of trumps) and Intrigue (queen and knave) are two cards in one hand
(Hoffmann), so whoever takes one took those cards, and their compartments are his too; and
one player holds the Queen for both."""

from ledger.errors import Conflict, Inconsistent
from ledger.games.in_play import InPlay
from ledger.games.pope_joan.told import CALLED, CARDS
from ledger.games.record import GameRecord
from ledger.games.told import listed
from ledger.language import _

# Matrimony is king and queen of trumps in one hand, Intrigue queen and knave (Hoffmann): who
# takes either took its two cards, so he is who took those cards' own compartments
PAIRS = {"matrimony": ("king", "queen"), "intrigue": ("queen", "knave")}


def won_in_play(game: InPlay) -> dict[str, str]:
    """The compartments won in play this deal so far, each with its winner."""
    return won_by_deal(game.record).get(next(reversed(game.record.deals)), {})


def won_by_deal(record: GameRecord) -> dict[str, dict[str, str]]:
    """The compartments won in play in each deal, each with its winner, by deal: kept on the
    record and gone on with from the facts recorded since (`GameRecord.kept_by_deal`), where
    each fact walked every one of the game."""
    return record.kept_by_deal("_won", lambda won, fact: {**won, **fact["won"]})


def held_together(game: InPlay, won: dict[str, str], field: str) -> None:
    """Matrimony and Intrigue go with their cards: refused when another took one of them (in
    this fact: 422; by what this deal has recorded: 409)."""
    before = won_in_play(game)
    every = {**before, **won}
    if {"matrimony", "intrigue"} <= set(every) and every["matrimony"] != every["intrigue"]:
        error = Inconsistent if {"matrimony", "intrigue"} <= set(won) else Conflict
        raise error.field(field, _("Matrimony and Intrigue both hold the Queen of trumps: one "
                                   "player took both, not %(one)s and %(other)s.",
                                   one=game.name(every["matrimony"]),
                                   other=game.name(every["intrigue"])))
    for pair, cards in PAIRS.items():
        for card in (c for c in cards if pair in every and c in every):
            if every[card] != every[pair]:
                error = Inconsistent if pair in won and card in won else Conflict
                raise error.field(field, _(
                    "%(pair)s is %(cards)s in one hand: %(taker)s took %(pair)s, so %(card)s is "
                    "his too, not %(other)s's.", pair=_(CALLED[pair]),
                    cards=listed([_(CARDS[c]) for c in cards]), taker=game.name(every[pair]),
                    card=_(CALLED[card]), other=game.name(every[card])))


def won(record, event: dict) -> None:
    """The compartments a fact says were won in play, kept with their deal (`won_in_play`)."""
    data = event["data"]
    taken = data.get("compartments") or (
        {data["compartment"]: data["player"]} if "compartment" in data else {})
    if record.deals:
        record.facts[event["id"]] = {"deal": next(reversed(record.deals)), "won": taken}
