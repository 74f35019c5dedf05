"""CSV exports parse, carry one journal row per posting, and are safe in a spreadsheet."""

import csv
import io

import pytest

from api.exports.resources import cell, lines, looks_like_a_formula
from tests.factories import Table


def download(table, name):
    response = table.client.get(table.url(f"/export/{name}.csv"), headers=table.read)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert f"-{name}.csv" in response.headers["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def test_journal_has_one_row_per_posting_in_log_order(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    table.record("card_bought", game, buyer=b)
    rows = download(table, "journal")
    assert rows[0] == ["position", "version", "recorded_at", "event_id", "type", "game_id",
                       "account", "amount"]
    events = table.get("/events")["events"]
    expected = [(e["id"], p["account"], str(p["amount"])) for e in events for p in e["postings"]]
    assert [(r[3], r[6], r[7]) for r in rows[1:]] == expected
    assert sum(int(r[7]) for r in rows[1:]) == 0


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
    assert settlement[0] == ["from", "to", "from_id", "to_id", "counters", "money", "currency"]
    assert settlement[1][:2] == ["'=HYPERLINK(\"http://x\")", "'+1"] and settlement[1][4] == "4"


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
