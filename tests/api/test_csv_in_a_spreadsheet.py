"""The CSV exports opened in a real spreadsheet, LibreOffice Calc (headless), then read back
with openpyxl: no cell may become a formula, numbers must stay numeric cells, and names must
read as the ledger holds them (with at most a leading apostrophe, the formula guard).

Each CSV is opened three ways: the explicit import (comma, double quotes, UTF-8); the default
import, which is what a double-click does and decodes a CSV without a byte-order mark as
Windows-1252 ("Zoë" reads "ZoÃ«"); and the explicit import with the dialog's "Trim spaces"
ticked (Calc remembers the dialog's settings), under which " =1+1" becomes a formula.
"""

import csv
import io
import os
import re
import shutil
import subprocess
import uuid
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from api.exports.resources import lines
from tests.factories import Table

SOFFICE = shutil.which("soffice") or (
    "/usr/bin/soffice" if os.access("/usr/bin/soffice", os.X_OK) else None)
pytestmark = [
    pytest.mark.spreadsheet,
    pytest.mark.skipif(SOFFICE is None and "CI" not in os.environ,
                       reason="LibreOffice is not installed (no soffice): `.ci/test` installs "
                              "it (apt-get install libreoffice-calc-nogui); with CI set this "
                              "test runs and fails instead of skipping"),
]

# --infilter options: separators 44 (,) [59 (;), 9 (tab)], text delimiter 34 ("), character
# set 76 (UTF-8), first line 1, no column formats, language 0, quoted field as text, detect
# special numbers (true when left out), (two export options), trim spaces.
IMPORTS = {
    "utf-8": ["--infilter=CSV:44,34,76"],
    "dialog": ["--infilter=CSV:44/59/9,34,76,1,,0,false,false"],
    "default": [],
    "utf-8, trim spaces": ["--infilter=CSV:44,34,76,1,,0,false,false,false,false,true"],
}
# Imports that read the journal's ISO 8601 times (`2026-11-25T21:16:20`) as dates: all, even
# with "detect special numbers" off (the default's and the dialog's; a space for `T`: text).
DETECTS_DATES = set(IMPORTS)

# Text that a spreadsheet may run as a formula: OWASP's signs, after spaces, after other
# white space, after invisible format characters (bidi overrides and isolates, zero-width
# space, byte-order mark, LRM/RLM), and their full-width, small and minus-sign look-alikes.
# LibreOffice 7.4 runs only a leading "=", and with "Trim spaces" one after spaces; the rest
# are here for the spreadsheets said to run them (Excel: + - @; Japanese Excel: ＝ ＋ － ＠).
PAYLOADS = ["=1+1", "+1+1", "-1+1", "@SUM(1)"]
PREFIXES = ["", " ", "  ", "\t", "\r", "\n", "\u00a0", "\u2003", "\u202f", "\u3000", "\u200b",
            "\ufeff", "\u200e", "\u200f", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
            " \u202e", "\u200b\u00a0"]
LOOK_ALIKES = ["＝1+1", "＋1+1", "－1+1", "＠SUM(1)", "−1+1", "﹦1+1", "﹢1+1", "﹣1+1",
               "﹫SUM(1)", "⁼1+1", "⁺1+1", "⁻1+1"]
HOSTILE = [
    *(prefix + payload for prefix in PREFIXES for payload in PAYLOADS),
    *(prefix + sign for prefix in ("", " ", "\u00a0", "\u202e", "\u200b", "\ufeff")
      for sign in LOOK_ALIKES),
    '=HYPERLINK("http://x","y")', ' =HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0",
    "@SUM(1)", "=A1", "=1+1 ",
]
ORDINARY = ["Zoë", "Łucja", "O'Brien", "-", "+44 20", "+44 20 7946 0958", "Mrs Bennet",
            "Ann-Marie", "'=1+1", "Ann; Ben", "Ned, Jr"]

# Numeric columns of each export (integers, and decimals of money), and times; every other
# column is text.
NUMBERS = {"results": {"counters", "money", "counter_value"},
           "journal": {"position", "version", "amount", "money"},
           "settlement": {"counters", "money"}}
DECIMALS = {"results": {"money_decimal"}, "journal": {"money_decimal"},
            "settlement": {"money_decimal"}}
TIMES = {"journal": {"recorded_at", "local_time (UTC)"}}
BOM = "\ufeff"


def saved_by_calc(files: list[Path], work: Path, options: list[str] = (),
                  locale: str | None = None) -> dict[str, Path]:
    """Each file opened in LibreOffice (headless, a profile of its own, import `options`, as
    a computer set to `locale` opens it) and saved as xlsx in a folder of its own: the saved
    files by the stem of the file opened."""
    if SOFFICE is None:
        pytest.fail("soffice is missing and CI is set: install libreoffice-calc-nogui")
    run = work / f"calc-{uuid.uuid4().hex[:8]}"
    out = run / "out"
    command = [SOFFICE, f"-env:UserInstallation={(run / 'profile').as_uri()}", "--headless",
               "--norestore", *options, "--convert-to", "xlsx", "--outdir", str(out),
               *map(str, files)]
    where = {"LC_ALL": locale, "LANG": locale} if locale else {}
    done = subprocess.run(command, env={**os.environ, "HOME": str(run / "home"), **where},
                          capture_output=True, text=True, timeout=300)
    saved = {}
    for path in files:
        saved[path.stem] = out / f"{path.stem}.xlsx"
        assert saved[path.stem].exists(), f"soffice made no {path.stem}.xlsx: {done.stdout} {done.stderr}"
    return saved


def open_in_calc(csv_files: list[Path], how: str, work: Path) -> dict[str, list[list]]:
    """Convert the CSV files to xlsx with LibreOffice, one import mode, and read every cell
    back as (value, openpyxl data_type)."""
    sheets = {}
    for stem, xlsx in saved_by_calc(csv_files, work, IMPORTS[how]).items():
        sheet = openpyxl.load_workbook(xlsx).active
        sheets[stem] = [[(c.value, c.data_type) for c in row] for row in sheet.iter_rows()]
    return sheets


def as_calc_reads_it(text: str, how: str) -> set[str | None]:
    """What LibreOffice's cell may hold for a CSV field: line breaks become LF; the default
    import of LibreOffice 7.4 reads the UTF-8 bytes as Windows-1252 (bytes it leaves undefined
    become U+F1xx; a later version reads UTF-8). "Trim spaces" leaves quoted fields alone, and
    every text field is quoted. An empty field is an empty cell."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    readings = {text}
    if how == "default":
        readings.add("".join(chr(0xF100 + b) if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
                             else bytes([b]).decode("cp1252") for b in text.encode("utf-8")))
    return {reading or None for reading in readings}


def unescaped(value):
    """openpyxl leaves XLSX's escapes of control characters (_x000B_) in the text."""
    if isinstance(value, str):
        return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m[1], 16)), value)
    return value


def check_sheet(name: str, fields: list[list[str]], cells: list[list], how: str,
                numeric: set[int], decimal: set[int] = frozenset(),
                times: set[int] = frozenset()) -> list[str]:
    """Every problem with one converted sheet: a formula anywhere, a numeric column that is not
    that number, a time that is not that date and time (as text where Calc detects no dates),
    or a text field that does not read as it was written. `fields` are as parsed (without the
    byte-order mark, which only the default import of LibreOffice 7.4 shows)."""
    problems = []
    assert len(cells) == len(fields), f"{name} ({how}): {len(cells)} rows, not {len(fields)}"
    for r, (row, got) in enumerate(zip(fields, cells)):
        if any(value is not None or kind == "f" for value, kind in got[len(row):]):
            problems.append(f"{name}.csv row {r + 1} ({how}): split into {got!r}")
        for c, text in enumerate(row):
            value, kind = got[c] if c < len(got) else (None, "n")
            value = unescaped(value)
            where = f"{name}.csv row {r + 1} column {c + 1} ({how})"
            if r == 0 and c == 0 and how == "default":
                text = {text, BOM + text}  # the mark read as Windows-1252, or dropped
            if kind == "f":
                problems.append(f"{where}: {text!r} became the formula {value!r}")
            elif r > 0 and c in numeric | decimal:
                if kind != "n" or Decimal(str(value)) != Decimal(text):
                    problems.append(f"{where}: the number {text} became {kind} {value!r}")
            elif r > 0 and c in times and how in DETECTS_DATES:
                if kind != "d" or value != datetime.fromisoformat(text):
                    problems.append(f"{where}: the time {text} became {kind} {value!r}")
            elif text == "" and value is None:
                continue
            elif kind != "s" or not any(value in as_calc_reads_it(t, how)
                                        for t in (text if isinstance(text, set) else {text})):
                problems.append(f"{where}: {text!r} became {kind} {value!r}")
    return problems


def download(table: Table, name: str) -> str:
    """The export's text, byte-order mark and all."""
    response = table.client.get(table.url(f"/export/{name}.csv"), headers=table.read)
    assert response.status_code == 200
    text = response.get_data().decode("utf-8")
    assert text.startswith(BOM)
    return text


def parsed(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix(BOM), newline="")))


def columns(header: list[str], names: set[str]) -> set[int]:
    return {i for i, column in enumerate(header) if column in names}


def test_exports_of_an_evening_with_hostile_names_open_as_text(client, tmp_path):
    table = Table(client, players=0)
    sent, refused = {}, {}  # text the API refuses as a name goes in as a group (in results.csv)
    for n, text in enumerate([*HOSTILE, *ORDINARY], 1):
        response = client.post(table.url("/players"), json={"name": text}, headers=table.write)
        if response.status_code == 409:  # too like a name already at the table, once trimmed
            text = f"{text} ({n})"
            response = client.post(table.url("/players"), json={"name": text}, headers=table.write)
        if response.status_code != 201:
            assert response.status_code == 422, response.get_json()
            response = client.post(table.url("/players"), json={"name": "Grouped", "group": text},
                                   headers=table.write)
            refused[text] = "accepted as a group" if response.status_code == 201 else "refused"
        if response.status_code == 201:
            sent[response.get_json()["id"]] = text
    stored = {p["id"]: p for p in table.get("")["players"]}
    players = list(stored)
    for start in range(0, len(players), 64):  # a game seats at most 64
        seats = players[start:start + 64]
        game = table.start_game(kind="other", seats=seats)
        for n, (payer, payee) in enumerate(zip(seats[::2], seats[1::2]), 1):
            table.record("stake_paid", game, player=payer, amount=n, to=payee)
    table.record("payment_made", **{"from": players[2], "to": players[3], "amount": 1})
    commerce = table.start_game(kind="commerce", seats=players[:4])
    table.record("deal_started", commerce)  # an unsettled pool
    # whatever the API refused or trimmed on the way in, the test reads what the ledger holds
    trimmed = [text for pid, text in sent.items() if text not in stored[pid].values()]
    print(f"refused as names: {refused!r}; {len(trimmed)} trimmed on the way in: {trimmed!r}")

    texts = {name: download(table, name) for name in NUMBERS}
    fields = {name: parsed(text) for name, text in texts.items()}

    def reads_as(shown: str, text: str | None) -> bool:  # the guard adds at most an apostrophe
        return shown in (text or "", "'" + (text or ""))

    results = {row[0]: row for row in fields["results"][1:]}
    assert results.keys() == stored.keys()
    for pid, player in stored.items():
        assert reads_as(results[pid][1], player["name"]), (results[pid], player)
        assert reads_as(results[pid][2], player["group"]), (results[pid], player)
    kinds = {row[7] for row in fields["settlement"][1:]}
    assert kinds == {"transfer", "unsettled_pool", "payment"}
    for row in fields["settlement"][1:]:
        if row[7] != "unsettled_pool":
            assert reads_as(row[0], stored[row[2]]["name"]), row
            assert reads_as(row[1], stored[row[3]]["name"]), row
    paths = []
    for name, text in texts.items():
        path = tmp_path / f"{name}.csv"
        path.write_bytes(text.encode("utf-8"))
        paths.append(path)
    assert len(fields["settlement"]) > 1 and len(fields["journal"]) > 1

    problems = []
    for how in IMPORTS:
        sheets = open_in_calc(paths, how, tmp_path)
        for name in NUMBERS:
            header = fields[name][0]
            problems += check_sheet(name, fields[name], sheets[name], how,
                                    columns(header, NUMBERS[name]),
                                    columns(header, DECIMALS[name]),
                                    columns(header, TIMES.get(name, set())))
    assert not problems, "\n".join(problems)


def test_text_the_api_would_trim_or_refuse_opens_as_text_too(tmp_path):
    """A log recorded before names were trimmed, or loaded by `ledger import-log` (which copies
    events verbatim), can hold any text: the export alone must keep it out of formulas."""
    header = ["n", "text", "negative"]
    rows = [[n, text, -n] for n, text in enumerate([*HOSTILE, *ORDINARY], 1)]
    written = "".join(lines(header, rows))
    path = tmp_path / "hostile.csv"
    path.write_bytes((BOM + written).encode("utf-8"))  # as the exports are sent
    fields = list(csv.reader(io.StringIO(written, newline="")))
    assert [row[1] in (text, "'" + text) for row, (_, text, _) in zip(fields[1:], rows)] == (
        [True] * len(rows))
    problems = []
    for how in IMPORTS:
        sheet = open_in_calc([path], how, tmp_path)["hostile"]
        problems += check_sheet("hostile", fields, sheet, how, numeric={0, 2})
    assert not problems, "\n".join(problems)


def test_names_beyond_ascii_survive_a_double_click(client, tmp_path):
    """Zoë and Łucja read as themselves where the charset is UTF-8, as Calc's dialog takes it
    for a file with a byte-order mark (and Excel does too). LibreOffice 7.4's import without
    options hard-codes Windows-1252 (sc/source/ui/docshell/docsh.cxx), byte-order mark or
    not: the names there read as that code page makes them, and the mark shows before the
    first header; where a later version defaults to UTF-8, they read as themselves."""
    table = Table(client, players=0, counter_value=5)
    names = ["Zoë", "Łucja", "Ørjan", "Αλέξανδρος", "Jürgen; Sr"]
    zoe, lucja, *others = (table.add_player(name=name) for name in names)
    game = table.start_game(kind="other", seats=[zoe, lucja, *others])
    table.record("stake_paid", game, player=zoe, amount=3, to=lucja)
    table.record("payment_made", **{"from": zoe, "to": lucja, "amount": 1, "note": "£1 coin"})
    texts = {name: download(table, name) for name in NUMBERS}
    paths = []
    for name, text in texts.items():
        paths.append(tmp_path / f"{name}.csv")
        paths[-1].write_bytes(text.encode("utf-8"))
    cells = {how: open_in_calc(paths, how, tmp_path) for how in ("dialog", "utf-8", "default")}

    for how in ("dialog", "utf-8"):
        results = cells[how]["results"]
        assert results[0][0] == ("player_id", "s")  # the byte-order mark is not shown
        assert [row[1] for row in results[1:]] == [(name, "s") for name in names]
        assert [row[6] for row in results[1:]][:2] == [(-0.15, "n"), (0.15, "n")]
        settlement = cells[how]["settlement"]
        assert [(row[0][0], row[1][0], row[7][0]) for row in settlement[1:]] == [
            ("Zoë", "Łucja", "transfer"), ("Zoë", "Łucja", "payment")]
        journal = cells[how]["journal"]
        assert ("Zoë paid Łucja 1 (£1 coin)", "s") in [row[9] for row in journal]
        times = {row[2][1] for row in journal[1:]}
        assert times == ({"d"} if how in DETECTS_DATES else {"s"})
    default = cells["default"]["results"]
    for row, name in zip(default[1:], names):
        assert row[1][0] in as_calc_reads_it(name, "default"), (row, name)
    assert default[0][0][0] in ("player_id", "ï»¿player_id")


@pytest.mark.parametrize("locale", ["de_DE.UTF-8", "fr_FR.UTF-8"])
def test_money_opens_as_a_number_where_the_decimal_sign_is_a_comma(client, tmp_path, locale):
    """A double-click on a computer set to German or French: counters, minor units and money
    in major units are numbers (a SUM over them is the total), as in an English one; money
    written `-0.15` would open as text there, `-15E-2` is a number in every locale."""
    table = Table(client, players=3, counter_value=5)
    a, b, c = table.players
    game = table.start_game(kind="other")
    table.record("stake_paid", game, player=a, amount=3, to=b)
    table.record("stake_paid", game, player=c, amount=2)
    table.record("payment_made", **{"from": a, "to": b, "amount": 1})
    paths = []
    for name in NUMBERS:
        paths.append(tmp_path / f"{name}.csv")
        paths[-1].write_bytes(download(table, name).encode("utf-8"))
    problems = []
    for name, xlsx in saved_by_calc(paths, tmp_path, locale=locale).items():
        text = download(table, name).removeprefix(BOM)
        fields = parsed(text)
        sheet = openpyxl.load_workbook(xlsx).active
        cells = [[(cell.value, cell.data_type) for cell in row] for row in sheet.iter_rows()]
        for column in columns(fields[0], NUMBERS[name] | DECIMALS[name]):
            for row, got in zip(fields[1:], cells[1:]):
                value, kind = got[column]
                if row[column] and (kind != "n" or Decimal(str(value)) != Decimal(row[column])):
                    problems.append(f"{name}.csv {fields[0][column]} ({locale}): "
                                    f"{row[column]} became {kind} {value!r}")
    assert not problems, "\n".join(problems)
