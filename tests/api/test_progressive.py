"""Progressive Poker over three tables: pots, bells, moves, cuts, a rebuy and the prizes."""

import pytest

from tests.factories import Table


@pytest.fixture
def evening(client):
    table = Table(client, players=0)
    p = [table.add_player(name=f"P{i}", group="lady" if i % 2 else "gentleman")
         for i in range(12)]
    tables = [table.client.post(table.url("/tables"), json={"name": f"T{r}", "rank": r},
                                headers=table.write).get_json()["id"] for r in (1, 2, 3)]
    game = table.start_game(kind="progressive_poker", seats=p, options={
        "tables": [{"table_id": t, "seats": p[4 * i:4 * i + 4]} for i, t in enumerate(tables)]})
    return table, p, tables, game


def pot(table, game, at, winner, contributions, callers=()):
    return table.post("progressive_pot_won", game, data={
        "table_id": at, "winner": winner, "contributions": contributions, "callers": list(callers)})


def won(table, game, *args, **kwargs):
    response = pot(table, game, *args, **kwargs)
    assert response.status_code == 201, response.get_json()


def test_an_evening_of_two_rounds_a_tie_and_a_rebuy(evening):
    table, p, (t1, t2, t3), game = evening
    start = table.get("/progressive")
    assert start["players"][p[0]] == {"table_id": t1, "counters": 50, "won": 0,
                                      "yellow_chips": 0, "rebuys": 0}
    assert table.counters()[p[0]] == 0  # the bank's stake is charged at settling

    # Round 1. At the head table P1 and P3 tie on fewest (40), but P1 called: P3 goes down.
    won(table, game, t1, p[0], {p[0]: 10, p[1]: 10, p[2]: 5, p[3]: 10}, callers=[p[1]])
    won(table, game, t2, p[4], {p[4]: 5, p[5]: 5})
    assert table.post("progressive_round_ended", game).status_code == 409  # T3's pot missing
    won(table, game, t3, p[8], {p[8]: 5, p[9]: 5})
    table.record("progressive_round_ended", game)
    after = table.get("/progressive")
    assert after["last_round"]["yellow_chip"] == p[0]
    assert {(m["player"], m["from"], m["to"]) for m in after["last_round"]["moves"]} == {
        (p[3], t1, t3), (p[4], t2, t1), (p[8], t3, t2)}
    assert after["seating"] == {t1: [p[0], p[1], p[2], p[4]], t2: [p[5], p[6], p[7], p[8]],
                                t3: [p[9], p[10], p[11], p[3]]}

    # Round 2. P1 and P2 tie on fewest outside the call: the highest cut goes down.
    won(table, game, t1, p[4], {p[4]: 5, p[2]: 5})
    won(table, game, t2, p[8], {p[8]: 5, p[5]: 45})  # P5 loses everything
    won(table, game, t3, p[9], {p[9]: 5, p[10]: 5})
    tie = table.post("progressive_round_ended", game)
    assert tie.status_code == 422 and "data.cuts" in tie.get_json()["errors"]
    table.record("progressive_round_ended", game, cuts={p[1]: 3, p[2]: 9})
    after = table.get("/progressive")
    assert (p[2], t1, t3) in {(m["player"], m["from"], m["to"]) for m in after["last_round"]["moves"]}
    assert after["players"][p[4]]["yellow_chips"] == 1

    # P5 is broke: a fresh stake, and he changes seats with the booby table's richest (P11).
    assert table.post("progressive_rebuy", game, data={"player": p[6]}).status_code == 409
    table.record("progressive_rebuy", game, player=p[5])
    after = table.get("/progressive")
    assert after["players"][p[5]] == {"table_id": t3, "counters": 50, "won": -50,
                                      "yellow_chips": 0, "rebuys": 1}
    assert after["players"][p[11]]["table_id"] == t2
    assert after["prizes"]["most_yellow_chips"] == p[0]  # one chip each: P0 has more counters
    assert after["prizes"]["booby"] == p[5]
    # won: gentlemen P0 +25, P4 +10, P8 +50; ladies P7, P9, P11 tie at 0: the earlier seat
    assert after["prizes"]["groups"] == {"gentleman": p[8], "lady": p[7]}
    counters = table.counters()
    assert counters[p[5]] == -50 and sum(counters.values()) == 0
    assert table.get("/settlement")["unsettled_pools"] == []


def test_impossible_pots_are_refused_and_write_nothing(evening):
    table, p, (t1, t2, t3), game = evening
    version = table.get("")["version"]
    assert pot(table, game, t1, p[0], {p[0]: 5, p[4]: 5}).status_code == 409     # not at T1
    assert pot(table, game, t1, p[0], {p[0]: 5, p[1]: 51}).status_code == 409    # more than held
    assert pot(table, game, t1, p[2], {p[0]: 5, p[1]: 5}).status_code == 422     # winner gave nothing
    assert pot(table, game, t1, p[0], {p[0]: 5}, callers=[p[5]]).status_code == 409  # not at T1
    assert pot(table, game, t1, p[0], {p[0]: 5}, callers=[p[0]]).status_code == 422  # the winner
    assert table.post("stake_paid", game, data={"player": p[0], "amount": 1}).status_code == 409
    assert table.get("")["version"] == version
    won(table, game, t1, p[0], {p[0]: 5, p[1]: 5})
    assert pot(table, game, t1, p[1], {p[1]: 5, p[0]: 5}).status_code == 409     # second pot


def test_progressive_events_are_undone_from_the_latest(evening):
    table, p, (t1, t2, t3), game = evening
    first = table.record("progressive_pot_won", game, table_id=t1, winner=p[0],
                         contributions={p[0]: 5, p[1]: 5}, callers=[])
    second = table.record("progressive_pot_won", game, table_id=t2, winner=p[4],
                          contributions={p[4]: 5, p[5]: 5}, callers=[])
    assert table.post("event_voided", data={"event_id": first["id"], "reason": "x"}).status_code == 409
    table.record("event_voided", event_id=second["id"], reason="wrong table")
    assert table.get("/progressive")["pots_this_round"] == [t1]
    assert table.get("/progressive")["players"][p[5]]["counters"] == 50


def test_the_tables_must_seat_every_player_once_head_table_first(client):
    table = Table(client, players=4)
    t1, t2 = (table.client.post(table.url("/tables"), json={"name": n, "rank": r},
                                headers=table.write).get_json()["id"] for n, r in (("H", 1), ("B", 2)))
    a, b, c, d = table.players
    for tables, status in (  # the tables' ranks are the session's (409); the seats the request's
            ([{"table_id": t2, "seats": [a, b]}, {"table_id": t1, "seats": [c, d]}], 409),
            ([{"table_id": t1, "seats": [a, b]}, {"table_id": t2, "seats": [c]}], 422),
            ([], 422)):
        response = table.client.post(table.url("/games"), headers=table.write, json={
            "kind": "progressive_poker", "stake": 1, "seats": table.players,
            "options": {"tables": tables}})
        assert response.status_code == status, response.get_json()


def test_results_csv_carries_yellow_chips(evening):
    import csv
    import io
    table, p, (t1, t2, t3), game = evening
    won(table, game, t1, p[0], {p[0]: 5, p[1]: 5})
    won(table, game, t2, p[4], {p[4]: 5, p[5]: 5})
    won(table, game, t3, p[8], {p[8]: 5, p[9]: 5})
    table.record("progressive_round_ended", game)
    text = table.client.get(table.url("/export/results.csv"), headers=table.read).get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][-1] == "yellow_chips_1"
    assert {row[0]: row[-1] for row in rows[1:]}[p[0]] == "1"
