"""What a game declares about itself. One module per game under `ledger/games/` builds a
`Game`; the registry (`ledger.games`) lists them and is the only place that names the kinds."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from marshmallow import Schema

from ledger.games.life import DealLife
from ledger.games.page import Button, compact, option_described
from ledger.games.record import GameRecord
from ledger.games.shared_words import SHARED
from ledger.games.told import Sentence
from ledger.language import _

# rule(game in play, data) -> postings; raises a LedgerError to refuse the fact
Rule = Callable[..., list[dict]]


@dataclass(frozen=True)
class Examples:
    """How the tests draw a game: its options, and for each fact it records a function of the
    table as it stands (`table.seats`, `table.dealer`, `table.pools` by name, `table.games`,
    `table.tables` by rank, `table.read(name)`) to a strategy of that fact's data. `options`
    is a strategy, or such a function (a game whose options name the session's tables).
    Built by the game's `examples(st)` from `hypothesis.strategies`, which the tests pass in
    (the service never imports hypothesis)."""

    options: object
    facts: Mapping[str, Callable] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    """Everything about one game: the books' rules it records and how the page offers them.

    - `facts`: its own event types and their data schemas; `generic`: the shared types it takes
      (a game of deals always takes `pool_refunded`: a pool left on the table can be shared
      back, whatever game it is).
    - `rules`: event type -> rule turning a fact into postings (its own types, and any shared
      type it plays differently, e.g. `deal_started` for its antes).
    - `life`: its deal's life (`ledger.games.life`): the facts of a deal in play, what each
      settles, when a deal ends. None for a game without deals (Progressive Poker's rounds).
    - `folds`: event type -> step keeping the game's own record of the fact (`record.facts`).
    - `reads`: the game's own read models by name (`scores`, `progressive`): f(record, state).
    - `over`: whether the game is finished (Cassino won): no deal is due or accepted.
    - `next_fact`: for a game without deals, the fact due next.
    - `csv_columns`: (record, state) -> [(column, {player: value})] added to results.csv.
    - `tallies`: (record, state) -> {tally: {player: n}}, what a club's standings add up over
      its evenings for a member (Cassino's games won, Progressive Poker's yellow chips).
    - `words`: event type -> its sentence (`ledger.games.told`): every own fact is told, and
      any shared fact it tells its own way; a game declared with a fact it cannot tell is
      refused at once.
    - `sheets`: event type -> f(record, deal now) -> {field: what it admits}, what the game
      works out for a sheet as it stands (`default`: Pope Joan's cards dealt to each, from the
      pack and the players; `choices`: Progressive Poker's rebuy, only who has lost all his
      counters), given by its `due` (`ledger.games.due`) and editable on the page.
    - `offers`: for a game without deals, record -> the facts its rules take now (the next
      table's pot, or the bell; a rebuy while someone has lost all his counters).
    - `examples`: st -> Examples, the strategies its tests draw it with.
    - `undone_in_order`: its own facts build on each other (Progressive Poker's rounds, the
      Cassino count that wins the game and pays its stakes): a void takes the latest first;
      what to void first, in words (none: any order).
    """

    kind: str
    title: str
    book: str
    seats: range
    options: type[Schema]
    facts: Mapping[str, type[Schema]] = field(default_factory=dict)
    rules: Mapping[str, Rule] = field(default_factory=dict)
    generic: frozenset[str] = frozenset()
    life: DealLife | None = None
    keeps_deal: bool = False
    pools: tuple[str, ...] = ()  # named pools (`pool:<game>:<name>`); none: the one pool
    pool_names: Mapping[str, str] = field(default_factory=dict)  # each as the table calls it (N_)
    aliases: tuple[str, ...] = ()
    check_start: Callable | None = None
    start_postings: Callable[[dict], list[dict]] | None = None
    folds: Mapping[str, Callable[[GameRecord, dict], None]] = field(default_factory=dict)
    reads: Mapping[str, Callable] = field(default_factory=dict)
    over: Callable[[GameRecord], bool] | None = None
    next_fact: Callable[[GameRecord], str | None] | None = None
    csv_columns: Callable[[GameRecord, object], list[tuple[str, dict]]] | None = None
    tallies: Callable[[GameRecord, object], dict[str, dict[str, int]]] | None = None
    page: tuple[Button, ...] = ()
    words: Mapping[str, Sentence] = field(default_factory=dict)
    sheets: Mapping[str, Callable] = field(default_factory=dict)
    offers: Callable[[GameRecord], list[str]] | None = None
    offered_as: str = ""  # how a list of games to start names it, when not by its title
    examples: Callable | None = None
    undone_in_order: str = ""  # its own facts are voided from the latest back: "the later …"

    def __post_init__(self):
        if self.life is not None:  # a pool left at the evening's end can always go back
            object.__setattr__(self, "generic", self.generic | {"pool_refunded"})
        untold = sorted(kind for kind in [*self.facts, *self.generic]
                        if kind not in self.words and kind not in SHARED)
        if untold:
            raise TypeError(f"{self.kind} records {', '.join(untold)} without words: say how "
                            f"each is told (`words`, README: Adding a game)")

    def sentence(self, event_type: str) -> Sentence | None:
        """How a fact of this game is told: its own words, or the shared facts'."""
        return self.words.get(event_type) or SHARED.get(event_type)

    def takes(self, event_type: str) -> bool:
        return event_type in self.facts or event_type in self.generic

    @property
    def deals(self) -> bool:
        return self.life is not None and self.takes("deal_started")

    def settled_by(self, event_type: str, data: dict, options: dict) -> tuple[str, ...]:
        return self.life.settled_by(event_type, data, options) if self.life else ()

    def kept_by(self, event_type: str, data: dict, options: dict) -> tuple[str, ...]:
        return self.life.kept_by(event_type, data, options) if self.life else ()

    def is_over(self, record: GameRecord) -> bool:
        return self.over is not None and self.over(record)

    def noun(self, event_type: str) -> str:
        """A fact as the table names it: an own fact by its button ("an Out"), a shared one by
        its type in words ("a card bought")."""
        label = next((b.label for b in self.page if b.type == event_type), None)
        words = label if label and event_type in self.facts else event_type.replace("_", " ")
        if words.split()[0].endswith("s"):
            return words
        return f"{'an' if words[0].lower() in 'aeiou' else 'a'} {words}"

    @cached_property
    def nouns(self) -> dict[str, str]:
        """Each fact the game records, as the table names it (`noun`)."""
        return {kind: self.noun(kind) for kind in [*self.facts, *self.generic]}

    def pool_called(self, name: str) -> str:
        """A named pool as the table calls it, in the request's language."""
        return _(self.pool_names.get(name, name))

    def described(self) -> dict:
        """What a client needs to offer this game: its title, how many it seats, its own reads
        and named pools, its options and the facts it records (`GET /api/v1/games`)."""
        return compact({"kind": self.kind, "title": _(self.title), "offered_as": _(self.offered_as),
                        "book": self.book, "seats": [self.seats.start, self.seats.stop - 1],
                        "reads": sorted(self.reads), "pools": list(self.pools),
                        "pool_names": {p: self.pool_called(p) for p in self.pools},
                        "options": [option_described(name, field)
                                    for name, field in self.options().fields.items()],
                        "buttons": [{**b.described(), **self._in_deal(b.type)}
                                    for b in self.page]})

    def _in_deal(self, event_type: str) -> dict:
        """A button's place in the deal's life (the page takes what is due from the game's
        `due` read): `in_deal`, a fact of a deal; `settles`, what it settles once a deal;
        `play`, a fact of the deal's play."""
        life = self.life
        if life is None:
            return {}
        return compact({"in_deal": life.of_deal(event_type),
                        "settles": getattr(life.settles.get(event_type), "what", None),
                        "play": event_type in life.play})
