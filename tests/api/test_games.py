"""Whole deals of each game recorded over HTTP: counters, pools, dealing, and refusals."""

import pytest

from tests.factories import Table


def test_a_commerce_evening_round_the_table(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=1)
    for dealer in (a, b, c, d):
        assert table.get(f"/games/{game}/dealing")["next_dealer"] == dealer
        table.record("deal_started", game)
        table.record("card_bought", game, buyer=table.players[(table.players.index(dealer) + 1) % 4])
        table.record("cards_bartered", game, player=c, **{"with": d})
        table.record("commerce_stand", game, stander=b, winner=b, better_hands=[])
    dealing = table.get(f"/games/{game}/dealing")
    assert dealing["deals"] == {a: 1, b: 1, c: 1, d: 1} and dealing["equal"] is True
    # each deal: antes 1 each and the dealer 1 more (pool 5); the dealer's left buys a card
    # from him for 1; B stands and wins: the pool, and 1 from the dealer (unless B deals).
    # A, C and D each: antes -4, his deal -1, his purchase -1, a sale +1, paying B -1.
    assert table.counters() == {a: -6, b: -4 - 1 - 1 + 1 + 4 * 5 + 3, c: -6, d: -6}
    assert table.pool(game) == 0


def test_an_inconsistent_stand_is_422_and_a_barter_off_the_left_409_and_neither_writes(table):
    """A stand whose own fields disagree is malformed (422); a barter with a player who is not
    on the trader's left contradicts the seating, the session's state (409)."""
    a, b, c, d = table.players
    game = table.start_game(kind="commerce")
    table.record("deal_started", game)
    version = table.get("")["version"]
    response = table.post("commerce_stand", game, data={"stander": b, "winner": a,
                                                         "better_hands": [c]})
    assert response.status_code == 422 and "data.winner" in response.get_json()["errors"]
    response = table.post("cards_bartered", game, data={"player": a, "with": c})
    assert response.status_code == 409 and "data.with" in response.get_json()["errors"]
    assert table.get("")["version"] == version


def test_a_vingt_un_deal_sold_and_a_natural(client):
    table = Table(client, players=3)
    a, b, c = table.players
    game = table.start_game(kind="vingt_un", stake=2, options={"pool_ante": 1, "tie_share": "1/4"})
    table.record("deal_sold", game, seller=a, buyer=b, price=3)
    table.record("deal_started", game)
    assert table.get(f"/games/{game}/dealing")["current_dealer"] == b
    table.record("vingt_un_hand_settled", game, player=a, winner="dealer", tie=True, amount=8)
    table.record("vingt_un_hand_settled", game, player=c, winner="player", natural=True)
    dealing = table.get(f"/games/{game}/dealing")
    # the buyer lost the deal to c's natural: it goes where it would have gone had there been
    # no sale (seed 002): c's natural would have thrown out the seller a, so to c
    assert dealing["next_dealer"] == c
    assert table.counters() == {a: 3 - 1 - 8, b: -3 - 1 + 8 - 2 - 4, c: -1 + 4}
    assert table.pool(game) == 5


@pytest.mark.parametrize("flag", ["yes", "true", 1, 0, "on", None])
def test_a_yes_or_no_is_json_true_or_false_and_nothing_else(client, flag):
    """marshmallow's Boolean took "yes", "on", 1 and 0, which the OpenAPI document (boolean)
    does not: an option and an event's fact alike refuse them."""
    table = Table(client, players=2)
    refused = client.post(table.url("/games"), headers=table.write, json={
        "kind": "cassino", "stake": 1, "seats": table.players,
        "options": {"lowest_scorer_deduction": flag}})
    assert refused.status_code == 422, refused.get_json()
    assert "options.lowest_scorer_deduction" in refused.get_json()["errors"]
    game = table.start_game(kind="vingt_un", stake=2)
    table.record("deal_started", game)
    version = table.get("")["version"]
    refused = table.post("vingt_un_hand_settled", game, data={
        "player": table.players[1], "winner": "player", "natural": flag})
    assert refused.status_code == 422 and "data.natural" in refused.get_json()["errors"]
    assert table.get("")["version"] == version
    assert table.post("vingt_un_hand_settled", game, data={
        "player": table.players[1], "winner": "player", "natural": True}).status_code == 201


def test_unknown_options_and_options_of_the_wrong_shape_are_refused(table):
    for options in ({"tie_share": "1/2"}, {"colour": "red"}, {"pool_ante": "1"}):
        response = table.client.post(table.url("/games"), headers=table.write, json={
            "kind": "vingt_un", "stake": 1, "seats": table.players, "options": options})
        assert response.status_code == 422
        assert any(field.startswith("options") for field in response.get_json()["errors"])


def test_each_kinds_options_are_stored_with_their_defaults(table):
    table.start_game(kind="jig", options={"pool_ante": 1})
    game = table.get("")["games"][0]
    assert game["kind"] == "snip_snap_snorum"
    assert game["options"] == {"pool_ante": 1, "dealer_pays": 0}


def test_every_event_type_is_in_the_openapi_document(client):
    schemas = client.get("/openapi.json").get_json()["components"]["schemas"]
    for name in ("CommerceStandData", "VingtUnHandSettledData", "BragAnteUnseenData",
                 "JigOutData", "BruletData", "VingtUnOptions", "SpeculationOptions"):
        assert name in schemas
