"""Loo on the phone at 360 px, drawn from its declaration alone: each deal recorded whole on
the card's one sheet (the deal with who took each trick, who was looed, and under club law
whether clubs were trumps), one Record for both; the taps of each deal counted as the table
evening's host counts them, and printed (at most 8 a deal)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_whole_evening import Host
from tests.browser.tools import Evening, Phone
from tests.server import wait_until

pytestmark = pytest.mark.browser
SEATS = ["Ann", "Ben", "Cy", "Dot"]
MOST_TAPS = 8


def took(host: Host, sheet, tricks: list[str]) -> None:
    """Who took each trick: a tap a trick, the sheet asking the next as each is answered."""
    for trick, name in zip(("first", "second", "third"), tricks):
        host.tap(sheet.get_by_label(f"The {trick} trick: won by: {name}", exact=True))


def looed(host: Host, sheet, names: list[str]) -> None:
    group = sheet.locator("fieldset", has=sheet.page.locator("legend:text-is('Looed (took no trick)')"))
    for name in names:
        host.tap(group.locator("label.chip", has_text=name))


def test_a_whole_deal_of_loo_is_a_few_taps_on_one_sheet(base, browser):
    evening = Evening(base, name="Loo night").seat(*SEATS)
    phone = Phone(browser, width=360, height=640)
    host, page = Host(phone), phone.open(evening.link()).page
    host.start("loo", SEATS, stake=3, club_law=True)
    card = host.card("Loo")
    count = lambda: sum(e["type"] == "loo_tricks_taken" for e in evening.events())  # noqa: E731

    # Deal 1, hearts trumps: Ann puts up 3, a counter a trick; Ben takes two, Cy one, Dot
    # stood and took none (looed: 6 into the next pool); Ann threw up her hand
    sheet = card.locator("form.sheet")
    expect(sheet.locator("h3")).to_have_text("Deal 1: Ann deals · Tricks")
    took(host, sheet, ["Ben", "Ben", "Cy"])
    looed(host, sheet, ["Dot"])
    host.check("Loo's deal and tricks")
    host.record(sheet.locator("button[type=submit]"))
    wait_until(lambda: count() == 1, 30, "deal 1's tricks recorded")
    host.deal_done("Loo")

    # Deal 2, clubs trumps: nobody may throw up (club law). Ben puts up 3: 9, three a
    # trick; Ben takes two, Dot one; Ann and Cy took none and pay 6 each
    sheet = card.locator("form.sheet", has_text="Deal 2: Ben deals")
    expect(sheet).to_be_visible()
    took(host, sheet, ["Ben", "Ben", "Dot"])
    host.tap(sheet.get_by_label("Clubs were trumps"))
    looed(host, sheet, ["Ann", "Cy"])
    host.record(sheet.locator("button[type=submit]"))
    wait_until(lambda: count() == 2, 30, "deal 2's tricks recorded")
    host.deal_done("Loo")
    expect(card.locator("form.sheet h3")).to_have_text("Deal 3: Cy deals · Tricks")

    balances = {p["name"]: p["counters"] for p in evening.get("/balances")["players"]}
    pools = evening.get("/pools")["pools"]
    phone.close()
    print("\nLoo taps per deal:", host.deals["Loo"])
    assert max(host.deals["Loo"]) <= MOST_TAPS, host.deals
    assert balances == {"Ann": -9, "Ben": 5, "Cy": -5, "Dot": -3}
    assert [p["counters"] for p in pools] == [12]
    said = [e["said"] for e in evening.events() if e["type"] == "loo_tricks_taken"]
    assert said[-1].endswith("Tricks: Ben the first and second (6), Dot the third (3); "
                             "Ann and Cy were looed, 6 each into the next pool; clubs trumps, all stood")
    assert {screen: found for screen, found in host.found.items() if found} == {}
    assert phone.errors == [], phone.errors
