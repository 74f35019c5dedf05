"""Old seasons brought in on the club's page, in real Chromium at 360×640, from a spreadsheet
LibreOffice saves in a European locale (semicolons, decimal commas, 24.12.2025 dates,
Windows-1252): the preview shows the evenings and the name the club lacks, nothing is
recorded until confirmed, and the standings after the import are the sums of the rows."""

import datetime as dt
import os
import shutil
import subprocess

import openpyxl
import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_accessibility import overflow, serious
from tests.browser.tools import Phone
from tests.server import REQUEST_SECONDS

pytestmark = [pytest.mark.browser, pytest.mark.spreadsheet]
ROWS = [(dt.date(2025, 12, 24), "Heiligabend", "Zoë", 6, 0.30),
        (dt.date(2025, 12, 24), "Heiligabend", "Ben", -6, -0.30),
        (dt.date(2025, 12, 31), "Silvester", "Zoë", -2, -0.10),
        (dt.date(2025, 12, 31), "Silvester", "Jürgen", 2, 0.10)]


def european_csv(where) -> bytes:
    """The season as LibreOffice saves it as CSV in a German locale."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Datum", "Abend", "Spieler", "Zahlmarken", "Betrag"])
    for row in ROWS:
        sheet.append(list(row))
    for cell in sheet["A"][1:]:
        cell.number_format = "DD.MM.YYYY"
    for cell in sheet["E"][1:]:
        cell.number_format = "0.00"
    book.save(where / "season.xlsx")
    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice is missing (.ci/test installs libreoffice-calc-nogui)"
    # separator ;  quote "  Windows-1252  (line 1)  (formats)  German  as shown
    subprocess.run([soffice, "--headless", "--convert-to",
                    "csv:Text - txt - csv (StarCalc):59,34,1,1,,1031,false,true,true",
                    "--outdir", str(where), str(where / "season.xlsx")], check=True,
                   capture_output=True, timeout=180,
                   env={**os.environ, "HOME": str(where), "LANG": "de_DE.UTF-8",
                        "LC_ALL": "de_DE.UTF-8"})
    return (where / "season.csv").read_bytes()


def test_a_season_saved_by_libreoffice_in_a_european_locale_is_brought_in(base, browser, tmp_path):
    raw = european_csv(tmp_path)
    text = raw.decode("cp1252")
    assert "24.12.2025;Heiligabend;Zoë;6;0,30" in text and raw.decode("cp1252") != raw.decode("utf-8", "replace")
    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Stammtisch"},
                         timeout=REQUEST_SECONDS).json()
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    for name in ("Zoë", "Ben"):
        requests.post(f"{base}/api/v1/clubs/{club['id']}/members", json={"name": name},
                      headers=auth, timeout=REQUEST_SECONDS)
    phone = Phone(browser)
    page = phone.page
    page.goto(f"{base}/club#c={club['id']}&w={club['write_token']}")
    expect(page.locator("#standings tbody tr")).to_have_count(2)
    page.locator("#import-panel > summary").click()
    page.locator("#import-form [name=file]").set_input_files(str(tmp_path / "season.csv"))
    page.locator("#import-form [name=currency]").fill("EUR")
    page.locator("#import-form button[type=submit]").click()
    preview = page.locator("#import-preview")
    expect(preview).to_contain_text("2 evenings in the file, 2 not brought in yet.")
    expect(preview).to_contain_text("Dec 24, 2025 Heiligabend: Zoë +6, Ben −6")
    expect(preview).to_contain_text("Jürgen (line 5) is no member")
    expect(page.locator("#import-confirm")).to_have_count(0)  # not before every name is chosen
    assert serious(page) == [] and overflow(page) <= 0
    assert len(requests.get(f"{base}/api/v1/clubs/{club['id']}", headers=auth,
                            timeout=REQUEST_SECONDS).json()["imported"]) == 0
    page.get_by_label("Jürgen (line 5)").select_option("new")
    page.locator("#import-confirm").click()
    expect(preview).to_contain_text("Recorded 2 evenings and 1 new member.")
    standings = requests.get(f"{base}/api/v1/clubs/{club['id']}/standings", headers=auth,
                             timeout=REQUEST_SECONDS).json()["members"]
    sums: dict[str, list] = {}
    for _, _, name, counters, money in ROWS:
        total = sums.setdefault(name, [0, 0])
        total[0] += counters
        total[1] += round(money * 100)
    assert {m["name"]: [m["counters"], m["money"]["EUR"]] for m in standings} == sums
    expect(page.locator("#standings tbody tr")).to_have_count(3)
    expect(page.locator("#evenings li", has_text="brought in")).to_have_count(2)
    phone.close()
    assert phone.errors == [], phone.errors
