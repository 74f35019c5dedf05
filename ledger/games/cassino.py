"""Cassino (SPEC §4, seed 001: W. H. Peel, *Round Games with Cards*): "available for two,
three, four, or more persons"; a deal's counts must be a whole deal; partners sit opposite.
Scores are a projection of the counts (`scores`), and a game won takes no more deals."""

from marshmallow import ValidationError, fields, validate

from ledger.errors import Conflict, Invalid
from ledger.events.fields import Count, Counters, EventData, Flag, Ref, RefList
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.record import GameRecord
from ledger.games.told import Told, listed, plural

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
    """Every deal is counted (the deal's life: one at a time), so the dealing read model and
    the scores count the same deals; a game won takes no more."""
    _not_won(game.record)
    return generic.deal_started(game, data)


def _not_won(record: GameRecord) -> None:
    if won(record):
        raise Conflict("This game has been won.", {"game_id": ["the game is over"]})


def won(record: GameRecord) -> bool:
    return scores(record)["winner"] is not None


def cassino_deal_counted(game: InPlay, data: dict) -> list[dict]:
    """Counts per seated player; nothing moves (scores are a projection)."""
    _not_won(game.record)
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


def _counted(record: GameRecord, event: dict) -> None:
    record.facts[event["id"]] = {"event_id": event["id"], "version": event["version"],
                                 "counts": event["data"]["counts"]}


def _points(record: GameRecord, _state) -> list[tuple[str, dict]]:
    return [("cassino_points", scores(record)["totals"])]


def _won(record: GameRecord, _state) -> dict[str, dict[str, int]]:
    """A game won: its winner reached the target (both partners, in partnerships)."""
    return {"cassino_games_won": dict.fromkeys(scores(record)["winners"], 1)}


GREAT, LITTLE, MOST_CARDS, MOST_SPADES = 2, 1, 3, 1


def sides(game: GameRecord) -> list[list[str]]:
    """Two partnerships (partners' counts combined), or each player for himself."""
    return game.options["partnerships"] or [[seat] for seat in game.seats]


def raw_points(side_counts: list[dict]) -> list[int]:
    """Seed 001: Great Cassino 2, Little Cassino 1, most cards 3, most spades 1, each ace 1,
    each sweep 1; a tie for most cards or most spades scores nobody."""
    points = [GREAT * c["great_cassino"] + LITTLE * c["little_cassino"] + c["aces"] + c["sweeps"]
              for c in side_counts]
    for field, bonus in (("cards", MOST_CARDS), ("spades", MOST_SPADES)):
        values = [c[field] for c in side_counts]
        if values.count(max(values)) == 1:
            points[values.index(max(values))] += bonus
    return points


def scored_points(raw: list[int], deduct: bool) -> list[int]:
    """Two sides score only the difference; with the lowest-scorer deduction the lowest scores
    nothing and his points come off every other (seed 001): both are `raw - lowest`."""
    if len(raw) == 2 or deduct:
        lowest = min(raw)
        return [points - lowest for points in raw]
    return raw


def combined(game: GameRecord, counts: dict) -> list[dict]:
    return [{field: sum(counts[p][field] for p in side) for field in counts[side[0]]}
            for side in sides(game)]


def scores(game: GameRecord) -> dict:
    """The scores read model: totals, each deal's raw and scored points, and the winner."""
    teams, target = sides(game), game.options["target"]
    deduct = game.options["lowest_scorer_deduction"]
    totals, deals, winner = [0] * len(teams), [], None
    for deal in game.facts.values():
        raw = raw_points(combined(game, deal["counts"]))
        scored = scored_points(raw, deduct)
        totals = [t + s for t, s in zip(totals, scored)]
        deals.append({"version": deal["version"], "event_id": deal["event_id"],
                      "raw": _per_player(teams, raw), "scored": _per_player(teams, scored)})
        if winner is None:
            winner = _winner(teams, totals, target)
    return {"totals": _per_player(teams, totals), "deals": deals,
            "winner": winner[0] if winner else None, "winners": winner or [],
            "target": target, "sides": teams}


def _winner(teams: list[list[str]], totals: list[int], target: int) -> list[str] | None:
    """The first side to reach the target; several at once: the higher; an exact tie plays on."""
    reached = [t for t in totals if t >= target]
    if not reached or reached.count(max(reached)) > 1:
        return None
    return teams[totals.index(max(reached))]


def _per_player(teams: list[list[str]], values: list[int]) -> dict[str, int]:
    return {player: value for team, value in zip(teams, values) for player in team}


def counted_told(told: Told) -> str:
    """What each took, what each side scores of the deal, and the winner if it won the game."""
    counts, game = told.data["counts"], told.game
    said = "Counted: " + "; ".join(f"{told.name(p)} {_took(c)}" for p, c in counts.items())
    if game is None or any(p not in counts for side in sides(game) for p in side):
        return said
    scored = scored_points(raw_points(combined(game, counts)), game.options["lowest_scorer_deduction"])
    scorers = [(told.names(side), n) for side, n in zip(sides(game), scored) if n]
    said += ("; nobody scores" if not scorers else f"; {scorers[0][0]} scores {scorers[0][1]}"
             if len(scorers) == 1 else "; scores: " + ", ".join(f"{who} {n}" for who, n in scorers))
    model, totals = scores(game), {}
    for deal in model["deals"] if model["winner"] else ():
        totals = {p: totals.get(p, 0) + n for p, n in deal["scored"].items()}
        won = _winner(model["sides"], [totals[side[0]] for side in model["sides"]], model["target"])
        if won:
            return said + (f"; {told.names(won)} won the game" if deal["event_id"] == told.event_id else "")
    return said


def _took(c: dict) -> str:
    took = [plural(c["cards"], "card")]
    took += [plural(c[key], key[:-1]) for key in ("spades", "aces", "sweeps") if c[key]]
    return listed(took + [name for key, name in (("great_cassino", "Great Cassino"),
                                                 ("little_cassino", "Little Cassino")) if c[key]])


def examples(st) -> Examples:
    """Whole deals of a 52-card pack, split at random among the seats."""
    def split(total, parts):
        return st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1).map(
            lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), total])])

    def deal(t):
        n = len(t.seats)
        return st.tuples(split(13, n), split(4, n), split(6, n), st.sampled_from(t.seats),
                         st.sampled_from(t.seats), split(20, n)).map(lambda a: {"counts": whole(
                             t.seats, *a)})
    return Examples(options=st.fixed_dictionaries({"target": st.integers(5, 21)}),
                    facts={"cassino_deal_counted": deal})


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
        c["cards"] = _fewest_cards(c)
    left = 52 - sum(c["cards"] for c in counts.values())
    weights = [max(1, w) for w in spare]
    for seat, weight in zip(seats, weights):
        counts[seat]["cards"] += left * weight // sum(weights)
    counts[seats[0]]["cards"] += 52 - sum(c["cards"] for c in counts.values())
    return counts


GAME = Game(
    kind="cassino", title="Cassino", book="seed 001 (Peel, Round Games with Cards)",
    seats=range(2, 7), options=CassinoOptions, check_start=check_start,
    facts={"cassino_deal_counted": CassinoDealCounted},
    rules={"deal_started": deal_started, "cassino_deal_counted": cassino_deal_counted},
    generic=generic.ALL,
    life=DealLife(settles={"cassino_deal_counted": once("the count")},
                  ends=when_settled("the count"), one_at_a_time=True),
    folds={"cassino_deal_counted": _counted}, reads={"scores": lambda record, _state: scores(record)},
    over=won, csv_columns=_points, tallies=_won, examples=examples,
    words={"cassino_deal_counted": counted_told},
    page=(generic.DEAL, Button("Count deal", "cassino_deal_counted", (Field(
        "counts", "counts", "What each took", totals=PACKS, totals_option="pack",
        choices=("cards", "spades", "aces", "great_cassino", "little_cassino", "sweeps")),),
        quick=True)),
)
