"""An evening of the round games, at the table as it is played: the README's serve command
(Caddy in front, opened by this machine's network address on a phone that trusts the table),
six players whose names are long or accented, and Speculation, three-stake Brag,
Snip-Snap-Snorum, Pope Joan (a deal ended by the Pope turned up) and Cassino in partnerships,
recorded on the page alone, to "All square". Every screen a deal passes through is checked at
320 and 360 px, light and dark: axe-core (with WCAG 2.2's target size) finds nothing serious,
every tap target is 44 px or more (measured), nothing scrolls sideways, and the sheets show
every name whole. The log says what moved, figure by figure (each sentence's parts add up to
its postings). The taps of each deal are counted and printed: Pope Joan's at most 12 (cards
left typed, a field a tap), Cassino's count at most 10."""

import json
import re

import pytest
from playwright.sync_api import expect

from ledger.projections.session import fold
from ledger.projections.words import Words
from tests.browser.test_accessibility import AXE, overflow, serious, small_targets
from tests.browser.test_secure_link import address, table, trusting_home  # noqa: F401 (fixtures)
from tests.browser.test_whole_evening import Host, table_get
from tests.browser.tools import OUTPUT, Phone, chromium, open_evening, pay_everything
from tests.server import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.server]
NAMES = ["Zoë", "Bartholomew", "Margaret-Anne", "Al", "Kit", "Ñuño"]
SCREENS = [(320, 568, "light"), (320, 568, "dark"), (360, 640, "light"), (360, 640, "dark")]
TARGETS = {"Pope Joan": 12, "Cassino": 10}


class Recorder(Host):
    """The host's phone (`Host`: taps counted a deal), each screen checked four ways."""

    def check(self, screen: str) -> None:
        page = self.page
        for width, height, scheme in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            found = serious(page) + small_targets(page)
            if overflow(page) > 0:
                found.append(f"scrolls sideways by {overflow(page)} px")
            self.found[f"{screen} at {width} px, {scheme}"] = found
        page.set_viewport_size({"width": 320, "height": 568})
        page.emulate_media(color_scheme="light")

    def chip(self, within, legend: str, name: str):
        return within.locator("fieldset", has=self.page.locator(f"legend:text-is('{legend}')")) \
            .locator("label.chip", has_text=re.compile(f"^{re.escape(name)}$"))

    def record(self, locator) -> None:
        """A sheet's Record, where it is (a long sheet at 320 px is scrolled to)."""
        self.tap(locator)

    def deal(self, title: str):
        card = self.card(title)
        self.tap(card.locator("button.primary[data-fact=deal_started]"))
        return card.locator("form.sheet")

    def done(self, title: str, recorded) -> None:
        """The deal's last fact is in: the card has moved on."""
        wait_until(recorded, 30, f"{title}'s deal recorded")
        self.deal_done(title)


def whole(page, sheet, names: list[str]) -> None:
    """Every name of the sheet's groups whole and on the screen."""
    width = page.viewport_size["width"]
    for group in sheet.locator("fieldset:has(label.chip), fieldset:has(button.tally)").all():
        shown = group.locator("label.chip > span, button.tally > span").all_inner_texts()
        assert all(name in shown for name in names if name in group.inner_text()), shown
    cut = sheet.locator("label.chip > span, button.tally > span, label.number > span").evaluate_all(
        "xs => xs.filter(x => x.scrollWidth > x.clientWidth + 1).map(x => x.textContent)")
    assert cut == [], f"cut short: {cut}"
    for target in sheet.locator("label.chip, button, label.number").all():
        box = target.bounding_box()
        assert box is None or (box["x"] >= 0 and box["x"] + box["width"] <= width), target.inner_text()


def events_of(page) -> list[dict]:
    return table_get(page, "/events")["events"]


def log_figures(events: list[dict]) -> int:
    """Each game fact's sentence, as the service says it, holds each part of what moved, and
    its parts add up, player by player, to its postings; how many sentences said figures."""
    state = fold(events)
    words, said = Words(state, strict=True), 0
    for event in events:
        sentence = words.sentence(event) if event["game_id"] else None
        if sentence is None:
            continue
        told = words.told(event)
        sentence(told)  # told again from the log as the service keeps it, part by part
        assert told.unsaid() == {}, (event["type"], event["said"], event["postings"])
        for _, _, amount in told.moves:  # each part's figure in what the service said
            assert re.search(rf"(?<!\d){amount}(?!\d)", event["said"]), (amount, event["said"])
        said += bool(told.moves)
    return said


def test_an_evening_of_the_round_games_at_the_table(table, trusting_home):  # noqa: F811
    assert AXE.exists(), "axe-core is missing: .ci/test installs it"
    with chromium(env={"HOME": str(trusting_home), "PATH": "/usr/bin:/bin"}) as browser:
        phone = Phone(browser, width=320, height=568)
        host, page = Recorder(phone), phone.page
        try:
            evening(host, page, table)
            shown = page.locator("#log li").all_inner_texts()
            events = events_of(page)
        finally:
            phone.close()
        assert phone.errors == [], phone.errors
    print("\ntaps per deal:", host.deals, "\nkeys typed per deal:", host.typed)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "taps-at-the-table.json").write_text(json.dumps(host.deals, indent=1) + "\n")
    for game, most in TARGETS.items():
        assert max(host.deals[game]) <= most, (game, host.deals[game])
    assert len(host.found) == 7 * len(SCREENS)  # seven screens, each four ways
    assert {screen: found for screen, found in host.found.items() if found} == {}
    # the page's log is the service's, sentence by sentence, and says what moved
    said = [e["said"] for e in reversed(events)][:len(shown)]
    assert [re.sub(r"^\d{1,2}:\d\d( [AP]M)? ", "", line).split(" — undone")[0].removesuffix("Undo…").strip()
            for line in shown] == said
    assert log_figures(events) > 20


def evening(host: Recorder, page, table) -> None:  # noqa: F811 - the fixture, handed on
    page.goto(f"{table.secure}/")
    open_evening(page, "Twelfth Night", NAMES)
    speculation(host, page)
    three_stakes(host, page)
    snip_snap(host, page)
    pope_joan(host, page)
    cassino(host, page)
    night_end(host, page)


def start(host: Recorder, kind: str, seated: list[str], stake: int, **options) -> None:
    host.start(kind, seated, stake, **options)
    expect(host.card(TITLES[kind])).to_be_visible()


TITLES = {"speculation": "Speculation", "three_stake_brag": "Three-stake Brag",
          "snip_snap_snorum": "Snip-Snap-Snorum", "pope_joan": "Pope Joan", "cassino": "Cassino"}


def count_of(page, kind: str) -> int:
    return sum(e["type"] == kind for e in events_of(page))


def speculation(host: Recorder, page) -> None:
    """A sale at the stake (the book's default, filled in), the pool won; carried; won."""
    start(host, "speculation", NAMES, 2)
    card = host.card("Speculation")
    for n, winner in enumerate(("Ñuño", None, "Al")):
        sheet = host.deal("Speculation")
        if n == 0:
            host.tap(card.locator("[data-fact=card_bought]"))
            dialog = page.locator("#sheet")
            expect(dialog.get_by_label("Price", exact=True)).to_have_value("2")  # the stake
            host.tap(host.chip(dialog, "Who bought", "Bartholomew"))
            host.check("Speculation's sale")
            host.tap(page.locator("#sheet-ok"))
            expect(dialog.locator("#sheet-error")).to_have_text("")  # (taken: nothing to say)
            expect(dialog).to_be_hidden()
        if winner is None:
            host.tap(card.locator("[data-fact=pool_carried_over]"))
            host.tap(page.locator("#sheet-ok"))
            host.done("Speculation", lambda: count_of(page, "pool_carried_over") == 1)
            continue
        host.tap(host.chip(sheet, "Who won the pool", winner))
        host.record(sheet.locator("button[type=submit]"))
        host.done("Speculation", lambda: count_of(page, "pool_won") == (1 if n == 0 else 2))


def three_stakes(host: Recorder, page) -> None:
    """Each stake in turn on one sheet, which moves on to the next open stake; the third
    carried once (everyone over-drew), then a deal swept by Kit."""
    start(host, "three_stake_brag", NAMES, 1)
    card = host.card("Three-stake Brag")
    for deal, winners in ((1, ("Zoë", "Al", None)), (2, ("Kit", "Kit", "Kit"))):
        sheet = host.deal("Three-stake Brag")
        for stake, winner in zip(("first", "second", "third"), winners):
            sheet = card.locator("form.sheet")
            expect(host.chip(sheet, "Which stake", stake).locator("input")).to_be_checked()
            if deal == 1 and stake == "first":
                host.check("Three-stake Brag's stakes")
            if winner is None:
                expect(card.locator("[data-fact=stake_carried_over]")).to_be_visible()
                host.tap(card.locator("[data-fact=stake_carried_over]"))
                host.tap(page.locator("#sheet-ok"))
                break
            host.tap(host.chip(sheet, "Who won it", winner))
            host.record(sheet.locator("button[type=submit]"))
            expect(sheet).to_have_count(0) if stake == "third" else None
        host.done("Three-stake Brag", lambda: count_of(page, "stake_won") + count_of(
            page, "stake_carried_over") == 3 * deal)
    expect(card.locator("[data-fact=pool_refunded]")).to_have_count(0)  # nothing left over


def snip_snap(host: Recorder, page) -> None:
    """A pool of a counter each; going out takes it with the cards (no pool won or carried
    by itself is offered)."""
    start(host, "snip_snap_snorum", NAMES, 1, pool_ante=1)
    card = host.card("Snip-Snap-Snorum")
    sheet = host.deal("Snip-Snap-Snorum")
    expect(card.locator("[data-fact=pool_won], [data-fact=pool_carried_over]")).to_have_count(0)
    host.tap(host.chip(sheet, "Who went out", "Margaret-Anne"))
    host.check("Snip-Snap-Snorum's Out")
    for name, left in zip(("Zoë", "Bartholomew", "Al", "Kit", "Ñuño"), (2, 3, 1, 0, 4)):
        host.type(sheet.locator(f"label.stepper input[aria-label='{name}']"), str(left))
    host.record(sheet.locator("button[type=submit]"))
    host.done("Snip-Snap-Snorum", lambda: count_of(page, "jig_out") == 1)
    out = next(e for e in events_of(page) if e["type"] == "jig_out")
    assert "Margaret-Anne took 10 for them" in out["said"] and "6" in out["said"], out["said"]


def pope_joan(host: Recorder, page) -> None:
    """A deal on one sheet at its end: an Out with 3, 2, 4, 1 and 5 cards left and four
    compartments won (Al held king, queen and knave: Matrimony and Intrigue); then the Pope
    turned up, its cards dealt filled in from the deal."""
    start(host, "pope_joan", NAMES, 1)
    card = host.card("Pope Joan")
    sheet = host.deal("Pope Joan")
    expect(sheet.locator(".took")).to_be_visible()
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 640})
        whole(page, sheet, NAMES)
    page.set_viewport_size({"width": 320, "height": 568})
    host.check("Pope Joan's Out")
    host.tap(sheet.get_by_label("Who went out: Margaret-Anne", exact=True))
    for name, left in zip(("Zoë", "Bartholomew", "Al", "Kit", "Ñuño"), (3, 2, 4, 1, 5)):
        host.type(sheet.get_by_label(f"Cards left in each hand: {name}", exact=True), str(left))
    for compartment, who in (("The Pope (9♦)", "Zoë"), ("Matrimony (K Q)", "Al"),
                             ("Intrigue (Q J)", "Al"), ("The Ace", "Ñuño")):  # Al: K Q J
        host.tap(sheet.get_by_label(f"{compartment}: won by: {who}", exact=True))  # each asked next
    whole(page, sheet, NAMES)
    host.record(sheet.locator("button[type=submit]"))
    host.done("Pope Joan", lambda: count_of(page, "pope_joan_out") == 1)
    out = next(e for e in events_of(page) if e["type"] == "pope_joan_out")
    assert "Margaret-Anne took 15 for them" in out["said"], out["said"]

    host.deal("Pope Joan")
    host.tap(card.locator("[data-fact=trump_turned_up]"))
    dialog = page.locator("#sheet")
    host.tap(host.chip(dialog, "The card turned up", "pope"))
    dealt = {name: dialog.locator(f"label.stepper input[aria-label='{name}']").input_value()
             for name in NAMES if name != "Bartholomew"}  # the dealer of deal 2
    assert dealt == {"Margaret-Anne": "8", "Al": "7", "Kit": "7", "Ñuño": "7", "Zoë": "7"}, dealt
    host.check("Pope Joan's turn-up")
    host.tap(page.locator("#sheet-ok"))
    host.done("Pope Joan", lambda: count_of(page, "trump_turned_up") == 1)
    expect(card.locator("button.primary[data-fact=deal_started]")).to_contain_text("Deal 3")


def cassino(host: Recorder, page) -> None:
    """Partners opposite; one deal all to Zoë's side: 12–0, the game won, said by side."""
    start(host, "cassino", NAMES[:4], 1, partnerships=True)
    card = host.card("Cassino")
    sheet = card.locator("form.sheet")  # who took what, with its deal: one Record
    expect(sheet.locator("h3")).to_contain_text("Deal 1: Zoë deals")
    whole(page, sheet, NAMES[:4])
    host.check("Cassino's who took what")
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
        host.tap(sheet.get_by_label(f"{row}: Zoë", exact=True))
    for _ in range(4):
        host.tap(sheet.locator("[data-field=aces] button.tally").first)
    host.tap(sheet.locator("[data-field=sweeps] button.tally").first)
    host.record(sheet.locator("button[type=submit]"))
    host.done("Cassino", lambda: count_of(page, "cassino_deal_taken") == 1)
    expect(card.locator("summary")).to_have_text("Cassino · won by Zoë & Margaret-Anne 12–0")


def night_end(host: Recorder, page) -> None:
    """What is left in a pool shared back, every transfer paid: all square."""
    shares = page.locator("#settlement li").get_by_role("button", name=re.compile("^Share back"))
    while before := shares.count():  # each pool's button goes once its pool is shared back
        shares.first.click()
        expect(page.locator("#sheet-ok")).to_be_enabled()
        page.locator("#sheet-ok").click()
        wait_until(lambda: shares.count() < before, 30, "a pool shared back")
    host.check("the night's end")
    pay_everything(page)
    assert table_get(page, "/settlement")["all_square"] is True
