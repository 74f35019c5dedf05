"""A fact may name the deal it was recorded in (`deal` in the append request): one start per
deal when two phones tap Deal together, and a fact recorded offline during a deal that is over
is refused (409, `current_deal`) instead of changing its meaning. Optional for API clients."""

import pytest


def moved_nothing(table, response, before):
    assert response.status_code == 409, response.get_json()
    assert (table.get("")["version"], table.counters(), table.get("/pools")) == before
    return response.get_json()


def snapshot(table):
    return table.get("")["version"], table.counters(), table.get("/pools")


def test_two_phones_starting_the_same_deal_record_it_once(table):
    a, b, *_ = table.players
    game = table.start_game(kind="commerce", stake=2)
    first = table.post("deal_started", game, data={"dealer": a}, deal=1)
    assert first.status_code == 201, first.get_json()
    pool = table.pool(game)
    before = snapshot(table)
    problem = moved_nothing(table, table.post("deal_started", game, data={"dealer": a}, deal=1),
                            before)
    assert problem["current_deal"] == 1
    assert problem["errors"] == {"deal": ["the game is at deal 1"]}
    assert "Deal 1 has already started" in problem["detail"]
    assert table.pool(game) == pool  # the antes were taken once
    # the next deal, named as such, goes in
    assert table.post("deal_started", game, deal=2).status_code == 201
    # a deal from the future is refused too
    problem = moved_nothing(table, table.post("deal_started", game, deal=9), snapshot(table))
    assert problem["current_deal"] == 2


def test_a_fact_recorded_in_a_deal_that_is_over_is_refused(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.post("deal_started", game, data={"dealer": a}, deal=1)
    # phone B (offline) saw deal 1, Ann dealing: it resolved the seller and price itself
    offline = {"buyer": c, "seller": a, "price": 2}
    # phone A recorded the stand and the next deal meanwhile
    table.record("commerce_stand", game, stander=c, winner=c, better_hands=[])
    table.post("deal_started", game, deal=2)
    problem = moved_nothing(table, table.post("card_bought", game, data=offline, deal=1),
                            snapshot(table))
    assert problem["current_deal"] == 2
    assert "recorded during deal 1" in problem["detail"]
    # bound to the deal in progress, a purchase goes in from its dealer, Ben (seed 000: ready
    # money is bought of the dealer), its meaning explicit
    recorded = table.post("card_bought", game, data={**offline, "seller": b}, deal=2)
    assert recorded.status_code == 201, recorded.get_json()
    assert {p["account"]: p["amount"] for p in recorded.get_json()["postings"]} == {
        f"player:{c}": -2, f"player:{b}": 2}


def test_a_voided_start_frees_its_number(table):
    a, *_ = table.players
    game = table.start_game(kind="speculation", stake=1)
    start = table.post("deal_started", game, deal=1).get_json()
    table.record("event_voided", event_id=start["id"], reason="misdeal")
    assert table.post("deal_started", game, deal=1).status_code == 201


def test_without_deal_the_api_behaves_as_before(table):
    game = table.start_game(kind="speculation", stake=1)
    table.record("deal_started", game)
    table.record("deal_started", game)  # no number: an API client may start deals freely


@pytest.mark.parametrize("deal", [0, -1, "2", 1.5, True])
def test_a_bad_deal_number_is_invalid(table, deal):
    game = table.start_game(kind="speculation", stake=1)
    response = table.post("deal_started", game, deal=deal)
    assert response.status_code == 422
    assert "deal" in response.get_json()["errors"]


def test_a_session_event_has_no_deal(table):
    response = table.post("player_added", None, data={"name": "Lydia"}, deal=1)
    assert response.status_code == 422
    assert "deal" in response.get_json()["errors"]


def test_the_dealing_read_model_numbers_the_deal_in_progress(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    assert table.get(f"/games/{game}/dealing")["deal"] == 0
    table.record("deal_started", game)
    assert (table.get(f"/games/{game}/dealing")["deal"], table.get(f"/games/{game}/dealing")["settled"]) == (1, [])
    stand = table.record("commerce_stand", game, stander=b, winner=b, better_hands=[])
    dealing = table.get(f"/games/{game}/dealing")
    assert dealing["deal"] == 1 and dealing["settled"] == ["the stand"]
    table.record("event_voided", event_id=stand["id"], reason="wrong")
    assert table.get(f"/games/{game}/dealing")["settled"] == []


def test_commerce_trades_belong_to_a_deal_dealt_and_not_yet_stood_on(table):
    """Peel: the players trade until one stands, "when the hands are exposed and the round
    settled". A purchase or a barter before the first deal, or after the stand, is refused
    (409) whether or not it names its deal; voiding the stand reopens the deal."""
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    buy = {"buyer": b, "seller": a, "price": 2}  # of the dealer, at the stake (seed 000)
    problem = moved_nothing(table, table.post("card_bought", game, data=buy), snapshot(table))
    assert problem["errors"] == {"game_id": ["no deal yet"]}
    table.record("deal_started", game)
    table.record("card_bought", game, **buy)
    table.record("cards_bartered", game, player=c, **{"with": d})
    stand = table.record("commerce_stand", game, stander=c, winner=c)
    for fact, data in (("card_bought", buy), ("cards_bartered", {"player": c, "with": d})):
        problem = moved_nothing(table, table.post(fact, game, data=data), snapshot(table))
        assert problem["errors"] == {"type": ["this deal has been settled"]}
        assert "the stand" in problem["detail"]
    table.record("event_voided", event_id=stand["id"], reason="stood too soon")
    table.record("card_bought", game, **buy)  # the deal is open again
    table.record("commerce_stand", game, stander=c, winner=c)
    table.record("deal_started", game)
    table.record("card_bought", game, buyer=c, seller=b, price=2)  # the next deal's, of Ben
