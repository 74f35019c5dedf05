"""Signs on the club's side (issue 32): in standings.csv a loss is a negative number, never
text, so a spreadsheet sums it; opened by LibreOffice (headless) and read back cell by cell.
(The page, the season sheet and the share text sign money as counters: tests/browser.)"""

import csv
import io
import shutil
import subprocess

import openpyxl
import pytest

from tests.api.test_club_imports import send
from tests.factories import Club


def test_standings_csv_keeps_a_loss_a_number_in_the_file_and_in_libreoffice(client, tmp_path):
    club = Club(client, members=("Ann", "Ben"))
    send(club, "date,evening,member,counters,money\n2025-01-01,X,Ann,-8,-0.80\n"
               "2025-01-01,X,Ben,8,0.80\n", confirm=True)
    text = client.get(club.url("/export/standings.csv"), headers=club.read).get_data(as_text=True)
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(text.lstrip("\ufeff")))}
    assert (rows["Ann"]["counters"], rows["Ann"]["money_GBP"], rows["Ann"]["money_decimal_GBP"]) == (
        "-8", "-80", "-80E-2")
    assert ",-8,-80,-80E-2," in text  # unquoted, no apostrophe: numbers, as the positive ones are
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice is missing (.ci/test installs libreoffice-calc-nogui)")
    (tmp_path / "standings.csv").write_text(text, encoding="utf-8")
    subprocess.run([soffice, "--headless", "--convert-to", "xlsx", "--outdir", str(tmp_path),
                    str(tmp_path / "standings.csv")], check=True, capture_output=True, timeout=180,
                   env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    sheet = openpyxl.load_workbook(tmp_path / "standings.xlsx").active
    header = [cell.value for cell in sheet[1]]
    ann = next(row for row in sheet.iter_rows(min_row=2, values_only=True) if row[2] == "Ann")
    read = dict(zip(header, ann))
    assert (read["counters"], read["money_GBP"], read["money_decimal_GBP"]) == (-8, -80, -0.8)
