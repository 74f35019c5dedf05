"""CSV exports parse, carry one journal row per posting, say in words whose each account is
and what each event did, show money as integer minor units and as a decimal, add up with
the JSON read models, and are safe in a spreadsheet."""

import csv
import io
import re
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from api.exports.resources import cell, lines, looks_like_a_formula
from ledger.projections.money import decimal_money
from tests.factories import Table

BOM = "\ufeff"
JOURNAL = ["position", "version", "recorded_at", "event_id", "type", "game_id", "account",
           "amount", "holder", "description", "money", "money_decimal", "currency"]


def download(table, name, language="en"):
    response = table.client.get(table.url(f"/export/{name}.csv"),
                                headers={**table.read, "Accept-Language": language})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    opened = table.get("/events")["events"][0]  # named by the evening and its day, no id
    stem = re.sub(r"[^a-z0-9]+", "-", opened["data"]["name"].lower()).strip("-")
    zone = ZoneInfo(opened["data"].get("time_zone", "UTC"))  # the day where it is played
    day = datetime.fromisoformat(opened["recorded_at"]).astimezone(zone).date().isoformat()
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="{stem}-{day}-{name}.csv"')
    body = response.get_data()
    assert body.startswith(BOM.encode("utf-8")) and not body.startswith(2 * BOM.encode("utf-8"))
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


def records(rows):
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def test_journal_has_one_row_per_posting_in_log_order(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    table.record("card_bought", game, buyer=b)
    rows = download(table, "journal")
    assert rows[0][:len(JOURNAL)] == JOURNAL  # the columns the SPEC names first, in their order
    assert rows[0][len(JOURNAL):] == ["local_time (UTC)"]
    events = table.get("/events")["events"]
    expected = [(e["id"], p["account"], str(p["amount"])) for e in events for p in e["postings"]]
    assert [(r[3], r[6], r[7]) for r in rows[1:]] == expected
    assert sum(int(r[7]) for r in rows[1:]) == 0
    assert sum(int(r[10]) for r in rows[1:]) == 0


def test_the_journal_names_each_holder_and_says_what_happened(client):
    table = Table(client, players=0, counter_value=5)
    ann, ben, cleo, dora = (table.add_player(name=name) for name in ("Ann", "Ben", "Cleo", "Dora"))
    game = table.start_game(kind="commerce", stake=2, seats=[ann, ben, cleo, dora])
    table.record("deal_started", game, dealer=ann)
    bought = table.record("card_bought", game, buyer=ben)
    table.record("event_voided", event_id=bought["id"], reason="wrong buyer")
    table.record("card_bought", game, buyer=cleo)
    table.record("commerce_stand", game, stander=dora, winner=dora, better_hands=[])
    table.record("deal_started", game, dealer=ben)
    table.record("payment_made", **{"from": cleo, "to": dora, "amount": 2, "note": "cash"})
    said = {(r["event_id"], r["account"]): r for r in records(download(table, "journal"))}
    events = {e["version"]: e for e in table.get("/events")["events"]}

    def row(version, account):
        return said[(events[version]["id"], account)]

    first_deal, bought_v, void_v, bought_again, stand, second_deal, paid = range(7, 14)
    assert row(first_deal, f"player:{ann}")["description"] == (
        "Commerce · Deal 1 · Ann dealt; each paid 2 into the pool, Ann 4")
    assert row(first_deal, f"player:{ann}")["holder"] == "Ann"
    assert row(first_deal, f"pool:{game}")["holder"] == "pool of Commerce"
    assert row(bought_v, f"player:{ann}")["description"] == (
        "Commerce · Deal 1 · Ben bought a card from Ann for 2 (undone)")
    assert row(void_v, f"player:{ben}")["description"] == (
        "Undo: Commerce · Deal 1 · Ben bought a card from Ann for 2 — wrong buyer")
    assert row(bought_again, f"player:{cleo}")["description"] == (
        "Commerce · Deal 1 · Cleo bought a card from Ann for 2")
    assert row(stand, f"player:{dora}")["description"] == (
        "Commerce · Deal 1 · Dora stood; Dora won the pool of 10 and a stake of 2 from Ann, "
        "the dealer")
    assert row(second_deal, f"player:{ben}")["description"] == (
        "Commerce · Deal 2 · Ben dealt; each paid 2 into the pool, Ben 4")
    payment = row(paid, f"player:{cleo}")
    assert payment["description"] == "Cleo paid Dora 2 (cash)" and payment["type"] == "payment_made"
    # money in major units as every locale's spreadsheet reads a number: 10E-2 is 0.10
    assert (payment["amount"], payment["money"], payment["money_decimal"], payment["currency"]) == (
        "2", "10", "10E-2", "GBP")
    assert row(paid, f"player:{dora}")["money_decimal"] == "-10E-2"
    # the void's rows are the game's: a game's rows sum to what it moved, the undone purchase
    # netted out (a spreadsheet's SUMIFS by game_id)
    assert row(void_v, f"player:{ben}")["game_id"] == game
    game_rows = [r for r in said.values() if r["game_id"] == game]
    moved = {}
    for r in game_rows:
        moved[r["account"]] = moved.get(r["account"], 0) + int(r["amount"])
    balances = {p["id"]: p["counters"] for p in table.get("/balances")["players"]}
    assert moved[f"player:{ben}"] == balances[ben] == -2 - 4  # his antes, the dealer double; no purchase
    assert moved[f"player:{cleo}"] == balances[cleo] - 2  # her payment of 2 is not the game's


def test_the_journal_says_what_the_events_read_says(client):
    """One home for the words: the journal's description is the events read's `said`, with
    " (undone)" after an event undone since."""
    table = Table(client, players=0)
    ann, ben, cleo = (table.add_player(name=name) for name in ("Ann", "Ben", "Cleo"))
    game = table.start_game(kind="snip_snap_snorum", stake=1, seats=[ann, ben, cleo],
                            options={"pool_ante": 1})
    table.record("deal_started", game)
    fined = table.record("penalty_paid", game, player=ben, amount=2, reason="a false call")
    table.record("event_voided", event_id=fined["id"], reason="he was right")
    table.record("jig_out", game, player=cleo, cards_left={ann: 3, ben: 0})
    events = table.get("/events")["events"]
    said = {e["id"]: e["said"] for e in events}
    assert said[events[-1]["id"]] == ("Snip-Snap-Snorum · Deal 1 · Cleo went out, cards left "
                                      "Ann 3, Ben 0: Cleo took 3 for them and the pool of 3")
    assert said[fined["id"]] == ("Snip-Snap-Snorum · Deal 1 · Ben was fined 2, paid into the "
                                 "pool (a false call)")
    for row in records(download(table, "journal")):
        undone = " (undone)" if row["event_id"] == fined["id"] else ""
        assert row["description"] == said[row["event_id"]] + undone
    later = table.get(f"/events?after={events[-2]['version']}")["events"]
    assert [e["said"] for e in later] == [said[events[-1]["id"]]]  # a page says the same


def test_named_pools_are_shown_by_name(client):
    """By the names the table calls them (the game's `pool_names`), in the request's language."""
    table = Table(client, players=4)
    game = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", game)
    holders = {r["account"]: r["holder"] for r in records(download(table, "journal"))}
    assert holders[f"pool:{game}:pope"] == "Pope pool of Pope Joan"
    assert holders[f"pool:{game}:matrimony"] == "Matrimony pool of Pope Joan"
    second = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", second)
    holders = {r["account"]: r["holder"] for r in records(download(table, "journal"))}
    assert holders[f"pool:{second}:pope"] == "Pope pool of Pope Joan 2"
    german = {r["account"]: r["holder"] for r in records(download(table, "journal", "de"))}
    assert german[f"pool:{game}:matrimony"] == "Kasse Mariage von Poch"


def test_recorded_at_is_utc_as_a_spreadsheet_reads_a_date_and_time(table):
    game = table.start_game(kind="other")
    table.record("stake_paid", game, player=table.players[0], amount=1)
    rows = download(table, "journal")
    assert rows[0] == [*JOURNAL, "local_time (UTC)"]  # an evening opened without a zone
    recorded = {e["id"]: e["recorded_at"] for e in table.get("/events")["events"]}
    for row in records(rows):
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", row["recorded_at"])
        moment = datetime.fromisoformat(recorded[row["event_id"]]).astimezone(UTC)
        assert row["recorded_at"] == moment.strftime("%Y-%m-%dT%H:%M:%S")
        assert row["local_time (UTC)"] == row["recorded_at"]


@pytest.mark.parametrize("minor, currency, shown", [
    (-145, "GBP", "-1.45"), (5, "GBP", "0.05"), (-5, "EUR", "-0.05"), (0, "USD", "0.00"),
    (100, "GBP", "1.00"), (500, "JPY", "500"), (-7, "KRW", "-7"), (1234, "BHD", "1.234"),
    (-1, "KWD", "-0.001"), (12345, "CLF", "1.2345"), (150, "XYZ", "1.50"),
    (10**18 + 1, "GBP", "10000000000000000.01"),
])
def test_money_is_written_with_the_currency_s_decimals(minor, currency, shown):
    value = decimal_money(minor, currency)
    assert isinstance(value, Decimal) and str(value) == shown
    assert value == Decimal(minor).scaleb(-{"JPY": 0, "KRW": 0, "BHD": 3, "KWD": 3,
                                           "CLF": 4}.get(currency, 2))


@pytest.mark.parametrize("currency, value, shown", [("GBP", 5, "-20E-2"), ("JPY", 50, "-200"),
                                                    ("BHD", 250, "-1000E-3")])
def test_results_carry_money_as_a_decimal_and_the_counter_value(client, currency, value, shown):
    table = Table(client, players=2, counter_value=value, currency=currency)
    a, b = table.players
    game = table.start_game(kind="other")
    table.record("stake_paid", game, player=a, amount=4, to=b)
    rows = download(table, "results")
    assert rows[0][:8] == ["player_id", "name", "group", "counters", "money", "currency",
                           "money_decimal", "counter_value"]
    by_id = {row[0]: row for row in rows[1:]}
    assert by_id[a][3:8] == ["-4", str(-4 * value), currency, shown, str(value)]
    assert by_id[b][6] == shown.removeprefix("-")  # a winner's money is no formula either


def test_settlement_csv_adds_up_with_the_read_model(client):
    """Transfers still owed plus the unsettled pools are what the players who are down still
    owe; the payments already made are listed too."""
    table = Table(client, players=5, counter_value=10, currency="EUR")
    a, b, c, d, e = table.players
    other = table.start_game(kind="other")
    table.record("stake_paid", other, player=a, amount=4, to=c)
    table.record("stake_paid", other, player=b, amount=3, to=d)
    table.record("stake_paid", other, player=e, amount=2)  # into the pool, unclaimed
    commerce = table.start_game(kind="commerce", stake=1, seats=[a, b, c, d])
    table.record("deal_started", commerce)  # a pool of 5, unclaimed
    paid = table.record("payment_made", **{"from": a, "to": c, "amount": 3})
    model = table.get("/settlement")
    rows = records(download(table, "settlement"))
    kinds = [r["kind"] for r in rows]
    assert kinds == sorted(kinds, key=["transfer", "unsettled_pool", "payment"].index)
    transfers = [r for r in rows if r["kind"] == "transfer"]
    pools = [r for r in rows if r["kind"] == "unsettled_pool"]
    payments = [r for r in rows if r["kind"] == "payment"]
    assert [(r["from_id"], r["to_id"], int(r["counters"]), int(r["money"]))
            for r in transfers] == [(t["from"], t["to"], t["counters"], t["amount_minor"])
                                    for t in model["transfers"]]
    assert [(r["to_id"], r["to"], int(r["counters"])) for r in pools] == [
        (f"pool:{other}", "pool of Game", 2), (f"pool:{commerce}", "pool of Commerce", 5)]
    assert [p["counters"] for p in model["unsettled_pools"]] == [2, 5]
    assert [(r["from_id"], r["to_id"], r["counters"], r["money"], r["money_decimal"],
             r["event_id"]) for r in payments] == [(a, c, "3", "30", "30E-2", paid["id"])]
    down = sum(-p["counters"] for p in table.get("/balances")["players"] if p["counters"] < 0)
    assert sum(int(r["counters"]) for r in transfers + pools) == down
    assert sum(Decimal(r["money_decimal"]) for r in transfers + pools) == Decimal(down * 10) / 100
    assert all(r["currency"] == "EUR" for r in rows)


def test_names_that_look_like_formulas_are_neutralised_and_numbers_stay_numbers(client):
    table = Table(client, players=0)
    hostile = ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "＝SUM(A1)",
               "O'Hara, \"Ned\""]
    players = [table.add_player(name=name, group="-lady") for name in hostile]
    game = table.start_game(kind="other", seats=players)
    table.record("stake_paid", game, player=players[0], amount=4, to=players[1])
    rows = download(table, "results")
    by_name = {row[1]: row for row in rows[1:]}
    assert "'=HYPERLINK(\"http://x\")" in by_name and "'+1" in by_name and "'-2+3" in by_name
    assert "'@SUM(A1)" in by_name and "'＝SUM(A1)" in by_name
    assert "O'Hara, \"Ned\"" in by_name  # commas and quotes survive a round trip
    assert by_name["'=HYPERLINK(\"http://x\")"][3] == "-4"  # a negative result is a number
    assert by_name["'+1"][2] == "'-lady"
    settlement = download(table, "settlement")
    assert settlement[0] == ["from", "to", "from_id", "to_id", "counters", "money", "currency",
                             "kind", "money_decimal", "event_id", "note"]
    assert settlement[1][:2] == ["'=HYPERLINK(\"http://x\")", "'+1"] and settlement[1][4] == "4"
    assert settlement[1][7] == "transfer" and settlement[1][8] == "20E-2"
    journal = records(download(table, "journal"))
    assert {r["holder"] for r in journal} == {"'=HYPERLINK(\"http://x\")", "'+1"}
    assert {r["description"] for r in journal} == {  # the game's name first: no formula
        "Game · =HYPERLINK(\"http://x\") paid +1 a stake of 4"}


def test_results_carry_cassino_points(table):
    a, b, c, d = table.players
    game = table.start_game(kind="cassino", seats=[a, b])
    table.record("deal_started", game)
    table.record("cassino_deal_counted", game, counts={
        a: {"cards": 30, "spades": 8, "aces": 3, "great_cassino": 1, "little_cassino": 1, "sweeps": 1},
        b: {"cards": 22, "spades": 5, "aces": 1, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}})
    rows = download(table, "results")
    assert rows[0][-1] == "cassino_points_1"
    assert {row[0]: row[-1] for row in rows[1:]}[a] == str(2 + 1 + 3 + 1 + 3 + 1 - 1)


# Text a spreadsheet might run as a formula: OWASP's signs and a tab or line break first; the
# signs after white space (LibreOffice runs " =1+1" with "Trim spaces" ticked) or invisible
# format characters; full-width, small, super/subscript and minus-sign look-alikes.
FORMULA_LIKE = [
    "=1+1", "+1+1", "-1+1", "@SUM(1)", '=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0",
    "\tTab", "\rx", "\nx", "-", "+44 20",
    " =1+1", "   +1", "\u00a0=1+1", "\u2003-1", "\u202f@x", "\u3000=1", "\u2028=1",
    "\u200b=1+1", "\ufeff=1+1", "\u200e=1", "\u200f=1", "\u202e=1+1", "\u2066=1", "\u2067=1",
    "\u2068=1", "\u2069=1", "\u2060\u00ad=1", " \u202e\u200b =1", "\u3164=1",
    "＝1+1", "＋1+1", "－1+1", "＠SUM(1)", "−1+1", "﹦1+1", "﹢1+1", "﹣1+1", "﹫SUM(1)",
    "⁼1", "⁺1", "⁻1", "₊1", "ｰ1", "\u202e＝1+1", "\u00a0−1",
]
PLAIN = ["Zoë", "O'Brien", "Mrs Bennet", "Ann-Marie", "1+1", "A=1", "'=1+1", "£5", "", "   ",
         "\u200b", "–1 (an en dash)", "ＳＵＭ(1)", "x\n=1"]


@pytest.mark.parametrize("text", FORMULA_LIKE)
def test_formula_like_text_gets_an_apostrophe_and_keeps_every_character(text):
    assert looks_like_a_formula(text)
    assert cell(text) == "'" + text


@pytest.mark.parametrize("text", PLAIN)
def test_plain_text_is_left_alone(text):
    assert not looks_like_a_formula(text)
    assert cell(text) == text


@pytest.mark.parametrize("number", [-4, 0, 7, 10**9])
def test_numbers_stay_numbers(number):
    assert cell(number) == number and type(cell(number)) is int
    assert "".join(lines(["n"], [[number]])) == f"n\r\n{number}\r\n"


def test_a_neutralised_cell_round_trips_through_the_csv_with_its_line_breaks_and_tabs():
    texts = ["\tTab", "O'Hara, \"Ned\"\nJr", "\r\n=1+1", " =1+1"]
    written = "".join(lines(["name", "n"], [[text, -1] for text in texts]))
    rows = list(csv.reader(io.StringIO(written, newline="")))
    assert rows[1:] == [["'\tTab", "-1"], ["O'Hara, \"Ned\"\nJr", "-1"], ["'\r\n=1+1", "-1"],
                        ["' =1+1", "-1"]]

