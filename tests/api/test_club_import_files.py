"""Imports people actually have (issue 32): an Excel workbook taken as it is (made here with
openpyxl, and one saved by LibreOffice), a Splitwise export brought in, dates that read both
ways asked about instead of assumed, and a file that is no spreadsheet named for what it is;
a workbook too large unpacked, or with too many rows, refused in words, never a 500."""

import io
import shutil
import subprocess
import zipfile

import openpyxl
import pytest

from tests.api.test_club_imports import send
from tests.factories import Club

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def club(client):
    return Club(client, members=("Ann", "Ben", "Zoë", "007"))


def workbook(*sheets: tuple[str, list[list]]) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets:
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    kept = io.BytesIO()
    book.save(kept)
    return kept.getvalue()


def upload(club, raw: bytes, content_type: str = XLSX, **query):
    return club.client.post(club.url("/imports"), data=raw, headers={
        **club.write, "Content-Type": content_type}, query_string={"confirm": "false", **query})


def test_an_xlsx_is_read_cell_by_cell_dates_numbers_and_names_as_they_are(club):
    import datetime as dt
    raw = workbook(("Notes", [["nothing here but notes"]]), ("Season", [
        [], ["Date", "Evening", "Member", "Counters", "Money"],
        [dt.datetime(2025, 4, 3, 20, 30), "Lady Day", "007", 6, 0.1 + 0.2],
        [dt.date(2025, 4, 3), "Lady Day", "Ann", -6, -0.3],
        [None, None, None, None, None],
        ["2025-04-10", "Easter", "Ben", 2, None], ["2025-04-10", "Easter", "Zoë", -2, None]]))
    preview = upload(club, raw).get_json()
    assert preview["problems"] == [] and preview["ready"], preview
    assert (preview["format"], preview["sheet"]) == ("xlsx", "Season")
    lady, easter = preview["evenings"]
    assert (lady["date"], lady["line"]) == ("2025-04-03", 3)  # the sheet's own row numbers
    assert [(r["name"], r["counters"], r["amount_minor"]) for r in lady["results"]] == [
        ("007", 6, 30), ("Ann", -6, -30)]  # a name of digits stays a name
    assert not preview["dates"]["ambiguous"]  # a date cell is a day, not a way of writing one
    done = upload(club, raw, confirm="true").get_json()
    assert done["recorded"] == 2
    assert club.standings()["007"]["money"] == {"GBP": 30}


def test_a_workbook_saved_by_libreoffice_is_read_as_openpyxl_writes_it(club, tmp_path):
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice is missing (.ci/test installs libreoffice-calc-nogui)")
    (tmp_path / "season.csv").write_text("date,evening,member,counters\n2025-05-01,May Day,Ann,4\n"
                                         "2025-05-01,May Day,Ben,-4\n")
    subprocess.run([soffice, "--headless", "--convert-to", "xlsx", "--outdir", str(tmp_path),
                    str(tmp_path / "season.csv")], check=True, capture_output=True, timeout=180,
                   env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    preview = upload(club, (tmp_path / "season.xlsx").read_bytes()).get_json()
    assert preview["ready"] and preview["format"] == "xlsx", preview
    [evening] = preview["evenings"]
    assert (evening["date"], [r["counters"] for r in evening["results"]]) == ("2025-05-01", [4, -4])


def test_a_workbook_without_the_columns_says_which_sheet_lacks_what(club):
    answer = upload(club, workbook(("Scores", [["when", "what"], ["Ann", 3]])))
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert "Sheet 'Scores'" in answer.get_json()["detail"]
    assert "missing: date, evening, member" in answer.get_json()["detail"]


def test_a_workbook_that_unpacks_too_large_or_has_too_many_rows_is_refused_in_words(club):
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (80 * 2**20))  # 80 MB of nothing
    assert len(bomb.getvalue()) < 2 * 2**20
    answer = upload(club, bomb.getvalue())
    assert answer.status_code == 422 and "unpacks to more than 64 MB" in answer.get_json()["detail"]
    rows = [["date", "evening", "member", "counters"]] + [["2025-01-01", "X", "Ann", 0]] * 20_001
    answer = upload(club, workbook(("Long", rows)))
    assert answer.status_code == 422 and "more than 20,000 rows" in answer.get_json()["detail"]
    broken = bytearray(workbook(("S", [["date", "evening", "member", "counters"]])))
    broken[len(broken) // 2: len(broken) // 2 + 64] = b"\xff" * 64
    answer = upload(club, bytes(broken))
    assert answer.status_code == 422 and answer.get_json()["detail"]


@pytest.mark.parametrize("raw, said", [
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "This is a PDF, not a spreadsheet"),
    (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "This is a PNG image, not a spreadsheet"),
    (b"\xff\xd8\xff\xe0\0\x10JFIF", "This is a JPEG image"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 64, "Excel 97-2003 workbook (.xls)"),
    (b"<!DOCTYPE html><html><body>Sheet1</body></html>", "This is a web page"),
    (bytes(range(256)) * 8, "not a spreadsheet's text"),
])
def test_a_file_that_is_no_spreadsheet_is_named_for_what_it_is(club, raw, said):
    answer = upload(club, raw, content_type="application/octet-stream")
    assert answer.status_code == 422, answer.get_json()
    assert said in answer.get_json()["detail"] and "first line" not in answer.get_json()["detail"]
    assert "file" in answer.get_json()["errors"]


@pytest.mark.parametrize("parts, said", [
    ({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>"},
     "OpenDocument spreadsheet (.ods)"),
    ({"word/document.xml": "<w/>"}, "Word document"),
    ({"notes.txt": "hello"}, "This is a zip archive, not a spreadsheet"),
])
def test_a_zip_that_is_no_workbook_is_named_for_what_it_is(club, parts, said):
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    answer = upload(club, raw.getvalue())
    assert answer.status_code == 422 and said in answer.get_json()["detail"], answer.get_json()


SPLITWISE = ("Date,Description,Category,Cost,Currency,Ann,Ben,Zoë\n\n"
             "2025-01-06,Twelfth Night,General,12.00,GBP,8.00,-6.00,-2.00\n"
             "2025-01-07,Ben paid Ann,Payment,6.00,GBP,-6.00,6.00,0.00\n"
             "2025-02-14,Valentine's,General,5.00,GBP,0.00,-2.50,2.50\n\n"
             "2025-03-01,Total balance, , ,GBP,2.00,-2.50,0.50\n")


def test_a_splitwise_export_is_brought_in_its_payments_and_total_left_out(club):
    preview = send(club, SPLITWISE).get_json()
    assert preview["format"] == "splitwise" and preview["ready"], preview
    assert [(e["date"], e["name"], [(r["name"], r["amount_minor"]) for r in e["results"]])
            for e in preview["evenings"]] == [
        ("2025-01-06", "Twelfth Night", [("Ann", 800), ("Ben", -600), ("Zoë", -200)]),
        ("2025-02-14", "Valentine's", [("Ben", -250), ("Zoë", 250)])]  # Ann had no share
    assert [(line["line"], line["message"]) for line in preview["left_out"]] == [
        (4, "Ben paid Ann: a payment (settling up), not a result"),
        (7, "the total balance: a sum, not an evening")]
    done = send(club, SPLITWISE, confirm=True).get_json()
    assert done["recorded"] == 2
    standings = club.standings()
    assert {n: standings[n]["money"]["GBP"] for n in ("Ann", "Ben", "Zoë")} == {
        "Ann": 800, "Ben": -850, "Zoë": 50}
    assert standings["Ann"]["evenings"] == 1


DAY_OR_MONTH = ("date;evening;member;counters\n03/04/2025;Spring;Ann;2\n03/04/2025;Spring;Ben;-2\n"
                "05/04/2025;Later;Ann;1\n05/04/2025;Later;Ben;-1\n")


def test_dates_that_read_both_ways_are_asked_about_not_assumed(club):
    preview = send(club, DAY_OR_MONTH).get_json()
    assert not preview["ready"] and preview["problems"] == []
    assert preview["dates"] == {"choice": None, "ambiguous": True, "evident": None, "asked": True,
                                "example": {"line": 2, "text": "03/04/2025", "readings": {
                                    "day_first": "2025-04-03", "month_first": "2025-03-04"}}}
    before = club.get()["version"]
    refused = send(club, DAY_OR_MONTH, confirm=True)
    assert refused.status_code == 422 and "dates" in refused.get_json()["errors"]
    assert "3 April 2025 read day first, 4 March 2025 read month first" in \
        refused.get_json()["detail"]
    assert club.get()["version"] == before
    assert send(club, DAY_OR_MONTH, dates="sometimes").status_code == 422
    chosen = send(club, DAY_OR_MONTH, dates="month_first").get_json()
    assert chosen["ready"] and [e["date"] for e in chosen["evenings"]] == ["2025-03-04", "2025-05-04"]
    done = send(club, DAY_OR_MONTH, confirm=True, dates="month_first").get_json()
    assert done["recorded"] == 2
    assert {e["date"] for e in club.get()["imported"]} == {"2025-03-04", "2025-05-04"}


def test_a_file_whose_dates_tell_their_order_is_not_asked_about(club):
    text = DAY_OR_MONTH + "13/04/2025;Third;Ann;1\n13/04/2025;Third;Ben;-1\n"
    preview = send(club, text).get_json()
    assert preview["ready"] and preview["dates"]["evident"] == "day_first"
    assert not preview["dates"]["asked"]
    american = text.replace("13/04/2025", "04/13/2025")
    preview = send(club, american).get_json()
    assert preview["dates"]["asked"] and preview["dates"]["evident"] == "month_first"
    assert send(club, american, dates="month_first").get_json()["ready"]


def test_a_file_readable_only_month_first_is_previewed_month_first(club):
    """Its dates shown as the one reading they have, never as days of a month 14; the
    confirmation still says so, as a day-first file with one date mistyped would read the
    same way."""
    american = ("date;evening;member;counters\n03/04/2025;Spring;Ann;2\n03/04/2025;Spring;Ben;-2\n"
                "12/14/2025;Winter;Ann;1\n12/14/2025;Winter;Ben;-1\n")
    preview = send(club, american).get_json()
    assert preview["problems"] == []
    assert [e["date"] for e in preview["evenings"]] == ["2025-03-04", "2025-12-14"]
    assert preview["dates"]["evident"] == "month_first" and preview["dates"]["asked"]
    before = club.get()["version"]
    assert send(club, american, confirm=True).status_code == 422
    assert club.get()["version"] == before
    done = send(club, american, confirm=True, dates="month_first").get_json()
    assert done["recorded"] == 2


def test_a_date_month_first_among_dates_day_first_is_read_as_the_file_says(club):
    """No order fits every date: read day first, the one that is not said as it reads."""
    text = ("date;evening;member;counters\n25/12/2026;Christmas;Ann;1\n25/12/2026;Christmas;Ben;-1\n"
            "12/26/2026;Boxing Day;Ann;1\n12/26/2026;Boxing Day;Ben;-1\n")
    preview = send(club, text).get_json()
    assert preview["dates"]["evident"] is None
    assert [(p["line"], p["field"]) for p in preview["problems"]] == [(4, "date"), (5, "date")]
    assert all("there is no month 26" in p["message"] for p in preview["problems"])
