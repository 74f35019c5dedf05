"""Opening evenings and founding clubs (no token needed) is limited per client address:
the address the trusted proxy tells, never one a client claims; the excess is answered 429
as a problem document with Retry-After; this computer's own address is not limited; the
count is shared by the processes of one service (gunicorn's workers)."""

import multiprocessing
import tempfile
from pathlib import Path

import pytest

from api import create_app
from api.opening import COUNTS_URI, OpeningCounts
from ledger.events.store.counts import Counts, counts_file

GUEST = {"REMOTE_ADDR": "192.0.2.7"}


@pytest.fixture
def limited(tmp_path):
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True,
                       "OPEN_LIMIT": "3 per minute"})


def open_evening(client, **environ):
    return client.post("/api/v1/sessions", json={"name": "Tuesday"}, environ_base=environ,
                       headers=environ.pop("headers", {}))


def test_a_guest_opens_up_to_the_limit_then_is_told_when_to_come_back(limited):
    client = limited.test_client()
    opened = [open_evening(client, **GUEST) for _ in range(3)]
    assert [answer.status_code for answer in opened] == [201] * 3
    # what is left is said; when to come back only once refused (the document's 201 has none)
    assert [answer.headers["X-RateLimit-Remaining"] for answer in opened] == ["2", "1", "0"]
    assert not any("Retry-After" in answer.headers for answer in opened)
    refused = open_evening(client, **GUEST)
    assert refused.status_code == 429
    assert refused.content_type == "application/problem+json"
    assert refused.json["status"] == 429 and refused.json["title"] == "Too Many Requests"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    # a club's founding counts against the same limit
    assert client.post("/api/v1/clubs", json={"name": "Whist"},
                       environ_base=GUEST).status_code == 429
    assert open_evening(client, REMOTE_ADDR="192.0.2.8").status_code == 201  # another guest


def test_the_address_is_the_one_the_trusted_proxy_tells(limited):
    client = limited.test_client()
    for _ in range(3):  # through the proxy on loopback, for the guest it names
        assert open_evening(client, REMOTE_ADDR="127.0.0.1",
                            headers={"X-Forwarded-For": "192.0.2.9"}).status_code == 201
    assert open_evening(client, REMOTE_ADDR="127.0.0.1",
                        headers={"X-Forwarded-For": "192.0.2.9"}).status_code == 429
    # a guest who claims to be this computer is still the guest
    for _ in range(3):
        open_evening(client, REMOTE_ADDR="192.0.2.10", headers={"X-Forwarded-For": "127.0.0.1"})
    assert open_evening(client, REMOTE_ADDR="192.0.2.10",
                        headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 429
    # this computer itself (the proxy's own requests, the tests, the benches) is not limited
    assert all(open_evening(client, REMOTE_ADDR="127.0.0.1").status_code == 201
               for _ in range(10))


def test_the_limit_is_configured(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True,
                      "OPEN_LIMIT": "1 per hour"})
    client = app.test_client()
    assert [open_evening(client, **GUEST).status_code for _ in range(2)] == [201, 429]


def _opening_counts(path) -> OpeningCounts:
    """Flask-Limiter's storage as `api.opening` hands it the service's counts."""
    return OpeningCounts(COUNTS_URI, counts=Counts(path))


def _raise(path: str, times: int) -> None:
    counts = _opening_counts(path)
    for _ in range(times):
        counts.incr("open/192.0.2.7", 60)


def test_processes_share_one_count(tmp_path):
    path = tmp_path / "opening.sqlite3"
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_raise, args=(str(path), 25)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    counts = _opening_counts(path)
    assert counts.get("open/192.0.2.7") == 100
    assert counts.get_expiry("open/192.0.2.7") > 0
    counts.clear("open/192.0.2.7")
    assert counts.get("open/192.0.2.7") == 0


def test_the_counts_live_beside_an_sqlite_ledger_and_go_with_its_folder(tmp_path):
    """A guest's opening is counted in a file beside the ledger's own, never in the shared
    temporary folder (a store with no folder of its own, PostgreSQL, counts there)."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True})
    assert open_evening(app.test_client(), **GUEST).status_code == 201
    assert (tmp_path / "ledger.opening.sqlite3").exists()
    assert counts_file("postgresql+psycopg://ledger@db/ledger", "opening").parent == Path(
        tempfile.gettempdir())
