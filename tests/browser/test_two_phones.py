"""Two phones on one evening, in real Chromium against the real server: what each recorder
meant is what gets recorded, or it waits on the phone for a decision (issue: offline events
keep their meaning, one start per deal); and two phones recording at once converge."""

import pytest
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, counters
from tests.server import wait_until

pytestmark = pytest.mark.browser
SEATS = ["Ann", "Ben", "Cy", "Dan"]



@pytest.fixture
def phones(browser):
    opened = []
    yield lambda: opened.append(Phone(browser)) or opened[-1]
    for phone in opened:
        phone.close()
        assert phone.errors == [], phone.errors


def test_purchases_recorded_offline_keep_their_meaning_or_wait_for_a_decision(base, phones):
    evening = Evening(base).seat(*SEATS)
    game = evening.game("commerce", SEATS, stake=2)
    a, b = phones().open(evening.link()), phones().open(evening.link())
    a.game().get_by_role("button", name="Deal 1: Ann deals").click()
    expect(b.game().locator(".meta")).to_contain_text("Deal 1: Ann deals")

    b.offline()  # phone B, in a pocket with no signal, records two purchases of deal 1
    for buyer in ("Ben", "Cy"):
        b.game().locator("[data-fact=card_bought]").click()
        sheet = b.page.locator("#sheet")
        expect(sheet).to_contain_text("From: Ann")  # the dealer, as B sees the deal
        b.chip(sheet, "Who bought a card", buyer)
        sheet.locator("#sheet-ok").click()
    expect(b.page.locator("#status")).to_contain_text("2 pending")
    expect(b.page.locator("#attention .pending-list li")).to_have_count(2)

    # phone A, online, records the stand and the next deal meanwhile
    stand = a.game().locator("form.sheet")
    a.chip(stand, "Who stood", "Dan")
    stand.locator("button[type=submit]").click()
    a.game().get_by_role("button", name="Deal 2: Ben deals").click()
    wait_until(lambda: sum(e["type"] == "deal_started" for e in evening.events()) == 2, 30, "deal 2")

    b.offline(False)  # back: both purchases were bound to deal 1, which is over
    looks = b.page.locator("#attention .look")
    expect(looks).to_have_count(2)
    expect(looks.first).to_contain_text("Nothing was recorded")
    expect(looks.first).to_contain_text("deal 1")
    expect(looks.first).to_contain_text("the game is now at deal 2")
    assert not [e for e in evening.events() if e["type"] == "card_bought"]

    # a purchase of deal 1 from its dealer means nothing in deal 2 (seed 000: ready money is
    # bought of the dealer): neither can be recorded anyway, only discarded
    assert looks.get_by_role("button", name="Record anyway").count() == 0
    for buyer in ("Ben", "Cy"):
        looks.filter(has_text=buyer).get_by_role("button", name="Discard").click()
    expect(looks).to_have_count(0)
    assert not [e for e in evening.events() if e["type"] == "card_bought"]
    ids = [e["id"] for e in evening.events()]
    assert len(ids) == len(set(ids))
    expect(b.page.locator("#status")).to_have_text("online")
    assert game in {e["game_id"] for e in evening.events() if e["game_id"]}


def test_two_phones_tapping_deal_together_record_one_deal(base, phones):
    evening = Evening(base).seat(*SEATS)
    game = evening.game("commerce", SEATS, stake=2)
    evening.record("deal_started", game)
    evening.record("commerce_stand", game, stander=evening.players["Dan"],
                   winner=evening.players["Dan"], better_hands=[])
    a, b = phones().open(evening.link()), phones().open(evening.link())
    for phone in (a, b):
        expect(phone.game().get_by_role("button", name="Deal 2: Ben deals")).to_be_visible()
    pool = evening.get("/pools")["pools"][0]["counters"]
    b.offline()  # B's tap waits for the network: the two taps cross on the way
    b.game().get_by_role("button", name="Deal 2: Ben deals").click()
    a.game().get_by_role("button", name="Deal 2: Ben deals").click()
    wait_until(lambda: sum(e["type"] == "deal_started" for e in evening.events()) == 2, 30, "A's")
    b.offline(False)
    look = b.page.locator("#attention .look")
    expect(look).to_have_count(1)
    expect(look).to_contain_text("Deal 2 has already started (Ben deals)")
    starts = [e for e in evening.events() if e["type"] == "deal_started"]
    assert len(starts) == 2  # deal 1 and one deal 2: the antes taken once
    assert evening.get("/pools")["pools"][0]["counters"] == pool + 10
    look.get_by_role("button", name="Discard").click()
    expect(look).to_have_count(0)


def test_two_phones_recording_at_once_converge(base, phones):
    evening = Evening(base).seat(*SEATS)
    game = evening.game("other", SEATS, stake=1)
    a, b = phones().open(evening.link()), phones().open(evening.link())
    for n in range(3):  # each phone records fines, interleaved
        for phone, who in ((a, SEATS[n]), (b, SEATS[n + 1])):
            phone.game().locator("[data-fact=penalty_paid]").click()
            sheet = phone.page.locator("#sheet")
            phone.chip(sheet, "Who is fined", who)
            sheet.locator("#sheet-ok").click()
    wait_until(lambda: sum(e["type"] == "penalty_paid" for e in evening.events()) == 6, 30, "fines")
    expected = {p["name"]: p["counters"] for p in evening.get("/balances")["players"]}
    shown = {name: f"−{-n}" if n < 0 else f"+{n}" if n > 0 else "0" for name, n in expected.items()}
    for phone in (a, b):
        wait_until(lambda phone=phone: counters(phone.page) == shown, 30, "the balances")
        expect(phone.page.locator("#log li")).to_have_count(len(evening.events()))
    assert game


def test_the_tables_link_on_the_recorders_phone_keeps_it_a_recorder(base, phones):
    evening = Evening(base).seat("Ann", "Ben")
    evening.game("other", ["Ann", "Ben"], stake=1)
    recorder = phones().open(evening.link("w"))
    write_link = recorder.page.locator("#write-link").input_value()
    assert write_link.endswith(evening.write)
    recorder.page.goto(evening.link("r"))  # the table's link, opened on the same phone
    recorder.page.reload()
    expect(recorder.page.locator(".game [data-fact=deal_started]")).to_be_visible()
    expect(recorder.page.locator("#write-link")).to_have_value(write_link)
    expect(recorder.page.locator("#read-link")).to_have_value(evening.link("r"))
    reader = phones().open(evening.link("r"))  # a phone that never had the write token
    expect(reader.page.locator(".game")).to_have_count(1)
    expect(reader.page.locator(".game [data-fact=deal_started]")).to_have_count(0)
    expect(reader.page.locator("#undo")).to_be_hidden()


def test_a_deal_counted_whole_that_another_phone_dealt_meanwhile_is_dealt_once(base, phones):
    """Cassino between deals asks for the next deal's count with the deal itself. Another
    phone records that deal while this one's count sheet is open: Record counts that deal (it
    is the one the sheet was for), and deals no second one (sent as the deal after it, it was
    refused as the first was not finished, and the count with it)."""
    evening = Evening(base).seat(*SEATS[:2])
    game = evening.game("cassino", SEATS[:2], stake=1)
    phone = phones()
    page = phone.page
    phone.open(evening.link())
    page.locator(".game [data-fact=cassino_deal_counted]").click()  # with deal 1 (Ann deals)
    sheet = page.locator("#sheet")
    expect(sheet.locator("#sheet-title")).to_contain_text("Deal 1: Ann deals")
    evening.record("deal_started", game)  # another phone's: deal 1, the sheet still open
    expect(page.locator(".game .meta").first).to_contain_text("Deal 1")
    for key, n in {"cards": 30, "spades": 9, "aces": 3, "great cassino": 1, "little cassino": 1,
                   "sweeps": 1}.items():
        sheet.get_by_label(f"Ann: {key}", exact=True).fill(str(n))
    page.locator("#sheet-ok").click()
    expect(sheet).to_be_hidden()
    wait_until(lambda: any(e["type"] == "cassino_deal_counted" for e in evening.events()), 30,
               "the deal counted")
    expect(page.locator("#status")).not_to_contain_text("pending")
    expect(page.locator(".fault, .look")).to_have_count(0)
    assert [e["type"] for e in evening.events() if e["game_id"] == game] == [
        "deal_started", "cassino_deal_counted"]


@pytest.mark.parametrize("where", ["on its card", "on another game's"])
def test_a_deal_typed_on_the_sheet_that_starts_it_is_kept_when_another_phone_starts_it(
        base, phones, where):
    """Cassino's next deal is typed on the sheet that starts it (one Record for the deal and
    what was taken); another phone starts that deal meanwhile, while this one shows the game
    or has gone to another. The sheet drawn for the deal now in play holds what was typed
    (its taps were lost before), and its Record counts the deal once, as typed."""
    evening = Evening(base).seat("Ann", "Ben")
    ann, ben = evening.players["Ann"], evening.players["Ben"]
    other = evening.game("commerce", ["Ann", "Ben"], stake=1)
    game = evening.game("cassino", ["Ann", "Ben"], stake=1)
    phone = phones().open(evening.link())
    page = phone.page
    page.locator(f"#switcher [data-game='{game}']").click()
    card = page.locator(f".game[data-game='{game}']")
    whole = card.locator("form.sheet[data-key$=':whole']")
    expect(whole).to_be_visible()
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)", "Little Cassino (2♠)"):
        whole.get_by_label(f"{row}: Ann", exact=True).click()  # the next thing is asked at once
    for _ in range(3):  # three aces of four
        whole.locator("[data-field=aces] button.tally").first.click()
    taken = "button.thing, button.tally"  # what each thing went to, and each seat's count
    before = whole.locator(taken).all_inner_texts()
    if where != "on its card":
        page.locator(f"#switcher [data-game='{other}']").click()
        expect(card).to_have_count(0)
    evening.record("deal_started", game)  # the other phone's
    if where != "on its card":
        expect(page.locator("#log li")).to_have_count(len(evening.events()))  # read
        page.locator(f"#switcher [data-game='{game}']").click()
    sheet = card.locator("form.sheet:not([data-key$=':whole'])")
    expect(sheet).to_be_visible()
    expect(whole).to_have_count(0)
    assert sheet.locator(taken).all_inner_texts() == before
    sheet.locator("[data-field=aces] button.tally").last.click()  # Ben's ace
    sheet.locator("[data-field=sweeps] button.tally").last.click()  # and the last sweep
    sheet.locator("button[type=submit]").click()
    wait_until(lambda: any(e["type"] == "cassino_deal_taken" for e in evening.events()), 30,
               "the deal counted")
    events = evening.events()
    assert [e["type"] for e in events].count("deal_started") == 1
    taken = [e["data"] for e in events if e["type"] == "cassino_deal_taken"]
    assert len(taken) == 1 and taken[0]["aces"] == {ann: 3, ben: 1}, taken
    assert taken[0]["sweeps"] == {ben: 1}, taken
    assert [taken[0][row] for row in ("most_cards", "most_spades", "great_cassino",
                                      "little_cassino")] == [ann] * 4, taken
