"""Three-stake Brag over HTTP: the books' rules worked by hand (ledger/games/three_stake_brag.py).

Four players A, B, C, D, one counter a stake; A deals first and the deal passes to the left."""

from tests.factories import Table


def evening(client, **options):
    table = Table(client, players=4)
    game = table.start_game(kind="three_stake_brag", stake=1, options=options)
    return table, game, table.players


def named(table, game):
    return next(p["named"] for p in table.get("/pools")["pools"] if p["game_id"] == game)


def test_an_unanswered_brag_and_a_tie_at_the_first_stake_to_the_eldest_hand(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)  # A deals; each lays down 1 on each stake: -3 each
    assert named(table, game) == {"first": 4, "second": 4, "third": 4}
    # the up-cards are 7♦, K♠, A♣, A♥: two aces, C the elder of C and D takes the first
    table.record("stake_won", game, stake="first", winner=c)
    table.record("brag_bet", game, player=b, amount=2)  # "I brag": nobody answers
    table.record("stake_won", game, stake="second", winner=b)  # 4 + his own 2
    table.record("stake_won", game, stake="third", winner=b)  # 10 + 5 + 10, draws 6♣: 31
    # A: -3; B: -3 - 2 + 6 + 4 = +5; C: -3 + 4 = +1; D: -3
    assert table.counters() == {a: -3, b: 5, c: 1, d: -3}
    assert named(table, game) == {"first": 0, "second": 0, "third": 0}


def test_the_ace_of_diamonds_a_contested_brag_and_thirty_one_to_the_eldest(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    for stake, winner in (("first", c), ("second", b), ("third", b)):
        table.record("stake_won", game, stake=stake, winner=winner)
    before = table.counters()
    table.record("deal_started", game)  # the deal passes left: B deals
    assert table.get(f"/games/{game}/dealing")["current_dealer"] == b
    table.record("stake_won", game, stake="first", winner=b)  # the A♦ above every card
    table.record("brag_bet", game, player=c, amount=2)  # C brags 2 on a pair of kings
    table.record("brag_bet", game, player=d, amount=2)  # D answers: 7♠ 7♣ J♣, a pair-royal
    table.record("stake_won", game, stake="second", winner=d)  # 4 stakes + 4 bragged
    table.record("stake_won", game, stake="third", winner=c)  # 30, 30, 29, 30: the eldest, C
    moved = {p: table.counters()[p] - before[p] for p in (a, b, c, d)}
    # C: -3 - 2 + 4 = -1; D: -3 - 2 + 8 = +3; A: -3; B: -3 + 4 = +1
    assert moved == {a: -3, b: 1, c: -1, d: 3}


def test_each_stake_is_won_once_a_deal_and_one_nobody_wins_stays(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("stake_won", game, stake="first", winner=a)
    refused = table.post("stake_won", game, data={"stake": "first", "winner": b})
    assert refused.status_code == 409 and "first stake" in refused.get_json()["detail"]
    table.record("stake_carried_over", game, stake="third")  # everyone over-drew 31
    assert table.post("stake_won", game, data={"stake": "third", "winner": b}).status_code == 409
    table.record("stake_won", game, stake="second", winner=d)
    assert table.post("brag_bet", game, data={"player": c, "amount": 1}).status_code == 409
    table.record("deal_started", game)
    assert named(table, game) == {"first": 4, "second": 4, "third": 8}  # the third doubled
    table.record("stake_won", game, stake="third", winner=c)
    assert table.counters()[c] == -6 + 8


def test_winning_all_three_stakes_is_paid_the_agreed_bonus_all_round(client):
    table, game, (a, b, c, d) = evening(client, sweep_bonus=2)
    table.record("deal_started", game)
    for stake in ("first", "second", "third"):
        table.record("stake_won", game, stake=stake, winner=b)
    # B: -3 + 12 + 2 from each of three = +15; the others -3 - 2 = -5
    assert table.counters() == {a: -5, b: 15, c: -5, d: -5}


def test_a_table_of_three_to_twelve_and_its_named_pools_refunded_at_the_end(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("stake_won", game, stake="first", winner=a)
    table.record("stake_won", game, stake="second", winner=a)
    settlement = table.get("/settlement")
    assert settlement["unsettled_pools"] == [{"game_id": game, "pool": "third", "counters": 4}]
    assert table.post("pool_refunded", game, data={"shares": {a: 4}}).status_code == 409  # which?
    table.record("pool_refunded", game, pool="third", shares={a: 1, b: 1, c: 1, d: 1})
    assert table.get("/settlement")["unsettled_pools"] == []
    two = Table(client, players=2)
    assert client.post(two.url("/games"), headers=two.write, json={
        "kind": "three_stake_brag", "stake": 1, "seats": two.players}).status_code == 422
