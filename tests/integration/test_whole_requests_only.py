"""A request whose body did not arrive whole is never executed, whatever its received part
parses as: a client sends an append's headers and a part of its body that is valid JSON on
its own (`{"type": "player_added", …}`), then stalls.

Through either Caddyfile, the proxy gives up on it at its read timeout (lowered here to keep
the test short) and answers a problem document itself; gunicorn gets at most the part with
the body's end missing (Caddy 2.6 handed on the part of a body of known length and hung up,
and sent a stalled chunked body on as if whole, with its last chunk added). Straight to
gunicorn, a client that stops sending mid-body is answered 400 by the service. Either way the
evening's version is what it was, and a whole body, chunked as well, is still recorded.

One sync worker serves each stack, and it takes connections in the order they came: a read
sent after the answer is served after whatever gunicorn was handed of the cut request.
"""

import http.client
import socket
import ssl

import pytest
import requests

from tests.server import REQUEST_SECONDS, Gunicorn
from tests.table_server import AtTheTable, public_proxy

pytestmark = pytest.mark.server
TIMEOUTS = {"LEDGER_READ_BODY_TIMEOUT": "2s"}
APPEND = b'{"type": "player_added", "data": {"name": "Cut Short"}}'  # valid JSON as it is
PLAYER = b'{"name": "Cut Short"}'


def cuts(part: bytes) -> dict[str, tuple[bytes, bytes]]:
    """Each way a body can stop short: (its framing, the body as far as it is sent)."""
    chunked = b"Transfer-Encoding: chunked\r\n"
    return {"length": (b"Content-Length: %d\r\n" % (len(part) + 40), part),
            "chunked": (chunked, b"%x\r\n%s\r\n" % (len(part), part)),  # no last chunk
            "within a chunk": (chunked, b"%x\r\n%s" % (len(part) + 9, part)),
            "before a chunk's end": (chunked, b"%x\r\n%s" % (len(part), part))}


class Evening:
    """An evening opened through `base`, asked for its version and sent raw appends."""

    def __init__(self, base: str, verify):
        self.base, self.verify = base, verify
        opened = requests.post(f"{base}/api/v1/sessions", json={"name": "Whole only"},
                               timeout=REQUEST_SECONDS, verify=verify).json()
        self.path = f"/api/v1/sessions/{opened['id']}"
        self.token = opened["write_token"]

    def version(self) -> int:
        return requests.get(f"{self.base}{self.path}/version", timeout=REQUEST_SECONDS,
                            headers={"Authorization": f"Bearer {self.token}"},
                            verify=self.verify).json()["version"]

    def request(self, framing: bytes, body: bytes, to: str = "/events") -> bytes:
        return (b"POST %s%s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Authorization: Bearer %s\r\n%s\r\n%s"
                % (self.path.encode(), to.encode(), self.token.encode(), framing, body))


def answer_to(connection: socket.socket, request: bytes, give_up: bool = False):
    """(status, content type, body) of the answer to `request`, sent over `connection`; a
    client that gives up closes its sending side after it."""
    with connection:
        connection.settimeout(REQUEST_SECONDS)
        connection.sendall(request)
        if give_up:
            connection.shutdown(socket.SHUT_WR)
        answer = http.client.HTTPResponse(connection)
        answer.begin()
        return answer.status, answer.getheader("Content-Type"), answer.read()


def refused(status: int, kind: str, body: bytes) -> None:
    assert status >= 400 and kind == "application/problem+json", (status, kind, body)


def cut_short_through(evening: Evening, connect) -> None:
    """Stalled appends through a proxy: refused, nothing recorded; a whole chunked one is."""
    before = evening.version()
    for cut in ("length", "chunked"):
        refused(*answer_to(connect(), evening.request(*cuts(APPEND)[cut])))
        assert evening.version() == before, cut
    whole = b"%x\r\n%s\r\n0\r\n\r\n" % (len(APPEND), APPEND)
    status, kind, body = answer_to(
        connect(), evening.request(b"Transfer-Encoding: chunked\r\n", whole))
    assert status == 201, body
    assert evening.version() == before + 1


def test_a_body_cut_short_is_not_executed_through_the_tables_proxy(tmp_path):
    with AtTheTable(tmp_path, "127.0.0.1", env=TIMEOUTS) as table:
        trusted = ssl.create_default_context(cafile=str(table.authority))

        def connect():
            raw = socket.create_connection(("127.0.0.1", table.https_port), timeout=10)
            return trusted.wrap_socket(raw, server_hostname="127.0.0.1")
        cut_short_through(Evening(table.secure, str(table.authority)), connect)


def test_a_body_cut_short_is_not_executed_through_the_public_caddyfile(tmp_path):
    with public_proxy(tmp_path, TIMEOUTS) as port:
        cut_short_through(Evening(f"http://127.0.0.1:{port}", True),
                          lambda: socket.create_connection(("127.0.0.1", port), timeout=10))


def test_a_body_cut_short_is_refused_by_the_service_itself(tmp_path):
    """Straight to gunicorn: the client stops sending mid-body (its side closed)."""
    with Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1) as service:
        evening = Evening(service.base, True)
        before = evening.version()
        for to, part in (("/events", APPEND), ("/players", PLAYER)):  # the append's own
            for cut, (framing, body) in cuts(part).items():  # way in; through Flask
                status, kind, answer = answer_to(
                    socket.create_connection(("127.0.0.1", service.port)),
                    evening.request(framing, body, to), give_up=True)
                refused(status, kind, answer)
                assert status == 400, (cut, to, answer)
                assert evening.version() == before, (cut, to)
