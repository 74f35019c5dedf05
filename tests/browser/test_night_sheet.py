"""The night sheet in real Chromium: printed to PDF on A4 (`page.pdf`) and read back with
pypdf. Each player's result for the evening (not what is left after payments), the payments
made, what is still to pay, the games and the log's hash; a long evening breaks between
lines and every page names the evening and the page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, wait_for

pytestmark = pytest.mark.browser


def typical(base: str) -> Evening:
    """Six players, three games, sixty deals (issue 24's typical evening)."""
    names = ["Ann", "Ben", "Cy", "Dot", "Edwin", "Fanny"]
    evening = Evening(base, name="Twelfth Night").seat(*names)
    p = evening.players
    commerce = evening.game("commerce", names, stake=1)
    for deal in range(40):
        evening.record("deal_started", commerce)
        stander = names[deal % 6]
        evening.record("commerce_stand", commerce, stander=p[stander], winner=p[stander],
                       better_hands=[])
    other = evening.game("other", names, stake=1)
    for deal in range(18):
        evening.record("deal_started", other)
        evening.record("stake_paid", other, player=p[names[deal % 6]], amount=2)
        evening.record("pool_won", other, winners=[p[names[(deal + 1) % 6]]])
    cassino = evening.game("cassino", ["Ann", "Cy"], stake=1, target=1)
    for _ in range(2):
        evening.record("deal_started", cassino)
        evening.record("cassino_deal_counted", cassino, counts={
            p["Ann"]: {"cards": 30, "spades": 9, "aces": 3, "great_cassino": 1,
                       "little_cassino": 1, "sweeps": 1},
            p["Cy"]: {"cards": 22, "spades": 4, "aces": 1, "great_cassino": 0,
                      "little_cassino": 0, "sweeps": 0}})
        break  # Cassino is won at its first count (target 1): 60 deals in all
    return evening


def printed(evening: Evening, browser) -> tuple[list[str], Phone]:
    """The night sheet as Chromium prints it on A4 (`page.pdf`), page by page, its text read
    back with pypdf (white space made single)."""
    import io

    from pypdf import PdfReader

    phone = Phone(browser)
    phone.context.add_init_script("window.print = () => { window.printed = true; };")
    phone.open(evening.link())
    phone.page.locator("#print-sheet").click()
    wait_for(phone.page, "window.printed")
    pdf = phone.page.pdf(format="A4", print_background=False)
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]
    return pages, phone


def money(minor: int) -> str:
    """`−£0.80`, `+£2.30`, `£0.00`: as every output of the night writes a result."""
    return f"{'+' if minor > 0 else '−' if minor < 0 else ''}£{abs(minor) / 100:.2f}"


def signed(counters: int) -> str:
    return f"{'+' if counters > 0 else '−' if counters < 0 else ''}{abs(counters)}"


def test_the_night_sheet_prints_on_one_a4_page_with_the_results_payments_and_the_log_s_hash(
        base, browser, pictures):
    evening = typical(base)
    before = evening.get("/results")
    loser = min(before["players"], key=lambda p: p["result_counters"])
    for owed in [t for t in before["transfers"] if t["from"] == loser["id"]]:  # he pays it all
        evening.record("payment_made", **{"from": loser["id"], "to": owed["to"],
                                          "amount": owed["counters"]})
    pages, phone = printed(evening, browser)
    verified, results = evening.get("/verify"), evening.get("/results")
    expect(phone.page.locator("#night-sheet .foot")).to_contain_text(verified["head_hash"])
    assert len(pages) == 1, f"{len(pages)} pages"
    [text] = pages
    assert "Twelfth Night" in text and verified["head_hash"] in text.replace(" ", "")
    assert f"{verified['events']} events" in text and "page 1 of 1" in text
    # each player's result for the evening, not what he still owes after the payments: the
    # loser who has paid everything shows his loss, the one he paid his whole win
    assert [p["result_counters"] for p in results["players"]] == [
        p["result_counters"] for p in before["players"]]
    table = text[text.index("Results"):text.index("Paid ")]
    for player in results["players"]:
        assert f"{player['name']} {signed(player['result_counters'])} " \
               f"{money(player['result_minor'])}" in table, (player, table)
    names = {p["id"]: p["name"] for p in results["players"]}
    assert results["payments"] and not any(p["outstanding_counters"] for p in results["players"]
                                            if p["id"] == loser["id"])
    for payment in results["payments"]:
        paid = (f"{names[payment['from']]} paid {names[payment['to']]} "
                f"£{payment['amount_minor'] / 100:.2f}")
        assert (text.index("Results") < text.index(paid) < text.index("Still to pay")
                < text.index("Games")), paid
    for transfer in results["transfers"]:
        assert (f"{names[transfer['from']]} pays {names[transfer['to']]} "
                f"£{transfer['amount_minor'] / 100:.2f}") in text
    assert "Commerce, 40 deals" in text and "Cassino, Ann won" in text
    phone.page.emulate_media(media="print")  # the sheet as printed, for the README
    phone.page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    pictures.screenshot(phone.page, "night-sheet.png", full_page=True)
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_long_night_sheet_breaks_between_lines_and_names_the_evening_on_every_page(
        base, browser):
    names = [f"Player {n:02d}" for n in range(1, 31)]
    evening = Evening(base, name="Twelfth Night").seat(*names)
    p = evening.players
    for game in range(8):  # eight Commerce games at tables of five, a deal or two each
        seats = names[(game * 5) % 30:(game * 5) % 30 + 5]
        commerce = evening.game("commerce", seats, stake=1 + game % 3)
        for deal in range(1 + game % 2):
            evening.record("deal_started", commerce)
            stander = seats[(game + deal) % 5]
            evening.record("commerce_stand", commerce, stander=p[stander], winner=p[stander],
                           better_hands=[])
    pages, phone = printed(evening, browser)
    phone.close()
    assert phone.errors == [], phone.errors
    assert len(pages) > 1
    for number, text in enumerate(pages, 1):
        margin = re.match(r"Twelfth Night ?· ?\w+day, (.+?) page (\d+) of (\d+) ", text)
        assert margin and margin.group(2, 3) == (str(number), str(len(pages))), text
    for player in evening.get("/results")["players"]:  # each result on one page, whole
        assert sum(f"{player['name']} {signed(player['result_counters'])} " in page
                   for page in pages) == 1, player["name"]
    for game in range(1, 9):  # each game's line on one page, whole
        line = f"Commerce {game}, {1 + (game - 1) % 2} deal"
        assert sum(line in page for page in pages) == 1, (line, pages)
