"""Every evening can be closed from the page (issue 31): a pool nobody won (Pope Joan's board
at the end of the night, a Commerce pool never stood on) is shared back to those who put it
there, each his share as the service proposes, and then every transfer paid: "All square"."""

from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, pay_everything
from tests.server import wait_until

NAMES = ["Ann", "Ben", "Cy", "Dot"]


def test_a_pope_joan_board_left_at_the_end_is_shared_back_and_the_night_comes_to_all_square(
        base, browser):
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    p = evening.players
    board = evening.game("pope_joan", NAMES, stake=1)
    evening.record("deal_started", board)  # Ann dresses the board: 15
    evening.record("compartment_won", board, compartment="king", player=p["Ben"])
    evening.record("pope_joan_out", board, player=p["Cy"],
                   cards_left={p["Ann"]: 2, p["Ben"]: 1, p["Dot"]: 3})
    evening.record("deal_started", board)  # Ben dresses it: the rest stays on the board
    phone.open(evening.link())
    owes = page.locator("#settlement li")
    left = owes.filter(has_text="still in")
    expect(left.first).to_be_visible()
    sheet = page.locator("#sheet")
    while left.count():
        before = left.count()
        left.first.get_by_role("button", name="Share back…").click()
        # the proposal: the board goes back to the two dealers who dressed it
        wait_until(lambda: sum(int(v or 0) for v in sheet.locator("input[type=number]")
                               .evaluate_all("xs => xs.map(x => x.value)")) > 0, 30,
                   "the proposed shares")
        sheet.locator("#sheet-ok").click()
        wait_until(lambda: left.count() < before, 30, "a pool shared back")
    refunds = [e for e in evening.events() if e["type"] == "pool_refunded"]
    assert refunds and all(set(e["data"]["shares"]) <= {p["Ann"], p["Ben"]} for e in refunds)
    pay_everything(page)
    assert evening.get("/settlement")["all_square"] is True
    phone.close()
    assert phone.errors == [], phone.errors


def test_shares_that_do_not_come_to_the_pool_are_refused_before_they_are_sent(base, browser):
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    game = evening.game("commerce", NAMES, stake=2)
    evening.record("deal_started", game)  # a pool of 10, never stood on
    phone.open(evening.link())
    left = page.locator("#settlement li", has_text="still in")
    left.get_by_role("button", name="Share back…").click()
    sheet = page.locator("#sheet")
    expect(sheet.get_by_label("Ann", exact=True)).to_have_value("4")  # the dealer paid double
    sheet.get_by_label("Ann", exact=True).fill("9")
    version = evening.get()["version"]
    sheet.locator("#sheet-ok").click()
    expect(page.locator("#sheet-error")).to_have_text(
        "The shares come to 15 counters; the pool holds 10 counters.")
    assert evening.get()["version"] == version
    sheet.get_by_label("Ann", exact=True).fill("4")
    sheet.locator("#sheet-ok").click()
    expect(left).to_have_count(0)
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_game_that_stops_offers_its_pool_back_on_its_own_card(base, browser):
    """Between deals, where the table stops playing, the game's card offers what is left in
    its pool (each named pool of Pope Joan's board apart); during a deal it does not."""
    phone = Phone(browser)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    p = evening.players
    board = evening.game("pope_joan", NAMES, stake=1)
    evening.record("deal_started", board)
    phone.open(evening.link())
    card = phone.game()
    expect(card.get_by_role("button", name="Share back 15 counters")).to_have_count(0)  # in play
    expect(card.locator("form.sheet")).to_be_visible()
    evening.record("pope_joan_out", board, player=p["Cy"],
                   cards_left={p["Ann"]: 2, p["Ben"]: 1, p["Dot"]: 3})
    offers = card.get_by_role("button", name="Share back")
    expect(offers).to_have_count(7)  # every compartment but Game, taken by the Out
    offers.filter(has_text="of the pope pool").click()
    expect(page.locator("#sheet")).to_contain_text("6 counters to share back")
    page.locator("#sheet-ok").click()
    expect(offers).to_have_count(6)
    wait_until(lambda: [e["data"].get("pool") for e in evening.events()
                        if e["type"] == "pool_refunded"] == ["pope"], 30, "the pope's pool refunded")
    phone.close()
    assert phone.errors == [], phone.errors
