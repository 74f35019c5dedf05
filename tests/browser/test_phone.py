"""The phone page in real headless Chromium against the real server: record a Commerce deal,
an offline spell, an undo and a CSV download, then start a game with options chosen in the
form, at a 360×640 phone viewport."""

from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect, sync_playwright

from tests.server import REQUEST_SECONDS, gunicorn, wait_until

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
OUTPUT = Path(__file__).resolve().parents[1] / "output"
NAMES = ["Ann", "Bob", "<script>alert(1)</script>", "Dan"]
# Deadlines, not measures of speed: a loaded 2-core machine can take seconds over one step.
WAIT_MS = 30_000     # every expect() (Playwright's default is 5 s)
ACTION_MS = 60_000   # clicks, fills, navigation, downloads (default 30 s)


@pytest.fixture(scope="module")
def browser():
    expect.set_options(timeout=WAIT_MS)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=ARGS, timeout=ACTION_MS)
            try:
                yield browser
            finally:
                browser.close()
    finally:
        expect.set_options(timeout=5_000)


def record(page, fact: str, choices: dict | None = None, game: int = 0):
    page.locator(".game").nth(game).locator(f"[data-fact={fact}]").click()
    for name, value in (choices or {}).items():
        target = page.locator(f"#fact-fields [name={name}]")
        if target.evaluate("node => node.tagName") == "SELECT":
            target.select_option(label=value)
        else:
            target.fill(str(value))
    page.locator("#fact-form button[value=ok]").click()


def counters(page) -> dict[str, str]:
    rows = page.locator("#balances tbody tr")
    return {rows.nth(i).locator("td").nth(0).inner_text(): rows.nth(i).locator("td").nth(1).inner_text()
            for i in range(rows.count())}


def expect_counters(page, expected: dict[str, str]) -> None:
    """The balances table shows `expected` (polled: it is redrawn by the page's refreshes)."""
    try:
        wait_until(lambda: counters(page) == expected, WAIT_MS / 1000, "the counters")
    except TimeoutError:
        assert counters(page) == expected  # the difference, in the failure
        raise


@pytest.mark.browser
def test_an_evening_recorded_from_a_phone(browser, tmp_path):
    with (gunicorn(f"sqlite:///{tmp_path}/phone.sqlite3", workers=2, log_dir=tmp_path) as base,
          browser.new_context(viewport={"width": 360, "height": 640},
                              accept_downloads=True) as context):
        context.set_default_timeout(ACTION_MS)
        page = context.new_page()
        alerts = []
        page.on("dialog", lambda d: alerts.append(d.message) or d.dismiss() if d.type == "alert"
                else d.accept("recorded by mistake") if d.type == "prompt" else d.accept())
        page.goto(f"{base}/")
        page.fill("#open-form [name=name]", "Twelfth Night")
        page.fill("#open-form [name=counter_value]", "5")
        page.click("#open-form button")
        expect(page.locator("#title")).to_have_text("Twelfth Night")

        for name in NAMES:
            page.fill("#player-form [name=name]", name)
            page.click("#player-form button")
            expect(page.locator("#players li")).to_have_count(NAMES.index(name) + 1)
        expect(page.locator("#players li").nth(2)).to_have_text("<script>alert(1)</script>")

        page.select_option("#game-form [name=kind]", "commerce")
        page.fill("#game-form [name=stake]", "2")
        for box in page.locator("#seat-picker input").all():
            box.check()
        page.click("#game-form button[type=submit]")
        expect(page.locator(".game")).to_have_count(1)

        record(page, "deal_started")                              # Ann deals: pool 10
        expect(page.locator(".game h3")).to_contain_text("pool 10")
        record(page, "card_bought", {"buyer": "Bob"})             # Bob pays Ann 2
        record(page, "commerce_stand", {"stander": "Dan", "winner": "Dan"})
        expect(page.locator(".game h3")).to_contain_text("pool 0")
        expect_counters(page, {"Ann": "-4", "Bob": "-4", NAMES[2]: "-2", "Dan": "10"})

        context.set_offline(True)
        for _ in range(3):
            record(page, "stake_paid", {"player": "Ann", "amount": 1})
        expect(page.locator("#status")).to_have_text("3 pending")
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        expect(page.locator("#status")).to_have_text("online")
        expect(page.locator(".game h3")).to_contain_text("pool 3")

        evening = page.evaluate("JSON.parse(localStorage.getItem('ledger:evening'))")
        auth = {"Authorization": f"Bearer {evening['token']}"}
        waits = {"headers": auth, "timeout": REQUEST_SECONDS}
        events = requests.get(f"{base}/api/v1/sessions/{evening['id']}/events", **waits).json()["events"]
        stakes = [e for e in events if e["type"] == "stake_paid"]
        assert len(stakes) == 3 and len({e["id"] for e in stakes}) == 3

        page.click("#undo")                                       # confirm, then a reason
        expect(page.locator(".game h3")).to_contain_text("pool 2")
        events = requests.get(f"{base}/api/v1/sessions/{evening['id']}/events", **waits).json()["events"]
        assert events[-1]["type"] == "event_voided" and events[-1]["data"]["event_id"] == stakes[-1]["id"]

        with page.expect_download() as download:
            page.click("[data-csv=journal]")
        journal = Path(download.value.path()).read_text()
        assert journal.splitlines()[0].startswith("position,version,recorded_at,event_id")
        assert alerts == []

        # A Vingt-un game with its options chosen in the form, not typed as JSON; a refresh
        # in the middle of filling it in keeps what was entered.
        page.click("#setup > summary")
        page.select_option("#game-form [name=kind]", "vingt_un")
        expect(page.locator("#option-fields [name=tie_share]")).to_have_value("none")
        page.fill("#option-fields [name=pool_ante]", "2")
        page.locator("#seat-picker input").nth(2).uncheck()
        page.evaluate("refresh()")
        expect(page.locator("#option-fields [name=pool_ante]")).to_have_value("2")
        expect(page.locator("#seat-picker input").nth(2)).not_to_be_checked()
        page.select_option("#option-fields [name=tie_share]", "1/3")
        page.click("#game-form button[type=submit]")
        expect(page.locator(".game")).to_have_count(2)
        summary = requests.get(f"{base}/api/v1/sessions/{evening['id']}", **waits).json()
        players = {p["name"]: p["id"] for p in summary["players"]}
        vingt_un = summary["games"][1]
        assert vingt_un["kind"] == "vingt_un"
        assert vingt_un["options"] == {"pool_ante": 2, "overdraw_penalty": 0, "tie_share": "1/3"}
        assert vingt_un["seats"] == [players["Ann"], players["Bob"], players["Dan"]]

        OUTPUT.mkdir(exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(OUTPUT / "phone.png"), full_page=False)
        page.screenshot(path=str(OUTPUT / "phone-full.png"), full_page=True)
