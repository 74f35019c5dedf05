"""The first evenings on a phone, continued: the next week's evening opened from the last, a
game's deal facts offered only while its deal is in play, and the header one strip high."""

import re

from playwright.sync_api import expect

from tests.browser.test_first_minutes import NAMES
from tests.browser.tools import Evening, Phone


def test_next_week_a_new_evening_is_opened_from_the_last_and_each_kept_one_is_a_tap_away(
        base, browser):
    phone = Phone(browser)
    page = phone.page
    last_week = Evening(base, name="Last week").seat("Ann", "Ben")
    phone.open(last_week.link())
    expect(page.locator("#title")).to_have_text("Last week")
    assert "#" not in page.url  # the link's token is kept on the phone, not in the address bar
    page.locator("#elsewhere > summary").click()
    page.locator("#new-evening").click()
    expect(page.locator("#welcome")).to_be_visible()
    expect(page.locator("#evening")).to_be_hidden()
    expect(page.locator("#title")).to_have_text("Parlour Ledger")
    expect(page.locator("#kept-evenings button")).to_have_text(["Last week"])
    page.locator("#open-form [name=name]").fill("This week")
    page.locator("#open-form button[type=submit]").click()
    expect(page.locator("#title")).to_have_text("This week")
    expect(page.locator("#players li")).to_have_count(0)

    page.locator("#elsewhere > summary").click()
    expect(page.locator("#other-evenings button")).to_have_text(["Last week"])
    page.locator("#other-evenings button").click()
    expect(page.locator("#title")).to_have_text("Last week")
    expect(page.locator("#players li")).to_have_text(["Ann", "Ben"])
    last_week.seat("Dot")  # recorded elsewhere: this phone follows the evening it shows now
    expect(page.locator("#players li")).to_have_text(["Ann", "Ben", "Dot"])

    page.goto(base + "/")  # opened again later: the evening last shown
    expect(page.locator("#title")).to_have_text("Last week")
    page.locator("#elsewhere > summary").click()
    expect(page.locator("#other-evenings button")).to_have_text(["This week"])
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_game_offers_the_facts_of_a_deal_only_while_the_deal_is_in_play(base, browser):
    """Stand, Buy and Barter, which the service refuses before the first deal and after the
    stand, are not offered then; the stake and a fine always are."""
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    game = evening.game("commerce", NAMES, stake=1)
    phone.open(evening.link())
    card = page.locator("#games")
    expect(card.get_by_role("button", name=re.compile("^Deal 1"))).to_be_visible()
    offered = card.locator("[data-fact]:visible").evaluate_all("bs => bs.map(b => b.dataset.fact)")
    assert "commerce_stand" not in offered and "card_bought" not in offered
    assert "cards_bartered" not in offered and {"stake_paid", "penalty_paid"} <= set(offered)
    evening.record("deal_started", game)
    expect(card.locator("[data-fact=card_bought]")).to_be_visible()
    expect(card.locator("[data-fact=cards_bartered]")).to_be_visible()
    ann = evening.players["Ann"]
    evening.record("commerce_stand", game, stander=ann, winner=ann)  # the deal is over
    expect(card.locator("form.sheet")).to_have_count(0)  # the stand's sheet folds away
    offered = card.locator("[data-fact]:visible").evaluate_all("bs => bs.map(b => b.dataset.fact)")
    assert not {"commerce_stand", "card_bought", "cards_bartered"} & set(offered), offered
    assert {"stake_paid", "penalty_paid"} <= set(offered)
    evening.record("deal_started", game)
    expect(card.locator("[data-fact=card_bought]")).to_be_visible()
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_card_takes_its_next_tap_from_what_the_service_says_is_due(base, browser):
    """In the middle of a Pope Joan or three-stake Brag deal the deal's settlement leads and
    the next deal is a small button; once the Out ends the deal, the next deal leads; a won
    Cassino offers no deal at all (the service's `due`, declared once by each game)."""
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    players = [evening.players[n] for n in NAMES]
    pope = evening.game("pope_joan", NAMES, stake=1)
    evening.record("deal_started", pope)
    phone.open(evening.link())
    card = page.locator(".game").first
    expect(card.locator("form.sheet")).to_be_visible()  # the Out's sheet
    deal = card.get_by_role("button", name=re.compile("^Deal 2"))
    expect(deal).not_to_have_class(re.compile("primary"))
    deal.click()  # a mis-tap mid-deal asks first, and Cancel records nothing
    expect(page.locator("#sheet")).to_contain_text("Deal 1 is still in play")
    page.locator("#sheet-cancel").click()
    page.wait_for_timeout(300)
    assert [e["type"] for e in evening.events()].count("deal_started") == 1
    evening.record("pope_joan_out", pope, player=players[1],
                   cards_left={p: 1 for p in players if p != players[1]})
    expect(card.get_by_role("button", name=re.compile("^Deal 2"))).to_have_class(re.compile("primary"))
    expect(card.locator("[data-fact=compartment_won]")).to_have_count(0)  # the deal is over
    brag = evening.game("three_stake_brag", NAMES, stake=1)
    evening.record("deal_started", brag)
    page.locator(f"#switcher [data-game='{brag}']").click()
    card = page.locator(f".game[data-game='{brag}']")
    expect(card.locator("form.sheet")).to_be_visible()  # a stake won: the deal's settlement
    expect(card.get_by_role("button", name=re.compile("^Deal 2"))).not_to_have_class(
        re.compile("primary"))
    cassino = evening.game("cassino", NAMES[:2], stake=1, target=1)
    evening.record("deal_started", cassino)
    evening.record("cassino_deal_counted", cassino, counts={
        players[0]: {"cards": 30, "spades": 8, "aces": 3, "great_cassino": 1, "little_cassino": 1, "sweeps": 1},
        players[1]: {"cards": 22, "spades": 5, "aces": 1, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}})
    page.locator(f"#switcher [data-game='{cassino}']").click()
    card = page.locator(f".game[data-game='{cassino}']")
    expect(card).to_contain_text("won by")
    expect(card.locator("[data-fact=deal_started]")).to_have_count(0)
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_header_stays_one_strip_high_however_many_play_and_shows_no_balances_before_a_game(
        base, browser):
    phone = Phone(browser, width=390, height=844)
    page = phone.page
    names = [f"Player {n} of the Twelfth Night party" for n in range(14)] + ["x" * 100]
    evening = Evening(base).seat(*names)
    phone.open(evening.link())
    expect(page.locator("#players li")).to_have_count(15)
    expect(page.locator("#strip")).to_be_hidden()  # no game yet: nothing to show
    game = evening.game("commerce", names[:4], stake=1)
    evening.record("deal_started", game)
    expect(page.locator("#strip li")).to_have_count(15)
    expect(page.locator("#strip")).to_be_visible()
    header = page.evaluate("document.querySelector('header').getBoundingClientRect().height")
    assert header < 120, f"the header is {header:.0f} px high"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the strip scrolls, not the page
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_balances_strip_never_cuts_a_figure(base, browser):
    """Eight players at 320 and 360 px: two lines at most, and every figure, once its line is
    scrolled to, shows whole (a long name may be cut)."""
    names = ["Ann", "Ben", "Zoë", "Dot", "Eve", "Fanny Price", "Gus", "Hal"]
    evening = Evening(base).seat(*names)
    game = evening.game("other", names, stake=1)
    evening.record("deal_started", game)
    for n, name in enumerate(names):
        evening.record("stake_paid", game, player=evening.players[name], amount=10 + 100 * n)
    for width, height in ((320, 568), (360, 640)):
        phone = Phone(browser, width=width, height=height)
        phone.open(evening.link())
        strip = phone.page.locator("#strip")
        expect(strip.locator("li")).to_have_count(8)
        assert strip.bounding_box()["height"] < 3 * 22  # two lines at most; the rest scroll
        for figure in strip.locator(".figure").all():
            figure.evaluate("f => f.scrollIntoView({block: 'nearest'})")  # a later line scrolls up whole
            bounds, box = strip.bounding_box(), figure.bounding_box()
            assert figure.evaluate("f => f.scrollWidth <= f.clientWidth")  # not cut inside
            assert bounds["x"] <= box["x"] and box["x"] + box["width"] <= bounds["x"] + bounds["width"] + 0.5
            assert bounds["y"] <= box["y"] and box["y"] + box["height"] <= bounds["y"] + bounds["height"] + 0.5, (
                width, figure.inner_text())
        phone.close()
        assert phone.errors == [], phone.errors
