"""The registry of games: every game listed is complete, and nothing reaches a KeyError."""

import json

import pytest
from marshmallow import Schema

from ledger import games
from ledger.games import generic
from ledger.games.base import Game
from ledger.projections.session import apply, detailed
from ledger.projections.state import SessionState

SCHEMAS = games.catalogue().schemas

DEFAULTS = {"next_dealer", "dealer", "stake", "none"}  # and "=<another field>"; none: a grid
# row left alone (a compartment not won)
INPUTS = {"player", "players", "amount", "text", "bool", "choice", "table", "counts"}


@pytest.mark.parametrize("game", games.GAMES.values(), ids=lambda g: g.kind)
def test_every_game_is_complete(game: Game):
    assert game.kind and game.title and game.book
    assert game.seats.start >= 2 and game.seats.stop - 1 <= 64
    assert issubclass(game.options, Schema)
    asked = tuple(name for name, field in game.options().fields.items() if field.required)
    assert asked in ((), ("tables",))  # (Progressive Poker's tables have no default seating)
    game.options().load({}, partial=asked)  # the book's defaults fill in every other option
    for event_type, schema in game.facts.items():
        assert issubclass(schema, Schema) and SCHEMAS[event_type] is schema
        assert event_type in game.rules, f"{event_type} has no rule"
    assert set(game.rules) <= set(game.facts) | set(generic.RULES)
    assert game.generic <= set(generic.RULES)
    settles = game.life.settles if game.life else {}
    for event_type in (*settles, *game.folds):
        assert game.takes(event_type) and event_type in detailed(), event_type
    if game.life is not None:  # a deal's life names only facts the game records
        assert all(game.takes(t) for t in (*game.life.play, *game.life.settles))
    for button in game.page:
        assert game.takes(button.type) or button.type in game.facts, button.type
        # a whole deal counted in full is a sheet of its own: the page loads its grid when it
        # is asked for (counted.js), never for a card's quick sheet
        assert not (button.quick and any(f.input == "counts" and f.choices for f in button.fields))
        fact = SCHEMAS[button.type]().fields
        for field in button.fields:
            head, _, key = field.name.partition(".")  # `compartments.pope`: a key of a dict
            assert head in fact and field.input in INPUTS, (button.type, field.name)
            if key:  # the dict's keys are validated: this one is among them
                assert fact[head].key_field.deserialize(key) == key, (button.type, field.name)
            assert field.input != "choice" or field.choices
            assert field.default in (None, *DEFAULTS) or isinstance(field.default, int) or (
                field.default[1:] in {f.name for f in button.fields}), (button.type, field.default)
            if field.totals:  # the running totals the page checks are the game's own
                assert field.input == "counts" and set(field.totals) == set(
                    game.options().fields[field.totals_option].validate.choices)
                assert set(next(iter(field.totals.values()))) <= set(field.choices)
        for _label, outcome in button.outcomes:  # each row of the sheet is a valid fact
            SCHEMAS[button.type]().load({"player": "p1", **outcome})
    assert game.page, "the phone page offers nothing for it"
    assert any(button.quick for button in game.page), "no quick sheet for a deal"
    json.dumps(game.described())


def test_kinds_and_aliases_are_named_once():
    names = [*games.GAMES, *games.ALIASES]
    assert len(names) == len(set(names))
    assert games.kind_named("jig") == "snip_snap_snorum"
    assert games.kind_named("whist") is None


def test_every_event_type_is_declared_by_one_place():
    declared = [t for g in games.GAMES.values() for t in g.facts]
    assert len(declared) == len(set(declared))
    assert not set(declared) & set(generic.FACTS)


def test_a_game_of_a_kind_no_longer_listed_still_folds_and_reads():
    """A stored game whose kind is gone from the registry never raises a KeyError."""
    state = SessionState()
    apply(state, {"version": 1, "id": "g", "type": "game_started", "game_id": None,
                 "data": {"kind": "whist", "seats": ["a", "b"], "stake": 1, "options": {}},
                 "postings": [], "session_id": "s", "recorded_at": "x"})
    record = state.games["g"]
    assert games.of(record) is games.RETIRED and not games.of(record).takes("deal_started")
    apply(state, {"version": 2, "id": "e", "type": "deal_started", "game_id": "g", "data": {},
                  "postings": [], "session_id": "s", "recorded_at": "x"})
    apply(state, {"version": 3, "id": "f", "type": "deal_started", "game_id": "ghost", "data": {},
                  "postings": [], "session_id": "s", "recorded_at": "x"})
    assert state.version == 3
