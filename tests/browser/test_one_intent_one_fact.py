"""One intent, one fact: on a slow link (1,500 ms each way), a second tap 150 ms after the
first — a thumb that bounced, a recorder who thought nothing happened — records nothing more,
on every control that records: starting a game, a deal, a card's sheet, a deal recorded whole,
a fact's own sheet. And a sheet the service refused comes back as it was typed, with the
reason, after the page is reloaded."""

from playwright.sync_api import expect

from tests.browser.test_double_taps import counted, settled, slow
from tests.browser.tools import Evening, Phone, wait_until

NAMES = ["Ann", "Ben", "Cy"]
BOUNCE_MS = 150  # the second tap, as the table's thumbs give it


def tapped_twice(page, locator) -> None:
    """Two taps where the control is, 150 ms apart: the second lands on whatever is there."""
    def placed():  # not under the header; measured once drawn (a redraw may replace it)
        locator.evaluate("control => control.scrollIntoView({block: 'center'})")
        return locator.bounding_box()

    box = wait_until(placed, 30, "the control drawn")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(BOUNCE_MS)
    page.mouse.click(x, y)


def offered(phone, evening, control):
    """The control, once drawn; if it never is, what the card and the log show instead."""
    try:
        expect(control).to_be_attached(timeout=30_000)
    except AssertionError:
        facts = [(e["type"], e["data"]) for e in evening.events()[-4:]]
        shown = phone.game().inner_text()
        raise AssertionError(f"not offered; the log ends {facts}; the card shows {shown!r}") from None
    return control


def test_a_second_tap_on_a_slow_link_records_nothing_more(base, browser):
    evening = Evening(base).seat(*NAMES)
    phone = Phone(browser, width=360, height=740)
    page = phone.page
    phone.open(evening.link())
    slow(phone)

    page.locator("#game-form [name=kind]").select_option("commerce")
    tapped_twice(page, page.locator("#game-form button[type=submit]"))
    settled(phone)
    assert counted(evening).get("game_started") == 1
    expect(page.locator("#game-error")).to_have_text("")  # nothing said of a second start

    card = phone.game()
    tapped_twice(page, card.get_by_role("button", name="Deal 1: Ann deals"))
    settled(phone)
    stand = card.locator("form.sheet")
    phone.chip(stand, "Who stood", "Ben")
    tapped_twice(page, stand.locator("button[type=submit]"))
    settled(phone)
    assert {k: counted(evening).get(k) for k in ("deal_started", "commerce_stand")} == {
        "deal_started": 1, "commerce_stand": 1}

    tapped_twice(page, card.get_by_role("button", name="Deal 2: Ben deals"))
    settled(phone)
    offered(phone, evening, card.locator("[data-fact=card_bought]")).click()
    phone.chip(page.locator("#sheet"), "Who bought a card", "Cy")
    tapped_twice(page, page.locator("#sheet-ok"))
    expect(page.locator("#sheet")).to_be_hidden(timeout=30_000)
    settled(phone)
    assert counted(evening).get("card_bought") == 1

    page.locator("#setup > summary").click()  # a deal recorded whole: Cassino's, one Record
    page.locator("#game-form [name=kind]").select_option("cassino")
    for name in ("Cy",):  # two seats, Ann and Ben
        page.locator("#seat-picker label.chip", has_text=name).click()
    page.locator("#game-form button[type=submit]").click()
    settled(phone)
    cassino = page.locator(".game[aria-label='Cassino']")
    sheet = cassino.locator("form.sheet")
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
        sheet.get_by_label(f"{row}: Ann", exact=True).click()
    for _ in range(4):
        sheet.locator("[data-field=aces] button.tally").first.click()
    sheet.locator("[data-field=sweeps] button.tally").first.click()
    tapped_twice(page, sheet.locator("button[type=submit]"))
    settled(phone)
    kinds = [e["type"] for e in evening.events() if e["game_id"] and e["type"] in (
        "deal_started", "cassino_deal_taken")]
    assert kinds.count("cassino_deal_taken") == 1 and kinds.count("deal_started") == 3, kinds
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_refused_sheet_comes_back_as_typed_after_a_reload(base, browser):
    evening = Evening(base).seat(*NAMES)
    commerce = evening.game("commerce", NAMES, stake=1)
    evening.record("deal_started", commerce)
    phone = Phone(browser, width=360, height=740)
    page = phone.page
    phone.open(evening.link())
    sheet = phone.game().locator("form.sheet")
    phone.chip(sheet, "Who stood", "Ben")
    phone.chip(sheet, "Who held a better hand", "Cy")
    sheet.locator("details.follows > summary").click()
    phone.chip(sheet, "Who won", "Ann")  # not the better hand: refused
    sheet.locator("button[type=submit]").click()
    expect(sheet.locator(".fault[data-for=winner]")).to_contain_text("better hands")
    page.reload()
    sheet = phone.game().locator("form.sheet")
    expect(sheet.locator(".fault[data-for=winner]")).to_contain_text("better hands")
    for legend, name in (("Who stood", "Ben"), ("Who held a better hand", "Cy"), ("Who won", "Ann")):
        chip = sheet.locator("fieldset", has=page.locator(f"legend:text-is('{legend}')")).locator(
            "label.chip", has_text=name).locator("input")
        expect(chip).to_be_checked()
    expect(page.locator("#attention .look")).to_have_count(0)  # on its sheet, not twice
    phone.chip(sheet, "Who won", "Cy")  # mended: recorded, and the kept refusal goes
    sheet.locator("button[type=submit]").click()
    expect(sheet).to_have_count(0)
    settled(phone)  # (the sheet goes as it is sent, before the service answers)
    assert counted(evening).get("commerce_stand") == 1
    page.reload()
    expect(page.locator(".fault")).to_have_count(0)
    expect(page.locator("#attention .look")).to_have_count(0)
    phone.close()
    assert phone.errors == [], phone.errors
