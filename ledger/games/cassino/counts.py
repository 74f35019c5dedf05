"""Cassino's deal counted in full (`cassino_deal_counted`): how many cards, spades, aces and
sweeps each player took, and who took the two Cassinos; a whole deal of the pack, checked."""

from marshmallow import ValidationError, fields

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import Count, EventData, RefKey
from ledger.games.in_play import InPlay
from ledger.games.told import Told, listed
from ledger.language import N_, _, n_

PACKS = {52: {"cards": 52, "spades": 13, "aces": 4, "great_cassino": 1, "little_cassino": 1},
         32: {"cards": 32, "spades": 8, "aces": 4, "great_cassino": 1, "little_cassino": 0}}
COUNTED = ("cards", "spades", "aces", "great_cassino", "little_cassino", "sweeps")


class Holding(fields.Raw):
    """Whether a player took a card that exists once (0 or 1; true/false accepted)."""

    def __init__(self, **kwargs):
        kwargs["metadata"] = {"oneOf": [{"type": "integer", "enum": [0, 1]},
                                        {"type": "boolean"}], **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is True or value is False:
            return int(value)
        if type(value) is int and value in (0, 1):
            return value
        raise ValidationError(_("Must be 0 or 1 (or true/false)."))


class CassinoCounts(EventData):
    """One player's take: spades and aces are among his cards, Little Cassino among his spades,
    and Great Cassino is a card too."""

    cards = Count(required=True, metadata={"description": "cards taken: no fewer than his "
                                                          "spades, his aces, and the spades, "
                                                          "aces and Great Cassino together"})
    spades = Count(required=True)
    aces = Count(required=True)
    great_cassino = Holding(required=True)
    little_cassino = Holding(required=True, metadata={
        "description": "took the two of spades (1): he took a spade"})
    sweeps = Count(required=True)


class CassinoDealCounted(EventData):
    counts = fields.Dict(keys=RefKey(), values=fields.Nested(CassinoCounts), required=True)


def counted(game: InPlay, data: dict) -> None:
    """Counts per seated player (nobody else: ledger.rules checks every player a fact
    names), a whole deal of the pack."""
    counts = data["counts"]
    missing = [seat for seat in game.seats if seat not in counts]
    if missing:
        raise Conflict.field("data.counts", _("Count every seated player once (missing: "
                                              "%(missing)s).", missing=", ".join(missing)))
    _check_whole_deal(game.options, counts)


def _check_whole_deal(options: dict, counts: dict) -> None:
    pack = PACKS[options["pack"]]
    for field, expected in pack.items():
        total = sum(c[field] for c in counts.values())
        if total != expected:
            raise Conflict.field(f"data.counts.{field}", _(
                "A %(pack)s-card deal has %(expected)s in all, not %(total)s.",
                pack=options["pack"], expected=expected, total=total))
    for player, c in counts.items():
        if c["spades"] > c["cards"] or c["aces"] > c["cards"]:
            raise Inconsistent.field(f"data.counts.{player}",
                                     _("More spades or aces than cards taken."))
        if c["little_cassino"] > c["spades"]:
            raise Inconsistent.field(f"data.counts.{player}", _(
                "Little Cassino is the two of spades: whoever took it took at least one spade."))
        if c["cards"] < fewest_cards(c):
            raise Inconsistent.field(f"data.counts.{player}", _(
                "%(spades)s spades, %(aces)s aces and Great Cassino (the ten of diamonds) are more "
                "cards than %(cards)s.", spades=c["spades"], aces=c["aces"], cards=c["cards"]))
    if options["last_take_sweeps"] and not any(c["sweeps"] for c in counts.values()):
        raise Conflict.field("data.counts.sweeps", _(
            "The last taker of the table's cards scores a sweep: at least one."))


def fewest_cards(c: dict) -> int:
    """The fewest cards that hold these counts: the spades, Great Cassino (the ten of
    diamonds, neither spade nor ace) and the aces, of which one, the ace of spades, may be
    among the spades (not Little Cassino, the two)."""
    shared_ace = min(1, c["aces"], c["spades"] - c["little_cassino"])
    return c["spades"] + c["great_cassino"] + c["aces"] - shared_ace


def took(c: dict) -> str:
    """One player's counts in words."""
    said = [n_("%(n)s card", "%(n)s cards", c["cards"])]
    if c["spades"]:
        said.append(n_("%(n)s spade", "%(n)s spades", c["spades"]))
    if c["aces"]:
        said.append(n_("%(n)s ace", "%(n)s aces", c["aces"]))
    if c["sweeps"]:
        said.append(n_("%(n)s sweep", "%(n)s sweeps", c["sweeps"]))
    return listed(said + [_(name) for key, name in (("great_cassino", N_("Great Cassino")),
                                                    ("little_cassino", N_("Little Cassino")))
                          if c[key]])


def counted_said(told: Told) -> str:
    counts = told.data["counts"]
    return _("Counted: %(counts)s", counts="; ".join(f"{told.name(p)} {took(c)}"
                                                       for p, c in counts.items()))


def example(st, t):
    """A whole deal of a 52-card pack, split at random among the seats."""
    def split(total, parts):
        return st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1).map(
            lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), total])])

    n = len(t.seats)
    return st.tuples(split(13, n), split(4, n), split(6, n), st.sampled_from(t.seats),
                     st.sampled_from(t.seats), split(20, n)).map(
        lambda a: {"counts": whole(t.seats, *a)})


def whole(seats, spades, aces, sweeps, great, little, spare) -> dict:
    """A whole deal's counts: the spades, aces and sweeps split, the two Cassinos held, and
    the cards each took at least what those need, the rest of the 52 spread as `spare` says."""
    counts = {seat: {"cards": 0, "spades": s, "aces": a, "sweeps": w + (i == 0),
                     "great_cassino": int(seat == great), "little_cassino": int(seat == little)}
              for i, (seat, s, a, w) in enumerate(zip(seats, spades, aces, sweeps))}
    if not counts[little]["spades"]:  # Little Cassino is a spade: its taker took one
        donor = next(c for c in counts.values() if c["spades"])
        donor["spades"], counts[little]["spades"] = donor["spades"] - 1, 1
    for c in counts.values():
        c["cards"] = fewest_cards(c)
    left = 52 - sum(c["cards"] for c in counts.values())
    weights = [max(1, w) for w in spare]
    for seat, weight in zip(seats, weights):
        counts[seat]["cards"] += left * weight // sum(weights)
    counts[seats[0]]["cards"] += 52 - sum(c["cards"] for c in counts.values())
    return counts
