"""The facts the stateful HTTP test sends: the session's own, drawn here, and every game's,
drawn from the examples its module declares (`tests.strategies`), against the table as the
test's reads show it. The kinds are the registry's: a game registered is a game fuzzed."""

import uuid

from hypothesis import strategies as st

from ledger import games
from tests.strategies import TableView, examples_of

KINDS = sorted([*games.GAMES, *games.ALIASES])
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Edwin", "Fanny", "George", "Аnn", "ann", "Zoë", "Zoe\u0308"]


def own_facts(kind: str) -> list[str]:
    """Every fact a game of `kind` records, its own and the shared ones it takes."""
    return sorted(examples_of(games.GAMES[kind]))


def _seat(draw, game):
    return draw(st.sampled_from(game["seats"]))


FACTS = {  # the session's own facts (a game's come from its examples)
    "player_added": lambda self, draw, g, game: {"name": draw(st.sampled_from(NAMES))},
    "table_added": lambda self, draw, g, game: {"name": "T", "rank": draw(st.integers(1, 5))},
    "game_started": lambda self, draw, g, game: {"kind": draw(st.sampled_from(KINDS)),
                                                  "seats": game["seats"], "stake": 1},
    "payment_made": lambda self, draw, g, game: {
        "from": _seat(draw, game), "to": _seat(draw, game), "amount": draw(st.integers(1, 4))},
    "event_voided": lambda self, draw, g, game: {
        "event_id": draw(st.sampled_from(self.events or [str(uuid.uuid4())])), "reason": "undo"},
    "player_renamed": lambda self, draw, g, game: {
        "player": draw(st.sampled_from(self.players or game["seats"])),
        "name": draw(st.sampled_from(NAMES))},
    "player_removed": lambda self, draw, g, game: {
        "player": draw(st.sampled_from(self.players or game["seats"]))},
    "game_removed": lambda self, draw, g, game: {},
    # (the evening is in no club: a carry to a club's tab is refused, and changes nothing)
    "carried_to_tab": lambda self, draw, g, game: {},
    "language_changed": lambda self, draw, g, game: {
        "language": draw(st.sampled_from(["de", "fr", "en", "fr-CA", "ja"]))},
}


def view(machine, game_id: str, game: dict) -> TableView:
    """The table as the test's reads show it, for a game's examples."""
    dealing = machine.read(f"/games/{game_id}/dealing")
    progressive = machine.progressive.get(game_id) or {"seating": {}, "players": {}}
    return TableView(seats=game["seats"], dealer=dealing["current_dealer"],
                     pools=machine.pools.get(game_id, {}), games=list(machine.games),
                     tables=sorted(machine.tables, key=machine.ranks.get),
                     reads={"progressive": progressive})


def draw_fact(machine, draw, event_type: str, game_id: str, game: dict) -> dict:
    """A fact's data; one the game does not record is drawn from a game that does (the
    service refuses it, naming why)."""
    if event_type in FACTS:
        return FACTS[event_type](machine, draw, game_id, game)
    drawn = examples_of(games.GAMES[game["kind"]])
    if event_type not in drawn:
        drawn = next(examples_of(g) for g in games.GAMES.values() if event_type in examples_of(g))
    return draw(drawn[event_type](view(machine, game_id, game)))
