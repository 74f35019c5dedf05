"""Cassino (SPEC §4, seed 001: W. H. Peel, *Round Games with Cards*): "available for two,
three, four, or more persons"; partners sit opposite. A deal is recorded once, either counted
in full (`counts`: how many cards, spades… each took, a whole deal of the pack) or, as a table
usually does, as who took what scores (`taken`: a tap a thing). Scores are a projection of
the counts (`scores`), and a game won takes no more deals; the count that wins it pays its
stakes (`stakes`: so much a game, or a point, after Foster's Complete Hoyle), so the counts
are undone from the latest back.

Its names: "Casino" in German and French, as the game is spelt there."""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import Counters, EventData, Flag, Ref, RefList
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.cassino import counts, taken
from ledger.games.cassino.scores import scores, won
from ledger.games.cassino.stakes import PLAYED_FOR, stakes_paid
from ledger.games.cassino.told import counted_told, taken_told
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.record import GameRecord
from ledger.language import N_, _

PACKS = counts.PACKS
INDEPENDENT = (3, 6)  # seats of a game of each for himself (two score the difference)


def check_start(state, data: dict) -> None:
    """Two to six players; partnerships are two pairs of the four seats, partners opposite;
    the lowest scorer's deduction only where three or more play each for himself (seed 001:
    "in all these independent scorings"; two players or two sides score the difference)."""
    seats, options = data["seats"], data["options"]
    partnerships = options["partnerships"]
    if options["first_dealer"] not in (None, *seats):
        raise Inconsistent.field("data.options", _("The first dealer must be seated."))
    if options["lowest_scorer_deduction"] and (partnerships or len(seats) < INDEPENDENT[0]):
        raise Inconsistent.field("data.options.lowest_scorer_deduction", _(
            "The lowest scorer's deduction is for three or more players each playing for "
            "himself: two partnerships score only the difference.") if partnerships else _(
            "The lowest scorer's deduction is for three or more players each playing for "
            "himself: two players score only the difference."))
    if partnerships is None:
        return
    paired = sorted(p for pair in partnerships for p in pair)
    if len(seats) != 4 or paired != sorted(seats):
        raise Inconsistent.field("data.options",
                                 _("Partnerships are two pairs of the four seated players."))
    if any(abs(seats.index(a) - seats.index(b)) != 2 for a, b in partnerships):
        raise Inconsistent.field("data.options",
                                 _("Partners sit opposite each other (seats i and i+2)."))


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Every deal is counted (the deal's life: one at a time), so the dealing read model and
    the scores count the same deals; a game won takes no more."""
    _not_won(game.record)
    return generic.deal_started(game, data)


def _not_won(record: GameRecord) -> None:
    if won(record):
        raise Conflict(_("This game has been won."), {"game_id": [_("the game is over")]})


def deal_counted(game: InPlay, data: dict) -> list[dict]:
    """Counts per seated player: the scores are a projection; the count that wins the game
    pays its stakes."""
    _not_won(game.record)
    counts.counted(game, data)
    return stakes_paid(game.record, data["counts"])


def deal_taken(game: InPlay, data: dict) -> list[dict]:
    """Who took what scores: scored, and its stakes paid, as the same deal counted."""
    _not_won(game.record)
    taken.taken(game, data)
    return stakes_paid(game.record, taken.as_counts(game.seats, data))


class CassinoOptions(EventData):
    partnerships = fields.List(RefList(2), validate=validate.Length(equal=2), allow_none=True,
                               load_default=None, metadata={
        "description": "two sides of two of the four seats; partners sit opposite (1st and 3rd "
                       "seats against 2nd and 4th)"})
    lowest_scorer_deduction = Flag(load_default=False, metadata={
        "description": "the lowest scorer scores nothing, and his points are deducted from the "
                       "others': only for three or more each playing for himself, never with "
                       "partnerships", "seats": list(INDEPENDENT), "without": "partnerships"})
    target = Counters(load_default=11, metadata={"description": "points that win the game"})
    pack = fields.Integer(strict=True, load_default=52, validate=validate.OneOf([52, 32]),
                          metadata={"description": "cards in the pack"})
    last_take_sweeps = Flag(load_default=True, metadata={
        "description": "the last taker of a deal scores a sweep"})
    played_for = fields.String(load_default="game", validate=validate.OneOf(PLAYED_FOR), metadata={
        "description": "what the stake is paid for when the game is won (Foster): each loser "
                       "pays the winner one stake (game), or the stake for every point the "
                       "winner is ahead of him (point)"})
    first_dealer = Ref(allow_none=True, load_default=None,
                       metadata={"description": "who cut lowest (one of the seats): he deals "
                                                "first, as Peel's rules have it"})


def _counted(record: GameRecord, event: dict) -> None:
    data = event["data"]
    record.facts[event["id"]] = {
        "event_id": event["id"], "version": event["version"],
        "counts": data["counts"] if event["type"] == "cassino_deal_counted"
        else taken.as_counts(record.seats, data)}


def _points(record: GameRecord, _state) -> list[tuple[str, dict]]:
    return [("cassino_points", scores(record)["totals"])]


def _won(record: GameRecord, _state) -> dict[str, dict[str, int]]:
    """A game won: its winner reached the target (both partners, in partnerships)."""
    return {"cassino_games_won": dict.fromkeys(scores(record)["winners"], 1)}


def examples(st) -> Examples:
    def options(t):  # four seats may play in partnerships; three or more alone may deduct
        seats = t.seats
        sides = st.just(None) | (st.just([[seats[0], seats[2]], [seats[1], seats[3]]])
                                 if len(seats) == 4 else st.nothing())
        return st.tuples(st.integers(5, 21), st.sampled_from(PLAYED_FOR), sides, st.booleans()).map(
            lambda a: {"target": a[0], "played_for": a[1], "partnerships": a[2],
                       "lowest_scorer_deduction": a[3] and not a[2] and len(seats) >= INDEPENDENT[0]})
    return Examples(options=options,
                    facts={"cassino_deal_counted": lambda t: counts.example(st, t),
                           "cassino_deal_taken": lambda t: taken.example(st, t)})


def _row(name: str, grid: str, label: str, **more) -> Field:
    return Field(name, "counts" if name in ("aces", "sweeps") else "player", label, grid=grid, **more)


TAKEN = Button("Who took what", "cassino_deal_taken", (
    _row("most_cards", "Cards", "Most cards", optional=True, hint="a tie"),
    _row("most_spades", "Spades", "Most spades", optional=True, hint="a tie"),
    _row("great_cassino", "Big C", "Great Cassino (10♦)"),
    _row("little_cassino", "Little C", "Little Cassino (2♠)", only_with=("pack", 52)),
    _row("aces", "Aces", "Aces, a tap each", most=4),
    _row("sweeps", "Sweeps", "Sweeps, a tap each", optional=True, most=9)), quick=True,
    said="Taken:[ the most cards {most_cards};][ the most spades {most_spades};] Great Cassino "
         "{great_cassino};[ Little Cassino {little_cassino};] aces {aces}[; sweeps {sweeps}]")
COUNTED = Button("Count deal", "cassino_deal_counted", (Field(
    "counts", "counts", "What each took", totals=PACKS, totals_option="pack",
    choices=counts.COUNTED),), said="Counted: {counts}")

GAME = Game(
    kind="cassino", title=N_("Cassino"), book="seed 001 (Peel, Round Games with Cards)",
    seats=range(2, 7), options=CassinoOptions, check_start=check_start,
    facts={"cassino_deal_counted": counts.CassinoDealCounted,
           "cassino_deal_taken": taken.CassinoDealTaken},
    rules={"deal_started": deal_started, "cassino_deal_counted": deal_counted,
           "cassino_deal_taken": deal_taken},
    generic=generic.ALL,
    life=DealLife(settles={"cassino_deal_counted": once("the count"),
                           "cassino_deal_taken": once("the count")},
                  ends=when_settled("the count"), one_at_a_time=True, whole=True),
    folds={"cassino_deal_counted": _counted, "cassino_deal_taken": _counted},
    reads={"scores": lambda record, _state: scores(record)},
    over=won, csv_columns=_points, tallies=_won, examples=examples,
    undone_in_order="the later counts",  # the count that wins pays the stakes (`stakes`)
    words={"cassino_deal_counted": counted_told, "cassino_deal_taken": taken_told},
    page=(generic.DEAL, TAKEN, COUNTED),
)
