"""Reads answered out of turn: on a slow or busy link a read asked for earlier can be answered
after a later one, and the page never draws the older evening over the newer (a game's deal
would be offered again, its facts gone, until the next change)."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.tools import WAIT_MS, Evening, Phone, handled, wait_until

NAMES = ["Ann", "Ben", "Cy"]
# how long a fact waits unanswered before the page lists it as pending (the page's own figure)
SOON_MS = int(re.search(r"const SOON_MS = (\d+);", (Path(__file__).parents[2] / "api/phone/static/outbox.js")
                        .read_text()).group(1))


def test_an_answer_overtaken_by_a_later_one_is_not_drawn_over_it(base, browser):
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser)
    page = phone.page
    page.add_init_script("""window.drawn = []; addEventListener('DOMContentLoaded', () =>
      new MutationObserver(() => window.drawn.push(document.querySelectorAll('#players li').length))
        .observe(document.querySelector('#players'), {childList: true}));""")
    phone.open(evening.link())
    expect(page.locator("#players li")).to_have_count(3)
    held = []

    def hold(route):  # the first read after the hold: answered now, given to the page later
        if held or not hold.on:
            return route.continue_()
        held.append((route, route.fetch()))
        return None

    def a_read(url):
        return "/view?after=" in url

    hold.on = False
    page.route(a_read, hold)
    hold.on = True
    evening.seat("Dee")  # another phone's player: the page's read of it held on the way
    handled(page, lambda: held, WAIT_MS / 1000, "a read held")
    page.fill("#player-form [name=name]", "Eve")  # this phone's: read and drawn
    page.click("#player-form button")
    expect(page.locator("#status")).not_to_contain_text("pending")
    expect(page.locator("#players li")).to_have_text([*NAMES, "Dee", "Eve"])

    page.evaluate("window.drawn = []")
    route, answer = held[0]
    with page.expect_event("requestfinished", lambda r: r.url == route.request.url):
        route.fulfill(response=answer)  # the older evening, without Eve
    page.wait_for_timeout(500)  # (drawn within a frame if it were)
    assert set(page.evaluate("window.drawn")) <= {5}, "the older evening drawn for a moment"
    assert page.locator("#players li").all_inner_texts() == [*NAMES, "Dee", "Eve"]
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_read_that_failed_is_asked_for_again_though_the_evening_does_not_change(base, browser):
    """Polling (no stream here): the version unchanged since the last poll, the page still
    reads again what it failed to read."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser)
    page = phone.page
    # Every read of the evening passes here, from the page's first. Once the cuts are armed
    # the next two are cut; the new player is seated only when every read let through before
    # has been answered: on a loaded machine a read of the opening, answered after he was
    # seated, brought him without passing the cuts (a read's own events reach the test late)
    armed, cut, passed, answered = [], [], set(), set()

    def cut_twice(route):
        if armed and len(cut) < 2:
            cut.append(route.request.url)
            return route.abort("connectionreset")
        passed.add(route.request)
        return route.continue_()

    page.route(lambda url: "/view?after=" in url, cut_twice)
    for ended in ("requestfinished", "requestfailed"):
        page.on(ended, lambda r: answered.add(r))
    phone.open(evening.link())
    expect(page.locator("#players li")).to_have_count(3)
    armed.append("from now on")
    handled(page, lambda: passed <= answered, WAIT_MS / 1000, "the reads let through answered")
    evening.seat("Dee")
    expect(page.locator("#players li")).to_have_count(4)
    assert len(cut) == 2
    phone.close()


def test_a_redraw_keeps_the_keyboards_place_on_the_game(base, browser):
    """Another phone's fact redraws the game's card: a recorder using the keyboard stays on
    the control they were on, not sent back to the card's first button."""
    evening, game, phone = dealt_on_a_phone(base, browser, "other")
    page = phone.page
    buttons = page.locator(".game button")
    expect(buttons.nth(2)).to_be_visible()
    label = buttons.nth(2).get_attribute("aria-label") or buttons.nth(2).inner_text()
    buttons.nth(2).focus()
    logged = len(evening.events())  # (the log, drawn once its module has come, lists them all)
    expect(page.locator("#log li")).to_have_count(logged)
    evening.record("stake_paid", game, player=evening.players["Ann"], amount=1)
    expect(page.locator("#log li")).to_have_count(logged + 1)
    expect(page.locator(".game button").nth(2)).to_be_visible()
    now = page.evaluate("""() => { const b = document.activeElement;
        return [b.isConnected, b.getAttribute('aria-label') || b.textContent]; }""")
    assert now == [True, label], now
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_sheet_being_filled_in_stays_put_when_a_read_draws_above_it(base, browser):
    """A game's own read (Cassino's points) answered after its sheet is half filled in draws a
    line above the sheet: the sheet stays where it is on the screen, its Record under the
    thumb (a busy phone's late answer once pushed it off the foot of the screen)."""
    six = [*NAMES, "Dot", "Eve", "Fay"]
    evening = Evening(base).seat(*six)
    evening.game("cassino", six, stake=1)
    phone = Phone(browser, width=320, height=568)
    page = phone.page
    held = []
    page.route(lambda url: url.endswith("/scores"), lambda route: held.append(route))  # answered later
    phone.open(evening.link())
    sheet = page.locator(".game form.sheet")
    expect(sheet).to_be_visible()
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
        sheet.get_by_label(f"{row}: Ann", exact=True).click()
    page.wait_for_timeout(300)  # (the sheet kept on the screen as it is filled in)
    before = sheet.bounding_box()
    assert held, "the points were not asked for"
    points = page.locator(".game .meta", has_text="Points:")
    expect(points).to_have_count(0)
    for route in held:
        route.continue_()
    expect(points).to_have_count(1)
    page.wait_for_timeout(300)
    after = sheet.bounding_box()
    assert abs(after["y"] - before["y"]) <= 1, (before, after)
    phone.close()
    assert phone.errors == [], phone.errors


@pytest.mark.parametrize("finger", ["mouse", "touch"])
def test_a_tap_the_evening_is_drawn_anew_under_is_dealt_once(base, browser, finger):
    """A finger goes down on Deal, another phone's fact redraws the card (its buttons made
    anew), the finger lifts: the deal is dealt, once. With a mouse the browser clicks nothing
    then (the button it went down on is gone: the page clicks its like); with a finger on a
    touch screen the browser clicks what is under it when it lifts (the page must not click
    it a second time: that dealt two deals)."""
    evening = Evening(base).seat(*NAMES)
    game = evening.game("speculation", NAMES, stake=1)  # (Deal offered in a deal)
    phone = Phone(browser, **({"has_touch": True, "is_mobile": True} if finger == "touch" else {}))
    page = phone.page
    phone.open(evening.link())
    page.evaluate("window.clicks = []; addEventListener('click', e => clicks.push(e.target.textContent))")
    deal = page.locator(".game button.primary[data-fact=deal_started]")
    expect(deal).to_be_visible()
    page.evaluate("window.pressed = document.querySelector('.game button.primary')")
    lift = press(phone, deal, finger)
    evening.seat("Dee")  # another phone's: the evening drawn anew under the finger
    expect(page.locator("#players li")).to_have_count(4)
    assert page.evaluate("!window.pressed.isConnected"), "the card was not drawn anew"
    lift()
    wait_until(lambda: [e["type"] for e in evening.events()].count("deal_started") >= 1, 10,
               "the deal dealt")
    page.wait_for_timeout(1000)  # (a second deal, were it sent, would be in by now)
    expect(page.locator("#status")).not_to_contain_text("pending")
    assert [e["type"] for e in evening.events() if e["game_id"] == game] == ["deal_started"]
    clicks = page.evaluate("window.clicks")  # one tap, one action (not the card's next button too)
    assert len(clicks) == 1 and clicks[0].startswith("Deal 1"), clicks
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_fact_answered_at_once_moves_nothing_and_one_kept_waiting_is_listed(base, browser):
    """A fact the service answers within a moment is never listed as pending above the page:
    the list came and went with every tap, moving what is below it (a game's card and its
    open sheet, the players' form) down and up. One kept waiting (a slow link) is
    listed until it is answered."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser)
    page = phone.page
    phone.open(evening.link())
    # each time the list is drawn, how long its oldest fact had waited (ms): a page that lists
    # a fact younger than a moment is wrong however slow the machine; one answered later than
    # that (a loaded machine) may be listed
    page.evaluate("""window.listed = []; new MutationObserver(() => {
        if (!document.querySelector('#attention .pending-list')) return;
        const items = Object.keys(localStorage).filter(k => k.startsWith('ledger:queue:'))
          .flatMap(k => JSON.parse(localStorage.getItem(k))).filter(i => !i.look);
        listed.push(Date.now() - Math.min(...items.map(i => i.at))); })
      .observe(document.querySelector('#attention'), {childList: true, subtree: true})""")
    held = []
    page.route(lambda url: url.endswith("/players"), lambda route: held.append(route))

    def add(name: str, answered_after_ms: int) -> None:
        page.fill("#player-form [name=name]", name)
        page.click("#player-form button[type=submit]")
        handled(page, lambda: held, WAIT_MS / 1000, f"{name} sent")
        page.wait_for_timeout(answered_after_ms)
        if answered_after_ms > 1500:  # kept waiting: listed
            expect(page.locator("#attention .pending-list")).to_contain_text(name)
        held.pop().continue_()
        expect(page.locator("#players li")).to_have_count(len(NAMES) + 1 + (name == "Eve"))

    add("Dee", 800)  # answered within a moment
    young = [ms for ms in page.evaluate("window.listed") if ms < SOON_MS]
    assert not young, f"a fact that had waited {young} ms was listed as pending"
    add("Eve", 2500)
    expect(page.locator("#attention .pending-list")).to_have_count(0)
    phone.close()
    assert phone.errors == [], phone.errors


@pytest.mark.parametrize("finger", ["mouse", "touch"])
def test_a_game_s_button_whose_words_change_under_the_finger_still_opens_it(base, browser, finger):
    """A finger goes down on a game in the switcher as another phone's fact changes what its
    button says (Cassino won), then lifts: that game is opened. The page drew the switcher's
    buttons anew, and a mouse's click on a button gone was lost (the browser clicks only
    the element it went down on; its like said other words)."""
    evening = Evening(base).seat(*NAMES[:2])
    cassino = evening.game("cassino", NAMES[:2], stake=1, target=1)
    commerce = evening.game("commerce", NAMES[:2], stake=1)
    evening.record("deal_started", cassino)
    phone = Phone(browser, **({"has_touch": True, "is_mobile": True} if finger == "touch" else {}))
    page = phone.page
    phone.open(evening.link())
    page.locator("#switcher button", has_text="Commerce").click()  # played here: Cassino a tap away
    expect(page.locator(".game")).to_have_attribute("data-game", commerce)
    button = page.locator("#switcher button", has_text="Cassino")
    expect(button).to_contain_text("deal 1")
    expect(button).not_to_contain_text("won")
    lift = press(phone, button, finger)
    ann, ben = evening.players["Ann"], evening.players["Ben"]
    evening.record("cassino_deal_counted", cassino, counts={  # another phone's: Ann wins
        ann: {"cards": 30, "spades": 9, "aces": 3, "great_cassino": 1, "little_cassino": 1, "sweeps": 1},
        ben: {"cards": 22, "spades": 4, "aces": 1, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}})
    expect(button).to_contain_text("won by Ann")
    lift()
    expect(page.locator(".game")).to_have_attribute("data-game", cassino)
    expect(page.locator("#switcher button").first).to_contain_text("Cassino · won by Ann")
    phone.close()
    assert phone.errors == [], phone.errors



def test_a_pool_s_share_back_pressed_as_its_counters_change_opens_its_sheet(base, browser):
    """A mouse goes down on a pool's Share back… as another phone's stake changes what the
    pool holds (its button's words), then lifts: the pool's sheet opens, for what it holds now.
    Its like, drawn anew, said another amount, and the click was lost."""
    evening, game, phone = dealt_on_a_phone(base, browser, "commerce")
    page = phone.page
    share = page.get_by_role("region", name="Who owes whom").locator("[data-fact=pool_refunded]")
    expect(share).to_have_attribute("aria-label", re.compile(r"^Share back… 4 counters still in"))
    lift = press(phone, share, "mouse")
    evening.record("stake_paid", game, player=evening.players["Ann"], amount=2)  # another phone's
    expect(share).to_have_attribute("aria-label", re.compile(r"^Share back… 6 counters still in"))
    lift()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#sheet-title")).to_contain_text("Share back")
    phone.close()
    assert phone.errors == [], phone.errors

def dealt_on_a_phone(base, browser, kind: str):
    """An evening of NAMES with a game of `kind` dealt, open on a phone: (evening, game, phone)."""
    evening = Evening(base).seat(*NAMES)
    game = evening.game(kind, NAMES, stake=1)
    evening.record("deal_started", game)
    phone = Phone(browser)
    phone.open(evening.link())
    return evening, game, phone


def press(phone, target, finger: str):
    """A finger (`mouse` or `touch`) down on the middle of `target`; → lift(), the finger up."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if finger == "touch":
        touch = phone.context.new_cdp_session(phone.page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        return lambda: touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.page.mouse.move(x, y)
    phone.page.mouse.down()
    return phone.page.mouse.up
