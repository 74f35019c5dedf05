"""The club's tab in real Chromium against the real server (SPEC amendment 9): three evenings
opened from the club's page and played on the evening's page by its members (a part
payment tonight in one), the rest put on the club's tab at the end of each, what would be
carried shown first; then, on the club's page, the tab (who owes whom with the fewest
payments) settled payment by payment to every balance 0, a part payment among them, a
member's statement read, and a member's phone with the club open following it live. Light
and dark, at 320 px: axe-core finds nothing serious, every tap target is 44 px, and
nothing scrolls sideways."""

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, overflow, serious, small_targets
from tests.browser.tools import OUTPUT, Phone, wait_for
from tests.server import REQUEST_SECONDS, wait_until

pytestmark = pytest.mark.browser
MEMBERS = ("Ann", "Ben", "Cat", "Dan")
WEEKS = (("Week 1", "Ben"), ("Week 2", "Cat"), ("Week 3", "Ann"))  # (the evening, who stands)


def club_over_the_api(base: str) -> dict:
    founded = requests.post(f"{base}/api/v1/clubs", json={"name": "Meryton"},
                            timeout=REQUEST_SECONDS).json()
    for name in MEMBERS:
        added = requests.post(f"{base}/api/v1/clubs/{founded['id']}/members", json={"name": name},
                              headers={"Authorization": f"Bearer {founded['write_token']}"},
                              timeout=REQUEST_SECONDS)
        assert added.status_code == 201, added.text
    return founded


def tab_of(base: str, club: dict) -> dict:
    answer = requests.get(f"{base}/api/v1/clubs/{club['id']}/tab", timeout=REQUEST_SECONDS,
                          headers={"Authorization": f"Bearer {club['read_token']}"})
    assert answer.status_code == 200, answer.text
    return {m["name"]: m["balance_minor"] for t in answer.json()["currencies"] for m in t["members"]}


def play_a_week(page, week: str, stander: str, pay_tonight: bool) -> None:
    """Tonight's evening from the club's page, Commerce started and one deal played on the
    evening's page: Ann deals, `stander` stands and wins."""
    page.locator("#tonight-form [name=name]").fill(week)
    for name in MEMBERS:
        page.locator("#tonight-members label.chip", has_text=name).click()
    page.get_by_role("button", name="Open tonight's evening").click()
    expect(page.locator("#title")).to_have_text(week)
    page.locator("#game-form button[type=submit]").click()
    page.locator(".game [data-fact=deal_started]").click()
    stand = page.locator(".game form.sheet")
    stand.locator("fieldset", has=page.locator("legend:text-is('Who stood')")).locator(
        "label.chip", has_text=stander).click()
    stand.locator("button[type=submit]").click()
    expect(page.locator("#log li", has_text=f"{stander} stood")).to_have_count(1)
    if pay_tonight:  # a part of what is owed paid at the table: 1 counter of it
        page.locator("#settlement li", has_text="pays").first.get_by_role("button", name="Paid…").click()
        page.locator("#sheet").get_by_label("Counters paid", exact=True).fill("1")
        page.locator("#sheet-ok").click()
        expect(page.locator("#payments li")).to_have_count(1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_three_evenings_carried_to_the_tab_then_settled_from_the_clubs_page(base, browser, scheme):
    if not AXE.exists():
        pytest.fail("axe-core is missing: .ci/test installs it (npm ci --prefix tests/browser)")
    club = club_over_the_api(base)
    officer = Phone(browser, width=320, color_scheme=scheme)
    page, found = officer.page, {}

    def check(screen: str) -> None:
        found[screen] = serious(page) + small_targets(page)
        assert overflow(page) <= 0, f"{screen}: scrolls sideways by {overflow(page)} px"
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"tab-{re.sub(r'[^a-z]+', '-', screen)}-320-{scheme}.png"),
                        full_page=True)

    club_link = f"{base}/club#c={club['id']}&w={club['write_token']}"
    page.goto(club_link)
    expect(page.locator("#tab")).to_contain_text("Nothing is on the tab yet")
    for n, (week, stander) in enumerate(WEEKS):
        if n:
            page.goto(club_link)
            expect(page.locator("#title")).to_have_text("Meryton")
        play_a_week(page, week, stander, pay_tonight=n == 1)
        carry = page.get_by_role("button", name="Put the rest on Meryton's tab…")
        carry.click()
        sheet = page.locator("#sheet")
        expect(sheet.locator("li").first).to_contain_text(re.compile(r"Ann (owes|is owed) £"))
        if n == 0:
            check("what would be carried")
        sheet.locator("#sheet-ok").click()
        expect(page.locator("#settlement li").first).to_contain_text("Carried to the club's tab on")
        expect(carry).to_have_count(0)
        if n == 0:
            check("an evening carried")
        # once carried, the evening takes no more money: nothing offers it
        expect(page.locator("#settlement").get_by_role("button", name="Paid…")).to_have_count(0)

    # Ann −3 −3(+1 paid) +3, Ben +5 −1 −1, Cat −1 +5(−1 received) −1, Dan −1 −1 −1: × 5p
    owed = tab_of(base, club)
    assert owed == {"Ann": -10, "Ben": 15, "Cat": 10, "Dan": -15}
    member = Phone(browser, width=320, color_scheme=scheme)  # a member with the club open
    member.page.goto(f"{base}/club#c={club['id']}&r={club['read_token']}")
    expect(member.page.locator("#tab tbody tr")).to_have_count(4)
    expect(member.page.locator("#tab").get_by_role("button", name="Paid…")).to_have_count(0)

    page.goto(club_link)
    payments = page.locator("#tab ul.owes li")
    expect(payments).to_have_count(2)  # the evenings' own settlements came to 9 payments
    check("the tab")
    page.get_by_role("button", name="Ann's statement on the tab").click()
    expect(page.locator("#sheet li")).to_have_count(3)
    expect(page.locator("#sheet")).to_contain_text("Week 2 carried to the tab: Ann −£0.10")
    check("a statement")
    page.locator("#sheet-ok").click()

    first = payments.first  # a part payment, its amount changed on the sheet
    first.get_by_role("button", name=re.compile("^Paid…")).click()
    amount = page.locator("#sheet").get_by_label(re.compile("^Paid, in GBP"))
    whole = amount.input_value()
    check("a payment on the tab")
    amount.fill("0.05")
    page.locator("#sheet-ok").click()
    expect(page.locator("#sheet")).to_be_hidden()
    assert sum(tab_of(base, club).values()) == 0 and tab_of(base, club) != owed
    expect(member.page.locator("#tab")).to_contain_text("paid", timeout=30_000)  # live
    while payments.count():  # each suggested payment in full: one fewer each time
        before = payments.count()
        payments.first.get_by_role("button", name=re.compile("^Paid…")).click()
        page.locator("#sheet-ok").click()
        expect(page.locator("#sheet")).to_be_hidden()
        wait_until(lambda: payments.count() < before, 30, "a payment on the tab")
    assert whole == "0.10"
    expect(page.locator("#tab")).to_contain_text("Everyone is square.")
    assert set(tab_of(base, club).values()) == {0}
    expect(member.page.locator("#tab")).to_contain_text("Everyone is square.")
    check("the tab settled")
    officer.close()
    member.close()
    assert officer.errors == [] and member.errors == []
    assert {screen: v for screen, v in found.items() if v} == {}


CAPTURE = """window.shared = null;
navigator.canShare = data => true;
navigator.share = async data => { window.shared = {text: data.text,
  files: (data.files || []).map(f => ({name: f.name, type: f.type, size: f.size}))}; };
window.print = () => { window.printed = true; };"""


def test_the_tab_is_shared_printed_and_downloaded(base, browser, tmp_path):
    """A week carried over the API (Ann −£0.06, Cat +£0.10, Dan −£0.04), then on the club's
    page: the tab shared as text and card, printed as a sheet on A4, and its files."""
    import io

    from openpyxl import load_workbook
    from pypdf import PdfReader

    club = club_over_the_api(base)
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    members = {m["name"]: m["id"] for m in requests.get(
        f"{base}/api/v1/clubs/{club['id']}", headers=auth, timeout=REQUEST_SECONDS).json()["members"]}
    opened = requests.post(f"{base}/api/v1/clubs/{club['id']}/evenings", headers=auth,
                           timeout=REQUEST_SECONDS, json={"name": "Week 3", "counter_value": 2,
                                                          "members": list(members.values())})
    evening = opened.json()
    seats = dict(zip(MEMBERS, (p["id"] for p in evening["players"])))
    path, write = f"{base}/api/v1/sessions/{evening['id']}", {
        "Authorization": f"Bearer {evening['write_token']}"}
    game = requests.post(f"{path}/games", headers=write, timeout=REQUEST_SECONDS, json={
        "kind": "other", "stake": 1, "seats": list(seats.values())}).json()["id"]
    for body in ({"type": "stake_paid", "game_id": game, "data": {"player": seats["Ann"], "amount": 3}},
                 {"type": "stake_paid", "game_id": game, "data": {"player": seats["Dan"], "amount": 2}},
                 {"type": "pool_won", "game_id": game, "data": {"winners": [seats["Cat"]]}},
                 {"type": "carried_to_tab", "data": {}}):
        answer = requests.post(f"{path}/events", headers=write, json=body, timeout=REQUEST_SECONDS)
        assert answer.status_code == 201, answer.text

    phone = Phone(browser, accept_downloads=True)
    phone.context.add_init_script(CAPTURE)
    page = phone.page
    page.goto(f"{base}/club#c={club['id']}&r={club['read_token']}")
    expect(page.locator("#tab tbody tr")).to_have_count(3)
    page.locator("#share-tab").click()
    shared = wait_for(page, "window.shared")
    lines = shared["text"].splitlines()
    assert lines[0].startswith("Meryton · the tab — ")
    assert "Ann: −£0.06 (owes)" in lines and "Cat: +£0.10 (is owed)" in lines
    assert "Still to pay: Ann pays Cat £0.06; Dan pays Cat £0.04." in lines
    assert shared["files"][0]["type"] == "image/png" and shared["files"][0]["size"] > 1000

    page.locator("#print-tab").click()
    wait_for(page, "window.printed")
    pdf = page.pdf(format="A4", print_background=False)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "The tab" in text and "Ann pays Cat £0.06" in text
    assert "Week 3 carried to the tab: Ann −£0.06, Cat +£0.10, Dan −£0.04" in text
    assert "Standings" not in text and "Tonight" not in text  # the tab alone

    with page.expect_download() as download:
        page.locator("#tab-csv").click()
    assert download.value.suggested_filename == "meryton-tab.csv"
    rows = download.value.path().read_text(encoding="utf-8-sig").splitlines()
    assert rows[0].startswith("currency,kind,") and len(rows) == 1 + 3 + 2 + 3
    with page.expect_download() as download:
        page.locator("#club-xlsx").click()
    assert download.value.suggested_filename == "meryton.xlsx"
    book = load_workbook(io.BytesIO(download.value.path().read_bytes()), read_only=True)
    assert book.sheetnames == ["club", "standings", "tab GBP"]
    expect(page.locator("#club-xlsx")).to_have_text("club.xlsx")  # no longer busy once saved
    expect(page.locator("#club-xlsx")).to_be_enabled()
    phone.close()
    assert phone.errors == [], phone.errors
