"""The evening's file buttons take one tap and say that they are working: a tapped button is
busy (disabled, `aria-busy`, "Preparing…") until the file is saved, and while a long evening's
workbook is written off the request it shows how far the writing is, as the server answers
it (202, the rows written). Here another worker is writing it: its claim, made in the
service's folder of files as a worker makes it, says how far; when it lapses, the service
writes the file itself and the page saves it."""

import io
import re
from pathlib import Path

import openpyxl
import pytest
from playwright.sync_api import expect

from api.exports.prepared import Preparations
from tests.browser.tools import Evening, Phone
from tests.server import gunicorn

NAMES = ["Ann", "Ben"]


@pytest.fixture
def files(tmp_path):
    """A service whose requests never wait for a file (every workbook is asked for again),
    and the folder where its files are written."""
    url, folder = f"sqlite:///{tmp_path}/ledger.sqlite3", tmp_path / "files"
    with gunicorn(url, workers=2, log_dir=tmp_path,
                  env={"LEDGER_EXPORTS_DIR": str(folder), "LEDGER_EXPORT_WAIT": "0"}) as base:
        yield base, Preparations(folder, url, 0)


def test_the_workbook_button_is_busy_shows_how_far_and_takes_one_tap(browser, files):
    base, folder = files
    evening = Evening(base).seat(*NAMES)
    other = evening.game("other", NAMES, stake=1)
    evening.record("deal_started", other)
    evening.record("stake_paid", other, player=evening.players["Ann"], amount=2)
    key = folder.key(evening.id, evening.get("")["version"], "evening.xlsx")
    folder.folder.mkdir(mode=0o700)
    claim = folder.folder / f"{key}.part"
    claim.write_text("1000 4000")  # another worker's, a quarter written

    phone = Phone(browser)
    page = phone.page
    answered, saved = [], []
    page.on("response", lambda r: answered.append(r.status) if r.url.endswith("/evening.xlsx") else None)
    page.on("download", lambda d: saved.append(d))
    phone.open(evening.link())
    button = page.locator("[data-file]").nth(3)  # by place: its words change as it works
    expect(button).to_have_text("evening.xlsx")
    button.dblclick()
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_have_text("Preparing… 25%")
    button.click(force=True)  # a tap while it works: nothing more is asked
    claim.write_text("3000 4000")
    expect(button).to_have_text("Preparing… 75%")
    with page.expect_download() as download:
        claim.unlink()  # that worker gone: the service writes it, and the page fetches it
    expect(button).to_have_text("evening.xlsx")
    expect(button).to_be_enabled()
    expect(button).not_to_have_attribute("aria-busy", "true")

    assert re.fullmatch(r"twelfth-night-\d{4}-\d\d-\d\d\.xlsx", download.value.suggested_filename)
    book = openpyxl.load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    assert book.sheetnames == ["evening", "results", "journal", "settlement"]
    assert answered[-1] == 200 and answered.count(200) == 1 and set(answered[:-1]) == {202}
    assert len(saved) == 1
    assert not phone.errors, phone.errors
    phone.close()
