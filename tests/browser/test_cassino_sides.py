"""Cassino by side in real Chromium: a partnership's result reads by side on the game's card,
in its points, the log and the shared results ("won by Ann & Cy 22–0", never 22–22); the
start form offers the lowest scorer's deduction only where it can apply (three or more each
for himself), as the games' catalogue says."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_night_end import CAPTURE
from tests.browser.tools import Evening, Phone, wait_for

pytestmark = pytest.mark.browser
SEATS = ["Ann", "Ben", "Cy", "Dot"]
NOTHING = {"cards": 0, "spades": 0, "aces": 0, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}


def test_a_partnership_won_22_to_0_reads_by_side_everywhere(base, browser):
    evening = Evening(base, name="Twelfth Night").seat(*SEATS)
    p = evening.players
    game = evening.game("cassino", SEATS, stake=1,
                        partnerships=[[p["Ann"], p["Cy"]], [p["Ben"], p["Dot"]]])
    evening.record("deal_started", game)
    evening.record("cassino_deal_counted", game, counts={
        p["Ann"]: {"cards": 52, "spades": 13, "aces": 4, "great_cassino": 1, "little_cassino": 1,
                   "sweeps": 11}, p["Ben"]: NOTHING, p["Cy"]: NOTHING, p["Dot"]: NOTHING})
    phone = Phone(browser)
    phone.context.add_init_script(CAPTURE)
    page = phone.open(evening.link()).page
    card = page.locator(f".game[data-game='{game}']")
    expect(card.locator("summary")).to_have_text("Cassino · won by Ann & Cy 22–0")
    card.locator("summary").click()
    expect(card.locator("p.meta", has_text="Points:")).to_have_text(
        "Points: Ann & Cy 22, Ben & Dot 0 · won by Ann & Cy")
    expect(page.locator("#log li").first).to_contain_text(
        "Ann and Cy won the game 22–0; Ben paid Ann 1 and Dot paid Cy 1 for the game")
    page.locator("#share-results").click()
    assert "Cassino, Ann & Cy won 22–0" in wait_for(page, "window.shared")["text"]
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_start_form_offers_the_deduction_only_where_it_can_apply(base, browser):
    evening = Evening(base).seat(*SEATS)
    phone = Phone(browser)
    page = phone.open(evening.link()).page
    page.evaluate("document.querySelector('#setup').open = true")
    page.select_option("#game-form [name=kind]", "cassino")
    deduction = page.locator("#option-fields [name=lowest_scorer_deduction]")
    partners = page.locator("#option-fields [name=partnerships]")
    expect(deduction).to_be_visible()                   # four each for himself
    partners.check()
    expect(deduction).to_be_hidden()                    # two sides score the difference
    partners.uncheck()
    expect(deduction).to_be_visible()
    for name in ("Ben", "Dot"):                         # two players: the difference too
        page.locator("#seat-picker label.chip", has_text=name).click()
    expect(page.locator("#seat-picker input:checked")).to_have_count(2)
    expect(deduction).to_have_count(0)
    page.locator("#seat-picker label.chip", has_text="Ben").click()
    expect(deduction).to_be_visible()                   # three: it applies again
    deduction.check()
    page.click("#game-form button[type=submit]")
    expect(page.locator(".game")).to_have_attribute("aria-label", "Cassino")
    [started] = [e for e in evening.events() if e["type"] == "game_started"]
    assert started["data"]["options"]["lowest_scorer_deduction"] is True
    phone.close()
    assert phone.errors == [], phone.errors
