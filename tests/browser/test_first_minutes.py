"""The first five minutes, as a new recorder lives them, in real Chromium at 360×640 and
320×568: from the link to a recorded Commerce stand within the tap budget, each next control
on the first screen with no scrolling (names typed, one Enter each, or pasted at once);
no control on an empty evening or on an evening with one game is a dead button; with three
games open, the one being played comes first and the others are a tap away; a game won
folds away with its result. axe clean light and dark, nothing scrolls sideways."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, overflow, serious
from tests.browser.test_double_taps import settled, slow
from tests.browser.tools import WAIT_MS, Evening, Phone, wait_for, wait_until

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Ben", "Zoë", "Dot"]
TAP_BUDGET = 8


class Recorder:
    """A phone that counts its taps and keystrokes, and refuses to tap what the recorder
    would have to scroll to."""

    def __init__(self, phone: Phone, height: int):
        self.phone, self.page, self.height = phone, phone.page, height
        self.taps = self.keys = 0

    def on_first_screen(self, locator) -> None:
        expect(locator).to_be_visible()
        assert self.page.evaluate("scrollY") == 0, "the page was scrolled"
        box = wait_until(locator.bounding_box, 30, f"{locator} drawn")  # (a redraw replaces it)
        header = self.page.evaluate("document.querySelector('header').getBoundingClientRect().bottom")
        assert box["y"] >= header - 1 and box["y"] + box["height"] <= self.height, (
            f"{locator} is at {box['y']:.0f}–{box['y'] + box['height']:.0f} px: off the first "
            f"screen of {self.height} px (under a header to {header:.0f} px)")

    def tap(self, locator) -> None:
        self.on_first_screen(locator)
        locator.click()  # where it is, once it stands still and nothing is drawn over it
        self.taps += 1

    def type(self, text: str, enter: bool = True) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)
        if enter:
            self.page.keyboard.press("Enter")
            self.keys += 1

    def check(self, screen: str, found: dict) -> None:
        if AXE.exists():
            found[screen] = serious(self.page)
        assert overflow(self.page) <= 0, f"{screen}: scrolls sideways"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(360, 640), (320, 568)], ids=["360x640", "320x568"])
def test_a_new_recorder_reaches_the_first_stand_within_the_tap_budget(base, browser, size, scheme,
                                                                     pictures):
    assert AXE.exists(), "axe-core is missing: .ci/test installs it"
    width, height = size
    phone = Phone(browser, width=width, height=height, color_scheme=scheme)
    page, me, found = phone.page, Recorder(phone, height), {}
    page.goto(f"{base}/")
    me.tap(page.locator("#open-form [name=name]"))
    me.type("Twelfth Night", enter=False)
    me.tap(page.locator("#open-form button"))
    expect(page.locator("#title")).to_have_text("Twelfth Night")
    # the empty evening leads with its players, the name field focused; nothing else to do
    expect(page.locator("#players-box")).to_be_visible()
    wait_for(page, "document.activeElement === document.querySelector('#player-form [name=name]')")
    for hidden in ("#owes-box", "#balances-box", "#undo", "[data-file]", "#game-box"):
        expect(page.locator(hidden).first).to_be_hidden()
    me.check("an empty evening", found)
    if (width, scheme) == (360, "light"):
        pictures.screenshot(page, "first-players.png")
    for name in NAMES:  # four names, four Enters: the field is cleared and keeps the focus
        me.type(name)
    expect(page.locator("#players li")).to_have_count(4)
    expect(page.locator("#player-form [name=name]")).to_be_focused()
    expect(page.locator("#player-form [name=name]")).to_have_value("")

    # "Start a game" leads, Commerce first, every player seated in the order added
    expect(page.locator("#game-form [name=kind]")).to_have_value("commerce")
    expect(page.locator("#seat-picker input:checked")).to_have_count(4)
    assert page.locator("#seat-picker input:checked + span").all_inner_texts() == NAMES
    me.check("players, no game", found)
    if (width, scheme) == (360, "light"):
        pictures.screenshot(page, "first-game.png")
    me.tap(page.locator("#game-form button[type=submit]"))

    # the game's card leads: deal, then the stand, all on the first screen
    deal = page.locator(".game [data-fact=deal_started]")
    expect(deal).to_have_text("Deal 1: Ann deals")
    expect(page.locator("#lead")).to_be_hidden()
    me.tap(deal)
    stand = page.locator(".game form.sheet")
    expect(stand).to_be_visible()
    me.tap(stand.locator("fieldset", has=page.locator("legend:text-is('Who stood')"))
           .locator("label.chip", has_text="Ben"))
    me.tap(stand.locator("button[type=submit]"))
    expect(page.locator("#log li", has_text="Ben stood")).to_have_count(1)
    expect(page.locator("#owes-box")).to_be_visible()
    expect(page.locator("#undo")).to_be_visible()
    me.check("the first stand", found)
    if (width, scheme) == (360, "light"):
        pictures.screenshot(page, "first-stand.png")
    assert me.taps <= TAP_BUDGET, f"{me.taps} taps"
    phone.close()
    assert phone.errors == [], phone.errors
    assert {screen: v for screen, v in found.items() if v} == {}
    print(f"\n{width}x{height} {scheme}: {me.taps} taps, {me.keys} keystrokes "
          f"(names and the evening's: {len('Twelfth Night') + sum(len(n) + 1 for n in NAMES)})")


def test_names_pasted_at_once_are_each_added_and_look_alikes_refused_with_the_reason(base, browser):
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base)
    phone.open(evening.link())
    field = page.locator("#lead #player-form [name=name]")  # once the set-up leads
    expect(field).to_be_focused()
    page.evaluate("""() => { const data = new DataTransfer();
        data.setData('text/plain', 'Ann, Ben\\nZoë; Dot\\nann');
        document.querySelector('#player-form [name=name]').dispatchEvent(new ClipboardEvent(
            'paste', {clipboardData: data, bubbles: true, cancelable: true})); }""")
    expect(page.locator("#players li")).to_have_count(4)
    assert page.locator("#players li").all_inner_texts() == NAMES
    refused = page.locator("#attention .look")
    expect(refused).to_contain_text("ann joins")
    expect(refused).to_contain_text(re.compile("Ann", re.I))
    expect(field).to_be_focused()
    page.locator("#player-form button[type=submit]").click()  # nothing typed: said so
    expect(page.locator("#player-error")).to_have_text("Type a name first.")
    field.fill("Cy")  # typed, then a list pasted after it: the typed name is kept
    page.evaluate("""() => { const data = new DataTransfer(); data.setData('text/plain', ', Eve');
        const f = document.querySelector('#player-form [name=name]'); f.setSelectionRange(2, 2);
        f.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true,
                                                     cancelable: true})); }""")
    expect(page.locator("#players li")).to_have_count(6)
    field.fill("Bennet, Mrs")  # typed with a comma: one name, or two? the page asks
    field.press("Enter")
    ask = page.locator("#player-ask")
    expect(ask).to_contain_text("“Bennet, Mrs”: one player, or 2?")
    expect(ask.get_by_role("button", name="2 players: Bennet · Mrs")).to_be_focused()
    ask.get_by_role("button", name="One player: Bennet, Mrs").click()
    expect(page.locator("#players li")).to_have_count(7)
    expect(ask).to_be_empty()
    field.fill("Fanny, George; Harriet")  # or a list, typed
    field.press("Enter")
    ask.get_by_role("button", name="3 players: Fanny · George · Harriet").click()
    expect(page.locator("#players li")).to_have_count(10)
    assert page.locator("#players li").all_inner_texts() == [
        *NAMES, "Cy", "Eve", "Bennet, Mrs", "Fanny", "George", "Harriet"]
    expect(field).to_be_focused()
    phone.close()


OBSERVE = """() => { window.changes = 0; window.observer?.disconnect();
  window.observer = new MutationObserver(list => { window.changes += list.filter(m =>
    !m.target.closest?.('#status') && !(m.target.parentElement && m.target.parentElement.closest('#status'))).length; });
  window.observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }"""


def tap_every_button(phone: Phone, evening: Evening) -> dict[str, str]:
    """Each visible button, on the page as drawn from the evening's first whole read, tapped
    once: what it did (a dialog, a sheet, a change on the page, a download), waited for as
    long as a loaded machine may take, or nothing."""
    page, did = phone.page, {}
    said: list[str] = []
    downloads: list = []
    page.on("dialog", lambda d: said.append(d.message) or d.dismiss())
    page.on("download", lambda download: downloads.append(download))
    labels = drawn(phone, evening)
    for index, label in enumerate(labels):
        button = page.locator("button:visible").nth(index)
        if drawn(phone, evening)[index:index + 1] != [label]:
            continue
        said.clear()
        downloads.clear()
        page.evaluate(OBSERVE)
        button.click()

        def done():
            return ("a dialog: " + said[0] if said
                    else "a sheet" if page.evaluate("document.querySelector('#sheet').open")
                    else "the page changed" if page.evaluate("window.changes")
                    else "a download" if downloads else None)
        try:
            did[label] = wait_until(done, WAIT_MS / 1000, f"{label} tapped")
        except TimeoutError:
            did[label] = "nothing"
        if page.evaluate("document.querySelector('#sheet').open"):  # (whatever was seen first)
            page.keyboard.press("Escape")
    return did


def drawn(phone: Phone, evening: Evening) -> list[str]:
    """The evening opened anew and drawn from its first whole read (the page keeps the
    evening's view once it has read it all, and draws it at once): its visible buttons."""
    if phone.page.url.startswith("http"):  # (opened cold each time: nothing kept from the last)
        phone.page.evaluate("localStorage.clear()")
        # a new document: the page takes its link out of the address bar, so going to the link
        # again is a move within the page (`hashchange`), which keeps an open sheet open
        phone.page.goto("about:blank")
    phone.open(evening.link())
    wait_for(phone.page, f"localStorage.getItem('ledger:view:{evening.id}') !== null")
    return [b.inner_text() or b.get_attribute("aria-label")
            for b in phone.page.locator("button:visible").all()]


def test_no_button_on_an_empty_evening_or_one_with_a_game_does_nothing(base, browser):
    phone = Phone(browser, accept_downloads=True)
    empty = Evening(base)
    did = tap_every_button(phone, empty)
    assert did and [label for label, what in did.items() if what == "nothing"] == [], did
    playing = Evening(base).seat(*NAMES)
    game = playing.game("commerce", NAMES, stake=1)
    playing.record("deal_started", game)
    did = tap_every_button(phone, playing)
    assert len(did) >= 6 and [label for label, what in did.items() if what == "nothing"] == [], did
    phone.close()


def test_three_games_the_one_played_leads_the_others_a_tap_away_and_a_won_game_folds(base, browser):
    evening = Evening(base).seat(*NAMES[:2])
    cassino = evening.game("cassino", NAMES[:2], stake=1, target=1)
    commerce = evening.game("commerce", NAMES[:2], stake=1)
    other = evening.game("other", NAMES[:2], stake=1)
    evening.record("deal_started", commerce)  # the game with the latest fact is the one played
    phone = Phone(browser)
    page = phone.page
    phone.open(evening.link())
    switcher = page.locator("#switcher button")
    expect(switcher).to_have_count(3)
    expect(switcher.first).to_have_text(re.compile(r"^Commerce · deal 1 · pool \d+$"))
    expect(switcher.first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".game")).to_have_count(1)
    expect(page.locator(".game")).to_have_attribute("data-game", commerce)

    page.locator("#switcher button", has_text=re.compile("^Game")).click()  # one tap away
    expect(page.locator(".game")).to_have_attribute("data-game", other)
    expect(switcher.first).to_have_text(re.compile("^Game"))
    page.locator(".game [data-fact=deal_started]").click()  # recording there keeps it first
    expect(page.locator(".game .meta").first).to_contain_text("Deal 1")
    page.reload()
    expect(page.locator(".game")).to_have_attribute("data-game", other)

    ann, ben = evening.players["Ann"], evening.players["Ben"]
    evening.record("deal_started", cassino)
    evening.record("cassino_deal_counted", cassino, counts={
        ann: {"cards": 30, "spades": 9, "aces": 3, "great_cassino": 1, "little_cassino": 1, "sweeps": 1},
        ben: {"cards": 22, "spades": 4, "aces": 1, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}})
    page.locator("#switcher button", has_text="Cassino").click()
    expect(page.locator("#switcher button", has_text="Cassino")).to_contain_text("won by Ann")
    folded = page.locator(".game details")
    expect(folded.locator("summary")).to_contain_text("Cassino · won by Ann")
    expect(folded.locator("h2")).to_be_hidden()  # its record one tap away
    assert phone.errors == [], phone.errors
    phone.close()


def test_a_game_started_on_a_slow_link_leads_the_first_screen_unscrolled(base, browser):
    """The page brings the game just started into view once it has drawn it: on a slow link
    the set-up still leads when the start is answered, and the page moved by its height."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=640)
    phone.open(evening.link())
    slow(phone)
    me = Recorder(phone, 640)
    me.tap(phone.page.locator("#game-form button[type=submit]"))
    settled(phone)
    me.on_first_screen(phone.page.locator(".game [data-fact=deal_started]"))
    phone.close()
