"""Cassino's deal as the table usually records it (`cassino_deal_taken`): not how many cards
each took but who took what scores — most cards, most spades (none named: a tie, which
scores nobody), Great and Little Cassino, the aces, the sweeps. A tap a thing on the phone;
the scores are the same as for the deal counted in full (seed 001), from the counts it
stands for (`as_counts`)."""

from marshmallow import fields

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import Count, EventData, Ref, RefKey
from ledger.games.in_play import InPlay
from ledger.games.told import Told, listed
from ledger.language import N_, _, n_

ACES = 4  # in either pack


class CassinoDealTaken(EventData):
    most_cards = Ref(allow_none=True, load_default=None, metadata={
        "description": "who took most cards (for his side, in partnerships); none: a tie"})
    most_spades = Ref(allow_none=True, load_default=None, metadata={
        "description": "who took most spades; none: a tie"})
    great_cassino = Ref(required=True, metadata={
        "description": "who took Great Cassino, the ten of diamonds"})
    little_cassino = Ref(allow_none=True, load_default=None, metadata={
        "description": "who took Little Cassino, the two of spades (a 32-card pack has none)"})
    aces = fields.Dict(keys=RefKey(), values=Count(), required=True, metadata={
        "description": "how many aces each took: four in all"})
    sweeps = fields.Dict(keys=RefKey(), values=Count(), load_default=dict, metadata={
        "description": "how many sweeps each made (nobody named: none)"})


def taken(game: InPlay, data: dict) -> None:
    """Four aces; Little Cassino as the pack has it; a sweep at least when the last take
    scores one. (Everyone named is seated: ledger.rules checks every player a fact names.)"""
    if sum(data["aces"].values()) != ACES:
        raise Inconsistent.field("data.aces", _("Four aces in all, not %(aces)s.",
                                                aces=sum(data["aces"].values())))
    if game.options["pack"] == 32 and data["little_cassino"] is not None:
        raise Conflict.field("data.little_cassino",
                             _("A 32-card pack has no Little Cassino (the two of spades)."))
    if game.options["pack"] == 52 and data["little_cassino"] is None:
        raise Conflict.field("data.little_cassino",
                             _("Who took Little Cassino, the two of spades? Someone did."))
    if game.options["last_take_sweeps"] and not sum(data["sweeps"].values()):
        raise Conflict.field("data.sweeps", _(
            "The last taker of the table's cards scores a sweep: at least one."))


def as_counts(seats: list[str], data: dict) -> dict:
    """The counts a deal taken stands for: most cards and most spades as one against none (a
    tie: none each), the rest as taken. Scored as a deal counted (`scores.raw_points`)."""
    return {seat: {"cards": int(seat == data["most_cards"]),
                   "spades": int(seat == data["most_spades"]),
                   "aces": data["aces"].get(seat, 0), "sweeps": data["sweeps"].get(seat, 0),
                   "great_cassino": int(seat == data["great_cassino"]),
                   "little_cassino": int(seat == data["little_cassino"])} for seat in seats}


def taken_said(told: Told) -> str:
    """`Taken: Ann the most cards, 1 ace and Great Cassino; Dot 3 aces, 1 sweep and Little
    Cassino; the most spades tied`: what each player took, in seat order, and what was tied."""
    data, took = told.data, {}
    for key, what in MOST:
        if data.get(key):
            took.setdefault(data[key], []).append(_(what))
    for p, n in (data.get("aces") or {}).items():
        if n:
            took.setdefault(p, []).append(n_("%(n)s ace", "%(n)s aces", n))
    for p, n in (data.get("sweeps") or {}).items():
        if n:
            took.setdefault(p, []).append(n_("%(n)s sweep", "%(n)s sweeps", n))
    for key, card in (("great_cassino", N_("Great Cassino")), ("little_cassino", N_("Little Cassino"))):
        if data.get(key):
            took.setdefault(data[key], []).append(_(card))
    seats = told.game.seats if told.game else []
    said = [f"{told.name(p)} {listed(took[p])}"
            for p in sorted(took, key=lambda p: seats.index(p) if p in seats else len(seats))]
    tied = [_(what) for key, what in MOST if not data.get(key)]
    return _("Taken: %(taken)s", taken="; ".join(
        said + ([_("%(tied)s tied", tied=listed(tied))] if tied else [])))


MOST = (("most_cards", N_("the most cards")), ("most_spades", N_("the most spades")))


def example(st, t):
    """A deal taken, named at random among the seats; the aces split four ways."""
    seat, maybe = st.sampled_from(t.seats), st.one_of(st.none(), st.sampled_from(t.seats))
    aces = st.lists(seat, min_size=ACES, max_size=ACES).map(
        lambda who: {p: who.count(p) for p in set(who)})
    sweeps = st.lists(seat, min_size=1, max_size=3).map(
        lambda who: {p: who.count(p) for p in set(who)})
    return st.fixed_dictionaries({"most_cards": maybe, "most_spades": maybe,
                                  "great_cassino": seat, "little_cassino": seat,
                                  "aces": aces, "sweeps": sweeps})
