"""The whole evening in one file. `evening.xlsx`, opened and saved again by LibreOffice (headless)
and read back with openpyxl cell by cell, holds the CSVs' columns and rows with each cell of its
own type: names as text (`007` stays `007`, `=1+1` no formula), counters as integers, money as
numbers in the currency's format, times as date-times in the evening's zone; a cover sheet
says which evening it is and ends with the log's length and head hash. `evening.json` is the
log and the read models as their own reads give them, in the documented shape. Both are read
as the other exports are: the read token may, another session's token is a 404."""

import csv
import io
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import openpyxl
import pytest

from api.exports.workbook import money_format
from tests.api.test_csv_in_a_spreadsheet import SOFFICE, saved_by_calc
from tests.api.test_openapi import validator
from tests.factories import Table

ZONE = "Europe/London"
# names a spreadsheet would take for a number, a date, a truth value or a formula
NAMES = ["007", "1e3", "2026-11-25", "1/2", "TRUE", "=1+1", "+44 20", "Zoë", "-5", "#N/A"]
SHEETS = ["evening", "results", "journal", "settlement"]
WHOLE = {"results": {"counters", "money", "counter_value", "cassino_points_1"},
         "journal": {"position", "version", "amount", "money"},
         "settlement": {"counters", "money"}}
MONEY = "money_decimal"


def an_evening(client, currency: str = "GBP", counter_value: int = 5) -> Table:
    """Players with number-like names, Commerce with an undone purchase and a pool left,
    Cassino (a score column), a payment."""
    table = Table(client, players=0, name="Twelfth Night", time_zone=ZONE,
                  currency=currency, counter_value=counter_value)
    table.players = [table.add_player(name=name) for name in NAMES]
    a, b, c, d = table.players[:4]
    commerce = table.start_game(kind="commerce", stake=2, seats=[a, b, c, d])
    table.record("deal_started", commerce, dealer=a)
    bought = table.record("card_bought", commerce, buyer=b)
    table.record("event_voided", event_id=bought["id"], reason="=wrong buyer")
    table.record("commerce_stand", commerce, stander=d, winner=d, better_hands=[])
    table.record("deal_started", commerce, dealer=b)
    cassino = table.start_game(kind="cassino", stake=1, seats=[a, b])
    table.record("deal_started", cassino)
    table.record("cassino_deal_counted", cassino, counts={
        a: {"cards": 20, "spades": 5, "aces": 0, "great_cassino": 1, "little_cassino": 0, "sweeps": 1},
        b: {"cards": 32, "spades": 8, "aces": 4, "great_cassino": 0, "little_cassino": 1, "sweeps": 2}})
    other = table.start_game(kind="other", seats=table.players)
    table.record("stake_paid", other, player=table.players[4], amount=3, to=table.players[5])
    table.record("payment_made", **{"from": a, "to": d, "amount": 2, "note": "@cash"})
    return table


def csv_fields(table: Table, name: str) -> list[list[str]]:
    response = table.client.get(table.url(f"/export/{name}.csv"), headers=table.read)
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"), newline="")))


def xlsx(table: Table, headers=None):
    return table.client.get(table.url("/export/evening.xlsx"), headers=headers or table.read)


def written(field: str) -> set[str]:
    """What a text cell may hold for a CSV field: the text, without the CSV's formula guard."""
    return {field, field.removeprefix("'")}


@pytest.mark.spreadsheet
@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed (no soffice)")
def test_the_spreadsheet_file_saved_by_libreoffice_reads_back_cell_by_cell(client, tmp_path):
    table = an_evening(client)
    response = xlsx(table)
    assert response.status_code == 200
    assert response.mimetype == ("application/vnd.openxmlformats-officedocument"
                                 ".spreadsheetml.sheet")
    day = table.get("")["created_at"]
    day = datetime.fromisoformat(day).astimezone(ZoneInfo(ZONE)).date().isoformat()
    name = f"twelfth-night-{day}.xlsx"
    assert response.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    path = tmp_path / name
    path.write_bytes(response.data)

    ours = openpyxl.load_workbook(path)
    assert ours.sheetnames == SHEETS
    for sheet in SHEETS[1:]:  # the header row stays in view; no column left at its default
        assert ours[sheet].freeze_panes == "A2"
        assert all(ours[sheet].column_dimensions[c.column_letter].width
                   for c in ours[sheet][1])
    saved = openpyxl.load_workbook(saved_by_calc([path], tmp_path / "calc")[path.stem])
    assert saved.sheetnames == SHEETS
    for sheet in SHEETS[1:]:
        check_sheet(saved[sheet], csv_fields(table, sheet), sheet)
    check_cover(saved["evening"], table)


def check_sheet(sheet, fields: list[list[str]], name: str) -> None:
    """Every cell against the CSV's field in the same place."""
    rows = [list(row) for row in sheet.iter_rows()]
    rows = [row for row in rows if any(cell.value is not None for cell in row)]
    assert len(rows) == len(fields), name
    header = [cell.value for cell in rows[0]]
    assert header[:len(fields[0])] == fields[0], name
    for cells, row in zip(rows[1:], fields[1:]):
        for column, field in zip(header, row):
            cell = cells[header.index(column)]
            where = (name, column, field, cell.value, cell.data_type, cell.number_format)
            assert cell.data_type != "f", where
            if field == "":
                assert cell.value is None, where
            elif column in WHOLE[name]:
                assert type(cell.value) is int and cell.value == int(field), where
            elif column == MONEY:
                assert cell.data_type == "n" and Decimal(str(cell.value)) == Decimal(field), where
                assert "£" in cell.number_format and "0.00" in cell.number_format, where
            elif column == "recorded_at" or column.startswith("local_time"):
                assert cell.is_date and cell.value == datetime.fromisoformat(field), where
                assert "hh:mm" in cell.number_format, where
            else:
                assert cell.data_type == "s" and cell.value in written(field), where


def check_cover(sheet, table: Table) -> None:
    cover = {row[0].value: [cell.value for cell in row[1:] if cell.value is not None]
             for row in sheet.iter_rows() if row[0].value}
    summary, verified = table.get(""), table.get("/verify")
    opened = datetime.fromisoformat(summary["created_at"]).astimezone(ZoneInfo(ZONE))
    assert cover["Evening"] == ["Twelfth Night"]
    assert cover["Date"] == [datetime.combine(opened.date(), datetime.min.time())]
    assert cover["Opened at"] == [opened.replace(tzinfo=None, microsecond=0)]
    assert cover["Time zone"] == [ZONE]
    players = [row[1].value for row in sheet.iter_rows()
               if row[0].value == "Players" or (row[0].value is None and row[1].value)]
    assert players == NAMES and all(isinstance(name, str) for name in players)
    assert cover["Counter value"] == [0.05] and cover["Currency"] == ["GBP"]
    assert cover["Events in the log"] == [verified["events"]] == [summary["version"]]
    assert cover["Head hash"] == [verified["head_hash"]]
    assert cover["Chain verified"] == ["yes"]


def test_text_is_text_and_money_has_the_currency_s_format(client):
    """Read back as written (no LibreOffice): the types are the file's own."""
    table = an_evening(client, currency="JPY", counter_value=50)
    book = openpyxl.load_workbook(io.BytesIO(xlsx(table).data))
    names = [row[1] for row in book["results"].iter_rows(min_row=2, values_only=True)]
    assert names == NAMES
    money = [cell for cell in book["results"]["G"][1:]]
    assert {cell.number_format for cell in money} == {'"¥"#,##0;"−¥"#,##0'}
    assert all(type(cell.value) is int for cell in money)  # yen have no decimals
    undone = [row for row in book["journal"].iter_rows(min_row=2, values_only=True)
              if row[4] == "event_voided"]
    assert undone and all(row[9].startswith("Undo:") and row[9].endswith("— =wrong buyer")
                          for row in undone)
    notes = [row[10] for row in book["settlement"].iter_rows(min_row=2, values_only=True)]
    assert "@cash" in notes  # no apostrophe in a typed file: the cell is text


@pytest.mark.parametrize("currency, shown", [
    ("GBP", '"£"#,##0.00;"−£"#,##0.00'), ("EUR", '"€"#,##0.00;"−€"#,##0.00'),
    ("JPY", '"¥"#,##0;"−¥"#,##0'), ("BHD", '"BHD "#,##0.000;"−BHD "#,##0.000'),
    ("CHF", '"CHF "#,##0.00;"−CHF "#,##0.00'), ("AUD", '"A$"#,##0.00;"−A$"#,##0.00'),
])
def test_each_currency_has_its_symbol_and_its_decimals(currency, shown):
    assert money_format(currency) == shown


def test_the_json_file_is_the_log_and_the_reads_of_one_version(client):
    table = an_evening(client)
    oak, elm = (client.post(table.url("/tables"), json={"name": name, "rank": rank},
                            headers=table.write).get_json()["id"] for rank, name in ((1, "Oak"), (2, "Elm")))
    seats = table.players[:4]
    progressive = table.start_game(kind="progressive_poker", seats=seats, options={"tables": [
        {"table_id": oak, "seats": seats[:2]}, {"table_id": elm, "seats": seats[2:]}]})
    table.record("progressive_pot_won", progressive, table_id=elm, winner=seats[2],
                 contributions={seats[2]: 1, seats[3]: 3})
    table.record("progressive_pot_won", progressive, table_id=oak, winner=seats[0],
                 contributions={seats[0]: 2, seats[1]: 2})
    table.record("progressive_round_ended", progressive, cuts={seats[1]: 1})
    response = table.client.get(table.url("/export/evening.json"), headers=table.read)
    assert response.status_code == 200 and response.mimetype == "application/json"
    stem = response.headers["Content-Disposition"]
    assert stem.startswith('attachment; filename="twelfth-night-') and stem.endswith('.json"')
    evening = response.get_json()
    assert evening["version"] == table.get("")["version"] == len(evening["events"])
    assert evening["events"] == table.get("/events")["events"]
    for name, read in [("summary", ""), ("balances", "/balances"), ("pools", "/pools"),
                       ("settlement", "/settlement"), ("verify", "/verify")]:
        assert evening[name] == table.get(read), name
    by_id = {game["id"]: game for game in evening["games"]}
    assert list(by_id) == [game["id"] for game in evening["summary"]["games"]]
    for game_id, game in by_id.items():
        assert game["dealing"] == table.get(f"/games/{game_id}/dealing")
        if game["kind"] == "cassino":
            assert game["scores"] == table.get(f"/games/{game_id}/scores")
    assert by_id[progressive]["progressive"] == table.get(f"/progressive?game_id={progressive}")
    spec = client.get("/openapi.json").get_json()
    documented = spec["paths"]["/api/v1/sessions/{sid}/export/evening.json"]["get"]
    schema = documented["responses"]["200"]["content"]["application/json"]["schema"]
    assert not [error.message for error in validator(spec, schema).iter_errors(evening)]


@pytest.mark.parametrize("name", ["evening.xlsx", "evening.json"])
def test_the_files_are_read_as_the_other_exports_are(client, name):
    table, other = Table(client, players=2), Table(client, players=1)
    url = table.url(f"/export/{name}")
    assert client.get(url, headers=table.read).status_code == 200
    assert client.get(url, headers=table.write).status_code == 200
    for headers, status in [({}, 401), ({"Authorization": "Bearer guessed"}, 401),
                            (other.read, 404), (other.write, 404)]:
        refused = client.get(url, headers=headers)
        assert refused.status_code == status and refused.mimetype == "application/problem+json"
    assert client.get(f"/api/v1/sessions/nope/export/{name}",
                      headers=other.read).status_code == 404
    assert client.post(url, headers=table.write).status_code == 405
