"""The set-up on a poor link, in real Chromium at 360×640: the parts of the evening's page
that come after it (the set-up's module, the games' catalogue) may fail to come once. The
page asks for them again by itself, and a tap meanwhile is never refused as if offline nor
starts a game from a list not shown, and what is typed meanwhile is recorded in the order typed."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_first_minutes import NAMES
from tests.browser.tools import Evening, Phone, handled, wait_until, withheld

pytestmark = pytest.mark.browser


def test_a_start_tapped_before_its_form_was_drawn_starts_the_game_shown(base, browser):
    """The set-up is drawn by a module the page loads when it first draws the evening; if the
    link failed to bring it, "Start the game" is on the screen before its list of games and
    seats are drawn. A tap then starts the game the form shows, as drawn at that tap, never a
    refusal as if offline."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=640)
    page, (_, let_go) = phone.page, withheld(phone, "**/setup.js", fail=True)
    phone.open(evening.link())
    start = page.locator("#game-form button[type=submit]")
    expect(start).to_be_visible()
    expect(page.locator("#game-form [name=kind] option")).to_have_count(0)
    let_go()
    start.click()
    expect(page.locator(".game [data-fact=deal_started]")).to_be_visible()
    games = evening.get()["games"]
    assert [(g["kind"], len(g["seats"])) for g in games] == [("commerce", 4)], games
    expect(page.locator("#game-error")).to_have_text("")
    assert [e for e in phone.errors if "dynamically imported module" not in e] == []
    phone.close()


def test_a_module_that_did_not_come_is_asked_for_again_with_nothing_changed(base, browser):
    """A module of the evening's page that failed to come (the set-up's here) is asked for
    again by the page itself: its part is drawn though nothing is recorded meanwhile."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=640)
    page, (_, let_go) = phone.page, withheld(phone, "**/setup.js", fail=True)
    phone.open(evening.link())
    expect(page.locator("#game-form button[type=submit]")).to_be_visible()
    page.wait_for_timeout(500)
    expect(page.locator("#players li")).to_have_count(0)  # not drawn: the module did not come
    let_go()
    expect(page.locator("#players li")).to_have_count(4)
    expect(page.locator("#game-form [name=kind] option", has_text="Cassino")).to_have_count(1)
    assert [e for e in phone.errors if "dynamically imported module" not in e] == []
    phone.close()


def test_a_list_of_games_that_did_not_come_is_asked_for_again_and_a_game_started_only_from_it(
        base, browser):
    """The games' catalogue that failed to come when the page opened is not the page's for
    good: a tap on "Start the game" asks for it at once, starting nothing unseen; the page
    asks again by itself, and once it has come draws it, and the game in play with its
    buttons, with nothing tapped; the game chosen from it is then started."""
    evening = Evening(base).seat(*NAMES)
    commerce = evening.game("commerce", NAMES, stake=1)
    phone = Phone(browser, width=360, height=640)
    page, (asked, let_go) = phone.page, withheld(phone, "**/api/v1/games", fail=True)
    phone.open(evening.link())
    page.click("#setup > summary")
    kinds, start = page.locator("#game-form [name=kind]"), page.locator("#game-form button[type=submit]")
    expect(start).to_be_visible()
    expect(kinds.locator("option")).to_have_count(0)
    assert asked, "the page never asked for the list of games"
    expect(page.locator(".game [data-fact=deal_started]")).to_have_count(0)  # its buttons unknown
    before = len(asked)
    start.click()
    expect(page.locator("#game-error")).to_have_text("The list of games needs the connection once.")
    assert len(asked) > before, "the tap did not ask for the list again"
    let_go()
    expect(kinds.locator("option", has_text="Cassino")).to_have_count(1)  # asked again by itself
    expect(page.locator(".game [data-fact=deal_started]")).to_be_visible()
    expect(page.locator("#game-error")).to_have_text("")
    assert [g["id"] for g in evening.get()["games"]] == [commerce], "a game started from no list"
    kinds.select_option("cassino")
    start.click()
    wait_until(lambda: len(evening.get()["games"]) == 2, 30, "the game started")
    assert sorted(g["kind"] for g in evening.get()["games"]) == ["cassino", "commerce"]
    assert phone.errors == [], phone.errors
    phone.close()


def test_names_typed_while_the_set_up_comes_join_in_the_order_typed(base, browser):
    """The set-up's module is slow to come while the host types the names, each and Enter:
    the players join in the order typed, and sit in that order (the seat picker's), whatever
    order the page's waits for the module end in; a group typed for one is that one's only."""
    evening = Evening(base)
    phone = Phone(browser, width=360, height=640)
    page, (asked, let_go) = phone.page, withheld(phone, "**/setup.js")
    phone.open(evening.link())
    name = page.locator("#player-form [name=name]")
    expect(name).to_be_visible()  # (the evening drawn, its set-up leading)
    name.click()
    for player in NAMES:
        if player == NAMES[1]:  # a group for the second only, typed while the first waits
            page.locator("#player-form details.more > summary").click()
            page.locator("#player-form [name=group]").fill("gentleman")
            name.click()
        page.keyboard.type(player)
        page.keyboard.press("Enter")
        expect(name).to_have_value("")
    handled(page, lambda: asked, 30, "the set-up's module asked for")
    let_go()
    expect(page.locator("#players li")).to_have_count(len(NAMES))
    assert [(p["name"], p["group"]) for p in evening.get()["players"]] == [
        (player, "gentleman" if player == NAMES[1] else None) for player in NAMES]
    expect(page.locator("#seat-picker label.chip")).to_have_text(NAMES)
    assert phone.errors == [], phone.errors
    phone.close()


def test_the_page_whose_foot_comes_after_its_early_module_is_whole(base, browser):
    """The evening's page runs its state's module early (`async`: the evening's reads asked
    for while the rest loads), maybe before the document's foot has come: here the rest of
    the document is held back (a script its parser waits for, as a slow link holds it) until
    that module has asked for the evening. The evening is then drawn whole, with no fault,
    and the language switch at the page's foot works."""
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=640)
    page, held = phone.page, []
    page.route("**/foot.js", lambda route: held.append(route))
    page.route("**/", lambda route: route.fulfill(response=(got := route.fetch()), body=got.text().replace(
        "<main>", '<script src="/foot.js"></script><main>', 1)))
    asked: list = []
    page.on("request", lambda request: "/view" in request.url and asked.append(request.url))
    page.goto(evening.link(), wait_until="commit")
    handled(page, lambda: asked, 30, "the evening's reads asked for")
    expect(page.locator("#language")).to_have_count(0)  # (not parsed yet)
    held[0].fulfill(body="", content_type="text/javascript")
    expect(page.locator("#evening")).to_be_visible()
    expect(page.locator("#strip li")).to_have_count(len(NAMES))
    page.locator("#language").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert phone.errors == []
    phone.close()
