"""The club's page in real Chromium against the real server (issue 15): a club opened on the
phone, members added and a season declared, tonight's evening opened with members picked from
a list (no names typed again), an evening recorded on this phone brought in and its players
linked to members, the standings and the race over the season, a member's evenings; every
screen accessible (axe-core, light and dark) and nothing scrolls sideways at 320 px."""

import datetime as dt

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, overflow, serious
from tests.browser.tools import OUTPUT, Evening, Phone, handled, open_club, withheld
from tests.server import REQUEST_SECONDS

pytestmark = pytest.mark.browser


def standings(page) -> dict[str, str]:
    """The standings table as shown: member → counters."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#standings tbody tr')]
        .map(row => [row.cells[0].querySelector('button').textContent, row.cells[1].textContent]))""")


def commerce_won_by_second_seat(evening: Evening) -> None:
    """The first seat deals, the second stands and wins: with three seats at a stake of 2,
    −6, +8 and −2."""
    game = evening.game("commerce", list(evening.players), stake=2)
    evening.record("deal_started", game)
    second = list(evening.players.values())[1]
    evening.record("commerce_stand", game, stander=second, winner=second, better_hands=[])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_club_on_the_phone(base, browser, scheme, pictures):
    if not AXE.exists():
        pytest.fail("axe-core is missing: .ci/test installs it (npm ci --prefix tests/browser)")
    phone = Phone(browser, width=320, color_scheme=scheme)
    page, found = phone.page, {}

    def check(screen: str) -> None:
        found[screen] = serious(page)
        assert overflow(page) <= 0, f"{screen}: scrolls sideways by {overflow(page)} px"
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"club-{screen}-320-{scheme}.png"), full_page=True)

    # an evening recorded on this phone before the club existed
    earlier = Evening(base, name="Michaelmas").seat("Xavier", "Yolanda", "Zeb")
    commerce_won_by_second_seat(earlier)  # Xavier −6, Yolanda +8, Zeb −2
    phone.open(earlier.link())

    page.goto(f"{base}/club")
    check("welcome")
    open_club(page, "Meryton")
    for name, group in (("Ann", "lady"), ("Ben", "gentleman"), ("Cleo", "lady"), ("Dora", "")):
        page.locator("#member-form [name=name]").fill(name)
        page.locator("#member-form [name=group]").fill(group)
        page.get_by_role("button", name="Add member").click()
        expect(page.locator("#members li", has_text=name)).to_have_count(1)
    today = dt.date.today()
    page.locator("#season-form [name=name]").fill("This winter")
    page.locator("#season-form [name=starts]").fill(f"{today.year - 1}-12-01")
    page.locator("#season-form [name=ends]").fill(f"{today.year + 1}-02-28")
    page.get_by_role("button", name="Declare the season").click()
    expect(page.locator("#season option", has_text="This winter")).to_have_count(1)
    check("members")

    # the earlier evening brought in, its players linked to members
    page.get_by_role("button", name="Bring into the club").click()
    expect(page.locator("#evenings li", has_text="Michaelmas")).to_have_count(1)
    page.locator("#evenings li", has_text="Michaelmas").locator("summary").click()
    page.get_by_label("Yolanda is").select_option(label="Cleo")
    expect(page.locator("#standings tbody tr", has_text="Cleo")).to_contain_text("+8")
    check("evenings")

    # tonight: members picked from the list, the evening opened with them seated
    page.locator("#tonight-form [name=name]").fill("Twelfth Night")
    for name in ("Ann", "Ben", "Dora"):
        page.locator("#tonight-members label.chip", has_text=name).click()
    page.get_by_role("button", name="Open tonight's evening").click()
    expect(page.locator("#title")).to_have_text("Twelfth Night")
    expect(page.locator("#players li")).to_have_text(["Ann (lady)", "Ben (gentleman)", "Dora"])
    assert "#" not in page.url  # the write token is kept on the phone, not in the address
    kept = page.evaluate("""() => { const id = JSON.parse(localStorage.getItem('ledger:current'));
        return [id, JSON.parse(localStorage.getItem('ledger:evenings'))[id].write]; }""")
    tonight = Evening.__new__(Evening)
    tonight.base, tonight.id, tonight.write, tonight.read = base, kept[0], kept[1], None
    tonight.read = tonight.write
    tonight.players = {p["name"]: p["id"] for p in tonight.get("")["players"]}
    tonight.games = []
    commerce_won_by_second_seat(tonight)  # Ann −6, Ben +8, Dora −2

    page.goto(f"{base}/club")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    expect(page.locator("#standings tbody tr").first).to_contain_text("Ben")
    assert standings(page) == {"Ben": "+8", "Cleo": "+8", "Dora": "−2", "Ann": "−6"}
    expect(page.locator("#chart")).to_be_visible()
    page.locator("#chart details > summary").click()
    expect(page.locator("#chart-table tr")).to_have_count(4)  # header, start, two evenings
    page.locator("#season").select_option(label=f"This winter (Dec 1, {today.year - 1} – Feb 28, {today.year + 1})")
    expect(page.locator("#standings tbody tr").first).to_contain_text("Ben")
    check("standings")
    if scheme == "light":  # the README's picture of a club
        page.locator("#chart details").evaluate("details => details.open = false")
        page.locator("#standings").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, 0)")
        pictures.screenshot(page, "club-screenshot.png")

    page.get_by_role("button", name="Ben's evenings").click()
    expect(page.locator("#sheet li")).to_have_count(1)
    expect(page.locator("#sheet li")).to_contain_text("Twelfth Night: +8")
    check("history")
    page.locator("#sheet-ok").click()

    page.locator("#share > summary").click()
    expect(page.locator("#read-qr")).to_be_visible()
    check("share")

    # the members' (read-only) link: standings, no officers' controls
    read_link = page.locator("#read-link").input_value()
    member = Phone(browser, width=320, color_scheme=scheme)
    member.page.goto(read_link)
    expect(member.page.locator("#standings tbody tr")).to_have_count(4)
    expect(member.page.locator("#tonight-form")).to_be_hidden()
    member.close()

    phone.close()
    assert phone.errors == [] and member.errors == []
    assert {screen: v for screen, v in found.items() if v} == {}


def test_members_typed_on_a_slow_link_are_added_as_typed_none_lost(base, browser):
    """The officer types the members one after another, each and Enter, on a link slow to
    answer: the field is empty for the next name at once, nothing typed meanwhile is wiped by
    an earlier answer, no name takes the group typed for the one before, and the members are
    added in the order typed. One refused comes back into the emptied form with its reason."""
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    page.goto(f"{base}/club")
    club, token = open_club(page, "Meryton")
    asked, let_go = withheld(phone, "**/members")
    name, group = page.locator("#member-form [name=name]"), page.locator("#member-form [name=group]")
    name.fill("Ann")
    group.fill("lady")
    name.press("Enter")
    expect(name).to_have_value("")
    expect(group).to_have_value("")
    handled(page, lambda: asked, 30, "Ann's addition sent")
    name.press_sequentially("Ben")
    name.press("Enter")
    name.press_sequentially("Cle")
    let_go()  # the answers come: Ann's, then Ben's
    expect(page.locator("#members li", has_text="Ben")).to_have_count(1)
    expect(name).to_have_value("Cle")  # what was being typed stays
    name.press_sequentially("o")
    name.press("Enter")
    expect(page.locator("#members li", has_text="Cleo")).to_have_count(1)
    members = requests.get(f"{base}/api/v1/clubs/{club}", timeout=REQUEST_SECONDS,
                           headers={"Authorization": f"Bearer {token}"}).json()["members"]
    assert [(m["name"], m["group"]) for m in members] == [("Ann", "lady"), ("Ben", None),
                                                          ("Cleo", None)]
    page.on("dialog", lambda dialog: dialog.dismiss())
    name.fill("Ann")
    name.press("Enter")  # refused: a member of that name already
    expect(name).to_have_value("Ann")
    assert phone.errors == [], phone.errors
    phone.close()
