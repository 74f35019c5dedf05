import pytest

from ledger.errors import Invalid
from ledger import games

catalogue = games.catalogue()


@pytest.mark.parametrize("amount", [True, False, 1.0, 2.5, "5", None, 0, -1, 10**9 + 1, [1]])
def test_amounts_must_be_whole_numbers_from_1_to_a_billion(amount):
    with pytest.raises(Invalid) as refused:
        catalogue.load("stake_paid", {"player": "p", "amount": amount})
    assert "data.amount" in refused.value.fields


@pytest.mark.parametrize("amount", [1, 10**9])
def test_amounts_at_the_bounds_are_accepted(amount):
    assert catalogue.load("stake_paid", {"player": "p", "amount": amount})["amount"] == amount


def test_unknown_fields_are_refused_by_name():
    with pytest.raises(Invalid) as refused:
        catalogue.load("penalty_paid", {"player": "p", "amount": 1, "colour": "red"})
    assert list(refused.value.fields) == ["data.colour"]


def test_unknown_event_type_names_the_type_field():
    with pytest.raises(Invalid) as refused:
        catalogue.load("pool_stolen", {})
    assert "type" in refused.value.fields


def test_jig_is_an_alias_of_snip_snap_snorum_and_unknown_kinds_are_refused():
    game = catalogue.load("game_started", {"kind": "jig", "seats": ["a", "b"], "stake": 1})
    assert game["kind"] == "snip_snap_snorum"
    with pytest.raises(Invalid) as refused:
        catalogue.load("game_started", {"kind": "whist", "seats": ["a"], "stake": 1})
    assert "data.kind" in refused.value.fields


def test_a_player_seated_twice_is_refused():
    with pytest.raises(Invalid) as refused:
        catalogue.load("game_started", {"kind": "other", "seats": ["a", "a"], "stake": 1})
    assert "data.seats" in refused.value.fields


def test_barter_keeps_the_clients_word_with():
    assert catalogue.load("cards_bartered", {"player": "a", "with": "b"}) == {
        "player": "a", "with": "b"}
