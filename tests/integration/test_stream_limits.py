"""The stream server at its limits refuses, never hangs: started as a shell with `ulimit -n
1024` would start it, 1,100 streams come; it holds as many as its descriptors allow and
refuses the rest at once (503), its /healthz answers meanwhile, a phone connected before gets
its pushes, and streams whose clients hang up give their seats back within seconds."""

import resource
import selectors
import socket
import time

import pytest
import requests

from tests.integration.test_stream_servers import Phone, Table, stream_url
from tests.server import STREAM_CONFIG, Gunicorn, wait_until

pytestmark = pytest.mark.server
STREAMS = 1_100
EVENINGS = 11  # a hundred streams each, within the cap per evening


def ulimit_1024():
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def open_streams(server: Gunicorn, tables: list[Table], count: int) -> list[socket.socket]:
    connections = []
    for i in range(count):
        table = tables[i % len(tables)]
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        connection.sendall(f"GET /api/v1/sessions/{table.id}/stream?access_token={table.token}"
                           f" HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        connections.append(connection)
    return connections


def statuses(connections: list[socket.socket], seconds: float = 30) -> dict:
    """Each connection's status code, read as it comes; and the seconds until the last."""
    selector = selectors.DefaultSelector()
    read = {}
    for connection in connections:
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ)
        read[connection] = b""
    found, started = {}, time.monotonic()
    while len(found) < len(connections) and time.monotonic() - started < seconds:
        for key, _ in selector.select(1):
            connection = key.fileobj
            read[connection] += connection.recv(4096)
            if b"\r\n" in read[connection]:
                found[connection] = int(read[connection].split(b" ", 2)[1])
                selector.unregister(connection)
    selector.close()
    return found, time.monotonic() - started


def test_past_its_descriptors_the_stream_server_refuses_at_once(tmp_path):
    url = f"sqlite:///{tmp_path}/ledger.sqlite3"
    with Gunicorn(url, workers=1, log_dir=tmp_path) as sync, Gunicorn(
            url, workers=1, log_dir=tmp_path, config=STREAM_CONFIG,
            preexec_fn=ulimit_1024) as stream:
        tables = [Table(sync.base) for _ in range(EVENINGS)]
        phone = Phone(stream_url(stream, tables[0]), tables[0].token)
        phone.start()
        phone.until(tables[0].version)
        connections = open_streams(stream, tables, STREAMS)
        try:
            found, seconds = statuses(connections)
            held = [c for c in connections if found.get(c) == 200]
            refused = [c for c in connections if found.get(c) == 503]
            print(f"{len(held)} held, {len(refused)} refused, every answer in {seconds:.2f} s")
            assert len(found) == STREAMS, f"{STREAMS - len(found)} streams never answered"
            assert 800 < len(held) < 1024 - 1 and len(held) + len(refused) == STREAMS
            started = time.monotonic()
            assert requests.get(f"{stream.base}/healthz", timeout=5).status_code == 200
            print(f"/healthz while full: {time.monotonic() - started:.3f} s")
            assert phone.until(tables[0].add("Ann")) < 2  # pushes go on

            for connection in held[:300]:  # phones hang up: their seats are free again
                connection.close()
            started = time.monotonic()

            def seated() -> bool:
                again = open_streams(stream, tables, 1)
                code = statuses(again, 5)[0].get(again[0])
                again[0].close()
                return code == 200
            wait_until(seated, 10, "a seat given back by a stream whose client hung up", 0.2)
            print(f"a seat free again {time.monotonic() - started:.2f} s after the hang-ups")
            assert phone.until(tables[0].add("Ben")) < 2
        finally:
            phone.stopping.set()
            for connection in connections:
                connection.close()
