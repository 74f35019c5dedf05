"""Two phones on one evening through the table's proxy and its stream server, in real
Chromium: the second shows the first's fact within a second, pushed by the stream (it does
not poll while the stream is live), and again once the stream has been cut (its worker
killed) and has resumed by itself."""

import os
import signal
import subprocess
import time

import pytest
from playwright.sync_api import expect

from api.serve import network_addresses
from tests.browser.tools import Evening, Phone, wait_for
from tests.server import wait_until
from tests.table_server import AtTheTable

pytestmark = [pytest.mark.browser, pytest.mark.server]
SEATS = ["Ann", "Ben", "Cy"]
PUSHED_MS = 1000


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    addresses = network_addresses() or ["127.0.0.1"]
    with AtTheTable(tmp_path_factory.mktemp("live"), addresses[0]) as table:
        yield table


def stream_workers(table: AtTheTable) -> list[int]:
    """The stream server's worker processes (the children of its gunicorn master)."""
    masters = subprocess.run(["pgrep", "-f", "--", f"--bind 127.0.0.1:{table.stream_port}"],
                             capture_output=True, text=True).stdout.split()
    return [int(pid) for master in masters for pid in subprocess.run(
        ["pgrep", "-P", master], capture_output=True, text=True).stdout.split()]


def fine(phone: Phone, who: str) -> None:
    phone.game().locator("[data-fact=penalty_paid]").click()
    sheet = phone.page.locator("#sheet")
    phone.chip(sheet, "Who is fined", who)
    sheet.locator("#sheet-ok").click()


def pushed(a: Phone, b: Phone, evening: Evening, who: str) -> float:
    """A records a fine; seconds from its commit to B showing it."""
    fines = sum(e["type"] == "penalty_paid" for e in evening.events())
    polls = b.page.evaluate("window.polls")
    fine(a, who)
    wait_until(lambda: sum(e["type"] == "penalty_paid" for e in evening.events()) > fines, 30,
               "the fine recorded", 0.01)
    committed = time.monotonic()
    expect(b.page.locator("#log li", has_text="Fine")).to_have_count(fines + 1)
    assert b.page.evaluate("window.polls") == polls  # pushed, not polled
    return time.monotonic() - committed


def test_a_fact_is_pushed_to_the_other_phone_and_again_after_the_stream_is_cut(table, browser):
    evening = Evening(table.loopback).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    a, b = Phone(browser), Phone(browser)
    try:
        for phone in (a, b):
            phone.page.add_init_script("""window.polls = 0; const asked = window.fetch;
                window.fetch = (url, ...rest) => { if (String(url).endsWith('/version')) window.polls++;
                                                   return asked(url, ...rest); };""")
            phone.open(evening.link().replace(evening.base, table.loopback))
            expect(phone.page.locator("#status")).to_have_text("live")
        assert pushed(a, b, evening, "Ann") < PUSHED_MS / 1000

        workers = stream_workers(table)
        assert workers, "no stream worker found"
        for pid in workers:
            os.kill(pid, signal.SIGKILL)  # every stream cut at once
        wait_for(b.page, "document.querySelector('#status').textContent !== 'live'", 30_000)
        expect(b.page.locator("#status")).to_have_text("live")  # resumed by itself
        assert pushed(a, b, evening, "Cy") < PUSHED_MS / 1000
    finally:
        a.close()
        b.close()
    assert a.errors == [] and b.errors == [], a.errors + b.errors


def test_a_phone_opened_offline_goes_live_again_when_the_network_comes_back(table, browser):
    """Opened with no connection, the stream fails and the page polls; back online it asks
    for the stream again (it stayed polling twice a second)."""
    evening = Evening(table.loopback).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    phone = Phone(browser)
    try:
        phone.open(evening.link().replace(evening.base, table.loopback))
        expect(phone.page.locator("#status")).to_have_text("live")
        wait_for(phone.page, "navigator.serviceWorker.controller !== null")
        phone.offline()
        phone.page.reload()
        expect(phone.page.locator("#status")).to_have_text("offline")
        phone.page.wait_for_timeout(6000)  # past the 5 s a stream has to say hello
        phone.offline(False)
        expect(phone.page.locator("#status")).to_have_text("live")
    finally:
        phone.close()


def test_a_read_cut_short_is_asked_for_again_though_nothing_new_is_pushed(table, browser):
    """A stream says only what is new: a read it set off that fails (cut, refused) is asked for
    again by the page, or the phone would show the evening as it was until the next fact."""
    evening = Evening(table.loopback).seat(*SEATS)
    phone = Phone(browser)
    try:
        phone.open(evening.link().replace(evening.base, table.loopback))
        expect(phone.page.locator("#status")).to_have_text("live")
        expect(phone.page.locator("#players li")).to_have_count(3)
        cut = []

        def cut_once(route):
            if cut:
                return route.continue_()
            cut.append(route.request.url)
            return route.abort("connectionreset")

        phone.page.route("**/view?after=*", cut_once)
        evening.seat("Dee")  # pushed once; its read cut
        expect(phone.page.locator("#players li")).to_have_count(4)
        assert cut, "no read was cut"
        expect(phone.page.locator("#status")).to_have_text("live")
    finally:
        phone.close()
