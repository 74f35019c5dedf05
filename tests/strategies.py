"""How the tests draw any registered game: its options and the data of every fact it records,
from the examples its own module declares (`Game.examples`) and the shared facts' (`generic`).
A game listed in the registry without examples for every fact it takes fails here, loudly."""

from dataclasses import dataclass, field

from hypothesis import strategies as st

from ledger import games
from ledger.games import generic
from ledger.games.base import Game


@dataclass
class TableView:
    """The table as it stands, as a game's examples see it (`ledger.games.base.Examples`)."""

    seats: list[str]
    dealer: str | None = None
    pools: dict = field(default_factory=dict)  # the game's pools by name (None: its one pool)
    games: list[str] = field(default_factory=list)  # the session's games
    tables: list[str] = field(default_factory=list)  # the session's tables, head table first
    reads: dict = field(default_factory=dict)  # the game's own read models, by name

    def read(self, name: str) -> dict:
        return self.reads[name]


class Incomplete(AssertionError):
    """A registered game that brings no examples for a fact it records."""


def examples_of(game: Game) -> dict:
    """Each fact the game records, with a function of the table to a strategy of its data."""
    if game.examples is None:
        raise Incomplete(f"{game.kind} is registered without examples: declare "
                         f"`examples(st)` in its module (README: Adding a game)")
    own = game.examples(st)
    shared = generic.examples(st)
    drawn = {kind: shared[kind] for kind in game.generic if kind in shared}
    drawn.update(own.facts)
    missing = sorted(kind for kind in [*game.facts, *game.generic] if kind not in drawn)
    if missing:
        raise Incomplete(f"{game.kind} records {', '.join(missing)} without examples")
    return drawn


def options_of(game: Game, table: TableView):
    options = game.examples(st).options
    return options(table) if callable(options) else options


def kinds() -> list[str]:
    """Every registered kind, for tests that walk the registry."""
    return sorted(games.GAMES)


MENDS = ("player_renamed", "player_removed", "game_removed")
NAMES = ("Ann", "ann", "Ben", "P0", "P1", "Zoë", "Spare")


def mends(players: list[str], game_ids: list[str]):
    """A mend of the set-up as a client sends it, `(type, game_id, data)`, drawn against the
    session's players and games: a player renamed (often to a name too like another's) or
    removed, a game removed; the rules refuse many (a seated player, a game with facts)."""
    drawn = []
    if players:
        who = st.sampled_from(players)
        drawn.append(st.tuples(st.just("player_renamed"), st.none(), st.fixed_dictionaries(
            {"player": who, "name": st.sampled_from(NAMES)})))
        drawn.append(st.tuples(st.just("player_removed"), st.none(),
                               who.map(lambda p: {"player": p})))
    if game_ids:
        drawn.append(st.tuples(st.just("game_removed"), st.sampled_from(game_ids), st.just({})))
    return st.one_of(drawn) if drawn else st.nothing()
