"""Settle-up payments (amendment 4): a player pays another what he owes, outside any game.
The accounts then say what is still owed; results (game winnings) leave payments out."""

import csv
import io

import pytest

from tests.factories import Table


@pytest.fixture
def evening(client):
    """Four players, a counter worth 5p: Ann is down 6, Ben down 6, Cleo up 8, Dora up 4."""
    table = Table(client, counter_value=5)
    game = table.start_game(kind="other")
    a, b, c, d = table.players
    table.record("stake_paid", game, player=a, amount=6, to=c)
    table.record("stake_paid", game, player=b, amount=2, to=c)
    table.record("stake_paid", game, player=b, amount=4, to=d)
    return table


def pay(table, payer, payee, amount, **extra):
    return table.record("payment_made", **{"from": payer, "to": payee, "amount": amount}, **extra)


def by_player(table, field):
    return {p["id"]: p[field] for p in table.get("/balances")["players"]}


def results_csv(table) -> str:
    response = table.client.get(table.url("/export/results.csv"), headers=table.read)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_loser_pays_part_then_the_rest_and_the_evening_ends_all_square(evening):
    table = evening
    a, b, c, d = table.players
    before = table.get("/settlement")
    assert before["all_square"] is False and before["payments"] == []
    assert {(t["from"], t["to"], t["counters"]) for t in before["transfers"]} == {
        (a, c, 6), (b, c, 2), (b, d, 4)}

    first = pay(table, a, c, 2, note="cash")
    assert sorted((p["account"], p["amount"]) for p in first["postings"]) == sorted(
        [(f"player:{a}", 2), (f"player:{c}", -2)])
    partly = table.get("/settlement")  # Ann -4, Ben -6, Cleo +6, Dora +4: two transfers now
    assert {(t["from"], t["to"], t["counters"], t["amount_minor"]) for t in partly["transfers"]} == {
        (a, d, 4, 20), (b, c, 6, 30)}
    assert partly["payments"] == [{"event_id": first["id"], "version": first["version"],
                                   "from": a, "to": c, "counters": 2, "amount_minor": 10,
                                   "note": "cash"}]
    assert partly["all_square"] is False

    pay(table, a, c, 4)
    pay(table, b, c, 2)
    pay(table, b, d, 4)
    settled = table.get("/settlement")
    assert settled["transfers"] == [] and settled["unsettled_pools"] == []
    assert settled["all_square"] is True
    assert [(p["from"], p["to"], p["counters"]) for p in settled["payments"]] == [
        (a, c, 2), (a, c, 4), (b, c, 2), (b, d, 4)]
    assert by_player(table, "counters") == {a: 0, b: 0, c: 0, d: 0}
    assert by_player(table, "amount_minor") == {a: 0, b: 0, c: 0, d: 0}
    assert by_player(table, "result_counters") == {a: -6, b: -6, c: 8, d: 4}
    assert by_player(table, "result_minor") == {a: -30, b: -30, c: 40, d: 20}
    assert by_player(table, "paid_counters") == {a: 6, b: 6, c: -8, d: -4}
    assert {r["id"]: (r["counters"], r["result_counters"]) for r in settled["results"]} == {
        a: (0, -6), b: (0, -6), c: (0, 8), d: (0, 4)}


@pytest.mark.parametrize("amount, payee, field, status", [
    (7, 2, "data.amount", 409),   # Ann owes 6
    (5, 3, "data.amount", 409),   # Dora is owed 4
    (1, 1, "data.amount", 409),   # Ben owes, he is owed nothing
    (1, 0, "data.to", 422),       # Ann paying Ann
])
def test_a_payment_that_does_not_fit_what_is_owed_changes_nothing(evening, amount, payee, field,
                                                                  status):
    table = evening
    players = table.players
    version = table.get("")["version"]
    before = table.get("/balances")
    answer = table.post("payment_made", data={"from": players[0], "to": players[payee],
                                              "amount": amount})
    assert answer.status_code == status, answer.get_json()
    assert answer.mimetype == "application/problem+json"
    assert field in answer.get_json()["errors"]
    assert table.get("")["version"] == version
    assert table.get("/balances") == before


def test_a_payment_names_players_of_the_session_and_belongs_to_no_game(evening, client):
    table = evening
    a, b, c, d = table.players
    stranger = Table(client, players=1).players[0]
    unknown = table.post("payment_made", data={"from": stranger, "to": c, "amount": 1})
    assert unknown.status_code == 404 and "data.from" in unknown.get_json()["errors"]
    unknown = table.post("payment_made", data={"from": a, "to": "nobody", "amount": 1})
    assert unknown.status_code == 404 and "data.to" in unknown.get_json()["errors"]
    game = table.get("")["games"][0]["id"]
    in_a_game = table.post("payment_made", game, data={"from": a, "to": c, "amount": 1})
    assert in_a_game.status_code == 422 and "game_id" in in_a_game.get_json()["errors"]
    for data, field in [({"from": a, "to": c, "amount": 0}, "data.amount"),
                        ({"from": a, "to": c, "amount": 1.5}, "data.amount"),
                        ({"from": a, "to": c}, "data.amount"),
                        ({"to": c, "amount": 1}, "data.from"),
                        ({"from": a, "to": c, "amount": 1, "tip": 1}, "data.tip")]:
        refused = table.post("payment_made", data=data)
        assert refused.status_code == 422 and field in refused.get_json()["errors"], data
    assert table.get("/settlement")["payments"] == []


def test_voiding_a_payment_restores_what_is_owed(evening):
    table = evening
    a, b, c, d = table.players
    owed = table.get("/settlement")
    paid = pay(table, b, d, 4)
    assert table.get("/settlement")["transfers"] != owed["transfers"]
    void = table.record("event_voided", event_id=paid["id"], reason="the note was forged")
    assert sorted((p["account"], p["amount"]) for p in void["postings"]) == sorted(
        [(f"player:{b}", -4), (f"player:{d}", 4)])
    after = table.get("/settlement")
    assert after["transfers"] == owed["transfers"] and after["payments"] == []
    assert by_player(table, "paid_counters") == {a: 0, b: 0, c: 0, d: 0}
    again = table.post("event_voided", data={"event_id": paid["id"], "reason": "twice"})
    assert again.status_code == 409
    pay(table, b, d, 4)  # paid again for real
    assert table.get("/settlement")["transfers"] == [
        t for t in owed["transfers"] if (t["from"], t["to"]) != (b, d)]


def test_results_csv_shows_game_results_whatever_has_been_paid(evening):
    table = evening
    a, b, c, d = table.players
    before = results_csv(table)
    pay(table, a, c, 6)
    pay(table, b, d, 3)
    assert results_csv(table) == before
    rows = {row[0]: row for row in csv.reader(io.StringIO(before.removeprefix("\ufeff")))}
    assert (rows[a][3], rows[a][4], rows[c][3], rows[c][4]) == ("-6", "-30", "8", "40")


def test_a_statement_shows_each_payment_and_its_effect_on_the_balance(evening):
    table = evening
    a, b, c, d = table.players
    first = pay(table, a, c, 2)
    second = pay(table, a, c, 4)
    statement = table.get(f"/players/{a}/statement")
    assert [(e["type"], e["amount"], e["balance"]) for e in statement["entries"]] == [
        ("stake_paid", -6, -6), ("payment_made", 2, -4), ("payment_made", 4, 0)]
    assert [e["event_id"] for e in statement["entries"][1:]] == [first["id"], second["id"]]
    assert statement["balance"] == 0
    payee = table.get(f"/players/{c}/statement")
    assert [(e["type"], e["amount"]) for e in payee["entries"]][-2:] == [
        ("payment_made", -2), ("payment_made", -4)]
    assert payee["balance"] == 2  # Ben's 2 is still to come


def test_a_payment_is_refused_once_the_debt_is_paid(evening):
    table = evening
    a, b, c, d = table.players
    pay(table, a, c, 6)
    version = table.get("")["version"]
    again = table.post("payment_made", data={"from": a, "to": c, "amount": 1})
    assert again.status_code == 409 and "data.amount" in again.get_json()["errors"]
    assert table.get("")["version"] == version
