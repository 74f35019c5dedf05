"""A phone that trusts the table's authority trusts it for the table alone: in real Chromium
trusting the table's root (a throwaway NSS database), a certificate that root signed for a
public name or address is refused, though the same certificate from a root without
constraints is accepted, while the table's own address through Caddy opens. A table whose
authority Caddy made itself, before, gets the constrained one in its place at the next start,
and Caddy serves under it."""

import hashlib
import shutil
import socket
import ssl
import subprocess

import pytest
import requests
from cryptography import x509
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from api.authority import constraints, folder
from tests.browser.test_secure_link import address  # noqa: F401 (fixture)
from tests.browser.tools import Phone, chromium
from tests.certificates import (pem, server_certificate, table_authority, tls_server,
                                unconstrained_authority)
from tests.server import REQUEST_SECONDS, START_SECONDS, STOP_SECONDS, free_port, wait_until
from tests.table_server import AtTheTable

pytestmark = [pytest.mark.browser, pytest.mark.server]
# Chromium names a name-constraint violation by a trusted root ERR_CERT_INVALID (156 does);
# the root without constraints, accepting the same certificates, shows it is the constraints
REFUSED = ("ERR_CERT_NAME_CONSTRAINT_VIOLATION", "ERR_CERT_INVALID")
PUBLIC = "bank.example.com"


def trusting(home, *roots: x509.Certificate):
    """A HOME whose NSS database trusts `roots`, as a phone set up for them."""
    certutil = shutil.which("certutil")
    assert certutil, "certutil is missing (Debian's libnss3-tools; .ci/test installs it)"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run([certutil, "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    for n, root in enumerate(roots):
        (home / f"root{n}.crt").write_bytes(pem(root))
        subprocess.run([certutil, "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", f"root{n}",
                        "-i", str(home / f"root{n}.crt")], check=True)
    return {"HOME": str(home), "PATH": "/usr/bin:/bin"}


def opened(browser, url: str) -> str:
    """"opened", or the network error Chromium refused the page with."""
    phone = Phone(browser)
    try:
        phone.page.goto(url)
        assert phone.page.locator("body").inner_text() == "served"
        return "opened"
    except PlaywrightError as error:
        return next((code for code in REFUSED if code in str(error)), str(error))
    finally:
        phone.close()


@pytest.fixture
def table_root(tmp_path):
    from api.authority import keep_or_make
    keep_or_make(tmp_path / "caddy")
    return table_authority(tmp_path / "caddy")


def test_a_phone_that_trusts_the_table_trusts_it_for_no_public_name_or_address(tmp_path,
                                                                                table_root):
    control = unconstrained_authority()
    served = {  # what, signed by which root, for which names; opened by which address
        "public name": (table_root, [PUBLIC], PUBLIC),
        "public address": (table_root, ["127.0.0.1", "8.8.8.8"], "127.0.0.1"),
        "local name": (table_root, ["laptop.local"], "laptop.local"),
        "loopback": (table_root, ["127.0.0.1"], "127.0.0.1"),
        "control: public name": (control, [PUBLIC], PUBLIC),
        "control: public address": (control, ["127.0.0.1", "8.8.8.8"], "127.0.0.1"),
    }
    env = trusting(tmp_path / "home", table_root[0], control[0])
    found = {}
    with chromium(env, args=(f"--host-resolver-rules=MAP {PUBLIC} 127.0.0.1, "
                             "MAP laptop.local 127.0.0.1",)) as browser:
        for what, (root, names, host) in served.items():
            with tls_server(tmp_path / what.replace(" ", "-").replace(":", ""),
                            *server_certificate(root, names)) as port:
                found[what] = opened(browser, f"https://{host}:{port}/")
    print("\n" + "\n".join(f"{what}: {result}" for what, result in found.items()))
    assert found["public name"] in REFUSED and found["public address"] in REFUSED
    assert found["local name"] == found["loopback"] == "opened"
    assert found["control: public name"] == found["control: public address"] == "opened"


def caddy_made_authority(data, address):  # noqa: F811
    """A table's data as Caddy 2.6 left it with its own local authority (before the
    table's was the project's): the root, its intermediate and an address's certificate."""
    data.mkdir(mode=0o700)
    config = data / "Caddyfile"
    port = free_port()
    config.write_text(f"""{{
        admin off
        skip_install_trust
        storage file_system {data}
        http_port {free_port()}
        https_port {port}
        pki {{
            ca local {{
                root_cn "Parlour Ledger table authority"
            }}
        }}
    }}
    https://{address}:{port} {{
        tls internal
        respond "before"
    }}
    """)
    issued = data / "certificates" / "local" / address / f"{address}.crt"
    caddy = subprocess.Popen([shutil.which("caddy"), "run", "--config", str(config),
                              "--adapter", "caddyfile"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env={
                                 "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": str(data / "config"),
                                 "XDG_DATA_HOME": str(data)})
    try:
        wait_until(issued.exists, START_SECONDS, "Caddy's own authority")
    finally:
        caddy.terminate()
        caddy.wait(STOP_SECONDS)
    config.unlink()
    return (folder(data) / "root.crt").read_text()


def fingerprint(text: str) -> str:
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(text)).hexdigest().upper()


def test_caddy_s_own_authority_is_replaced_and_the_table_s_address_opens_under_the_new(
        tmp_path, address):  # noqa: F811
    before = caddy_made_authority(tmp_path / "caddy", address)
    assert constraints(x509.load_pem_x509_certificate(before.encode())) is None
    with AtTheTable(tmp_path, address) as table:
        now = table.authority.read_text()
        assert fingerprint(now) != fingerprint(before)
        assert constraints(x509.load_pem_x509_certificate(now.encode())) is not None
        assert "a new certificate, for this table's addresses only" in table.log()
        # the trust page shows the new one, and Caddy's chain leads to it, not to the old
        page = requests.get(f"{table.plain}/trust", timeout=REQUEST_SECONDS).text
        digest = fingerprint(now)
        assert ":".join(digest[i:i + 2] for i in range(0, len(digest), 2)) in page
        for root, accepted in ((now, True), (before, False)):
            context = ssl.create_default_context(cadata=root)
            with socket.create_connection((address, table.https_port), REQUEST_SECONDS) as raw:
                try:
                    with context.wrap_socket(raw, server_hostname=address):
                        handshake = True
                except ssl.SSLCertVerificationError:
                    handshake = False
            assert handshake is accepted
        env = trusting(tmp_path / "home", x509.load_pem_x509_certificate(now.encode()))
        with chromium(env) as browser:
            phone = Phone(browser)
            try:
                phone.page.goto(f"{table.secure}/")  # no warning: it opens
                expect(phone.page.locator("#open-form")).to_be_visible()
                assert phone.page.evaluate("window.isSecureContext") is True
            finally:
                phone.close()
