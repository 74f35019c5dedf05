"""Newmarket on the phone at 360 px, a whole deal on one sheet: who went out, the cards left in
each hand (typed, a tap a field, as the table's evening counts them) and who played each boodle
card, then Record. Two deals at a stake of 1 with a kitty of a stake each, dealt by Ann then Ben:
the knave of spades is not played in the first and is won in the second with both deals' stakes
on it, every boodle played. The taps of each deal are counted and printed: at most 10; the
counters are the book's, worked by hand."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_whole_evening import Host
from tests.browser.tools import Evening, Phone
from tests.server import wait_until

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Ben", "Cleo", "Dot"]
MOST_TAPS = 10


def out_sheet(host: Host, out: str, left: dict[str, int], boodles: dict[str, str]) -> None:
    """The deal's Out on its sheet, and Record."""
    sheet = host.card("Newmarket").locator("form.sheet")
    expect(sheet.locator(".took")).to_be_visible()
    host.tap(sheet.get_by_label(f"Who went out: {out}", exact=True))
    for name, n in left.items():
        host.type(sheet.get_by_label(f"Cards left in each hand: {name}", exact=True), str(n))
    for card, who in boodles.items():  # each asked next in the sheet's order; another a tap away
        field = f"boodles.{card.lower()}"
        if sheet.locator("fieldset.pick").get_attribute("data-field") != field:
            host.tap(sheet.locator(f"[data-thing='{field}']"))
        host.tap(sheet.get_by_label(f"The {card}: won by: {who}", exact=True))
    host.record(sheet.locator("button[type=submit]"))


def test_a_whole_deal_of_newmarket_in_ten_taps_at_360_px(base, browser):
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=640).open(evening.link())
    host, page = Host(phone), phone.page
    try:
        host.start("newmarket", NAMES, 1, kitty=1)
        card = host.card("Newmarket")
        expect(card).to_be_visible()
        game = evening.get("")["games"][0]["id"]

        host.tap(card.locator("button.primary[data-fact=deal_started]"))  # Ann deals
        out_sheet(host, "Cleo", {"Ann": 3, "Ben": 2, "Dot": 4},
                  {"Ace": "Ben", "King": "Dot", "Queen": "Ben"})
        wait_until(lambda: evening.get("")["games"][0]["due"]["next"] == "deal_started", 30,
                   "the first deal recorded")
        host.deal_done("Newmarket")

        host.tap(card.locator("button.primary[data-fact=deal_started]"))  # Ben deals
        out_sheet(host, "Ann", {"Ben": 1, "Cleo": 5, "Dot": 0},
                  {"Ace": "Cleo", "King": "Ben", "Queen": "Cleo", "Knave": "Dot"})
        wait_until(lambda: evening.get("")["games"][0]["due"]["deal"] == 2 and
                   evening.get("")["games"][0]["due"]["next"] == "deal_started", 30,
                   "the second deal recorded")
        host.deal_done("Newmarket")
        # the page's log tells the Out as the service said it, the knave's 10 among it
        expect(page.locator("#log li").first).to_contain_text("Dot took the knave of spades (10)")
    finally:
        phone.close()
    assert phone.errors == [], phone.errors
    print("\nNewmarket taps per deal:", host.deals["Newmarket"],
          "keys typed per deal:", host.typed["Newmarket"])
    assert max(host.deals["Newmarket"]) <= MOST_TAPS, host.deals
    held = {evening.name_of(p["id"]): p["counters"] for p in evening.get("/balances")["players"]}
    # deal 1: Ann 2 on each card and 1 in the kitty (9), the others 5; Cleo out: 3 + 2 + 4 and
    # the kitty 4; Ben the ace and the queen (5 each), Dot the king (5); the knave's 5 stays.
    # deal 2: Ben 9, the others 5; Ann out: 1 + 5 + 0 and the kitty 4; every boodle played:
    # Cleo the ace and the queen, Ben the king (5 each), Dot the knave with both deals' 10.
    assert held == {"Ann": -9 - 3 - 5 + 6 + 4, "Ben": -5 - 2 + 10 - 9 - 1 + 5,
                    "Cleo": -5 + 9 + 4 - 5 - 5 + 10, "Dot": -5 - 4 + 5 - 5 + 10}, held
    pools = next((p for p in evening.get("/pools")["pools"] if p["game_id"] == game), None)
    assert pools is None or sum(pools["named"].values()) == 0  # the layout cleared
