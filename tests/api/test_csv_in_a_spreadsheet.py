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

# --infilter options: separator 44 (,), text delimiter 34 ("), character set 76 (UTF-8),
# first line 1, no column formats, language 0, quoted field as text false, detect special
# numbers false, (two export options), trim spaces true.
IMPORTS = {
    "utf-8": ["--infilter=CSV:44,34,76"],
    "default": [],
    "utf-8, trim spaces": ["--infilter=CSV:44,34,76,1,,0,false,false,false,false,true"],
}

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
ORDINARY = ["Zoë", "O'Brien", "-", "+44 20", "+44 20 7946 0958", "Mrs Bennet", "Ann-Marie",
            "'=1+1"]

# Numeric columns of each export; every other column is text.
NUMBERS = {"results": {"counters", "money"}, "journal": {"position", "version", "amount"},
           "settlement": {"counters", "money"}}


def open_in_calc(csv_files: list[Path], how: str, work: Path) -> dict[str, list[list]]:
    """Convert the CSV files to xlsx with LibreOffice, one import mode, and read every cell
    back as (value, openpyxl data_type)."""
    if SOFFICE is None:
        pytest.fail("soffice is missing and CI is set: install libreoffice-calc-nogui")
    run = work / f"calc-{uuid.uuid4().hex[:8]}"
    out = run / "out"
    command = [SOFFICE, f"-env:UserInstallation={(run / 'profile').as_uri()}", "--headless",
               "--norestore", *IMPORTS[how], "--convert-to", "xlsx", "--outdir", str(out),
               *map(str, csv_files)]
    done = subprocess.run(command, env={**os.environ, "HOME": str(run / "home")},
                          capture_output=True, text=True, timeout=300)
    sheets = {}
    for path in csv_files:
        xlsx = out / f"{path.stem}.xlsx"
        assert xlsx.exists(), f"soffice made no {xlsx.name}: {done.stdout} {done.stderr}"
        sheet = openpyxl.load_workbook(xlsx).active
        sheets[path.stem] = [[(c.value, c.data_type) for c in row] for row in sheet.iter_rows()]
    return sheets


def as_calc_reads_it(text: str, how: str) -> set[str | None]:
    """What LibreOffice's cell may hold for a CSV field: line breaks become LF; the default
    import of LibreOffice 7.4 reads the UTF-8 bytes as Windows-1252 (bytes it leaves undefined
    become U+F1xx; a later version may guess UTF-8); "Trim spaces" drops spaces at both ends
    of a field written without quotes. An empty field is an empty cell."""
    if how == "utf-8, trim spaces" and not any(c in text for c in ',"\r\n'):
        text = text.strip(" ")
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
                numeric: set[int]) -> list[str]:
    """Every problem with one converted sheet: a formula anywhere, a numeric column that is not
    a number, or a text field that does not read as it was written."""
    problems = []
    assert len(cells) == len(fields), f"{name} ({how}): {len(cells)} rows, not {len(fields)}"
    for r, (row, got) in enumerate(zip(fields, cells)):
        if any(value is not None or kind == "f" for value, kind in got[len(row):]):
            problems.append(f"{name}.csv row {r + 1} ({how}): split into {got!r}")
        for c, text in enumerate(row):
            value, kind = got[c] if c < len(got) else (None, "n")
            value = unescaped(value)
            where = f"{name}.csv row {r + 1} column {c + 1} ({how})"
            if kind == "f":
                problems.append(f"{where}: {text!r} became the formula {value!r}")
            elif r > 0 and c in numeric:
                if kind != "n" or value != int(text):
                    problems.append(f"{where}: the number {text} became {kind} {value!r}")
            elif text == "" and value is None:
                continue
            elif kind != "s" or value not in as_calc_reads_it(text, how):
                problems.append(f"{where}: {text!r} became {kind} {value!r}")
    return problems


def download(table: Table, name: str) -> str:
    response = table.client.get(table.url(f"/export/{name}.csv"), headers=table.read)
    assert response.status_code == 200
    return response.get_data(as_text=True)


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
    # whatever the API refused or trimmed on the way in, the test reads what the ledger holds
    trimmed = [text for pid, text in sent.items() if text not in stored[pid].values()]
    print(f"refused as names: {refused!r}; {len(trimmed)} trimmed on the way in: {trimmed!r}")

    texts = {name: download(table, name) for name in NUMBERS}
    fields = {name: list(csv.reader(io.StringIO(text, newline=""))) for name, text in texts.items()}

    def reads_as(shown: str, text: str | None) -> bool:  # the guard adds at most an apostrophe
        return shown in (text or "", "'" + (text or ""))

    results = {row[0]: row for row in fields["results"][1:]}
    assert results.keys() == stored.keys()
    for pid, player in stored.items():
        assert reads_as(results[pid][1], player["name"]), (results[pid], player)
        assert reads_as(results[pid][2], player["group"]), (results[pid], player)
    for row in fields["settlement"][1:]:
        assert reads_as(row[0], stored[row[2]]["name"]) and reads_as(row[1], stored[row[3]]["name"])
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
            numeric = {i for i, column in enumerate(header) if column in NUMBERS[name]}
            problems += check_sheet(name, fields[name], sheets[name], how, numeric)
    assert not problems, "\n".join(problems)


def test_text_the_api_would_trim_or_refuse_opens_as_text_too(tmp_path):
    """A log recorded before names were trimmed, or loaded by `ledger import-log` (which copies
    events verbatim), can hold any text: the export alone must keep it out of formulas."""
    header = ["n", "text", "negative"]
    rows = [[n, text, -n] for n, text in enumerate([*HOSTILE, *ORDINARY], 1)]
    written = "".join(lines(header, rows))
    path = tmp_path / "hostile.csv"
    path.write_bytes(written.encode("utf-8"))
    fields = list(csv.reader(io.StringIO(written, newline="")))
    assert [row[1] in (text, "'" + text) for row, (_, text, _) in zip(fields[1:], rows)] == (
        [True] * len(rows))
    problems = []
    for how in IMPORTS:
        sheet = open_in_calc([path], how, tmp_path)["hostile"]
        problems += check_sheet("hostile", fields, sheet, how, numeric={0, 2})
    assert not problems, "\n".join(problems)
