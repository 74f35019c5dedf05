"""Slow clients cannot hold the sync workers: through the table's proxy (`python -m api.serve`,
HTTPS as a phone on the Wi-Fi reaches it) and through the public recipe's Caddyfile, as many
slow-body uploads (Content-Length: 60000, a byte every 2 s) and slow-header requests as
gunicorn has workers, plus two, leave every other request answered within 2 s; and the proxy
closes each of them once its read timeout has passed (lowered here to keep the test short)."""

import socket
import ssl
import threading
import time

import pytest
import requests

from tests.server import wait_until
from tests.table_server import AtTheTable, public_proxy

pytestmark = pytest.mark.server
WORKERS = 2
SLOW = WORKERS + 2
TIMEOUTS = {"LEDGER_READ_HEADER_TIMEOUT": "8s", "LEDGER_READ_BODY_TIMEOUT": "10s"}
ANSWER_SECONDS = 2
BODY = (b"POST /api/v1/sessions HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
        b"Content-Length: 60000\r\n\r\n{")


class Slow(threading.Thread):
    """A client sending its request a byte every 2 s: the body (after whole headers) or the
    headers themselves; `closed` once the proxy has hung up on it."""

    def __init__(self, connect, host: str, body: bool):
        super().__init__(daemon=True)
        self.connect, self.host, self.body = connect, host, body
        self.closed, self.stopping = threading.Event(), threading.Event()

    def run(self):
        with self.connect() as connection:
            connection.sendall(BODY % self.host.encode() if self.body
                               else b"GET /healthz HTTP/1.1\r\nHost: ")
            connection.settimeout(0.05)
            while not self.stopping.is_set():
                try:
                    connection.sendall(b" " if self.body else b"x")
                    deadline = time.monotonic() + 2
                    while time.monotonic() < deadline:  # a hang-up (or an answer) meanwhile
                        try:
                            if not connection.recv(4096):
                                raise ConnectionError
                        except (socket.timeout, ssl.SSLWantReadError):
                            pass
                except (OSError, ConnectionError, ssl.SSLError):
                    self.closed.set()
                    return


def held_by_slow_clients(base: str, connect, host: str, verify) -> None:
    """Opens the slow clients, asks the service meanwhile (each answer within 2 s), then
    waits for the proxy to close the slow ones."""
    slow = [Slow(connect, host, body=i % 2 == 0) for i in range(2 * SLOW)]
    for client in slow:
        client.start()
    try:
        time.sleep(2.5)  # every slow client connected and sending
        seconds = []
        with requests.Session() as phone:
            for i in range(12):
                started = time.monotonic()
                if i % 2:
                    answer = phone.get(f"{base}/healthz", timeout=10, verify=verify)
                else:
                    answer = phone.post(f"{base}/api/v1/sessions", json={"name": f"T{i}"},
                                        timeout=10, verify=verify)
                seconds.append(time.monotonic() - started)
                assert answer.status_code in (200, 201), answer.text
                time.sleep(0.25)
        print(f"{2 * SLOW} slow clients held: slowest answer {max(seconds):.3f} s")
        assert max(seconds) < ANSWER_SECONDS, seconds
        assert not any(client.closed.is_set() for client in slow)  # they were really held
        wait_until(lambda: all(client.closed.is_set() for client in slow), 15,
                   "the proxy closing the slow clients after its read timeouts")
    finally:
        for client in slow:
            client.stopping.set()


def test_slow_clients_through_the_tables_proxy(tmp_path):
    with AtTheTable(tmp_path, "127.0.0.1", workers=WORKERS, env=TIMEOUTS) as table:
        trusted = ssl.create_default_context(cafile=str(table.authority))

        def connect():
            raw = socket.create_connection(("127.0.0.1", table.https_port), timeout=10)
            return trusted.wrap_socket(raw, server_hostname="127.0.0.1")
        held_by_slow_clients(table.secure, connect, "127.0.0.1", str(table.authority))


def test_slow_clients_through_the_public_caddyfile(tmp_path):
    # the recipe as it is, on plain http and a free port
    with public_proxy(tmp_path, TIMEOUTS, workers=WORKERS) as port:
        held_by_slow_clients(
            f"http://127.0.0.1:{port}",
            lambda: socket.create_connection(("127.0.0.1", port), timeout=10), "127.0.0.1", True)
