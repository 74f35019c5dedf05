"""On a slow link (1,500 ms each way), a double tap on every button that records records once:
the button says it is working and takes no second tap, a deal on its way is not offered
again, and the writes that open something (an evening, a club's evening, an import) send one
client id per intent, so a resend is answered with the original."""

import requests
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, open_club, wait_for
from tests.server import REQUEST_SECONDS

SLOW = {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1}
NAMES = ["Ann", "Ben", "Cy"]


def slow(phone: Phone) -> None:
    cdp = phone.context.new_cdp_session(phone.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)


def counted(evening: Evening) -> dict[str, int]:
    found: dict[str, int] = {}
    for event in evening.events():
        found[event["type"]] = found.get(event["type"], 0) + 1
    return found


def settled(phone: Phone) -> None:
    """Nothing waits in the outbox and no button is busy."""
    expect(phone.page.locator("#status")).not_to_contain_text("pending", timeout=30_000)
    expect(phone.page.locator("[aria-busy=true]")).to_have_count(0, timeout=30_000)


def test_every_recording_button_on_the_evening_records_once(base, browser):
    evening = Evening(base).seat(*NAMES)
    other = evening.game("other", NAMES, stake=1)  # a pool nobody wins, to share back
    evening.record("deal_started", other)
    for name in NAMES:
        evening.record("stake_paid", other, player=evening.players[name], amount=2)
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    phone.open(evening.link())
    slow(phone)

    page.click("#setup > summary")
    page.select_option("#game-form [name=kind]", "commerce")
    page.locator("#game-form button[type=submit]").dblclick()
    expect(page.locator("#game-form button[type=submit]")).to_have_text("Starting…")
    settled(phone)
    assert counted(evening)["game_started"] == 2  # the other game and one Commerce
    commerce = next(g["id"] for g in evening.get("")["games"] if g["kind"] == "commerce")

    card = page.locator(f".game[data-game='{commerce}']")
    card.locator("[data-fact=deal_started]").dblclick()
    settled(phone)
    stand = card.locator("form.sheet")
    phone.chip(stand, "Who stood", "Ben")
    stand.locator("button[type=submit]").dblclick()
    settled(phone)
    card.locator("[data-fact=deal_started]").dblclick()
    settled(phone)
    card.locator("[data-fact=card_bought]").click()
    phone.chip(page.locator("#sheet"), "Who bought a card", "Cy")
    page.locator("#sheet-ok").dblclick()
    expect(page.locator("#sheet")).to_be_hidden(timeout=30_000)
    settled(phone)
    assert {k: counted(evening).get(k) for k in ("deal_started", "commerce_stand", "card_bought")} == {
        "deal_started": 3, "commerce_stand": 1, "card_bought": 1}

    page.get_by_role("button", name="Paid…").first.click()
    page.locator("#sheet-ok").dblclick()
    expect(page.locator("#sheet")).to_be_hidden(timeout=30_000)
    page.locator("#settlement li").filter(has_not_text="Commerce").get_by_role(
        "button", name="Share back…").click()  # the other game's pool (Commerce's is in play)
    page.locator("#sheet-ok").dblclick()
    expect(page.locator("#sheet")).to_be_hidden(timeout=30_000)
    page.locator("#undo").click()
    page.locator("#sheet-ok").dblclick()
    expect(page.locator("#sheet")).to_be_hidden(timeout=30_000)
    settled(phone)
    assert {k: counted(evening).get(k) for k in ("payment_made", "pool_refunded", "event_voided")} == {
        "payment_made": 1, "pool_refunded": 1, "event_voided": 1}

    # a new evening from the welcome screen: one, whatever the taps
    page.goto(f"{base}/#new")
    page.locator("#open-form [name=name]").fill("Boxing Day")
    page.locator("#open-form button").dblclick()
    expect(page.locator("#title")).to_have_text("Boxing Day", timeout=30_000)
    kept = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('ledger:evenings')))")
    assert len(kept) == 2, kept
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_clubs_evening_and_an_import_are_recorded_once(base, browser, tmp_path):
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    page.goto(f"{base}/club")
    club, token = open_club(page, "Meryton")
    for name in ("Ann", "Ben"):
        page.locator("#member-form [name=name]").fill(name)
        page.get_by_role("button", name="Add member").click()
        expect(page.locator("#members li", has_text=name)).to_have_count(1)

    def evenings() -> list[dict]:
        answer = requests.get(f"{base}/api/v1/clubs/{club}/standings", timeout=REQUEST_SECONDS,
                              headers={"Authorization": f"Bearer {token}"})
        return answer.json()["evenings"]

    slow(phone)
    sheet = tmp_path / "old.csv"
    sheet.write_text("date;evening;member;counters\n24.12.2025;Christmas Eve;Ann;3\n"
                     "24.12.2025;Christmas Eve;Ben;-3\n", encoding="utf-8")
    page.locator("#import-panel > summary").click()
    page.locator("#import-form [name=file]").set_input_files(str(sheet))
    page.locator("#import-form button[type=submit]").click()
    page.locator("#import-confirm").dblclick()
    expect(page.locator("#import-preview")).to_contain_text("Recorded 1 evening", timeout=30_000)
    assert [e["name"] for e in evenings()] == ["Christmas Eve"]

    page.locator("#tonight-form [name=name]").fill("Twelfth Night")
    for name in ("Ann", "Ben"):
        page.locator("#tonight-members label.chip", has_text=name).click()
    page.get_by_role("button", name="Open tonight's evening").dblclick()
    expect(page.locator("#title")).to_have_text("Twelfth Night", timeout=30_000)
    assert sorted(e["name"] for e in evenings()) == ["Christmas Eve", "Twelfth Night"]
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_tap_lifts_where_it_landed_though_the_sheet_keeps_its_record_in_view(base, browser):
    """A box typed in (the cards left) says "change" as the finger lands on the next name, and
    the sheet then brings its Record into view: not while the finger is down, or the tap would
    lift elsewhere and be lost (a thumb resting 300 ms)."""
    names = ["Margaret-Anne", "Bartholomew", "Zoë", "Al", "Kit", "Ñuño"]
    evening = Evening(base).seat(*names)
    evening.record("deal_started", evening.game("pope_joan", names))
    phone = Phone(browser, width=320, height=568)
    page = phone.page
    phone.open(evening.link())
    sheet = page.locator(".game form.sheet")
    typed = sheet.get_by_label("Cards left in each hand: Zoë", exact=True)
    typed.evaluate("box => box.focus({preventScroll: true})")
    page.keyboard.type("3")
    # the sheet's top well under the header, its Record below the screen's foot
    sheet.evaluate("form => scrollBy({top: form.getBoundingClientRect().top - 200})")
    expect(sheet.locator("button[type=submit]")).not_to_be_in_viewport()
    chip = sheet.get_by_label("Who went out: Kit", exact=True)
    expect(chip).to_be_in_viewport()
    where = chip.bounding_box()
    page.mouse.move(where["x"] + where["width"] / 2, where["y"] + where["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(300)  # the thumb resting (not a wait for the page)
    page.mouse.up()
    expect(sheet.locator("button.thing").first).to_contain_text("Kit")  # taken: the next asked
    # then the page moves up towards the Record (as far as the sheet's top)
    wait_for(page, "document.querySelector('.game form.sheet').getBoundingClientRect().top < 150")
    phone.close()
    assert phone.errors == [], phone.errors
