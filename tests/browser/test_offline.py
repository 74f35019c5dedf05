"""One phone without a connection, in real Chromium against the real server: the page opens
from its service worker, records into an outbox that survives reloads and is sent when the
page opens; undo works offline; refusals stay until dismissed; a reload keeps every form; a
new version of the service takes over what the old page queued."""

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.tools import WAIT_MS, Evening, Phone, handled, wait_for
from tests.server import REQUEST_SECONDS, Gunicorn, wait_until

pytestmark = pytest.mark.browser
SEATS = ["Ann", "Ben", "Zoë"]
ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture
def phone(browser):
    phone = Phone(browser)
    yield phone
    phone.close()
    assert phone.errors == [], phone.errors


def fine(phone: Phone, who: str) -> None:
    phone.game().locator("[data-fact=penalty_paid]").click()
    sheet = phone.page.locator("#sheet")
    phone.chip(sheet, "Who is fined", who)
    sheet.locator("#sheet-ok").click()


# the page's service workers by their state (installing, waiting, active)
WORKERS = """navigator.serviceWorker.getRegistration().then(r => r && Object.fromEntries(
    ['installing', 'waiting', 'active'].map(k => [k, r[k] && r[k].state])))"""


def controlled(phone: Phone) -> None:
    """After one visit the service worker controls the page (it keeps the page for offline):
    once active it claims the page that registered it, with no reload. (Reloading here instead
    raced the test: a reload queued by one poll could land after the page was already claimed,
    under the test's next step.)"""
    wait_for(phone.page, "navigator.serviceWorker.controller !== null")


def test_a_module_still_to_come_when_the_signal_goes_comes_when_it_is_back(base, phone):
    """The signal goes just after the evening is drawn, before what comes after it (the log's
    module) has come, and before the service worker has kept it: the page is not told of a
    fault (a phone with no signal is not broken), and draws the log once the signal is back,
    with nothing changed meanwhile."""
    evening = Evening(base).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    held: list = []
    phone.context.route("**/log.js", lambda route: held.append(route))  # (the worker's too)
    phone.open(evening.link())
    handled(phone.page, lambda: held, WAIT_MS / 1000, "the log's module asked for")
    phone.offline()
    for route in held:
        route.abort("internetdisconnected")
    phone.page.wait_for_timeout(2500)  # (the page asks again after 2 s: still no signal)
    phone.context.unroute("**/log.js")
    expect(phone.page.locator("#log li")).to_have_count(0)
    phone.offline(False)
    expect(phone.page.locator("#log li")).to_have_count(len(evening.events()))


def test_offline_reload_record_and_back_online_records_each_fact_once(base, phone):
    evening = Evening(base).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    phone.open(evening.link())
    controlled(phone)
    expect(phone.page.locator("#title")).to_have_text("Twelfth Night")

    phone.offline()
    phone.page.reload()  # no connection: the kept page, drawn from the last known state
    expect(phone.page.locator("#title")).to_have_text("Twelfth Night")
    expect(phone.page.locator("#status")).to_have_text("offline")
    fine(phone, "Ann")
    expect(phone.page.locator("#status")).to_have_text("1 pending · offline")
    # in the log's words, before the service has it (the log says it the same way once sent)
    expect(phone.page.locator("#attention .pending-list")).to_contain_text(
        "Pending: Game · Ann was fined 1, paid into the pool")
    phone.page.reload()  # the outbox is kept across a reload
    expect(phone.page.locator("#status")).to_have_text("1 pending · offline")
    fine(phone, "Zoë")
    queued = phone.page.evaluate(f"JSON.parse(localStorage.getItem('ledger:queue:{evening.id}'))")
    assert [item["body"]["data"]["player"] for item in queued] == [
        evening.players["Ann"], evening.players["Zoë"]]

    # the phone is put away; the network comes back; the page is opened again: it sends
    phone.page.close()
    phone.context.set_offline(False)
    phone.page = phone.context.new_page()
    phone.page.on("pageerror", lambda error: phone.errors.append(str(error)))
    phone.page.goto(f"{base}/")
    expect(phone.page.locator("#status")).to_have_text("online")
    fines = [e for e in evening.events() if e["type"] == "penalty_paid"]
    assert sorted(e["id"] for e in fines) == sorted(item["body"]["id"] for item in queued)
    expect(phone.page.locator("#log li", has_text="Game · Ann was fined 1, paid into the pool")).to_have_count(1)
    expect(phone.page.locator("#log li", has_text="fined")).to_have_count(2)


def test_the_api_goes_past_the_service_worker(base, phone):
    """The page's calls of the API (its poll twice a second above all) go to the network
    without waking the service worker, which has nothing to do with them: the browser routes
    /api/ past it (the worker's static route, where the browser has them)."""
    evening = Evening(base).seat(*SEATS)
    phone.open(evening.link())
    controlled(phone)
    since = phone.page.evaluate("performance.now()")
    calls = (f"performance.getEntriesByType('resource').filter(e => e.startTime > {since} && "
             "new URL(e.name).pathname.startsWith('/api/'))")
    wait_for(phone.page, f"{calls}.length >= 2")
    routed = phone.page.evaluate(f"{calls}.map(e => [e.name, e.workerMatchedSourceType])")
    assert all(source == "network" for _, source in routed), routed


def test_offline_a_deal_started_moves_the_card_on_and_its_stand_is_bound_to_it(base, phone):
    """A deal tapped offline is the deal in play until it is sent: it is not offered again
    (a second tap queued a second start, refused once back online), and the stand recorded
    after it belongs to it; back online both are recorded, once each."""
    evening = Evening(base).seat(*SEATS)
    game = evening.game("commerce", SEATS, stake=1)
    evening.record("deal_started", game)
    evening.record("commerce_stand", game, stander=evening.players["Ann"],
                   winner=evening.players["Ann"])
    phone.open(evening.link())
    controlled(phone)
    deal = phone.game().locator("[data-fact=deal_started]")
    expect(deal).to_have_text("Deal 2: Ben deals")
    phone.offline()
    deal.click()
    expect(phone.page.locator("#status")).to_have_text("1 pending · offline")
    expect(deal).to_have_text("Deal 3…")  # deal 2 is not offered again; deal 3 only asked for
    sheet = phone.game().locator("form.sheet")  # the stand's sheet of deal 2, open in the card
    phone.chip(sheet, "Who stood", "Zoë")
    sheet.locator("button[type=submit]").click()
    expect(phone.page.locator("#status")).to_have_text("2 pending · offline")
    expect(phone.game().locator("[data-fact=commerce_stand]")).to_have_count(0)  # settled, pending
    queued = phone.page.evaluate(f"JSON.parse(localStorage.getItem('ledger:queue:{evening.id}'))")
    assert [(i["body"]["type"], i["body"].get("deal")) for i in queued] == [
        ("deal_started", 2), ("commerce_stand", 2)]
    phone.offline(False)
    expect(phone.page.locator("#status")).to_have_text(re.compile("^(online|live)$"))
    expect(phone.page.locator("#attention .look")).to_have_count(0)
    recorded = [(e["type"], e["data"].get("stander")) for e in evening.events()[-2:]]
    assert recorded == [("deal_started", None), ("commerce_stand", evening.players["Zoë"])]


def test_undo_while_offline_waits_in_the_outbox(base, phone):
    evening = Evening(base).seat(*SEATS)
    game = evening.game("other", SEATS, stake=1)
    fined = evening.record("penalty_paid", game, player=evening.players["Ben"], amount=3)
    phone.open(evening.link())
    expect(phone.page.locator("#log li").first).to_contain_text("Ben was fined 3")
    phone.offline()
    phone.page.locator("#undo").click()
    dialog = phone.page.locator("#sheet")
    expect(dialog).to_contain_text("Ben was fined 3, paid into the pool")  # who paid, how much, where
    dialog.locator("#sheet-ok").click()
    expect(phone.page.locator("#status")).to_have_text("1 pending · offline")
    phone.offline(False)
    expect(phone.page.locator("#status")).to_have_text("online")
    voids = [e for e in evening.events() if e["type"] == "event_voided"]
    assert [v["data"]["event_id"] for v in voids] == [fined["id"]]
    expect(phone.page.locator("#log s", has_text="Ben was fined 3")).to_have_count(1)


def test_a_refusal_keeps_the_sheet_as_typed_with_its_reason_beside_the_field(base, phone):
    """Refused, the sheet stays (or comes back) as it was typed, the reason in the table's
    words beside the field at fault, in view and focused; it stays until the next try."""
    evening = Evening(base).seat(*SEATS)
    other = evening.game("other", SEATS, stake=1)
    evening.record("deal_started", other)
    evening.record("stake_paid", other, player=evening.players["Ann"], amount=1)
    phone.open(evening.link())
    page = phone.page
    sheet = phone.game().locator("form.sheet")  # one counter in the pool: not for two
    phone.chip(sheet, "Who won the pool", "Ben")
    phone.chip(sheet, "Who won the pool", "Zoë")
    sheet.locator("button[type=submit]").click()
    fault = sheet.locator("[data-field=winners] .fault")
    expect(fault).to_contain_text("The pool holds 1 counters: nothing to share among 2")
    expect(sheet.locator(".error[role=alert]")).to_contain_text("Not recorded: Who won the pool")
    assert "data." not in sheet.inner_text() and "winners:" not in sheet.inner_text()
    expect(sheet.locator("label.chip", has_text="Ben").locator("input")).to_be_checked()
    assert page.evaluate("document.activeElement.closest('[data-field]')?.dataset.field") == "winners"
    box = fault.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
    expect(page.locator("#attention .look")).to_have_count(0)  # nothing left over elsewhere
    page.wait_for_timeout(6_000)  # no toast that goes by itself
    expect(fault).to_be_visible()
    assert [e["type"] for e in evening.events()].count("pool_won") == 0
    evening.record("stake_paid", evening.games[0], player=evening.players["Ann"], amount=3)
    sheet.locator("button[type=submit]").click()  # tried again: recorded, the reason gone
    expect(sheet).to_have_count(0)
    wait_until(lambda: [e["type"] for e in evening.events()].count("pool_won") == 1,
               REQUEST_SECONDS, "the pool's share recorded once")
    expect(page.locator(".fault")).to_have_count(0)


def test_after_a_reload_a_second_game_can_be_started(base, phone):
    evening = Evening(base).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    phone.open(evening.link())
    phone.page.reload()
    expect(phone.page.locator(".game")).to_have_count(1)
    phone.page.locator("#setup > summary").click()
    picker = phone.page.locator("#seat-picker label.chip")
    expect(picker).to_have_count(3)
    expect(phone.page.locator("#seat-picker input:checked")).to_have_count(3)  # all, as added
    picker.filter(has_text="Ann").click()  # Ann sits out
    phone.page.select_option("#game-form [name=kind]", "speculation")
    phone.page.locator("#game-form button[type=submit]").click()
    expect(phone.page.locator("#switcher button")).to_have_count(2)
    started = [e for e in evening.events() if e["type"] == "game_started"]
    assert started[-1]["data"]["seats"] == [evening.players["Ben"], evening.players["Zoë"]]
    wait_until(lambda: phone.page.locator("#attention .look").count() == 0, WAIT_MS / 1000, "no refusal")


def test_a_new_version_of_the_page_sends_what_the_old_one_queued(tmp_path, browser):
    """The service is upgraded while a phone holds facts it recorded offline: the next time
    the page opens, the new version (its service worker, its page and script) takes over and
    sends them, each once, and the first page of the new version runs with its own style and
    script, not the old ones the old worker kept. The new version here is the service's own
    code with one rule added to its style, served on the same address and database."""
    new_code = tmp_path / "new-version"
    for package in ("api", "ledger", "migrations"):
        shutil.copytree(ROOT / package, new_code / package,
                        ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
    shutil.copy(ROOT / "alembic.ini", new_code / "alembic.ini")
    with (new_code / "api/phone/static/phone.css").open("a") as style:
        style.write('\n:root { --version: "new" }\n')
    server = Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", log_dir=tmp_path)
    phone = Phone(browser)
    try:
        server.start()
        evening = Evening(server.base).seat(*SEATS)
        evening.game("other", SEATS, stake=1)
        phone.open(evening.link())
        controlled(phone)
        old_caches = phone.page.evaluate("caches.keys()")
        phone.offline()
        fine(phone, "Ann")
        fine(phone, "Ben")
        expect(phone.page.locator("#status")).to_have_text("2 pending · offline")
        queued = phone.page.evaluate(f"JSON.parse(localStorage.getItem('ledger:queue:{evening.id}'))")

        server.stop()  # the upgrade: the same address and database, the new code
        server.env["GUNICORN_CMD_ARGS"] = f"--chdir {new_code}"
        server.start()
        phone.context.set_offline(False)
        phone.page.reload()
        expect(phone.page.locator("#status")).to_have_text("online")
        assert phone.page.evaluate(  # the first page of the new version has its own style
            "getComputedStyle(document.documentElement).getPropertyValue('--version')") == '"new"'
        expect(phone.page.locator("#log li", has_text="fined")).to_have_count(2)
        fines = [e for e in evening.events() if e["type"] == "penalty_paid"]
        assert sorted(e["id"] for e in fines) == sorted(item["body"]["id"] for item in queued)
        # the new worker took over and dropped the old version's cache
        assert len(old_caches) == 1
        try:
            wait_until(lambda: len(caches := phone.page.evaluate("caches.keys()")) == 1
                       and caches != old_caches, 30, "the new version's cache alone")
        except TimeoutError as late:  # where the new worker stands, for a failure under load
            raise AssertionError(f"{late}: caches {phone.page.evaluate('caches.keys()')}, "
                                 f"workers {phone.page.evaluate(WORKERS)}") from late
        assert phone.page.evaluate("localStorage.getItem"
                                   f"('ledger:queue:{evening.id}')") == "[]"
    finally:
        phone.close()
        server.stop()
    assert phone.errors == [], phone.errors
