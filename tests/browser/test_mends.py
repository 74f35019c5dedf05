"""Mending the set-up from the page: a player tapped is renamed, or removed while nothing is
recorded of him (and the service's reason shown on the sheet when something is); a game
started by mistake is removed while nothing is dealt in it. Each is a fact in the log."""

from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone


def mends(evening: Evening) -> list[tuple[str, dict]]:
    return [(e["type"], e["data"]) for e in evening.events()
            if e["type"] in ("player_renamed", "player_removed", "game_removed")]


def test_a_player_is_renamed_or_removed_and_a_game_started_twice_is_removed(base, browser):
    evening = Evening(base).seat("Ann", "Ben", "Zoe", "Dot, Eve")
    first = evening.game("commerce", ["Ann", "Ben", "Zoe"], stake=1)
    evening.record("deal_started", first)
    twice = evening.game("commerce", ["Ann", "Ben", "Zoe"], stake=1)  # the second tap's game
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    phone.open(evening.link())
    page.click("#setup > summary")
    players, sheet = page.locator("#players"), page.locator("#sheet")

    players.get_by_role("button", name="Zoe: rename or remove").click()
    sheet.get_by_label("Name").fill("Zoë")
    sheet.locator("#sheet-ok").click()
    expect(sheet).to_be_hidden()
    expect(players.locator("li")).to_have_text(["Ann", "Ben", "Zoë", "Dot, Eve"])
    expect(page.locator("#strip")).to_contain_text("Zoë")

    # seated in a game: the service says why, on the sheet, and nothing is written
    players.get_by_role("button", name="Ben: rename or remove").click()
    sheet.get_by_role("button", name="Remove Ben from the evening").click()
    expect(page.locator("#sheet-error")).to_contain_text("Ben is seated in Commerce")
    expect(sheet).to_be_visible()
    sheet.locator("#sheet-cancel").click()

    players.get_by_role("button", name="Dot, Eve: rename or remove").click()  # one of two?
    sheet.get_by_role("button", name="Remove Dot, Eve from the evening").click()
    expect(sheet).to_be_hidden()
    expect(players.locator("li")).to_have_text(["Ann", "Ben", "Zoë"])

    # the game started twice: the one with no deal goes; the one dealt in offers no removal
    expect(page.locator("#switcher button")).to_have_count(2)
    page.locator(f"#switcher button[data-game='{twice}']").click()
    phone.game().get_by_role("button", name="Remove this game…, Commerce").click()
    sheet.locator("#sheet-ok").click()
    expect(page.locator("#switcher")).to_be_hidden()
    expect(phone.game()).to_have_attribute("data-game", first)
    expect(phone.game().get_by_role("button", name="Remove this game…, Commerce")).to_have_count(0)

    zoe, dot = evening.players["Zoe"], evening.players["Dot, Eve"]
    assert mends(evening) == [("player_renamed", {"player": zoe, "name": "Zoë"}),
                              ("player_removed", {"player": dot}), ("game_removed", {})]
    phone.close()
    assert phone.errors == [], phone.errors
