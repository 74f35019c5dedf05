"""Where the phones really connect: the README's serve command (Caddy with its own local
authority in front of gunicorn on loopback), opened by this machine's network address in
real Chromium. A phone that trusted the table's authority once (a throwaway NSS database,
as `certutil` fills it) gets a secure context: the service worker controls the page, the
evening opens again offline, the wake lock and the clipboard are there. One that has not is
warned by the browser, and the trust page over plain http explains; the page opened over
plain http on the network says what is missing, once. (A guest's phone, which reads only,
needs none of it: test_guests.py.)"""

import hashlib
import re
import shutil
import socket
import ssl
import subprocess
import uuid

import pytest
import requests
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from api.serve import network_addresses
from tests.browser.tools import OUTPUT, Evening, Phone, chromium, wait_for
from tests.server import REQUEST_SECONDS, Gunicorn
from tests.table_server import AtTheTable

pytestmark = [pytest.mark.browser, pytest.mark.server]
SEATS = ["Ann", "Ben", "Zoë"]


@pytest.fixture(scope="module")
def address():
    found = network_addresses()
    assert found, "this machine has no network address besides loopback (hostname -I)"
    return found[0]


@pytest.fixture(scope="module")
def table(tmp_path_factory, address):
    with AtTheTable(tmp_path_factory.mktemp("table"), address) as table:
        yield table


@pytest.fixture(scope="module")
def trusting_home(tmp_path_factory, table):
    """A HOME whose NSS database trusts the table's authority, as a phone does once set up."""
    home = tmp_path_factory.mktemp("home")
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    certutil = shutil.which("certutil")
    assert certutil, "certutil is missing (Debian's libnss3-tools; .ci/test installs it)"
    subprocess.run([certutil, "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run([certutil, "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "parlour-table",
                    "-i", str(table.authority)], check=True)
    return home


def opened(table: AtTheTable) -> Evening:
    """An evening opened over the API on this computer (loopback, served by the proxy)."""
    evening = Evening(table.loopback).seat(*SEATS)
    evening.game("other", SEATS, stake=1)
    return evening


def test_a_phone_that_trusts_the_table_gets_the_page_s_powers_on_the_secure_link(
        table, trusting_home):
    evening = opened(table)
    link = f"{table.secure}/#s={evening.id}&w={evening.write}"
    with chromium(env={"HOME": str(trusting_home), "PATH": "/usr/bin:/bin"}) as browser:
        phone = Phone(browser)
        # the screen wake lock the page asks for, seen as it is granted
        phone.page.add_init_script("""if (navigator.wakeLock) { const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
            navigator.wakeLock.request = async type => (window.heldLock = await ask(type)); }""")
        try:
            phone.open(link)
            powers = phone.page.evaluate("""() => ({secure: window.isSecureContext,
                worker: 'serviceWorker' in navigator, wakeLock: 'wakeLock' in navigator,
                clipboard: !!(navigator.clipboard && navigator.clipboard.writeText)})""")
            assert powers == {"secure": True, "worker": True, "wakeLock": True, "clipboard": True}
            wait_for(phone.page, "navigator.serviceWorker.controller !== null")
            # the page holds a screen wake lock while the evening is open (phone.js)
            wait_for(phone.page, "window.heldLock && window.heldLock.released === false")
            expect(phone.page.locator("#insecure")).to_have_count(0)

            phone.offline()
            phone.page.reload()  # the evening opens again with no connection
            expect(phone.page.locator("#title")).to_have_text("Twelfth Night")
            expect(phone.page.locator("#status")).to_have_text("offline")
            expect(phone.page.locator("#strip")).to_contain_text("Zoë")
        finally:
            phone.close()
        assert phone.errors == [], phone.errors


def test_a_phone_that_has_not_trusted_is_warned_and_the_trust_page_explains(table, browser):
    pem = table.authority.read_text()
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    phone = Phone(browser)  # the suite's Chromium: an empty NSS database
    try:
        for link in (f"{table.secure}/", f"{table.plain}/club"):  # the latter redirected to it
            with pytest.raises(PlaywrightError, match="ERR_CERT_AUTHORITY_INVALID"):
                phone.context.new_page().goto(link)
        phone.page.goto(f"{table.plain}/trust")
        assert phone.page.evaluate("window.isSecureContext") is False
        shown = phone.page.locator("#fingerprint").inner_text()
        assert shown.replace(":", "") == digest
        for steps in ("#h-android", "#h-iphone"):
            expect(phone.page.locator(steps)).to_be_visible()
        expect(phone.page.locator("main")).to_contain_text("Certificate Trust Settings")
        expect(phone.page.locator("#secure-link")).to_have_attribute("href", f"{table.secure}/")
        href = phone.page.locator("#download").get_attribute("href")
    finally:
        phone.close()
    download = requests.get(f"{table.plain}{href}", timeout=REQUEST_SECONDS)
    assert download.status_code == 200 and download.text == pem
    assert download.headers["Content-Type"] == "application/x-x509-ca-cert"
    for path in ("/trust/root.key", "/trust/intermediate.key",
                 "/trust/..%2Fcaddy%2Fpki%2Fauthorities%2Flocal%2Froot.key"):
        for base in (table.plain, table.loopback):
            answer = requests.get(f"{base}{path}", allow_redirects=False, timeout=REQUEST_SECONDS)
            assert answer.status_code in (404, 308) and "PRIVATE KEY" not in answer.text
    assert "PRIVATE KEY" not in requests.get(f"{table.plain}/trust", timeout=REQUEST_SECONDS).text


def test_plain_http_on_the_network_redirects_to_the_secure_link_but_for_reading(table):
    """The trust page, and the evening's page and reads (the guests' link, test_guests.py)."""
    answer = requests.get(f"{table.plain}/club?x=1", allow_redirects=False, timeout=REQUEST_SECONDS)
    assert answer.status_code == 308
    assert answer.headers["Location"] == f"{table.secure}/club?x=1"
    for path in ("/trust", "/", "/api/v1/games"):
        assert requests.get(f"{table.plain}{path}", allow_redirects=False,
                            timeout=REQUEST_SECONDS).status_code == 200, path
    # on this computer itself plain http is a secure context already: served as it is
    assert requests.get(f"{table.loopback}/", allow_redirects=False,
                        timeout=REQUEST_SECONDS).status_code == 200


def global_ipv6() -> str | None:
    """A routable IPv6 address of this machine (`hostname -I` lists it beside the IPv4 ones)."""
    import ipaddress
    listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in listed if ipaddress.ip_address(a).version == 6
                 and not ipaddress.ip_address(a).is_link_local), None)


def test_plain_http_by_a_name_or_an_uncertified_address_goes_to_the_first_secure_link(table):
    """The certificate names the IPv4 addresses: a request by another name (laptop.local) or
    by an IPv6 address is sent to the first secure link (it was sent to https://fd00::2:8443,
    with no brackets, which no browser opens)."""
    answer = requests.get(f"{table.plain}/club?x=1", allow_redirects=False,
                          headers={"Host": f"laptop.local:{table.http_port}"},
                          timeout=REQUEST_SECONDS)
    assert answer.status_code == 308
    assert answer.headers["Location"] == f"{table.secure}/club?x=1"
    v6 = global_ipv6()
    if v6 is None:
        return  # this machine has no IPv6 address on its networks: the name above covers it
    answer = requests.get(f"http://[{v6}]:{table.http_port}/club", allow_redirects=False,
                          timeout=REQUEST_SECONDS)
    assert answer.status_code == 308 and answer.headers["Location"] == f"{table.secure}/club"


def test_gunicorn_listens_on_loopback_only(table):
    with socket.socket() as probe, pytest.raises(ConnectionRefusedError):
        probe.settimeout(REQUEST_SECONDS)
        probe.connect((table.address, table.upstream_port))
    assert requests.get(f"http://127.0.0.1:{table.upstream_port}/healthz",
                        timeout=REQUEST_SECONDS).status_code == 200


def test_the_request_log_names_the_phone_s_address_not_what_a_client_claims(table):
    path = f"/nowhere-{uuid.uuid4().hex}"  # a line of its own, found by its status
    answer = requests.get(f"{table.secure}{path}", verify=str(table.authority),
                          headers={"X-Forwarded-For": "203.0.113.66"}, timeout=REQUEST_SECONDS)
    assert answer.status_code == 404
    lines = [line for line in table.log().splitlines() if '"status":404' in line]
    assert lines and f'"client":"{table.address}"' in lines[-1]
    assert "203.0.113.66" not in table.log()


def test_the_page_over_plain_http_on_the_network_says_once_what_it_cannot_do(
        tmp_path, address, browser):
    """A host who skipped the proxy (gunicorn bound to the network address, as it was)."""
    with Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1, log_dir=tmp_path,
                  host=address) as server:
        evening = Evening(server.base).seat(*SEATS)
        phone = Phone(browser)
        try:
            phone.open(evening.link())
            assert phone.page.evaluate("window.isSecureContext") is False
            notice = phone.page.locator("#insecure")
            expect(notice).to_be_visible()
            expect(notice).to_contain_text("opened over plain http")
            expect(notice).to_contain_text("without a connection")
            expect(notice.get_by_role("link")).to_have_attribute("href", "/trust")
            notice.get_by_role("button", name="Understood").click()
            expect(notice).to_have_count(0)
            phone.page.reload()  # said once: not again on this phone
            expect(phone.page.locator("#evening")).to_be_visible()
            expect(phone.page.locator("#insecure")).to_have_count(0)
        finally:
            phone.close()
        assert phone.errors == [], phone.errors
        # the trust page served without a proxy of ours says so, rather than nothing
        page = requests.get(f"{server.base}/trust", timeout=REQUEST_SECONDS).text
        assert re.search(r"not running behind the\s+table's proxy", page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_trust_page_and_the_notice_are_accessible_at_320_px(table, address, browser, scheme,
                                                                tmp_path):
    from tests.browser.test_accessibility import AXE, overflow, serious

    assert AXE.exists(), "axe-core is missing: .ci/test installs it"
    phone = Phone(browser, width=320, color_scheme=scheme)
    try:
        phone.page.goto(f"{table.plain}/trust")
        expect(phone.page.locator("#fingerprint")).to_be_visible()
        assert serious(phone.page) == [] and overflow(phone.page) <= 0
        phone.page.screenshot(path=str(OUTPUT / f"trust-{scheme}.png"), full_page=True)
        with Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1, host=address) as server:
            phone.open(Evening(server.base).seat(*SEATS).link())
            expect(phone.page.locator("#insecure")).to_be_visible()
            assert serious(phone.page) == [] and overflow(phone.page) <= 0
            phone.close()  # before its server stops: the page may still be loading a module
    finally:
        phone.close()
    assert phone.errors == [], phone.errors
