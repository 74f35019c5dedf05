"""Mending a club's book on its page, in real Chromium at 360×640 (issue 32): a file brought in
again with changed figures shows each change and records them as corrections; dates that read
both ways are asked about; an .xlsx is taken as it is and a picture refused by name; an
evening brought in is withdrawn with a reason, which the club's log says; the standings'
money signed as their counters are (−£0.30, +£0.30), on the page, the season sheet and the
shared text."""

import io

import openpyxl
import pytest
from pypdf import PdfReader
import requests
from playwright.sync_api import expect

from tests.browser.test_accessibility import overflow, serious
from tests.browser.tools import OUTPUT, Phone, wait_for
from tests.server import REQUEST_SECONDS

pytestmark = pytest.mark.browser
FIRST = ("date,evening,member,counters,money\n"
         "2025-11-05,Guy Fawkes,Ann,-6,-0.30\n2025-11-05,Guy Fawkes,Ben,6,0.30\n"
         "2025-12-24,Christmas Eve,Ann,3,0.15\n2025-12-24,Christmas Eve,Zoë,-3,-0.15\n")
MENDED = FIRST.replace("Ann,-6,-0.30", "Ann,-4,-0.20").replace("Ben,6,0.30", "Ben,4,0.20")
AMBIGUOUS = "date;evening;member;counters\n03/04/2025;Spring;Ben;2\n03/04/2025;Spring;Zoë;-2\n"


def standings(page) -> dict[str, tuple[str, str]]:
    """The standings as shown: member → (counters, money)."""
    return {name: tuple(shown) for name, shown in page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#standings tbody tr')]
        .map(row => [row.cells[0].querySelector('button').textContent, [row.cells[1].textContent, row.cells[2].textContent]]))""").items()}


def preview(page, path) -> None:
    page.locator("#import-form [name=file]").set_input_files(str(path))
    page.locator("#import-form button[type=submit]").click()


def test_a_clubs_book_mended_on_its_page(base, browser, tmp_path):
    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Meryton"},
                         timeout=REQUEST_SECONDS).json()
    api, auth = f"{base}/api/v1/clubs/{club['id']}", {"Authorization": f"Bearer {club['write_token']}"}
    for name in ("Ann", "Ben", "Zoë"):
        requests.post(f"{api}/members", json={"name": name}, headers=auth, timeout=REQUEST_SECONDS)
    first = requests.post(f"{api}/imports", data=FIRST.encode(), params={"confirm": "true"},
                          headers={**auth, "Content-Type": "text/csv"}, timeout=REQUEST_SECONDS)
    assert first.status_code == 200 and first.json()["recorded"] == 2
    phone = Phone(browser)
    phone.context.add_init_script("""navigator.canShare = () => false;
        navigator.share = async data => { window.shared = data.text; };""")
    page = phone.page
    page.goto(f"{base}/club#c={club['id']}&w={club['write_token']}")
    expect(page.locator("#standings tbody tr")).to_have_count(3)
    assert standings(page) == {"Ann": ("−3", "−£0.15"), "Zoë": ("−3", "−£0.15"),
                               "Ben": ("+6", "+£0.30")}

    # the file again, Guy Fawkes mended: each change shown, recorded as a correction
    page.locator("#import-panel > summary").click()
    (tmp_path / "mended.csv").write_text(MENDED)
    preview(page, tmp_path / "mended.csv")
    shown = page.locator("#import-preview")
    expect(shown).to_contain_text("Nov 5, 2025 Guy Fawkes (changed)")
    changes = page.get_by_role("list", name="Changed figures").locator("li")
    expect(changes).to_have_text(["Nov 5, 2025 Guy Fawkes: Ann −6 (−£0.30) → −4 (−£0.20)",
                                  "Nov 5, 2025 Guy Fawkes: Ben +6 (+£0.30) → +4 (+£0.20)"])
    assert serious(page) == [] and overflow(page) <= 0
    OUTPUT.mkdir(exist_ok=True)
    shown.screenshot(path=str(OUTPUT / "club-corrections-360.png"))
    page.get_by_role("button", name="Record 1 correction").click()
    expect(shown).to_contain_text("Recorded 0 evenings, 1 correction.")
    expect(page.locator("#standings tbody tr").first).to_contain_text("+£0.20")
    assert standings(page)["Ann"] == ("−1", "−£0.05")

    # dates that read both ways: asked, nothing to record until the order is chosen
    (tmp_path / "spring.csv").write_text(AMBIGUOUS)
    preview(page, tmp_path / "spring.csv")
    expect(shown).to_contain_text("How are the dates written? 03/04/2025 is")
    expect(page.locator("#import-confirm")).to_have_count(0)
    shown.screenshot(path=str(OUTPUT / "club-dates-360.png"))
    page.locator("#import-preview label.chip", has_text="month first").click()
    expect(page.locator("#import-confirm")).to_have_text("Record 1 evening")
    page.locator("#import-confirm").click()
    expect(shown).to_contain_text("Recorded 1 evening.")
    assert any(e["date"] == "2025-03-04" for e in requests.get(
        api, headers=auth, timeout=REQUEST_SECONDS).json()["imported"])

    # an .xlsx taken as it is; a picture refused for what it is
    book = openpyxl.Workbook()
    for row in (["Date", "Evening", "Member", "Counters"], ["2025-06-21", "Midsummer", "Ann", 5],
                ["2025-06-21", "Midsummer", "Ben", -5]):
        book.active.append(row)
    kept = io.BytesIO()
    book.save(kept)
    (tmp_path / "midsummer.xlsx").write_bytes(kept.getvalue())
    preview(page, tmp_path / "midsummer.xlsx")
    expect(shown).to_contain_text("Jun 21, 2025 Midsummer: Ann +5, Ben −5")
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + b"\0" * 64)
    preview(page, tmp_path / "photo.png")
    expect(shown.get_by_role("alert")).to_contain_text("This is a PNG image, not a spreadsheet")

    # Christmas Eve withdrawn, with why: out of the standings, in the log
    page.get_by_role("button", name="Withdraw Christmas Eve").click()
    page.get_by_label("Why").fill("played at Netherfield's")
    page.locator("#sheet-ok").click()
    expect(page.locator("#evenings li", has_text="Christmas Eve")).to_contain_text(
        "withdrawn: played at Netherfield's")
    expect(page.get_by_role("button", name="Withdraw Christmas Eve")).to_have_count(0)
    expect(page.locator("#standings tbody tr", has_text="Zoë")).to_contain_text("−£0.02")
    page.locator("#log-panel > summary").click()
    expect(page.locator("#club-log li").first).to_have_text(
        "Withdrew Christmas Eve (2025-12-24) — played at Netherfield's")
    expect(page.locator("#club-log")).to_contain_text("Corrected Guy Fawkes (2025-11-05)")
    assert serious(page) == [] and overflow(page) <= 0
    page.locator("#evenings").screenshot(path=str(OUTPUT / "club-withdrawn-360.png"))

    # the season sheet (printed) and the shared text sign money as the table does
    sheet = PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = " ".join(" ".join(p.extract_text() for p in sheet.pages).split())
    assert "−4 −£0.20" in text and "+6 +£0.22" in text and "-" not in text, text
    page.locator("#share-season").click()
    shared = wait_for(page, "window.shared").splitlines()
    assert {"Ann: −4 (−£0.20)", "Ben: +6 (+£0.22)", "Zoë: −2 (−£0.02)"} <= set(shared), shared
    phone.close()
    assert phone.errors == [], phone.errors
