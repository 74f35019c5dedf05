"""Who owes whom, and why: settlement and statements over HTTP."""

from tests.factories import Table


def test_a_non_obvious_settlement_uses_the_fewest_transfers(client):
    table = Table(client, players=5, counter_value=10, currency="EUR")
    a, b, c, d, e = table.players
    game = table.start_game(kind="other")
    # results: a -4, b -3, c +2, d +2, e +3; largest-first greedy would need four transfers
    table.record("stake_paid", game, player=a, amount=2, to=c)
    table.record("stake_paid", game, player=a, amount=2, to=d)
    table.record("stake_paid", game, player=b, amount=3, to=e)
    assert table.counters() == {a: -4, b: -3, c: 2, d: 2, e: 3}
    settlement = table.get("/settlement")
    moves = {(t["from"], t["to"], t["counters"], t["amount_minor"]) for t in settlement["transfers"]}
    assert moves == {(b, e, 3, 30), (a, c, 2, 20), (a, d, 2, 20)}
    assert settlement["unsettled_pools"] == [] and settlement["currency"] == "EUR"
    net = dict.fromkeys(table.players, 0)
    for t in settlement["transfers"]:
        net[t["from"]] += t["counters"]
        net[t["to"]] -= t["counters"]
    assert all(net[p] + table.counters()[p] == 0 for p in table.players)


def test_an_unclaimed_pool_is_shown_and_never_shared_out(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    settlement = table.get("/settlement")
    assert settlement["unsettled_pools"] == [{"game_id": game, "pool": None, "counters": 10}]
    assert settlement["transfers"] == []
    assert settlement["all_square"] is False  # the pool is still owed


def test_each_statement_explains_each_balance(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    bought = table.record("card_bought", game, buyer=b)
    table.record("event_voided", event_id=bought["id"], reason="wrong buyer")
    table.record("card_bought", game, buyer=c)
    table.record("commerce_stand", game, stander=d, winner=d, better_hands=[])
    counters = table.counters()
    for player in table.players:
        statement = table.get(f"/players/{player}/statement")
        assert statement["balance"] == counters[player]
        running = 0
        for entry in statement["entries"]:
            running += entry["amount"]
            assert entry["balance"] == running
    b_entries = table.get(f"/players/{b}/statement")["entries"]
    assert [(e["type"], e["amount"]) for e in b_entries] == [
        ("deal_started", -2), ("card_bought", -2), ("event_voided", 2)]


def test_an_unknown_player_has_no_statement(table):
    response = table.client.get(table.url("/players/nobody/statement"), headers=table.read)
    assert response.status_code == 404


def test_a_refunded_pool_lets_the_evening_close(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)  # a deals: a pays 4, the others 2; pool 10
    short = table.post("pool_refunded", game, data={"shares": {a: 4, b: 2, c: 2}})
    assert short.status_code == 409 and "data.shares" in short.get_json()["errors"]  # the pool holds 10
    table.record("pool_refunded", game, shares={a: 4, b: 2, c: 2, d: 2})
    settlement = table.get("/settlement")
    assert settlement["unsettled_pools"] == [] and settlement["transfers"] == []
    assert settlement["all_square"] is True and settlement["payments"] == []
    assert set(table.counters().values()) == {0}
    assert table.post("pool_refunded", game, data={"shares": {a: 1}}).status_code == 409
