"""A deal is settled once (SPEC §10.2): a second settling fact of the same kind in the same
deal is a 409 that moves nothing; voiding the settlement reopens the deal; fines go on."""

import pytest

from tests.factories import Table

SETTLED = "this deal has been settled"


def refused_and_nothing_moved(table, event_type, game, **data):
    before = (table.get("")["version"], table.counters(), table.get("/pools"))
    response = table.post(event_type, game, data=data)
    assert response.status_code == 409, response.get_json()
    assert "start the next deal" in response.get_json()["detail"]
    assert (table.get("")["version"], table.counters(), table.get("/pools")) == before
    return response


def test_a_second_commerce_stand_in_one_deal_is_refused(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    stand = table.record("commerce_stand", game, stander=b, winner=c, better_hands=[c])
    # a second phone records the same stand with its own id
    refused_and_nothing_moved(table, "commerce_stand", game, stander=b, winner=c, better_hands=[c])
    table.record("penalty_paid", game, player=d, amount=1, reason="showed a card")  # fines go on
    table.record("event_voided", event_id=stand["id"], reason="wrong winner")
    table.record("commerce_stand", game, stander=b, winner=d, better_hands=[d])  # reopened
    table.record("deal_started", game)
    table.record("commerce_stand", game, stander=a, winner=a)  # the next deal settles anew


def test_brags_pool_is_settled_once_whether_won_or_unseen(client):
    table = Table(client, players=3)
    a, b, c = table.players
    game = table.start_game(kind="brag", stake=2)
    table.record("deal_started", game)
    table.record("brag_ante_unseen", game)
    refused_and_nothing_moved(table, "brag_ante_unseen", game)
    refused_and_nothing_moved(table, "pool_won", game, winners=[b])


def test_a_second_out_is_refused(table):
    a, b, c, d = table.players
    game = table.start_game(kind="jig", options={"pool_ante": 1})
    table.record("deal_started", game)
    table.record("jig_out", game, player=a, cards_left={b: 1, c: 2, d: 0})
    refused_and_nothing_moved(table, "jig_out", game, player=b, cards_left={a: 0, c: 2, d: 0})


def test_speculations_pool_is_won_or_carried_once(table):
    a, b, *_ = table.players
    game = table.start_game(kind="speculation", stake=1)
    table.record("deal_started", game)
    table.record("pool_carried_over", game)
    refused_and_nothing_moved(table, "pool_won", game, winners=[b])
    table.record("deal_started", game)
    table.record("pool_won", game, winners=[a])


def test_vingt_un_settles_each_hand_and_the_brulet_once_per_deal(table):
    a, b, c, d = table.players
    game = table.start_game(kind="vingt_un", stake=1, options={"overdraw_penalty": 1})
    table.record("deal_started", game)  # a deals
    table.record("vingt_un_hand_settled", game, player=b, winner="player")
    response = refused_and_nothing_moved(table, "vingt_un_hand_settled", game, player=b,
                                         winner="dealer")
    assert "hand of" in response.get_json()["detail"]
    table.record("vingt_un_hand_settled", game, player=c, winner="dealer")  # another hand
    table.record("brulet", game)
    refused_and_nothing_moved(table, "brulet", game)
    table.record("vingt_un_overdrawn", game)
    refused_and_nothing_moved(table, "vingt_un_overdrawn", game)
    table.record("deal_started", game)
    table.record("vingt_un_hand_settled", game, player=b, winner="player")


def test_one_count_per_cassino_deal_and_the_deals_are_the_scores_deals(client):
    table = Table(client, players=2)
    a, b = table.players
    game = table.start_game(kind="cassino", options={"target": 50})
    whole = {a: {"cards": 30, "spades": 8, "aces": 2, "great_cassino": 1, "little_cassino": 1,
                 "sweeps": 1},
             b: {"cards": 22, "spades": 5, "aces": 2, "great_cassino": 0, "little_cassino": 0,
                 "sweeps": 0}}
    assert table.post("cassino_deal_counted", game, data={"counts": whole}).status_code == 409
    table.record("deal_started", game)
    first = table.record("cassino_deal_counted", game, counts=whole)
    refused_and_nothing_moved(table, "cassino_deal_counted", game, counts=whole)
    waiting = table.record("deal_started", game)
    assert table.post("deal_started", game).status_code == 409  # count this deal first
    table.record("cassino_deal_counted", game, counts=whole)
    dealt = table.get(f"/games/{game}/dealing")["deals"]
    assert sum(dealt.values()) == len(table.get(f"/games/{game}/scores")["deals"]) == 2
    # a deal whose count stands cannot be voided; its count first, then the deal
    assert table.post("event_voided", data={"event_id": waiting["id"],
                                             "reason": "x"}).status_code == 409
    assert first["id"] in [d["event_id"] for d in table.get(f"/games/{game}/scores")["deals"]]


@pytest.mark.parametrize("kind, seats, allowed", [
    ("brag", 2, False), ("brag", 3, True), ("brag", 12, True), ("brag", 13, False),
    ("cassino", 1, False), ("cassino", 2, True), ("cassino", 6, True), ("cassino", 7, False),
    ("commerce", 1, False), ("vingt_un", 1, False), ("other", 1, False), ("other", 2, True),
])
def test_each_games_seats_are_what_its_book_allows(client, kind, seats, allowed):
    table = Table(client, players=13)
    response = client.post(table.url("/games"), headers=table.write, json={
        "kind": kind, "stake": 1, "seats": table.players[:seats]})
    assert response.status_code == (201 if allowed else 422), response.get_json()
    if not allowed:
        assert "data.seats" in response.get_json()["errors"]


def cassino_counts(first, second, changes):
    a, b = first, second
    counts = {a: {"cards": 30, "spades": 8, "aces": 2, "great_cassino": 1, "little_cassino": 1,
                  "sweeps": 1},
              b: {"cards": 22, "spades": 5, "aces": 2, "great_cassino": 0, "little_cassino": 0,
                  "sweeps": 0}}
    for player, fields in changes.items():
        counts[{"a": a, "b": b}[player]].update(fields)
    return counts


@pytest.mark.parametrize("changes", [
    # Little Cassino is the two of spades: whoever took it took a spade
    {"a": {"spades": 13, "little_cassino": 0}, "b": {"spades": 0, "little_cassino": 1}},
    # 13 spades, Great Cassino (the 10♦) and three aces besides the ace of spades: 17 cards
    {"a": {"cards": 15, "spades": 13, "aces": 4}, "b": {"cards": 37, "spades": 0, "aces": 0}},
    {"a": {"cards": 2, "spades": 1, "aces": 1, "great_cassino": 1},
     "b": {"cards": 50, "spades": 12, "aces": 3, "great_cassino": 0, "little_cassino": 0}},
])
def test_counts_that_contradict_the_cards_are_refused(client, changes):
    table = Table(client, players=2)
    a, b = table.players
    game = table.start_game(kind="cassino")
    table.record("deal_started", game)
    response = table.post("cassino_deal_counted", game,
                          data={"counts": cassino_counts(a, b, changes)})
    assert response.status_code == 422, response.get_json()
    assert any(field.startswith("data.counts") for field in response.get_json()["errors"])
