"""Every output of the night's end agrees with the evening's results read model, and so with
each other, on random evenings of every game (payments, voids, undos, mends and pools left
unwon among them, `test_fold_properties.play`): the settlement read, `results.csv`,
`settlement.csv`, the journal summed by player, the spreadsheet file's results, and an
evening's line in a club's standings.
(The page's sheet, share text and card are drawn from the same read model in the view:
tests/browser/test_night_sheet.py and test_night_end.py.)"""

import io
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openpyxl import load_workbook

from api.exports.workbook import Sheet, workbook
from ledger.clubs.evening import summary as club_evening
from ledger.projections import exports, words
from ledger.projections.balances import balances
from ledger.projections.money import decimal_money
from ledger.projections.results import pool_account, results
from ledger.projections.settlement import settlement
from tests.strategies import kinds
from tests.unit.test_fold_properties import play


def check_results(model: dict, state) -> None:
    """The read model's own sums: results and pools, and what is outstanding and pools, come
    to nothing; what is outstanding is the result and what was paid; the payments listed are
    what was paid."""
    pools = sum(pool["counters"] for pool in model["unclaimed_pools"])
    players = model["players"]
    assert sum(p["result_counters"] for p in players) + pools == 0
    assert sum(p["outstanding_counters"] for p in players) + pools == 0
    value = model["counter_value"]
    paid = {p["id"]: 0 for p in players}
    for payment in model["payments"]:
        paid[payment["from"]] += payment["counters"]
        paid[payment["to"]] -= payment["counters"]
        assert payment["amount_minor"] == payment["counters"] * value
    for p in players:
        assert p["outstanding_counters"] == p["result_counters"] + p["paid_counters"]
        assert p["paid_counters"] == paid[p["id"]]
        assert [p["result_minor"], p["paid_minor"], p["outstanding_minor"]] == [
            value * p[k] for k in ("result_counters", "paid_counters", "outstanding_counters")]
    assert model["all_square"] == (not model["transfers"] and not pools)
    assert [p["id"] for p in players] == list(state.players)


def check_files(model: dict, state, log: list[dict]) -> None:
    """results.csv, settlement.csv and the journal say what the read model says."""
    currency = model["currency"]
    header, rows = exports.results(state)
    at = {name: header.index(name) for name in ("player_id", "counters", "money", "money_decimal")}
    assert [[row[at[k]] for k in at] for row in rows] == [
        [p["id"], p["result_counters"], p["result_minor"],
         decimal_money(p["result_minor"], currency)] for p in model["players"]]

    _, rows = exports.settlement_rows(state)
    kinds_of = [row[7] for row in rows]
    assert [(row[2], row[3], row[4], row[5]) for row in rows if row[7] == "transfer"] == [
        (t["from"], t["to"], t["counters"], t["amount_minor"]) for t in model["transfers"]]
    assert [(row[3], row[4], row[5]) for row in rows if row[7] == "unsettled_pool"] == [
        (pool_account(p["game_id"], p["pool"]), p["counters"], p["amount_minor"])
        for p in model["unclaimed_pools"]]
    assert [(row[9], row[4]) for row in rows if row[7] == "payment"] == [
        (p["event_id"], p["counters"]) for p in model["payments"]]
    assert kinds_of == sorted(kinds_of, key=["transfer", "unsettled_pool", "payment",
                                             "carried_to_tab"].index)

    games_sum, payments_sum = {}, {}  # each player's rows: of the games, and of no game
    for row in exports.journal(log, words.Words(state), frozenset(state.voided)):
        account, amount, game_id = row[6], row[7], row[5]
        if account.startswith("player:"):
            into = games_sum if game_id else payments_sum
            into[account[7:]] = into.get(account[7:], 0) + amount
    for p in model["players"]:
        assert games_sum.get(p["id"], 0) - state.issued.get(p["id"], 0) == p["result_counters"]
        assert payments_sum.get(p["id"], 0) == p["paid_counters"]


def check_workbook(model: dict, state) -> None:
    """The spreadsheet file's results sheet, read back with openpyxl: the read model's."""
    book = load_workbook(io.BytesIO(workbook([], [Sheet("results", *exports.results(state))],
                                             model["currency"])), read_only=True)
    header, *rows = book["results"].iter_rows(values_only=True)
    at = [header.index(name) for name in ("player_id", "name", "counters", "money")]
    decimal = header.index("money_decimal")
    assert [[row[i] for i in at] + [Decimal(str(row[decimal]))] for row in rows] == [
        [p["id"], p["name"], p["result_counters"], p["result_minor"],
         decimal_money(p["result_minor"], model["currency"])] for p in model["players"]]


def check_reads(model: dict, state) -> None:
    """The balances and settlement reads, and the club's line for the evening."""
    by_id = {p["id"]: p for p in model["players"]}
    for p in balances(state)["players"]:
        mine = by_id[p["id"]]
        assert (p["result_counters"], p["result_minor"], p["counters"], p["paid_counters"]) == (
            mine["result_counters"], mine["result_minor"], mine["outstanding_counters"],
            mine["paid_counters"])
    settled = settlement(state)
    assert settled["transfers"] == model["transfers"]
    assert settled["payments"] == model["payments"]
    assert [p["counters"] for p in settled["unsettled_pools"]] == [
        p["counters"] for p in model["unclaimed_pools"]]
    assert {pid: (p["counters"], p["amount_minor"])
            for pid, p in club_evening(state)["players"].items()} == {
        p["id"]: (p["result_counters"], p["result_minor"]) for p in model["players"]}


@pytest.mark.parametrize("kind", kinds())
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_output_of_the_night_agrees_with_the_results(kind, data):
    ledger = play(data, kind)
    state = ledger.state
    model = results(state)
    check_results(model, state)
    check_files(model, state, ledger.log)
    check_reads(model, state)
    check_workbook(model, state)
