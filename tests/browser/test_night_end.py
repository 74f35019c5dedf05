"""The night's end in real Chromium at 360×640: the results shared as a text that reads well in
a chat and a card (PNG) drawn from the same figures (navigator.share stubbed to capture what
is shared), and copied where the phone cannot share."""

import base64
import struct
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, wait_for

pytestmark = pytest.mark.browser
SEATS = ["Ann", "Ben", "Cy", "Dot"]
CARD = Path(__file__).resolve().parents[2] / "api" / "phone" / "results-card.png"
CAPTURE = """window.shared = null;
navigator.canShare = data => true;
navigator.share = async data => {
  const files = await Promise.all((data.files || []).map(async f => ({name: f.name, type: f.type,
    bytes: btoa(String.fromCharCode(...new Uint8Array(await f.arrayBuffer())))})));
  window.shared = {title: data.title, text: data.text, files};
};"""


def played(base: str) -> Evening:
    evening = Evening(base, name="Twelfth Night").seat(*SEATS)
    p = evening.players
    commerce = evening.game("commerce", SEATS, stake=2)
    for stander in ("Ben", "Ben"):
        evening.record("deal_started", commerce)
        evening.record("commerce_stand", commerce, stander=p[stander], winner=p[stander],
                       better_hands=[])
    cassino_won(evening, ["Ann", "Cy"], winner="Ann")
    return evening


def cassino_won(evening: Evening, seats: list[str], winner: str) -> None:
    """A Cassino game of two to 1 point, won at its first count by `winner`."""
    p, [loser] = evening.players, [name for name in seats if name != winner]
    cassino = evening.game("cassino", seats, stake=1, target=1)
    evening.record("deal_started", cassino)
    evening.record("cassino_deal_counted", cassino, counts={
        p[winner]: {"cards": 30, "spades": 9, "aces": 3, "great_cassino": 1, "little_cassino": 1,
                    "sweeps": 1},
        p[loser]: {"cards": 22, "spades": 4, "aces": 1, "great_cassino": 0, "little_cassino": 0,
                   "sweeps": 0}})


def test_the_results_are_shared_as_a_text_for_the_chat_and_a_card(base, browser):
    evening = played(base)
    phone = Phone(browser)
    phone.context.add_init_script(CAPTURE)
    phone.open(evening.link())
    phone.page.locator("#share-results").click()
    shared = wait_for(phone.page, "window.shared")
    text = shared["text"]
    lines = text.splitlines()
    assert lines[0].startswith("Twelfth Night — ")
    results = [line for line in lines if ": " in line and "(" in line]
    balances = {p["name"]: p for p in evening.get("/balances")["players"]}
    winners_first = sorted(SEATS, key=lambda n: -balances[n]["result_counters"])
    assert [line.split(":")[0] for line in results] == winners_first
    for line in results:
        name = line.split(":")[0]
        counters = balances[name]["result_counters"]
        sign = "+" if counters > 0 else "−" if counters < 0 else ""
        assert line.startswith(f"{name}: {sign}{abs(counters) if counters else 0} (")
        assert f"({sign}£" in line
    transfers = evening.get("/settlement")["transfers"]
    assert transfers and text.count(" pays ") == len(transfers)
    cassino = evening.games[1]
    totals = sorted(evening.get(f"/games/{cassino}/scores")["totals"].values(), reverse=True)
    assert "Commerce, 2 deals" in text and f"Cassino, Ann won {totals[0]}–{totals[1]}" in text

    [card] = shared["files"]
    png = base64.b64decode(card["bytes"])
    assert card["type"] == "image/png" and png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width == 1080 and 400 < height < 1400
    CARD.write_bytes(png)
    phone.close()
    assert phone.errors == [], phone.errors


def test_without_web_share_the_results_are_copied(base, browser):
    evening = played(base)
    phone = Phone(browser, permissions=["clipboard-read", "clipboard-write"])
    phone.context.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    said = []
    phone.page.on("dialog", lambda d: said.append(d.message) or d.dismiss())
    phone.open(evening.link())
    phone.page.locator("#share-results").click()
    wait_for(phone.page, "navigator.clipboard.readText().then(t => t.startsWith('Twelfth Night'))")
    assert said == ["The results are copied: paste them in the chat."]
    expect(phone.page.locator("#share-results")).to_be_visible()
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_season_sheet_prints_the_standings_and_the_race(base, browser):
    import io

    import requests
    from pypdf import PdfReader

    from tests.server import REQUEST_SECONDS

    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Meryton"},
                         timeout=REQUEST_SECONDS).json()
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    members = [requests.post(f"{base}/api/v1/clubs/{club['id']}/members", json={"name": name},
                             headers=auth, timeout=REQUEST_SECONDS).json()["id"]
               for name in SEATS]
    for night in range(3):
        opened = requests.post(f"{base}/api/v1/clubs/{club['id']}/evenings", headers=auth,
                               timeout=REQUEST_SECONDS, json={"name": f"Evening {night}",
                                                              "members": members}).json()
        evening = Evening.__new__(Evening)
        evening.base, evening.id, evening.write = base, opened["id"], opened["write_token"]
        evening.read = opened["read_token"]
        players = {p["name"]: p["id"] for p in evening.get("")["players"]}
        game = evening.post("/games", {"kind": "commerce", "stake": 1,
                                       "seats": list(players.values())}).json()["id"]
        evening.record("deal_started", game)
        winner = players[SEATS[night % 4]]
        evening.record("commerce_stand", game, stander=winner, winner=winner, better_hands=[])
    phone = Phone(browser)
    phone.context.add_init_script("window.print = () => { window.printed = true; };")
    phone.page.goto(f"{base}/club#c={club['id']}&r={club['read_token']}")
    expect(phone.page.locator("#standings tbody tr")).to_have_count(4)
    phone.page.locator("#print-season").click()
    wait_for(phone.page, "window.printed")
    reader = PdfReader(io.BytesIO(phone.page.pdf(format="A4")))
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    standings = requests.get(f"{base}/api/v1/clubs/{club['id']}/standings", headers=auth,
                             timeout=REQUEST_SECONDS).json()
    assert "Meryton" in text and "Standings · All evenings" in text
    for member in standings["members"]:
        assert member["name"] in text
    assert "The race over the season" in text
    assert "Tonight" not in text and "Members and seasons" not in text
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_season_s_standings_are_shared_from_the_club_s_page(base, browser):
    import requests

    from tests.server import REQUEST_SECONDS

    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Meryton"},
                         timeout=REQUEST_SECONDS).json()
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    for name in ("Ann", "Ben"):
        requests.post(f"{base}/api/v1/clubs/{club['id']}/members", json={"name": name},
                      headers=auth, timeout=REQUEST_SECONDS).raise_for_status()
    csv = "date,evening,member,counters\n2025-12-24,Christmas Eve,Ann,6\n2025-12-24,Christmas Eve,Ben,-6\n"
    requests.post(f"{base}/api/v1/clubs/{club['id']}/imports", params={"confirm": "true"},
                  data=csv.encode(), headers={**auth, "Content-Type": "text/csv"},
                  timeout=REQUEST_SECONDS).raise_for_status()
    phone = Phone(browser)
    phone.context.add_init_script(CAPTURE)
    phone.page.goto(f"{base}/club#c={club['id']}&r={club['read_token']}")
    expect(phone.page.locator("#standings tbody tr")).to_have_count(2)
    phone.page.locator("#share-season").click()
    shared = wait_for(phone.page, "window.shared")
    lines = shared["text"].splitlines()
    assert lines[0] == "Meryton · all evenings — 1 evening"
    assert lines[2:4] == ["Ann: +6 (+£0.06)", "Ben: −6 (−£0.06)"]
    assert shared["files"][0]["type"] == "image/png"
    phone.close()
    assert phone.errors == [], phone.errors


def test_a_player_has_one_colour_in_every_chart_and_games_list_points_in_seat_order(base, browser):
    evening = Evening(base).seat("Ann", "Ben", "Cy", "Dot")
    p = evening.players
    cassino_won(evening, ["Dot", "Ann"], winner="Ann")  # seated otherwise than they came
    other = evening.game("other", ["Ann", "Ben", "Cy", "Dot"], stake=1)
    evening.record("stake_paid", other, player=p["Ben"], amount=2)
    phone = Phone(browser)
    phone.open(evening.link())
    page = phone.page
    expect(page.locator("#races .legend li")).to_have_text(["Ann", "Dot"])  # the evening's order

    def colours(where: str) -> dict[str, str]:
        return page.evaluate(f"""() => Object.fromEntries([...document.querySelectorAll('{where} .legend li')]
            .map(li => [li.textContent, li.style.getPropertyValue('--c')]))""")
    expect(page.locator("#chart .legend li")).to_have_count(4)
    balances, race = colours("#chart"), colours("#races")
    assert race == {name: balances[name] for name in race}, (balances, race)
    phone.close()
    assert phone.errors == [], phone.errors
