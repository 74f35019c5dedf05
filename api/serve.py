"""The service at the table (`.ci/serve`): gunicorn on loopback behind Caddy, which answers
HTTPS on this computer's network addresses with a certificate from its own local
certificate authority, so that a phone on the Wi-Fi gets a secure context (the page opens
offline, keeps the screen awake, copies links) once it has trusted that authority
(`/trust`). The authority's root is the table's own (api/authority.py), which vouches for
private addresses and local names only. Plain http on the network serves reading only: a
guest opens the table's read-only link with nothing to set up. Prints the phones' links
with QR codes. gunicorn listens on loopback only: phones reach it through Caddy alone,
which holds slow clients for it.

Each server is supervised (api/supervise.py): one that dies is started again; Ctrl-C,
SIGTERM and SIGHUP (the terminal closed) stop them all, and so does this command's own
death, even by `kill -9` (each has the parent-death signal).

The live streams (api/live) are served by a second gunicorn, of gevent workers, which Caddy
sends the stream paths to. Settings (environment): LEDGER_HTTP_PORT (8000),
LEDGER_HTTPS_PORT (8443), LEDGER_UPSTREAM (gunicorn's loopback address, 127.0.0.1:8001),
LEDGER_STREAM_UPSTREAM (the stream server's, 127.0.0.1:8002), LEDGER_ADDRESSES (the addresses to certify,
space-separated; found with `hostname -I` otherwise), LEDGER_CADDY_DATA (var/caddy: the
authority, kept across restarts so a phone trusts once), WORKERS (2).
"""

import ipaddress
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import segno

from api.authority import folder as authority_folder, keep_or_make, permits
from api.phone.trust import CERTIFICATE_NAME, fingerprint
from api.supervise import Child

ROOT = Path(__file__).resolve().parents[1]
CADDYFILE = ROOT / "api" / "deploy" / "table.Caddyfile"
GUNICORN_CONF = ROOT / "api" / "gunicorn_conf.py"
STREAM_CONF = ROOT / "api" / "gunicorn_stream_conf.py"
START_SECONDS = 60


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not loopback, not link-local)."""
    found = []
    if shutil.which("hostname"):
        listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout
        found = listed.split()
    if not found:  # the address of the route out (a UDP "connection" sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("192.0.2.1", 9))
                found = [probe.getsockname()[0]]
            except OSError:
                found = []
    kept = []
    for text in found:
        address = ipaddress.ip_address(text)
        if address.version == 4 and not (address.is_loopback or address.is_link_local):
            kept.append(text)
    return kept


@dataclass
class Table:
    """Where the proxy and the service listen, and where the authority is kept."""

    addresses: list[str]
    http_port: int = 8000
    https_port: int = 8443
    upstream: str = "127.0.0.1:8001"
    stream_upstream: str = "127.0.0.1:8002"
    data: Path = ROOT / "var" / "caddy"
    workers: int = 2
    children: list[Child] = field(default_factory=list)
    new_authority: bool = False  # made at this start: every phone trusts it once

    @classmethod
    def from_environment(cls) -> "Table":
        env = os.environ
        addresses = env.get("LEDGER_ADDRESSES", "").split() or network_addresses()
        return cls(addresses, int(env.get("LEDGER_HTTP_PORT", 8000)),
                   int(env.get("LEDGER_HTTPS_PORT", 8443)),
                   env.get("LEDGER_UPSTREAM", "127.0.0.1:8001"),
                   env.get("LEDGER_STREAM_UPSTREAM", "127.0.0.1:8002"),
                   Path(env.get("LEDGER_CADDY_DATA", ROOT / "var" / "caddy")).resolve(),
                   int(env.get("WORKERS", 2)))

    @property
    def authority(self) -> Path:
        return authority_folder(self.data) / "root.crt"

    def secure_link(self, address: str) -> str:
        return f"https://{address}" + ("" if self.https_port == 443 else f":{self.https_port}") + "/"

    def trust_link(self, address: str) -> str:
        return f"http://{address}" + ("" if self.http_port == 80 else f":{self.http_port}") + "/trust"

    def caddy_environment(self) -> dict:
        sites = ", ".join(f"https://{a}:{self.https_port}" for a in self.addresses)
        first = self.addresses[0] if self.addresses else "localhost"
        return {**os.environ, "LEDGER_SITES": sites or f"https://localhost:{self.https_port}",
                "LEDGER_HOSTS": " ".join(self.addresses) or "localhost",
                "LEDGER_FIRST_LINK": self.secure_link(first).rstrip("/"),
                "LEDGER_HTTP_PORT": str(self.http_port), "LEDGER_HTTPS_PORT": str(self.https_port),
                "LEDGER_UPSTREAM": self.upstream, "LEDGER_STREAM_UPSTREAM": self.stream_upstream,
                "LEDGER_CADDY_DATA": str(self.data),
                "XDG_CONFIG_HOME": str(self.data / "config"), "XDG_DATA_HOME": str(self.data)}

    def service_environment(self) -> dict:
        return {**os.environ, "LEDGER_TRUST_CERTIFICATE": str(self.authority),
                "LEDGER_SECURE_PORT": str(self.https_port),
                "LEDGER_PLAIN_PORT": str(self.http_port)}

    @property
    def proxy_log(self) -> Path:
        return self.data / "caddy.log"

    def start(self) -> None:
        """gunicorn first, then the proxy once the service answers; each waited for."""
        self.data.mkdir(parents=True, exist_ok=True)
        self.data.chmod(0o700)  # the authority's private key lives here
        self.new_authority = keep_or_make(self.data)
        caddy_path = caddy()
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.children.append(Child(
            [gunicorn, "--config", str(GUNICORN_CONF), "--bind", self.upstream,
             "--workers", str(self.workers), "api:create_app()"], ROOT, self.service_environment()))
        self.children.append(Child(
            [gunicorn, "--config", str(STREAM_CONF), "--bind", self.stream_upstream,
             "--workers", "1", "api:create_app()"], ROOT, self.service_environment()))
        for child in self.children:
            child.start()
        self.wait_for(f"http://{self.upstream}/healthz", None, "The service")
        self.wait_for(f"http://{self.stream_upstream}/healthz", None, "The stream server")
        proxy = Child([caddy_path, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                      ROOT, self.caddy_environment(), self.proxy_log)
        self.children.append(proxy)
        proxy.start()
        vouched = [a for a in self.addresses or ["localhost"] if permits(a)]
        if vouched:
            self.wait_for(f"{self.secure_link(vouched[0])}healthz", self.authority,
                          "The secure link")
        else:  # no address the authority can vouch for (a public one): the proxy, on loopback
            self.wait_for(f"http://127.0.0.1:{self.http_port}/healthz", None, "The proxy")

    def wait_for(self, url: str, authority: Path | None, what: str) -> None:
        """Until `url` answers 200 (over TLS, with a certificate of `authority`)."""
        deadline = time.monotonic() + START_SECONDS
        while True:
            self.check_running()
            try:
                context = ssl.create_default_context(cafile=str(authority)) if authority else None
                with urllib.request.urlopen(url, timeout=5, context=context) as answer:
                    if answer.status == 200:
                        return
            except (OSError, ssl.SSLError):
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"{what} did not answer within {START_SECONDS} s.")
            time.sleep(0.2)

    def check_running(self) -> None:
        for child in self.children:
            if child.died():
                name, code = child.name, child.process.returncode
                said = ""
                if name == "caddy" and self.proxy_log.exists():
                    said = "\n" + "\n".join(self.proxy_log.read_text().splitlines()[-5:])
                raise SystemExit(f"{name} stopped (exit {code}).{said}")

    def supervise(self) -> None:
        """Start again any server that has died."""
        for child in self.children:
            if child.died():
                child.restart()

    def stop(self) -> None:
        for child in self.children:
            child.terminate()
        for child in self.children:
            child.stop(15)


def caddy() -> str:
    found = shutil.which("caddy")
    if not found:
        raise SystemExit("Caddy is not installed: `apt-get install caddy` (or run .ci/serve, "
                         "which installs it).")
    return found


def qr_lines(text: str, colour: bool = False) -> list[str]:
    """A QR code of `text` in half-block characters, two rows of modules a line: the light
    modules drawn, the dark ones left to the background (in colour: white on black, so that
    it scans on a light terminal too)."""
    rows = [list(row) for row in segno.make(text, error="m").matrix_iter(scale=1, border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    blocks = {(0, 0): "█", (1, 0): "▄", (0, 1): "▀", (1, 1): " "}
    start, end = ("\x1b[97;40m", "\x1b[0m") if colour else ("", "")
    return [start + "".join(blocks[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1]))
            + end for i in range(0, len(rows), 2)]


def side_by_side(left: list[str], right: list[str], gap: int = 4) -> list[str]:
    """Two QR codes of the same size (the trust link is the shorter) beside each other."""
    width = max(len(line) for line in left)
    left = left + [" " * width] * (len(right) - len(left))
    right = right + [""] * (len(left) - len(right))
    return [f"{a:<{width}}{' ' * gap}{b}" for a, b in zip(left, right)]


def banner(table: Table) -> str:
    lines = ["", "Parlour Ledger is serving.", ""]
    if not table.addresses:
        lines += ["No network address found: phones cannot reach this computer. Join the",
                  "Wi-Fi and start again (or set LEDGER_ADDRESSES).",
                  f"On this computer: http://127.0.0.1:{table.http_port}/"]
        return "\n".join(lines)
    first = table.addresses[0]
    pem = table.authority.read_text()
    lines += ["On a phone on the same Wi-Fi:",
              f"  the ledger:              {table.secure_link(first)}",
              f"  first time on a phone:   {table.trust_link(first)}",
              "    (trust the table's certificate once; the page says how)"]
    for other in table.addresses[1:]:
        lines.append(f"  also: {table.secure_link(other)}  ({table.trust_link(other)})")
    for public in (a for a in table.addresses if not permits(a)):
        lines += [f"  {public} is not a private address: the table's certificate cannot vouch",
                  "    for it, and phones warn on its secure link (plain http reads still work)"]
    lines += [f"  certificate fingerprint (SHA-256), as the trust page shows it:",
              f"    {fingerprint(pem)}"]
    if table.new_authority:
        lines += ["    (a new certificate, for this table's addresses only: a phone set up for",
                  "    an earlier one trusts this one once)"]
    lines += ["  guests: the table's read-only link (Share this evening) opens over plain",
              "    http with nothing to set up",
              "", "  1. trust it once" + " " * 22 + "2. the ledger"]
    colour = sys.stdout.isatty()
    lines += side_by_side(qr_lines(table.trust_link(first), colour),
                          qr_lines(table.secure_link(first), colour))
    lines += ["", f"On this computer: http://127.0.0.1:{table.http_port}/   "
                  f"(the certificate: {table.authority}, also at /trust/{CERTIFICATE_NAME})",
              "Ctrl-C stops the service.", ""]
    return "\n".join(lines)


class Stopped(Exception):
    """A signal to stop: SIGINT (Ctrl-C), SIGTERM, or SIGHUP (the terminal closed)."""


def stopped(signum, _frame):
    raise Stopped(signum)


def main() -> None:
    table = Table.from_environment()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stopped)
    try:
        table.start()
        print(banner(table), flush=True)
        while True:
            table.supervise()
            time.sleep(0.5)
    except Stopped:
        pass
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)  # a second Ctrl-C does not cut the stop short
        table.stop()


if __name__ == "__main__":
    main()
