"""The games the ledger knows: one module each, listed here and nowhere else.

Adding a game is one new module declaring its `GAME` (see `ledger.games.base.Game`, and the
README's recipe) and a line below; the tests walk this registry, and fail on a game that is
incomplete or that brings no examples to draw it with. The session's catalogue of event
types (`catalogue()`) is built from it: the session's own facts, a game's start (its kind one
of these, its options by the kind's schema), the shared facts and each game's own."""

from marshmallow import ValidationError, fields, post_load

from ledger.events.catalogue import Catalogue
from ledger.events.facts import SESSION_SCHEMAS, EventVoided
from ledger.events.facts import GameStarted as StartedData
from ledger.games import (
    brag, cassino, commerce, generic, jig, loo, newmarket, other, pope_joan, progressive,
    speculation, three_stake_brag, vingt_un,
)
from ledger.games.base import Game
from ledger.language import N_

GAMES: dict[str, Game] = {game.kind: game for game in (
    commerce.GAME, cassino.GAME, vingt_un.GAME, speculation.GAME, brag.GAME,
    three_stake_brag.GAME, jig.GAME, pope_joan.GAME, loo.GAME, newmarket.GAME,
    progressive.GAME, other.GAME,
)}
ALIASES: dict[str, str] = {alias: game.kind for game in GAMES.values() for alias in game.aliases}
# A game whose kind is no longer listed still reads (as a game that takes nothing new).
RETIRED = Game(kind="retired", title=N_("Game"), book="", seats=range(1, 65),
               options=other.OtherOptions)
_made: dict[str, Catalogue] = {}
REVISION = [0]  # how many times the list changed since start-up (what is built from it is
# built again)


def kind_named(name: str) -> str | None:
    """The registered kind a client's name stands for (`jig` is Snip-Snap-Snorum), or None."""
    return name if name in GAMES else ALIASES.get(name)


def of(record) -> Game:
    """The declaration of a game in the session's state (by its stored kind)."""
    return GAMES.get(record.kind, RETIRED)


def named(kind: str) -> Game:
    """The declaration of a stored kind (a kind no longer listed reads as RETIRED)."""
    return GAMES.get(kind, RETIRED)


def register(game: Game) -> None:
    """List a game (as the list above does at start-up; a test registers one of its own)."""
    GAMES[game.kind] = game
    ALIASES.update(dict.fromkeys(game.aliases, game.kind))
    _made.clear()
    REVISION[0] += 1


def unregister(kind: str) -> None:
    game = GAMES.pop(kind)
    for alias in game.aliases:
        ALIASES.pop(alias, None)
    _made.clear()
    REVISION[0] += 1


def event_schemas() -> dict:
    """Every game event type's data schema: the shared ones, then each game's own."""
    schemas = dict(generic.FACTS)
    for game in GAMES.values():
        schemas.update(game.facts)
    return schemas


def catalogue() -> Catalogue:
    """Every type a session records, with its data's schema."""
    if "session" not in _made:
        _made["session"] = Catalogue(
            {**SESSION_SCHEMAS, "game_started": GameStarted, **event_schemas(),
             "event_voided": EventVoided},
            frozenset([*SESSION_SCHEMAS, "game_started"]))
    return _made["session"]


class GameKind(fields.String):
    """A registered kind, or one of its aliases (stored as the kind)."""

    def _deserialize(self, value, attr, data, **kwargs):
        kind = kind_named(super()._deserialize(value, attr, data, **kwargs))
        if kind is None:
            raise ValidationError(f"Must be one of: {', '.join([*GAMES, *ALIASES])}.")
        return kind


class GameStarted(StartedData):
    kind = GameKind(required=True, metadata={"enum": [*GAMES, *ALIASES]})

    @post_load
    def fix_options(self, data: dict, **_) -> dict:
        """Options are fixed at the start, the book's defaults filled in by the game's schema."""
        try:
            data["options"] = GAMES[data["kind"]].options().load(data["options"])
        except ValidationError as error:
            raise ValidationError({"options": error.messages}) from None
        return data
