"""Quick entry (issue 14): a typical deal of five kinds of game in a few taps each, counted and
reported; each deal's facts as the service records them."""

import json
import re

from playwright.sync_api import expect

from tests.browser.test_phone import expect_counters, phone  # noqa: F401  (the fixture)
from tests.browser.tools import Evening, OUTPUT
from tests.server import wait_until


class Taps:
    """What a recorder does for one deal: taps (clicks) and numbers typed into a field."""

    def __init__(self):
        self.taps = self.typed = 0

    def tap(self, target) -> None:
        target.click()
        self.taps += 1

    def type(self, target, n: int) -> None:
        target.fill(str(n))
        target.dispatch_event("input")
        self.typed += 1


def chip(within, legend: str, name: str):
    return within.locator("fieldset", has=within.page.locator(f"legend:text-is('{legend}')")) \
        .locator("label.chip", has_text=name).first


def test_taps_per_typical_deal(base, phone):
    """A deal after the first of the evening, for five kinds of game; the figures are the
    report's (issue 14: quick entry). The first deal of each is recorded over the API."""
    seats = ["Ann", "Ben", "Cy", "Dan"]
    evening = Evening(base).seat(*seats)
    p = evening.players
    head = evening.post("/tables", {"name": "Head table", "rank": 1}).json()["id"]
    second = evening.post("/tables", {"name": "Second table", "rank": 2}).json()["id"]
    commerce = evening.game("commerce", seats, stake=2)
    evening.record("deal_started", commerce)
    evening.record("commerce_stand", commerce, stander=p["Ben"], winner=p["Ben"], better_hands=[])
    vingt_un = evening.game("vingt_un", seats, stake=2)
    evening.record("deal_started", vingt_un)
    for who in ("Ben", "Cy", "Dan"):
        evening.record("vingt_un_hand_settled", vingt_un, player=p[who], winner="dealer",
                       natural=False, tie=False)
    cassino = evening.game("cassino", ["Ann", "Ben"], stake=1)
    evening.record("deal_started", cassino)
    evening.record("cassino_deal_counted", cassino, counts={
        p["Ann"]: {"cards": 30, "spades": 8, "aces": 3, "great_cassino": 1, "little_cassino": 0, "sweeps": 1},
        p["Ben"]: {"cards": 22, "spades": 5, "aces": 1, "great_cassino": 0, "little_cassino": 1, "sweeps": 0}})
    speculation = evening.game("speculation", seats, stake=1)
    evening.record("deal_started", speculation)
    evening.record("pool_won", speculation, winners=[p["Cy"]])
    poker = evening.game("progressive_poker", seats, stake=1, tables=[
        {"table_id": head, "seats": [p["Ann"], p["Ben"]]},
        {"table_id": second, "seats": [p["Cy"], p["Dan"]]}])
    for table, winner, loser in ((head, "Ann", "Ben"), (second, "Cy", "Dan")):
        evening.record("progressive_pot_won", poker, table_id=table, winner=p[winner],
                       contributions={p[winner]: 3, p[loser]: 3}, callers=[p[loser]])
    evening.record("progressive_round_ended", poker)
    phone.open(evening.link())
    page = phone.page
    expect(page.locator("#switcher button")).to_have_count(5)  # the game played, the others a tap away
    card = {title: page.locator(f".game[aria-label='{title}']") for title in
            ("Commerce", "Vingt-un", "Cassino", "Speculation", "Progressive Poker")}
    taps: dict[str, Taps] = {}

    def playing(game: str) -> None:  # the table moves to that game (not a tap of its deal)
        page.locator(f"#switcher [data-game='{game}']").click()
        expect(page.locator(".game")).to_have_attribute("data-game", game)

    def recorded(kind: str, game: str, n: int) -> None:
        wait_until(lambda: sum(e["type"] == kind and e["game_id"] == game
                               for e in evening.events()) == n, 30, f"{n} × {kind}", 0.1)

    playing(commerce)
    taps["Commerce"] = t = Taps()                         # Deal, who stood, Record
    t.tap(card["Commerce"].get_by_role("button", name="Deal 2: Ben deals"))
    sheet = card["Commerce"].locator("form.sheet")
    t.tap(chip(sheet, "Who stood", "Dan"))
    t.tap(sheet.locator("button[type=submit]"))
    recorded("commerce_stand", commerce, 2)

    playing(vingt_un)
    taps["Vingt-un"] = t = Taps()                         # Deal, Ben won, Record (the rest lost)
    t.tap(card["Vingt-un"].get_by_role("button", name="Deal 2: Ann deals"))
    sheet = card["Vingt-un"].locator("form.sheet")
    t.tap(sheet.get_by_label("Ben: won", exact=True))
    t.tap(sheet.locator("button[type=submit]"))
    recorded("vingt_un_hand_settled", vingt_un, 6)

    playing(cassino)
    taps["Cassino"] = t = Taps()                          # who took what, with its deal; Record
    sheet = card["Cassino"].locator("form.sheet")
    expect(sheet.locator("h3")).to_have_text("Deal 2: Ben deals · Who took what")
    for row in ("Most cards", "Most spades", "Great Cassino (10♦)"):
        t.tap(sheet.get_by_label(f"{row}: Ann", exact=True))
    t.tap(sheet.get_by_label("Little Cassino (2♠): Ben", exact=True))
    for who, n in (("Ann", 2), ("Ben", 2)):           # each ace a tap in its taker's column
        for _ in range(n):
            t.tap(sheet.locator("[data-field=aces] button.tally").nth(["Ann", "Ben"].index(who)))
    t.tap(sheet.locator("[data-field=sweeps] button.tally").first)  # Ann's last take
    expect(sheet.locator("[data-field=aces] button.tally .n").first).to_have_text("2")
    t.tap(sheet.locator("button[type=submit]"))
    recorded("cassino_deal_taken", cassino, 1)
    assert [e["type"] for e in evening.events() if e["game_id"] == cassino][-2:] == [
        "deal_started", "cassino_deal_taken"]  # the deal and its count, one Record
    assert [e["data"] for e in evening.events() if e["type"] == "cassino_deal_taken"][-1] == {
        "most_cards": p["Ann"], "most_spades": p["Ann"], "great_cassino": p["Ann"],
        "little_cassino": p["Ben"], "aces": {p["Ann"]: 2, p["Ben"]: 2}, "sweeps": {p["Ann"]: 1}}
    # Ann 3 + 1 + 2 + 2 + 1 = 9, Ben 1 + 2 = 3: two sides score the difference, 6, on deal
    # 1's 8 (10 − 2): Ann reaches 11 and wins
    expect(card["Cassino"]).to_contain_text("Points: Ann 14, Ben 0 · won by Ann")

    playing(speculation)
    taps["Speculation"] = t = Taps()                      # Deal, who won the pool, Record
    t.tap(card["Speculation"].get_by_role("button", name="Deal 2: Ben deals"))
    sheet = card["Speculation"].locator("form.sheet")
    t.tap(chip(sheet, "Who won the pool", "Dan"))
    t.tap(sheet.locator("button[type=submit]"))
    recorded("pool_won", speculation, 2)

    playing(poker)
    taps["Progressive Poker"] = t = Taps()                # a pot sheet per table, then the bell
    for n, table in enumerate(("Head table", "Second table")):
        sheet = card["Progressive Poker"].locator("form.sheet", has_text=f"Pot at {table}")
        expect(sheet).to_be_visible()
        first = sheet.locator("fieldset").first.locator("label.chip").first
        t.tap(first)                                      # who won: the first seated there
        for amount in sheet.locator("label.stepper input").all():
            t.type(amount, 2)                              # what each put in
        t.tap(sheet.locator("button[type=submit]"))
        recorded("progressive_pot_won", poker, 3 + n)
        expect(page.locator("#log li", has_text=re.compile(r"Progressive Poker · .*won a pot of"))).to_have_count(3 + n)
        expect(sheet).to_have_count(0)                    # drawn again: not offered twice a round
    t.tap(card["Progressive Poker"].locator("[data-fact=progressive_round_ended]"))
    t.tap(page.locator("#sheet-ok"))
    recorded("progressive_round_ended", poker, 2)

    balances = {b["name"]: b["counters"] for b in evening.get("/balances")["players"]}
    expect_counters(page, balances)
    figures = {game: {"taps": t.taps, "typed": t.typed} for game, t in taps.items()}
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "taps-per-deal.json").write_text(json.dumps(figures, indent=1) + "\n")
    # issue 14's "at most 3 taps" where a deal is taps alone; Cassino's "who took what" a tap
    # a thing, with its deal (at most 10 in all), nothing typed
    assert {g: f["taps"] for g, f in figures.items()} == {
        "Commerce": 3, "Vingt-un": 3, "Cassino": 10, "Speculation": 3, "Progressive Poker": 6}, figures
    assert figures["Cassino"]["typed"] == 0, figures
