"""A whole evening played on the page on a German phone and on a French one (issue 42): the
evening opened from the first screen, its players and games set up, Commerce and Cassino
played, every transfer paid to "All square", the results shared and the night sheet printed.
No screen, nor the shared text, nor the night sheet's PDF, says anything in English (the
English catalogue's phrases, `tests/english.py`); money and the evening's day are written the
locale's way; axe-core finds nothing serious on any screen."""

import io
import re
from datetime import datetime, timezone

import pytest
from babel.dates import format_date
from playwright.sync_api import expect

from tests.browser.test_accessibility import serious
from tests.browser.test_night_end import CAPTURE
from tests.browser.test_whole_evening import Host
from tests.browser.tools import Phone, open_evening, pay_everything, wait_for
from tests.english import english_left, said_in
from tests.server import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.server]
NAMES = ["Ann", "Ben", "Cy", "Dot"]
# money as the locale writes it: a decimal comma, the pound after a space (French: £GB)
MONEY = re.compile(r"^[+−]?\d+,\d\d\s£(GB)?$")


class Looks:
    """What each screen says in English, and what axe-core finds serious there."""

    def __init__(self, page, language: str):
        self.page, self.language = page, language
        self.english: dict[str, list[str]] = {}
        self.found: dict[str, list[str]] = {}

    def __call__(self, screen: str) -> None:
        page = self.page
        # what folded parts say too (folded again after: the screen is played on as it was)
        page.evaluate("""window.folded = [...document.querySelectorAll('details:not([open])')]
                             .filter(d => d.checkVisibility());
                         folded.forEach(d => { d.open = true; })""")
        shown = [page.locator("body").inner_text()]
        page.evaluate("folded.forEach(d => { d.open = false; })")
        if page.locator("#sheet").is_visible():
            shown.append(page.locator("#sheet").inner_text())
        self.english[screen] = [p for text in shown for p in english_left(text, self.language)]
        self.found[screen] = serious(page)


def record(host: Host, sheet) -> None:
    """The sheet's Record, tapped where it is; the sheet gone (the next deal's may follow)."""
    form = sheet.element_handle()
    host.record(sheet.locator("button[type=submit]"))
    wait_until(lambda: not form.evaluate("f => f.isConnected"), 30, "the sheet taken")
    host.settled()  # taken by the service too: nothing refused, nothing pending


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR"])
def test_a_whole_evening_on_a_phone_in_its_language(base, browser, locale):
    from pypdf import PdfReader

    language = locale[:2]
    phone = Phone(browser, locale=locale)
    phone.context.add_init_script(CAPTURE)
    phone.context.add_init_script("window.print = () => { window.printed = true; };")
    page, host = phone.page, Host(phone)
    look = Looks(page, language)
    page.goto(f"{base}/")
    look("the first screen")
    open_evening(page, "Meryton 12", NAMES)
    look("the set-up")

    host.start("commerce", NAMES, stake=2)  # three deals: who stood, once a better hand
    card = page.locator(".game").first
    for n in range(3):
        card.locator("button.primary[data-fact=deal_started]").click()
        sheet = card.locator("form.sheet")
        sheet.locator("fieldset").nth(0).locator("label.chip", has_text=NAMES[n]).click()
        if n == 1:
            sheet.locator("fieldset").nth(1).locator("label.chip", has_text=NAMES[3]).click()
            look("Commerce's stand")
        record(host, sheet)
    look("Commerce played")

    host.start("cassino", NAMES)  # two deals: who took what, with the deal
    card = page.locator(".game").first
    for n in range(2):
        sheet = card.locator("form.sheet")
        expect(sheet).to_be_visible()
        pick = sheet.locator("fieldset.pick")  # each thing asked in turn: most cards, most
        for row in range(4):  # spades, the two Cassinos
            asked = pick.locator("legend").inner_text()
            pick.locator("label.chip", has_text=NAMES[n]).click()
            if row < 3:
                expect(pick.locator("legend")).not_to_have_text(asked)
        for ace in range(4):  # an ace each, and a sweep
            sheet.locator("[data-field=aces] button.tally").nth(ace).click()
        sheet.locator("[data-field=sweeps] button.tally").nth(n).click()
        if n == 0:
            look("Cassino's who took what")
        record(host, sheet)
    points = card.locator(".meta", has_text=re.compile(r"Ann \d+, Ben \d+"))
    expect(points).to_contain_text(re.compile(r"Ann 10, Ben 10, Cy 2, Dot 2"))
    look("Cassino played")

    money = page.locator("#balances td.num").all_inner_texts()[1::2]  # (before it is paid)
    assert len(money) == 4 and all(MONEY.match(m) for m in money), money
    assert any(m.startswith("−") for m in money), money
    pay_everything(page, look, square=said_in(language, "All square."))
    look("all square")

    page.locator("#share-results").click()
    text = wait_for(page, "window.shared")["text"]
    page.locator("#print-sheet").click()
    wait_for(page, "window.printed")
    pdf = page.pdf(format="A4", print_background=False)
    sheet = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    day = format_date(datetime.now(timezone.utc).date(), "long", locale=locale.replace("-", "_"))
    assert day in sheet, (day, sheet)
    assert {"shared": english_left(text, language), "night sheet": english_left(sheet, language)} \
        == {"shared": [], "night sheet": []}, (text, sheet)
    assert re.search(r"\d,\d\d\s£", text), text
    assert {s: e for s, e in look.english.items() if e} == {}
    assert {s: f for s, f in look.found.items() if f} == {}
    phone.close()
    assert phone.errors == [], phone.errors
