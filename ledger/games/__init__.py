"""The games the ledger knows: one module each, listed here and nowhere else.

Adding a game is one new module declaring its `GAME` (see `ledger.games.base.Game`) and a line
below; `tests/unit/test_game_registry.py` checks that every game listed is complete."""

from ledger.games import (
    brag, cassino, commerce, generic, jig, other, pope_joan, progressive, speculation,
    three_stake_brag, vingt_un,
)
from ledger.games.base import Game

GAMES: dict[str, Game] = {game.kind: game for game in (
    commerce.GAME, cassino.GAME, vingt_un.GAME, speculation.GAME, brag.GAME,
    three_stake_brag.GAME, jig.GAME, pope_joan.GAME, progressive.GAME, other.GAME,
)}
ALIASES: dict[str, str] = {alias: game.kind for game in GAMES.values() for alias in game.aliases}
# A game whose kind is no longer listed still reads (as a game that takes nothing new).
RETIRED = Game(kind="retired", title="Game", book="", seats=range(1, 65),
               options=other.OtherOptions)


def kind_named(name: str) -> str | None:
    """The registered kind a client's name stands for (`jig` is Snip-Snap-Snorum), or None."""
    return name if name in GAMES else ALIASES.get(name)


def of(record: dict) -> Game:
    """The declaration of a game in the session's state (by its stored kind)."""
    return GAMES.get(record["kind"], RETIRED)


def event_schemas() -> dict:
    """Every game event type's data schema: the shared ones, then each game's own."""
    schemas = dict(generic.FACTS)
    for game in GAMES.values():
        schemas.update(game.facts)
    return schemas
