"""Cassino (SPEC §4, seed 001: W. H. Peel, *Round Games with Cards*): "available for two,
three, four, or more persons"; a deal's counts must be a whole deal; partners sit opposite.
Scores are a projection of the counts (ledger.projections.cassino)."""

from marshmallow import ValidationError, fields, validate

from ledger.errors import Conflict, Invalid
from ledger.events.fields import Count, Counters, EventData, Flag, Ref, RefList
from ledger.games import generic
from ledger.games.base import Button, Field, Game, once
from ledger.games.in_play import InPlay
from ledger.projections.cassino import scores

PACKS = {52: {"cards": 52, "spades": 13, "aces": 4, "great_cassino": 1, "little_cassino": 1},
         32: {"cards": 32, "spades": 8, "aces": 4, "great_cassino": 1, "little_cassino": 0}}


def check_start(state, data: dict) -> None:
    """Two to six players; partnerships are two pairs of the four seats, partners opposite."""
    seats, partnerships = data["seats"], data["options"]["partnerships"]
    if data["options"]["first_dealer"] not in (None, *seats):
        raise Invalid.field("data.options", "The first dealer must be seated.")
    if partnerships is None:
        return
    paired = sorted(p for pair in partnerships for p in pair)
    if len(seats) != 4 or paired != sorted(seats):
        raise Invalid.field("data.options", "Partnerships are two pairs of the four seated players.")
    if any(abs(seats.index(a) - seats.index(b)) != 2 for a, b in partnerships):
        raise Invalid.field("data.options", "Partners sit opposite each other (seats i and i+2).")


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Every deal is counted: the next deal starts once this one's counts are in, so the
    dealing read model and the scores count the same deals."""
    if game.deal_open:
        raise Conflict("Count this deal before dealing the next.", {"type": ["deal not counted"]})
    if scores(game.record)["winner"] is not None:
        raise Conflict("This game has been won.", {"game_id": ["the game is over"]})
    return generic.deal_started(game, data)


def cassino_deal_counted(game: InPlay, data: dict) -> list[dict]:
    """Counts per seated player; nothing moves (scores are a projection)."""
    if scores(game.record)["winner"] is not None:
        raise Conflict("This game has been won.", {"game_id": ["the game is over"]})
    counts = data["counts"]
    missing = [seat for seat in game.seats if seat not in counts]
    strangers = [p for p in counts if p not in game.seats]
    if missing or strangers:
        raise Invalid.field("data.counts", "Count every seated player once and nobody else "
                            f"(missing: {', '.join(missing) or '-'}; "
                            f"not seated: {', '.join(strangers) or '-'}).")
    _check_whole_deal(game.options, counts)
    return []


def _check_whole_deal(options: dict, counts: dict) -> None:
    pack = PACKS[options["pack"]]
    for field, expected in pack.items():
        total = sum(c[field] for c in counts.values())
        if total != expected:
            raise Invalid.field(f"data.counts.{field}",
                                f"A {options['pack']}-card deal has {expected} in all, not {total}.")
    for player, c in counts.items():
        if c["spades"] > c["cards"] or c["aces"] > c["cards"]:
            raise Invalid.field(f"data.counts.{player}", "More spades or aces than cards taken.")
        if c["little_cassino"] > c["spades"]:
            raise Invalid.field(f"data.counts.{player}", "Little Cassino is the two of spades: "
                                "whoever took it took at least one spade.")
        if c["cards"] < _fewest_cards(c):
            raise Invalid.field(f"data.counts.{player}", f"{c['spades']} spades, {c['aces']} aces "
                                "and Great Cassino (the ten of diamonds) are more cards than "
                                f"{c['cards']}.")
    if options["last_take_sweeps"] and not any(c["sweeps"] for c in counts.values()):
        raise Invalid.field("data.counts.sweeps",
                            "The last taker of the table's cards scores a sweep: at least one.")


def _fewest_cards(c: dict) -> int:
    """The fewest cards that hold these counts: the spades, Great Cassino (the ten of
    diamonds, neither spade nor ace) and the aces, of which one, the ace of spades, may be
    among the spades (not Little Cassino, the two)."""
    shared_ace = min(1, c["aces"], c["spades"] - c["little_cassino"])
    return c["spades"] + c["great_cassino"] + c["aces"] - shared_ace


RULES = {"deal_started": deal_started, "cassino_deal_counted": cassino_deal_counted}


class Holding(fields.Raw):
    """Whether a player took a card that exists once (0 or 1; true/false accepted)."""

    def __init__(self, **kwargs):
        super().__init__(metadata={"oneOf": [{"type": "integer", "enum": [0, 1]},
                                             {"type": "boolean"}]}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is True or value is False:
            return int(value)
        if type(value) is int and value in (0, 1):
            return value
        raise ValidationError("Must be 0 or 1 (or true/false).")


class CassinoCounts(EventData):
    cards = Count(required=True)
    spades = Count(required=True)
    aces = Count(required=True)
    great_cassino = Holding(required=True)
    little_cassino = Holding(required=True)
    sweeps = Count(required=True)


class CassinoDealCounted(EventData):
    counts = fields.Dict(keys=Ref(), values=fields.Nested(CassinoCounts), required=True)


class CassinoOptions(EventData):
    partnerships = fields.List(RefList(2), validate=validate.Length(equal=2), allow_none=True,
                               load_default=None, metadata={
        "description": "two sides of two; partners sit opposite (1st and 3rd seats against 2nd and 4th)"})
    lowest_scorer_deduction = Flag(load_default=False, metadata={
        "description": "the lowest scorer scores nothing, and his points are deducted from the others'"})
    target = Counters(load_default=11, metadata={"description": "points that win the game"})
    pack = fields.Integer(strict=True, load_default=52, validate=validate.OneOf([52, 32]),
                          metadata={"description": "cards in the pack"})
    last_take_sweeps = Flag(load_default=True, metadata={
        "description": "the last taker of a deal scores a sweep"})
    first_dealer = Ref(allow_none=True, load_default=None,
                       metadata={"description": "who cut lowest: he deals first, as Peel's rules have it"})


def _counted(record: dict, event: dict) -> None:
    deals = record.setdefault("cassino", {})
    deals[event["id"]] = {"event_id": event["id"], "version": event["version"],
                          "counts": event["data"]["counts"]}


def _points(record: dict, _state) -> list[tuple[str, dict]]:
    return [("cassino_points", scores(record)["totals"])]


def _won(record: dict, _state) -> dict[str, dict[str, int]]:
    """A game won: its winner reached the target (both partners, in partnerships)."""
    return {"cassino_games_won": dict.fromkeys(scores(record)["winners"], 1)}


GAME = Game(
    kind="cassino", title="Cassino", book="seed 001 (Peel, Round Games with Cards)",
    seats=range(2, 7), options=CassinoOptions, check_start=check_start,
    facts={"cassino_deal_counted": CassinoDealCounted}, rules=RULES,
    generic=generic.ALL,
    settles_deal={"cassino_deal_counted": once("the count")},
    folds={"cassino_deal_counted": _counted}, reads={"scores": lambda record, _state: scores(record)},
    csv_columns=_points, tallies=_won,
    page=(generic.DEAL, Button("Count deal", "cassino_deal_counted", (Field(
        "counts", "counts", "What each took", totals=PACKS, totals_option="pack",
        choices=("cards", "spades", "aces", "great_cassino", "little_cassino", "sweeps")),),
        quick=True)),
)
