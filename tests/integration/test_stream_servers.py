"""The stream server for real (gunicorn's gevent workers) beside the sync server that
records, on both stores: an append on one app server reaches a phone watching another; a
stream worker killed with streams open loses nothing and the phones resume by Last-Event-ID;
PostgreSQL restarting mid-stream is survived (LISTEN again, and what was committed meanwhile
is told); a phone that never reads does not grow the server."""

import os
import queue
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import orjson
import pytest
import requests

from tests.server import REQUEST_SECONDS, STREAM_CONFIG, Gunicorn, free_port, wait_until

pytestmark = [pytest.mark.server, pytest.mark.long]
DEADLINE = 30  # seconds: a bound on each wait, never a measure


class Phone(threading.Thread):
    """A stream read as a browser's EventSource does: events into a queue, reconnecting with
    Last-Event-ID when the connection drops."""

    def __init__(self, url: str, token: str):
        super().__init__(daemon=True)
        self.url, self.token, self.events, self.last = url, token, queue.Queue(), None
        self.connections, self.stopping = 0, threading.Event()

    def run(self):
        while not self.stopping.is_set():
            headers = {"Last-Event-ID": str(self.last)} if self.last is not None else {}
            try:
                with requests.get(self.url, params={"access_token": self.token}, stream=True,
                                  headers=headers, timeout=(5, 60)) as answer:
                    self.connections += 1
                    fields = {}
                    for line in answer.iter_lines(decode_unicode=True):
                        if line == "":
                            if "data" in fields:
                                self.last = int(fields["id"])
                                self.events.put((fields.get("event"), self.last,
                                                 orjson.loads(fields["data"])))
                            fields = {}
                        elif not line.startswith(":") and ": " in line:
                            key, value = line.split(": ", 1)
                            fields[key] = value
            except requests.RequestException:
                pass
            time.sleep(0.2)

    def until(self, version: int) -> float:
        """Seconds until an event says `version` or later."""
        started = time.monotonic()
        while True:
            _, tag, _ = self.events.get(timeout=DEADLINE)
            if tag >= version:
                return time.monotonic() - started


class Table:
    """An evening recorded through the sync server."""

    def __init__(self, base: str):
        self.base = base
        opened = requests.post(f"{base}/api/v1/sessions", json={"name": "Live"},
                               timeout=REQUEST_SECONDS).json()
        self.id, self.token = opened["id"], opened["write_token"]
        self.version = opened["version"]

    def add(self, name: str, what: str = "players", **more) -> int:
        """A player (or, `what="tables"`, a table of rank `rank`) added."""
        answer = requests.post(f"{self.base}/api/v1/sessions/{self.id}/{what}",
                               json={"name": name, **more}, timeout=REQUEST_SECONDS,
                               headers={"Authorization": f"Bearer {self.token}"})
        assert answer.status_code == 201, answer.text
        self.version = answer.json()["version"]
        return self.version


def servers(database_url: str, where: Path, streams: int = 1):
    return (Gunicorn(database_url, workers=1, log_dir=where),
            *(Gunicorn(database_url, workers=1, log_dir=where, config=STREAM_CONFIG)
              for _ in range(streams)))


def stream_url(server: Gunicorn, table: Table) -> str:
    return f"{server.base}/api/v1/sessions/{table.id}/stream"


def test_an_append_on_one_server_reaches_a_phone_on_another(database_url, tmp_path):
    sync, first, second = servers(database_url, tmp_path, streams=2)
    with sync, first, second:
        table = Table(sync.base)
        phones = [Phone(stream_url(server, table), table.token) for server in (first, second)]
        for phone in phones:
            phone.start()
            assert phone.events.get(timeout=DEADLINE)[:2] == ("hello", table.version)
        for name in ("Ann", "Ben", "Cy"):
            version = table.add(name)
            for phone in phones:
                assert phone.until(version) < DEADLINE
        for phone in phones:
            phone.stopping.set()
        refused = requests.get(stream_url(first, table), timeout=REQUEST_SECONDS)
        assert refused.status_code == 401


def workers(server: Gunicorn) -> list[int]:
    """The server's worker processes (the children of its gunicorn master)."""
    found = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True,
                           text=True).stdout
    return [int(pid) for pid in found.split()]


def test_a_stream_worker_killed_with_streams_open_loses_nothing(database_url, tmp_path):
    sync, stream = servers(database_url, tmp_path)
    with sync, stream:
        table = Table(sync.base)
        phone = Phone(stream_url(stream, table), table.token)
        phone.start()
        phone.until(table.version)
        for pid in workers(stream):
            os.kill(pid, signal.SIGKILL)
        missed = table.add("Ann")  # recorded while the phone has no stream
        assert phone.until(missed) < DEADLINE  # the master forks a new worker; the phone resumes
        assert phone.connections >= 2
        later = table.add("Ben")
        assert phone.until(later) < DEADLINE
        phone.stopping.set()


def test_a_phone_that_never_reads_does_not_grow_the_server(database_url, tmp_path):
    sync, stream = servers(database_url, tmp_path)
    with sync, stream:
        table = Table(sync.base)
        reader = Phone(stream_url(stream, table), table.token)
        reader.start()
        reader.until(table.version)
        [worker] = workers(stream)
        lazy = socket.create_connection(("127.0.0.1", stream.port))
        lazy.sendall(f"GET /api/v1/sessions/{table.id}/stream?access_token={table.token} "
                     f"HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        time.sleep(0.5)
        before = rss(worker)
        for n in range(1, 401):  # tables: a player's name is checked against every other's
            table.add(f"Table {n}", "tables", rank=n)
        reader.until(table.version)  # the other phone got everything meanwhile
        grown = rss(worker) - before
        assert grown < 8 * 1024 * 1024, f"the stream worker grew by {grown:,} bytes"
        lazy.close()
        reader.stopping.set()


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def own_postgres(tmp_path):
    """A PostgreSQL cluster of the test's own, to restart under the stream server."""
    binaries = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    assert binaries, "PostgreSQL is not installed (.ci/test installs it)"
    # in the temporary folder itself, not tmp_path: the server's user must reach it
    pgbin, data, port = binaries[-1], Path(tempfile.mkdtemp(prefix="ledger-pg-")), free_port()
    run = lambda *args: subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True,
                                       capture_output=True)
    control = lambda *args: run(str(pgbin / "pg_ctl"), "-D", str(data / "data"), "-w",
                                "-l", str(data / "log"), *args)
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    try:  # removed whatever happens, a failed start included
        shutil.chown(data, "postgres", "postgres")
        run(str(pgbin / "initdb"), "-D", str(data / "data"), "-U", "postgres", "-A", "trust",
            "--no-sync")
        control("-o", options, "start")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", control, options
    finally:  # not checked: there may be no server to stop
        subprocess.run(["runuser", "-u", "postgres", "--", str(pgbin / "pg_ctl"), "-D",
                        str(data / "data"), "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(data, ignore_errors=True)


@pytest.mark.postgres
def test_postgresql_restarting_mid_stream_is_survived(own_postgres, tmp_path):
    url, control, options = own_postgres
    sync, stream = servers(url, tmp_path)
    with sync, stream:
        table = Table(sync.base)
        phone = Phone(stream_url(stream, table), table.token)
        phone.start()
        phone.until(table.version)
        control("-m", "fast", "-o", options, "restart")
        # recorded at once, likely before the stream server listens again: told on catching up
        wait_until(lambda: _added(table, "Ann"), DEADLINE, "an append after the restart")
        assert phone.until(table.version) < DEADLINE
        table.add("Ben")  # and pushed once it listens again
        assert phone.until(table.version) < DEADLINE
        phone.stopping.set()


def _added(table: Table, name: str) -> bool:
    try:
        table.add(name)
        return True
    except (AssertionError, requests.RequestException):
        return False
