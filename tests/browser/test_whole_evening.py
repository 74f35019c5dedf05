"""A whole evening at the table (issue 31), as a host plays it: the page only, on the secure
link (the README's serve command, Caddy in front, opened by this machine's network address on
a phone that trusts the table), five players — Commerce 8 deals, Pope Joan 3 deals with the
board left over, Cassino to 11 with a sixth player at 320 px, Vingt-un 4 deals — then the
board shared back and every transfer paid, to "All square". It prints the taps of each deal
of each game and holds them to their targets: every Record in view without scrolling (tapped
where it is, never scrolled to), Cassino's count in at most 10 taps (its deal recorded with
it), Pope Joan's deal in at most 12."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, overflow, serious
from tests.browser.test_secure_link import address, table, trusting_home  # noqa: F401 (fixtures)
from tests.browser.tools import WAIT_MS, Phone, chromium, open_evening, pay_everything
from tests.server import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.long]
NAMES = ["Ann", "Ben", "Cy", "Dot", "Eve"]
# taps a deal, its Deal tap in: Cassino's count 10, its deal recorded with it; Pope Joan's 12
# (its cards left typed, a field a tap)
TARGETS = {"Commerce": 4, "Pope Joan": 12, "Cassino": 10, "Vingt-un": 5}


class Host:
    """The phone of the host recording the evening: counts the taps and keys of each deal,
    and taps a Record where it is on the screen (it must be there)."""

    def __init__(self, phone: Phone):
        self.phone, self.page = phone, phone.page
        self.deals: dict[str, list[int]] = {}
        self.found: dict[str, list[str]] = {}  # axe-core's serious and critical findings
        self.typed: dict[str, list[int]] = {}
        self.keys = 0
        self.taps = 0

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1

    def type(self, locator, text: str) -> None:
        locator.click()
        locator.fill(text)
        self.taps += 1
        self.keys += len(text)

    def record(self, locator) -> None:
        """The sheet's Record, tapped where it is: in view, under the header, unscrolled."""
        expect(locator).to_be_visible()
        height = self.page.viewport_size["height"]

        def in_view():  # once the page has laid the sheet out (a loaded phone takes a while)
            box = wait_until(locator.bounding_box, 30, "the sheet's Record drawn")
            header = self.page.evaluate(
                "document.querySelector('header').getBoundingClientRect().bottom")
            return box["y"] >= header - 1 and box["y"] + box["height"] <= height, box, header

        try:
            wait_until(lambda: in_view()[0], WAIT_MS / 1000, "the sheet's Record in view")
        except TimeoutError:
            pass  # said below, where it is
        placed, box, header = in_view()
        assert placed, (
            f"{locator.evaluate('b => b.form.getAttribute(`aria-label`)')}: Record at "
            f"{box['y']:.0f}–{box['y'] + box['height']:.0f} px, the screen {header:.0f}–{height} "
            f"px, above the games {self.page.locator('#games').bounding_box()['y']:.0f} px "
            f"({self.page.locator('#attention').inner_text()!r})")
        locator.click()  # where it is, once it stands still and nothing is drawn over it
        self.taps += 1

    def check(self, screen: str) -> None:
        """What axe-core finds serious or critical here; nothing scrolls sideways."""
        self.found[screen] = serious(self.page)
        assert overflow(self.page) <= 0, f"{screen}: scrolls sideways"

    def deal_done(self, game: str) -> None:
        self.deals.setdefault(game, []).append(self.taps)
        self.typed.setdefault(game, []).append(self.keys)
        self.taps = self.keys = 0

    def card(self, title: str):
        return self.page.locator(f".game[aria-label='{title}']")

    def settled(self) -> None:
        expect(self.page.locator("#status")).not_to_contain_text("pending")
        expect(self.page.locator("#attention .look")).to_have_count(0)

    def start(self, kind: str, seated: list[str], stake: int = 1, **options) -> None:
        """A game started from the set-up: its kind, who sits, the stake, any option."""
        page = self.page
        # the evening drawn first (its players in the header's strip, drawn with the set-up's
        # place): before, the set-up shows its summary, which an evening with no game hides
        # as it draws the set-up open at the top
        expect(page.locator("#strip li").first).to_be_attached()
        if not page.locator("#game-form").is_visible():
            page.locator("#setup > summary").click()
        page.select_option("#game-form [name=kind]", kind)
        for chip in page.locator("#seat-picker label.chip").all():
            if chip.locator("input").is_checked() != (chip.inner_text().strip() in seated):
                chip.click()
        page.fill("#game-form [name=stake]", str(stake))
        for name, value in options.items():
            field = page.locator(f"#option-fields [name={name}]")
            field.check() if value is True else field.fill(str(value))
        page.locator("#game-form button[type=submit]").click()


def deal(host: Host, title: str):
    """The card's Deal (its main button between deals), and the card's sheet that follows."""
    card = host.card(title)
    button = card.locator("button.primary[data-fact=deal_started]")
    expect(button).to_be_visible()
    host.tap(button)
    return card.locator("form.sheet")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_whole_evening_to_all_square_on_the_secure_link(table, trusting_home, scheme):  # noqa: F811
    assert AXE.exists(), "axe-core is missing: .ci/test installs it"
    with chromium(env={"HOME": str(trusting_home), "PATH": "/usr/bin:/bin"}) as browser:
        phone = Phone(browser, width=360, height=640, color_scheme=scheme)
        host, page = Host(phone), phone.page
        try:
            play(host, page, table)
        finally:
            phone.close()
        assert phone.errors == [], phone.errors
    print("\ntaps per deal:", host.deals, "\nkeys typed per deal:", host.typed)
    for game, taps in host.deals.items():
        assert max(taps) <= TARGETS[game], (game, taps)
    assert {screen: found for screen, found in host.found.items() if found} == {}


def play(host: Host, page, table) -> None:  # noqa: F811 - the fixture, handed on
    page.goto(f"{table.secure}/")
    open_evening(page, "Twelfth Night", NAMES)
    assert page.evaluate("window.isSecureContext") is True

    # Commerce, 8 deals: who stood, and twice a better hand (its holder wins by default)
    host.start("commerce", NAMES)
    for n in range(8):
        sheet = deal(host, "Commerce")
        host.tap(sheet.locator("fieldset", has=page.locator("legend:text-is('Who stood')"))
                 .locator("label.chip", has_text=NAMES[(n + 2) % 5]))
        if n == 0:
            host.check("Commerce's stand")
        if n in (2, 5):
            host.tap(sheet.locator("fieldset", has=page.locator(
                "legend:text-is('Who held a better hand')")).locator("label.chip", has_text=NAMES[(n + 3) % 5]))
        host.record(sheet.locator("button[type=submit]"))
        expect(sheet).to_have_count(0)
        host.deal_done("Commerce")
    host.settled()

    # Pope Joan, 3 deals: the deal on one sheet at its end; Matrimony, Intrigue, the Queen and
    # the Knave never won, so the board is left over
    host.start("pope_joan", NAMES)
    card = host.card("Pope Joan")
    expect(card).to_be_in_viewport()  # a game just started is in view
    for n in range(3):
        sheet = deal(host, "Pope Joan")
        out = NAMES[(n + 1) % 5]
        if n == 0:
            host.check("Pope Joan's deal")
        host.tap(sheet.get_by_label(f"Who went out: {out}", exact=True))
        for i, name in enumerate(n for n in NAMES if n != out):
            host.type(sheet.get_by_label(f"Cards left in each hand: {name}", exact=True), str(i + 1))
        # the Pope is asked next; the Ace a tap away, then the King is asked next
        host.tap(sheet.get_by_label(f"The Pope (9♦): won by: {NAMES[(n + 2) % 5]}", exact=True))
        host.tap(sheet.locator("[data-thing='compartments.ace']"))
        host.tap(sheet.get_by_label(f"The Ace: won by: {NAMES[(n + 4) % 5]}", exact=True))
        host.tap(sheet.get_by_label(f"The King: won by: {NAMES[(n + 3) % 5]}", exact=True))
        host.record(sheet.locator("button[type=submit]"))
        expect(card.locator("form.sheet")).to_have_count(0)
        host.deal_done("Pope Joan")
    host.settled()
    left = {p["pool"]: p["counters"] for p in table_get(page, "/settlement")["unsettled_pools"]}
    assert set(left) == {"matrimony", "intrigue", "queen", "knave"}, left

    # Cassino to 11 with a sixth player, at 320 px: who took what, a tap a thing
    page.set_viewport_size({"width": 320, "height": 568})
    if not page.locator("#player-form").is_visible():
        page.locator("#setup > summary").click()
    page.fill("#player-form [name=name]", "Fay")
    page.keyboard.press("Enter")
    expect(page.locator("#players li")).to_have_count(6)
    six = [*NAMES, "Fay"]
    host.start("cassino", six)
    card = host.card("Cassino")
    points = card.locator(".meta", has_text="Points:")
    for n in range(6):  # each deal's taker 7 + an ace + a sweep, three others an ace each
        sheet = card.locator("form.sheet")  # who took what, with the deal: one Record
        expect(sheet.locator("h3")).to_contain_text(f"Deal {n + 1}: {six[n % 6]} deals")
        readable(page, sheet, six)
        if n == 0:
            host.check("Cassino's who took what at 320 px")
        taker = six[n % 6]
        for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
            host.tap(sheet.get_by_label(f"{row}: {taker}", exact=True))
        aces = sheet.locator("[data-field=aces] button.tally")
        for ace in range(n, n + 4):
            host.tap(aces.nth(ace % 6))
        host.tap(sheet.locator("[data-field=sweeps] button.tally").nth(n % 6))
        before = points.text_content()  # a game won folds away: its points hidden
        host.record(sheet.locator("button[type=submit]"))
        expect(card.locator("form.sheet h3", has_text=f"Deal {n + 1}:")).to_have_count(0)
        host.deal_done("Cassino")
        wait_until(lambda: points.text_content() != before, 30, "the deal's points")
        if "won by" in points.text_content():
            break
    # 9, 1, 1, 1; then Ben 10; then Cy 1 + 1 + 9 = 11: the third deal wins
    assert points.text_content() == "Points: Ann 9, Ben 10, Cy 11, Dot 3, Eve 2, Fay 1 · won by Cy"
    expect(card.locator("summary")).to_have_text("Cassino · won by Cy 11–10")
    expect(card.locator("[data-fact=deal_started]")).to_have_count(0)  # a won game deals no more

    # Vingt-un, 4 deals, back at 360 px: Ben wins his hand, the rest lose to the dealer
    page.set_viewport_size({"width": 360, "height": 640})
    host.start("vingt_un", NAMES)
    card = host.card("Vingt-un")
    for n in range(4):
        sheet = deal(host, "Vingt-un")
        winner = next(name for name in NAMES[n % 5 + 1:] + NAMES if name != NAMES[n % 5])
        expect(sheet.locator("th[scope=row]")).to_have_count(4)  # each hand but the dealer's
        if n == 0:
            host.check("Vingt-un's hands")
        host.tap(sheet.get_by_label(f"{winner}: won", exact=True))
        host.record(sheet.locator("button[type=submit]"))
        expect(card.locator("form.sheet")).to_have_count(0)
        host.deal_done("Vingt-un")
    host.settled()

    # the night's end: Pope Joan's board shared back on its card, then every transfer paid
    page.locator("#switcher button", has_text="Pope Joan").click()
    card = host.card("Pope Joan")
    sheet = page.locator("#sheet")
    shares = card.get_by_role("button", name=re.compile("^Share back"))
    while shares.count():
        before = shares.count()
        shares.first.click()
        wait_until(lambda: sum(int(v or 0) for v in sheet.locator("input[type=number]")
                               .evaluate_all("xs => xs.map(x => x.value)")) > 0, 30, "the shares")
        host.check("a pool shared back")
        sheet.locator("#sheet-ok").click()
        wait_until(lambda: shares.count() < before, 30, "a pool shared back")
    pay_everything(page, host.check)
    host.check("All square")
    assert table_get(page, "/settlement")["all_square"] is True


def readable(page, sheet, names: list[str]) -> None:
    """The sheet at this width: every player's name whole, on the screen, in each group that
    asks for a player; nothing scrolls sideways."""
    expect(sheet.locator(".taken")).to_be_visible()
    width = page.viewport_size["width"]
    for group in sheet.locator(".taken fieldset").all():
        shown = group.locator("label.chip span, button.tally span").all_inner_texts()
        assert [n for n in names if n not in shown] == [], (group.inner_text(), shown)
    for chip in sheet.locator(".taken label.chip, .taken button").all():
        box = chip.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, chip.inner_text()
    cut = sheet.locator(".taken label.chip span, .taken button span").evaluate_all(
        "xs => xs.filter(x => x.scrollWidth > x.clientWidth + 1).map(x => x.textContent)")
    assert cut == [], f"cut short: {cut}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def table_get(page, path: str) -> dict:
    """A read of the evening open on the phone, with the phone's own token."""
    return page.evaluate("""async path => {
        const all = JSON.parse(localStorage.getItem('ledger:evenings'));
        const current = JSON.parse(localStorage.getItem('ledger:current'));
        const answer = await fetch(`/api/v1/sessions/${current}${path}`, {headers: {Authorization: `Bearer ${all[current].read || all[current].write}`}});
        return answer.json(); }""", path)
