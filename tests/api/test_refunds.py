"""A pool left unclaimed is shared back to those who put it there (…/games/{gid}/refund), and
recorded as `pool_refunded` it lets the evening come to all square."""

from tests.factories import Table


def refund(table, game, pool=None):
    answer = table.client.get(table.url(f"/games/{game}/refund" + (f"?pool={pool}" if pool else "")),
                              headers=table.read)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_pope_joans_board_goes_back_to_the_dealers_who_dressed_it(table):
    a, b, c, d = table.players
    game = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", game)  # A dresses the board: 15
    table.record("pope_joan_out", game, player=c, cards_left={a: 1, b: 2, d: 0})
    table.record("deal_started", game)  # B dresses it again
    table.record("compartment_won", game, compartment="ace", player=d)
    pope = refund(table, game, "pope")
    assert pope == {"game_id": game, "pool": "pope", "counters": 12,
                    "shares": {a: 6, b: 6}, "odd": []}
    ace = refund(table, game, "ace")
    assert ace["counters"] == 0 and ace["shares"] == {}
    table.record("pool_refunded", game, pool="pope", shares=pope["shares"])
    assert refund(table, game, "pope")["counters"] == 0


def test_an_odd_counter_goes_to_the_largest_part_and_is_named(client):
    table = Table(client, players=3)
    a, b, c = table.players
    game = table.start_game(kind="other", stake=1)
    table.record("stake_paid", game, player=a, amount=2)
    table.record("stake_paid", game, player=b, amount=1)
    table.record("stake_paid", game, player=c, amount=1)
    table.record("pool_won", game, winners=[a, b, c])  # 4 among 3: one stays
    shared = refund(table, game)
    assert shared["counters"] == 1 and shared["shares"] == {a: 1} and shared["odd"] == [a]


def test_every_pool_shared_back_brings_the_evening_to_all_square(table):
    a, b, c, d = table.players
    commerce = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", commerce)  # each 2, A 4: pool 10, left unclaimed
    board = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", board)
    table.record("compartment_won", board, compartment="king", player=b)
    for game, pool in [(commerce, None), *((board, p["pool"]) for p in table.get(
            "/settlement")["unsettled_pools"] if p["game_id"] == board)]:
        shared = refund(table, game, pool)
        assert sum(shared["shares"].values()) == shared["counters"] > 0
        table.record("pool_refunded", game, shares=shared["shares"],
                     **({"pool": pool} if pool else {}))
    settlement = table.get("/settlement")
    assert settlement["unsettled_pools"] == [] and settlement["transfers"]
    for transfer in settlement["transfers"]:
        table.record("payment_made", **{"from": transfer["from"], "to": transfer["to"],
                                        "amount": transfer["counters"]})
    assert table.get("/settlement")["all_square"] is True


def test_a_pool_the_game_does_not_have_is_refused_by_name(table):
    commerce = table.start_game(kind="commerce")
    answer = table.client.get(table.url(f"/games/{commerce}/refund?pool=pope"),
                              headers=table.read)
    assert answer.status_code == 404 and "pool" in answer.get_json()["errors"]
    board = table.start_game(kind="pope_joan")
    answer = table.client.get(table.url(f"/games/{board}/refund?pool=kitty"),
                              headers=table.read)
    assert answer.status_code == 404 and "pope" in answer.get_json()["detail"]
