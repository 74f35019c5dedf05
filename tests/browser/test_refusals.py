"""A refusal keeps the sheet (issue 31): on the settling sheets and a fact's own sheet, what
was typed stays as typed, and the reason, in the table's words, is beside the field at fault,
within the screen, focused; nothing is recorded."""

import re

from playwright.sync_api import expect

from tests.browser.tools import WAIT_MS, Evening, Phone, wait_until

NAMES = ["Ann", "Ben", "Cy", "Dot"]


def typed(sheet) -> list:
    """Every value the sheet holds: its number fields, its chosen chips and its tap counts."""
    return sheet.locator("input, button.tally").evaluate_all(
        "xs => xs.map(x => x.type === 'number' ? x.value : x.tagName === 'BUTTON' ? x.textContent : x.checked)")


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]


def refused_as_typed(page, sheet, field: str, words: str, recorded, before: list) -> None:
    fault = sheet.locator(f".fault[data-for='{field}']")  # beside its field (above a grid's row)
    expect(fault).to_contain_text(words)
    assert typed(sheet) == before
    focused = "document.activeElement.closest('[data-field]')?.dataset.field"  # (in the next frame)
    wait_until(lambda: page.evaluate(focused) == field, WAIT_MS / 1000, "the field at fault focused")
    assert in_view(page, fault), "the reason is off the screen"
    assert not re.search(r"\b(data\.|[a-z]+_[a-z_]+:)", sheet.inner_text()), sheet.inner_text()
    assert recorded() == 0


def test_the_settling_sheets_keep_what_was_typed(base, browser):
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    commerce = evening.game("commerce", NAMES, stake=1)
    evening.record("deal_started", commerce)
    phone.open(evening.link())
    sheet = phone.game().locator("form.sheet")
    phone.chip(sheet, "Who stood", "Ben")
    phone.chip(sheet, "Who held a better hand", "Cy")
    sheet.locator("details.follows > summary").click()
    phone.chip(sheet, "Who won", "Dot")  # not one of the better hands
    before = typed(sheet)
    sheet.locator("button[type=submit]").click()
    refused_as_typed(page, sheet, "winner", "winner holds one of the better hands",
                     lambda: sum(e["type"] == "commerce_stand" for e in evening.events()), before)

    cassino = evening.game("cassino", NAMES[:2], stake=1)
    evening.record("deal_started", cassino)
    page.locator(f"#switcher [data-game='{cassino}']").click()
    sheet = page.locator(f".game[data-game='{cassino}'] form.sheet")  # who took what
    # for the deal the page now knows is in play: until it has read the start, it offers the
    # next deal whole (started and counted with one Record), another sheet
    expect(page.locator(f".game[data-game='{cassino}'] form.sheet:not([data-key$=':whole'])")
           ).to_be_visible()
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
        sheet.get_by_label(f"{row}: Ann", exact=True).click()  # the next thing is asked at once
    for _ in range(3):  # three aces of four
        sheet.locator("[data-field=aces] button.tally").first.click()
    sheet.locator("[data-field=sweeps] button.tally").last.click()
    before = typed(sheet)
    sheet.locator("button[type=submit]").click()
    refused_as_typed(page, sheet, "aces", "Four aces in all, not 3",
                     lambda: sum(e["type"] == "cassino_deal_taken" for e in evening.events()),
                     before)
    expect(sheet.locator("fieldset.faulty")).to_have_attribute("data-field", "aces")
    bens_ace = sheet.locator("[data-field=aces] button.tally").last
    bens_ace.click()  # Ben's ace: recorded
    expect(bens_ace.locator(".n")).to_have_text("1")  # (once the sheet has taken the tap)
    sheet.locator("button[type=submit]").click()
    wait_until(lambda: sum(e["type"] == "cassino_deal_taken" for e in evening.events()) == 1, 30,
               "the deal taken as it was typed then")
    taken = next(e["data"] for e in evening.events() if e["type"] == "cassino_deal_taken")
    assert taken["aces"] == {evening.players["Ann"]: 3, evening.players["Ben"]: 1}, taken
    # its sheet gone; the next deal's, asked with the deal itself, comes in its place, clean
    expect(sheet.locator("h3")).to_have_text(re.compile("^Deal 2: "))
    expect(page.locator(".fault")).to_have_count(0)

    pope = evening.game("pope_joan", NAMES, stake=1)  # the deal on one sheet at its end
    evening.record("deal_started", pope)
    evening.record("compartment_won", pope, compartment="king", player=evening.players["Cy"])
    page.locator(f"#switcher [data-game='{pope}']").click()
    sheet = page.locator(f".game[data-game='{pope}'] form.sheet")
    expect(sheet.locator("[data-thing='compartments.knave']")).to_have_count(1)
    expect(sheet.locator("[data-thing='compartments.king']")).to_be_hidden()  # won already
    sheet.get_by_label("Who went out: Ben", exact=True).click()
    for n, name in enumerate(("Ann", "Cy", "Dot"), 1):
        sheet.get_by_label(f"Cards left in each hand: {name}", exact=True).fill(str(n))
    sheet.get_by_label("The Pope (9♦): won by: Cy", exact=True).click()
    sheet.locator("[data-thing=pope_held_by]").click()  # a thing out of turn: a tap on it
    sheet.get_by_label("The Pope held unplayed by: Dot", exact=True).click()  # it was played
    before = typed(sheet)
    sheet.locator("button[type=submit]").click()
    refused_as_typed(page, sheet, "pope_held_by", "nobody still holds it",
                     lambda: sum(e["type"] == "pope_joan_out" for e in evening.events()), before)

    again = evening.game("cassino", NAMES[:2], stake=1)  # counted in full, on its own sheet
    evening.record("deal_started", again)
    page.locator(f"#switcher [data-game='{again}']").click()
    expect(page.locator(f".game[data-game='{again}'] .meta").first).to_contain_text("Deal 1")
    page.locator(f".game[data-game='{again}'] [data-fact=cassino_deal_counted]").click()
    sheet = page.locator("#sheet")
    for key, n in {"cards": 30, "spades": 0, "aces": 3, "great cassino": 1, "little cassino": 1,
                   "sweeps": 1}.items():  # Little Cassino is a spade: he took none
        sheet.get_by_label(f"Ann: {key}", exact=True).fill(str(n))
        sheet.get_by_label(f"Ann: {key}", exact=True).dispatch_event("input")
    before = typed(sheet)
    page.locator("#sheet-ok").click()
    refused_as_typed(page, sheet, "counts", "Little Cassino is the two of spades",
                     lambda: sum(e["type"] == "cassino_deal_counted" for e in evening.events()),
                     before)
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_facts_own_sheet_stays_open_with_its_reason(base, browser):
    phone = Phone(browser, width=360, height=640)
    page = phone.page
    evening = Evening(base).seat(*NAMES)
    evening.game("other", NAMES, stake=1)
    phone.open(evening.link())
    phone.game().locator("[data-fact=stake_paid]").click()
    sheet = page.locator("#sheet")
    phone.chip(sheet, "Who pays", "Ben")
    phone.chip(sheet, "To (nobody: into the pool)", "Ben")  # himself
    before = typed(sheet)
    page.locator("#sheet-ok").click()
    expect(sheet).to_be_visible()
    refused_as_typed(page, sheet, "to", "cannot pay himself",
                     lambda: sum(e["type"] == "stake_paid" for e in evening.events()), before)
    phone.chip(sheet, "To (nobody: into the pool)", "nobody")
    page.locator("#sheet-ok").click()
    expect(sheet).to_be_hidden()  # as it is sent, before the service answers
    wait_until(lambda: sum(e["type"] == "stake_paid" for e in evening.events()) == 1,
               30, "the stake recorded")
    phone.close()
    assert phone.errors == [], phone.errors
