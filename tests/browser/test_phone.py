"""The phone page in real headless Chromium against the real server, at 360×640: an evening
opened and recorded from the phone (names escaped, a Commerce deal in three taps, a purchase
with its defaults, a CSV with the server's file name, an undo with its reason, a game started
with options), a whole Vingt-un deal on one sheet, a Cassino grid that does not add up refused
before it is sent, payments that close the evening to all square, and the taps a typical deal
takes in five games. Offline: test_offline.py; axe-core and 320 px: test_accessibility.py."""

import re
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.tools import OUTPUT, Evening, Phone, counters, pay_everything
from tests.server import REQUEST_SECONDS, wait_until

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "<script>alert(1)</script>", "Zoë"]



@pytest.fixture
def phone(browser):
    phone = Phone(browser, accept_downloads=True)
    yield phone
    phone.close()
    assert phone.errors == [], phone.errors


def shown(n: int) -> str:
    return f"−{-n}" if n < 0 else f"+{n}" if n > 0 else "0"


def expect_counters(page, expected: dict[str, int]) -> None:
    want = {name: shown(n) for name, n in expected.items()}
    try:
        wait_until(lambda: counters(page) == want, 30, "the counters")
    except TimeoutError:
        assert counters(page) == want
        raise


def test_an_evening_recorded_from_a_phone(base, phone):
    page = phone.page
    alerts = []
    page.on("dialog", lambda d: alerts.append(d.message) or d.dismiss())
    page.goto(f"{base}/")
    page.fill("#open-form [name=name]", "Twelfth Night")
    page.click("#open-form button")
    expect(page.locator("#title")).to_have_text("Twelfth Night")
    for n, name in enumerate(NAMES):
        page.fill("#player-form [name=name]", name)
        page.click("#player-form button")
        expect(page.locator("#players li")).to_have_count(n + 1)
    expect(page.locator("#players li").nth(2)).to_have_text("<script>alert(1)</script>")

    page.select_option("#game-form [name=kind]", "commerce")
    page.fill("#game-form [name=stake]", "2")
    expect(page.locator("#seat-picker input:checked")).to_have_count(4)  # all seated, as added
    page.click("#game-form button[type=submit]")
    game = phone.game()
    expect(game).to_be_visible()

    # a deal in three taps: Deal, who stood, Record
    game.get_by_role("button", name="Deal 1: Ann deals").click()        # antes: pool 10
    expect(game.locator(".meta")).to_contain_text("pool 10")
    game.locator("[data-fact=card_bought]").click()                     # Bob buys from Ann
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("From: Ann")  # the dealer: the only seller Commerce knows
    phone.chip(sheet, "Who bought a card", "Bob")
    sheet.locator("#sheet-ok").click()
    stand = game.locator("form.sheet")
    phone.chip(stand, "Who stood", "Zoë")
    stand.locator("button[type=submit]").click()                        # Zoë stands and wins
    expect(game.locator(".meta")).to_contain_text("pool 0")
    expect_counters(page, {"Ann": -4, "Bob": -4, NAMES[2]: -2, "Zoë": 10})
    expect(page.locator("#strip")).to_contain_text("Zoë +10")
    # the log in the service's words (said), newest first
    expect(page.locator("#log li").first).to_contain_text("Commerce · Deal 1 · Zoë stood; Zoë won the pool of 10")
    expect(page.locator("#log li").nth(1)).to_contain_text("Commerce · Deal 1 · Bob bought a card from Ann for 2")

    evening = page.evaluate("JSON.parse(localStorage.getItem('ledger:current'))")
    tokens = page.evaluate("JSON.parse(localStorage.getItem('ledger:evenings'))")[evening]
    assert set(tokens) == {"write", "read"}
    served = requests.get(f"{base}/api/v1/sessions/{evening}/export/results.csv", timeout=REQUEST_SECONDS,
                          headers={"Authorization": f"Bearer {tokens['read']}"})
    name = re.search(r'filename="?([^";]+)', served.headers["Content-Disposition"]).group(1)
    assert re.fullmatch(r"[a-z0-9-]+-\d{4}-\d\d-\d\d-results\.csv", name), name  # its name, its day
    with page.expect_download() as download:
        page.click("[data-file]:text-is('results.csv')")
    assert download.value.suggested_filename == name               # the server's, not "results.csv"
    assert Path(download.value.path()).read_bytes() == served.content
    for kind in ("xlsx", "json"):                                    # the whole evening, as a file
        with page.expect_download() as download:
            page.click(f"[data-file]:text-is('evening.{kind}')")
        assert re.fullmatch(rf"[a-z0-9-]+-\d{{4}}-\d\d-\d\d\.{kind}", download.value.suggested_filename)
    summary = requests.get(f"{base}/api/v1/sessions/{evening}", timeout=REQUEST_SECONDS,
                           headers={"Authorization": f"Bearer {tokens['read']}"}).json()
    assert summary["time_zone"] == page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")

    # an undo with its reason: the stand struck through in the log, its counters back in the pool
    page.click("#undo")
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("Commerce · Deal 1 · Zoë stood")
    sheet.get_by_label("Why").fill("Zoë had miscounted")
    sheet.locator("#sheet-ok").click()
    expect(page.locator("#log li").first).to_contain_text("Undo: Commerce · Deal 1 · Zoë stood")
    expect(page.locator("#log li").first).to_contain_text("— Zoë had miscounted")
    expect(page.locator("#log li s", has_text="Zoë stood")).to_have_count(1)
    expect(page.locator("#log li", has_text="undone: Zoë had miscounted")).to_have_count(1)
    expect(game.locator(".meta")).to_contain_text("pool 10")
    expect_counters(page, {"Ann": -2, "Bob": -4, NAMES[2]: -2, "Zoë": -2})
    voided = [e for e in requests.get(f"{base}/api/v1/sessions/{evening}/events", timeout=REQUEST_SECONDS,
                                      headers={"Authorization": f"Bearer {tokens['read']}"}).json()["events"]
              if e["type"] == "event_voided"]
    assert [v["data"]["reason"] for v in voided] == ["Zoë had miscounted"]

    # a game started with its options chosen in the form; a redraw keeps what was entered
    page.click("#setup > summary")
    page.select_option("#game-form [name=kind]", "vingt_un")
    expect(page.locator("#option-fields [name=tie_share]")).to_have_value("none")
    page.fill("#option-fields [name=pool_ante]", "2")
    page.locator("#seat-picker label.chip").nth(2).click()              # not the third player
    # another phone adds a table: the form is drawn again, keeping what was entered here
    added = requests.post(f"{base}/api/v1/sessions/{evening}/tables", json={"name": "Side table", "rank": 2},
                          headers={"Authorization": f"Bearer {tokens['write']}"}, timeout=REQUEST_SECONDS)
    assert added.status_code == 201, added.text
    expect(page.locator("#option-fields")).to_have_attribute("data-shape", re.compile("Side table"))
    expect(page.locator("#option-fields [name=pool_ante]")).to_have_value("2")
    page.select_option("#option-fields [name=tie_share]", "1/3")
    page.click("#game-form button[type=submit]")
    expect(page.locator("#switcher button")).to_have_count(2)
    expect(page.locator(".game")).to_have_attribute("aria-label", "Vingt-un")  # the new game leads
    assert alerts == []

    page.evaluate("window.scrollTo(0, 0)")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "phone.png"))
    page.screenshot(path=str(OUTPUT / "phone-full.png"), full_page=True)


def test_a_whole_vingt_un_deal_on_one_sheet(base, phone):
    seats, stake = ["Ann", "Ben", "Cy", "Dan"], 2
    evening = Evening(base).seat(*seats)
    evening.game("vingt_un", seats, stake=stake)
    phone.open(evening.link())
    page, game = phone.page, phone.game()
    game.get_by_role("button", name="Deal 1: Ann deals").click()       # tap 1
    sheet = game.locator("form.sheet")
    expect(sheet.locator("th[scope=row]")).to_have_text(["Ben", "Cy", "Dan"])  # each but the dealer
    sheet.get_by_label("Ben: won", exact=True).check()                  # tap 2
    sheet.get_by_label("Cy: natural", exact=True).check()               # tap 3
    sheet.locator("button[type=submit]").click()                        # tap 4: Dan lost
    # as vingt_un_hand_settled says: the dealer pays a won hand the stake and a natural twice
    # the stake (and the deal passes to the natural's holder); a lost hand pays him the stake
    won, natural, lost = stake, 2 * stake, -stake
    expect_counters(page, {"Ann": -(won + natural + lost), "Ben": won, "Cy": natural, "Dan": lost})
    hands = [e for e in evening.events() if e["type"] == "vingt_un_hand_settled"]
    assert len(hands) == 3 and {e["data"]["natural"] for e in hands} == {True, False}
    expect(game.get_by_role("button", name="Deal 2: Cy deals")).to_be_visible()


def test_a_cassino_grid_that_does_not_add_up_is_refused_before_it_is_sent(base, phone):
    evening = Evening(base).seat("Ann", "Ben")
    evening.game("cassino", ["Ann", "Ben"], stake=1)
    phone.open(evening.link())
    page, game = phone.page, phone.game()
    game.locator("[data-fact=cassino_deal_counted]").click()  # counted in full, not who took what
    sheet = page.locator("#sheet")
    expect(sheet.locator("#sheet-title")).to_have_text("Deal 1: Ann deals · Count deal")  # with it
    expect(sheet.locator(".totals")).to_contain_text("cards 52/52")  # the last holds what remains

    def count(who: str, **taken) -> None:
        for key, n in taken.items():
            sheet.get_by_label(f"{who}: {key.replace('_', ' ')}", exact=True).fill(str(n))

    count("Ann", cards=30, spades=8, aces=3, great_cassino=1, sweeps=1)
    # the last column is what remains of a whole deal, until the recorder types in it
    for key, n in (("cards", 22), ("spades", 5), ("aces", 1), ("great cassino", 0),
                   ("little cassino", 1), ("sweeps", 0)):
        expect(sheet.get_by_label(f"Ben: {key}", exact=True)).to_have_value(str(n))
    expect(sheet.locator(".totals")).to_contain_text("cards 52/52 ✓")
    count("Ben", cards=20, spades=5, aces=1, little_cassino=1)          # two cards short
    sheet.get_by_label("Ben: cards", exact=True).dispatch_event("input")
    expect(sheet.locator(".totals")).to_contain_text("cards 50/52")
    version = evening.get()["version"]
    sheet.locator("#sheet-ok").click()
    expect(sheet.locator(".error")).to_have_text(
        "The cards come to 50; a whole deal has 52. Nothing was sent.")
    assert evening.get()["version"] == version
    assert page.evaluate(f"localStorage.getItem('ledger:queue:{evening.id}')") in (None, "[]")

    count("Ben", cards=22)
    sheet.locator("#sheet-ok").click()
    expect(game.locator(".meta").nth(1)).to_have_text("Points: Ann 8, Ben 0")  # 10 − 2, in seat order
    counted = [e for e in evening.events() if e["type"] == "cassino_deal_counted"]
    assert len(counted) == 1
    assert [e["type"] for e in evening.events()][-2:] == ["deal_started", "cassino_deal_counted"]
    expect(page.locator("#races figure")).to_have_count(1)             # the race to 11


def test_payments_close_the_evening_to_all_square(base, phone):
    evening = Evening(base).seat("Ann", "Ben", "Cy")
    game = evening.game("other", ["Ann", "Ben", "Cy"], stake=1)
    evening.record("deal_started", game)
    for who, n in (("Ann", 6), ("Cy", 3)):
        evening.record("stake_paid", game, player=evening.players[who], amount=n)
    evening.record("pool_won", game, winners=[evening.players["Ben"]])
    phone.open(evening.link())
    page = phone.page
    owes = page.locator("#settlement li")
    expect(owes).to_have_count(2)
    expect(owes.first).to_contain_text("Ann pays Ben £0.30 (6 counters)")
    owes.first.get_by_role("button", name="Paid…").click()             # Ann pays 2 of her 6
    sheet = page.locator("#sheet")
    sheet.locator("input[type=number]").fill("2")
    sheet.locator("#sheet-ok").click()
    expect(owes.first).to_contain_text("Ann pays Ben £0.20 (4 counters)")
    expect(page.locator("#payments li")).to_have_text(["Ann paid Ben £0.10"])
    pay_everything(page)                                               # then the rest, whole
    settlement = evening.get("/settlement")
    assert settlement["all_square"] and settlement["transfers"] == []
    assert sum(p["counters"] for p in settlement["payments"]) == 9
    expect_counters(page, {"Ann": 0, "Ben": 0, "Cy": 0})
    page.evaluate("window.scrollTo(0, 0)")


def test_the_readmes_screenshot_is_an_evening_in_play(base, browser, pictures):
    seats = ["Mrs Bennet", "Mr Collins", "Lady Catherine", "Mr Darcy"]
    evening = Evening(base).seat(*seats)
    commerce = evening.game("commerce", seats, stake=2)
    evening.record("deal_started", commerce)
    evening.record("card_bought", commerce, buyer=evening.players["Mr Collins"])
    evening.record("commerce_stand", commerce, stander=evening.players["Mr Darcy"],
                   winner=evening.players["Mr Darcy"], better_hands=[])
    evening.record("deal_started", commerce)
    phone = Phone(browser)
    phone.open(evening.link())
    expect(phone.game().locator("form.sheet")).to_be_visible()
    pictures.screenshot(phone.page, "screenshot.png")
    phone.close()
