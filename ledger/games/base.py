"""What a game declares about itself. One module per game under `ledger/games/` builds a
`Game`; the registry (`ledger.games`) lists them and is the only place that names the kinds."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from marshmallow import Schema

from ledger.games.described import compact, option_described

# rule(game in play, data) -> postings; raises a LedgerError to refuse the fact
Rule = Callable[..., list[dict]]


@dataclass(frozen=True)
class Field:
    """One input of a button's sheet on the phone page.

    `input`: `player`, `players`, `amount`, `text`, `bool`, `choice` (one of `choices`),
    `table`, or `counts` (a number per seat, or with `choices` several: Cassino's cards,
    spades…). `label`: the table's words for it. `default`: a number, or what the page knows
    when the sheet opens: `next_dealer`, `dealer` (of the deal in progress), `stake`, or
    `=<field>` (another field's value, until it is chosen). The page sends every default it
    resolved explicitly, so that a fact sent late means what its recorder saw. `totals`: for
    `counts`, what the counts of a whole deal add up to, by the value of the game's option
    `totals_option` (Cassino's pack): the page shows running totals and refuses a deal that
    does not add up before sending it."""

    name: str
    input: str
    label: str = ""
    default: int | str | None = None
    optional: bool = False
    choices: tuple[str, ...] = ()
    totals: Mapping[int, Mapping[str, int]] | None = None
    totals_option: str = ""

    def described(self) -> dict:
        """What the page needs of it; a key at its default (none, false, no text) is left out."""
        return compact({"name": self.name, "input": self.input,
                        "label": self.label or self.name.replace("_", " "),
                        "default": self.default, "optional": self.optional,
                        "choices": list(self.choices),
                        "totals": self.totals and {str(k): dict(v) for k, v in self.totals.items()},
                        "totals_option": self.totals_option})


@dataclass(frozen=True)
class Button:
    """A fact the phone page offers for a game, with the sheet it asks for.

    `quick`: the sheet that settles a deal, shown open in the game's card while a deal is in
    progress (a typical deal: Deal, a tap or two on it, Record). `outcomes`: a sheet for the
    whole deal with one row per seat but the dealer; each row's outcome (label → the fact's
    data) becomes one fact for that seat (`player`), the first outcome preselected.
    How it is offered against the deal (`in_deal`, `settles`, `play`) comes from the game's
    rules (`Game._in_deal`)."""

    label: str
    type: str
    fields: tuple[Field, ...] = ()
    quick: bool = False
    outcomes: tuple[tuple[str, Mapping], ...] = ()

    def described(self) -> dict:
        return compact({"label": self.label, "type": self.type, "quick": self.quick,
                        "fields": [f.described() for f in self.fields],
                        "outcomes": [[label, dict(data)] for label, data in self.outcomes]})


@dataclass(frozen=True)
class Game:
    """Everything about one game: the books' rules it records and how the page offers them.

    - `facts`: its own event types and their data schemas; `generic`: the shared types it takes.
    - `rules`: event type -> rule turning a fact into postings (its own types, and any shared
      type it plays differently, e.g. `deal_started` for its antes).
    - `settles_deal`: event type -> what of the deal it settles, from the fact's data and the
      game's options (a name, or several): a second fact settling the same in the same deal
      is refused until the next deal.
    - `folds`: event type -> step keeping the game's own record (scores, tallies) in the fold.
    - `reads`: the game's own read models by name (`scores`, `progressive`): f(record, state).
    - `csv_columns`: (record, state) -> [(column, {player: value})] added to results.csv.
    - `tallies`: (record, state) -> {tally: {player: n}}, what a club's standings add up over
      its evenings for a member (Cassino's games won, Progressive Poker's yellow chips).
    """

    kind: str
    title: str
    book: str
    seats: range
    options: type[Schema]
    facts: Mapping[str, type[Schema]] = field(default_factory=dict)
    rules: Mapping[str, Rule] = field(default_factory=dict)
    generic: frozenset[str] = frozenset()
    settles_deal: Mapping[str, Callable[[dict, dict], str | tuple[str, ...]]] = field(
        default_factory=dict)
    in_deal: frozenset[str] = frozenset()  # facts of a deal's play: refused but in an open deal
    keeps_deal: bool = False
    pools: tuple[str, ...] = ()  # named pools (`pool:<game>:<name>`); none: the one pool
    aliases: tuple[str, ...] = ()
    check_start: Callable | None = None
    start_postings: Callable[[dict], list[dict]] | None = None
    folds: Mapping[str, Callable[[dict, dict], None]] = field(default_factory=dict)
    reads: Mapping[str, Callable] = field(default_factory=dict)
    csv_columns: Callable[[dict, object], list[tuple[str, dict]]] | None = None
    # (record, state) -> {tally: {player: n}}: what a club adds up over its evenings
    tallies: Callable[[dict, object], dict[str, dict[str, int]]] | None = None
    page: tuple[Button, ...] = ()
    offered_as: str = ""  # how a list of games to start names it, when not by its title

    def takes(self, event_type: str) -> bool:
        return event_type in self.facts or event_type in self.generic

    def settled_by(self, event_type: str, data: dict, options: dict) -> tuple[str, ...]:
        """What of the deal a fact settles (nothing, for a fact that settles nothing)."""
        if event_type not in self.settles_deal:
            return ()
        what = self.settles_deal[event_type](data, options)
        return (what,) if isinstance(what, str) else what

    def described(self) -> dict:
        """What a client needs to offer this game: its title, how many it seats, its own reads
        and named pools, its options and the facts it records (`GET /api/v1/games`)."""
        return compact({"kind": self.kind, "title": self.title, "offered_as": self.offered_as,
                        "book": self.book, "seats": [self.seats.start, self.seats.stop - 1],
                        "reads": sorted(self.reads), "pools": list(self.pools),
                        "options": [option_described(name, field)
                                    for name, field in self.options().fields.items()],
                        "buttons": [{**b.described(), **self._in_deal(b.type)}
                                    for b in self.page]})

    def _in_deal(self, event_type: str) -> dict:
        """How the page offers a fact against the deal: `in_deal`, not before the first deal
        (the game's facts of a deal's play, and those that settle a deal); `settles`, no more
        once the deal's settled list names it (a fact settling one thing once per deal);
        `play`, no more once anything of the deal is settled (`Game.in_deal`)."""
        settles = getattr(self.settles_deal.get(event_type), "what", None)
        return compact({"in_deal": event_type in self.settles_deal or event_type in self.in_deal,
                        "settles": settles, "play": event_type in self.in_deal})


def once(what: str) -> Callable[[dict, dict], str]:
    """A fact that settles `what` ("the stand", "the pool") once per deal."""
    settles = lambda _data, _options: what  # noqa: E731 - named by its attribute below
    settles.what = what  # for the page: offered until the deal's `settled` names it
    return settles


def per_player(what: str, field_name: str = "player") -> Callable[[dict, dict], str]:
    """A fact settled once per deal for each player (Vingt-un: each player's hand)."""
    return lambda data, _options: f"{what} of player:{data[field_name]}"
