"""A stream takes a seat within the caps (per process, per evening, per client address) or is
refused at once, 503 problem+json with Retry-After (the phone then asks for the version); a
stream that ends gives its seat back."""

import pytest

from api import create_app
from api.live.seats import descriptor_cap

GUEST = {"REMOTE_ADDR": "192.0.2.7"}


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True,
                       "STREAMS": "push", "STREAMS_PER_PROCESS": 5, "STREAMS_PER_EVENING": 3,
                       "STREAMS_PER_ADDRESS": 2})


def evening(client) -> tuple[str, str]:
    opened = client.post("/api/v1/sessions", json={"name": "Live"}).json
    return opened["id"], opened["read_token"]


def stream(client, sid, token, environ=None):
    """A stream's answer, its body not read (held open until closed)."""
    return client.get(f"/api/v1/sessions/{sid}/stream", query_string={"access_token": token},
                      buffered=False, environ_base=environ or {})


def refused(answer) -> bool:
    assert answer.status_code in (200, 503), answer.status_code
    if answer.status_code == 200:
        return False
    assert answer.content_type == "application/problem+json"
    assert int(answer.headers["Retry-After"]) > 0
    return True


def test_an_evening_holds_its_cap_of_streams_and_a_closed_one_gives_its_seat_back(app):
    client = app.test_client()
    sid, token = evening(client)
    held = [stream(client, sid, token) for _ in range(3)]
    assert not any(refused(answer) for answer in held)
    past = stream(client, sid, token)
    assert refused(past) and "evening" in past.json["detail"]
    held.pop().close()
    assert not refused(stream(client, sid, token))


def test_an_address_holds_its_cap_this_computer_has_none(app):
    client = app.test_client()
    (first, first_token), (second, second_token) = evening(client), evening(client)
    assert not refused(stream(client, first, first_token, GUEST))
    assert not refused(stream(client, second, second_token, GUEST))
    past = stream(client, second, second_token, GUEST)
    assert refused(past) and "address" in past.json["detail"]
    assert not refused(stream(client, second, second_token))  # loopback: no cap of its own


def test_a_process_holds_its_cap_and_the_descriptors_bound_it(app):
    client = app.test_client()
    evenings = [evening(client) for _ in range(3)]
    held = [stream(client, sid, token) for sid, token in evenings for _ in range(2)]
    assert [refused(answer) for answer in held] == [False] * 5 + [True]
    assert "server" in held[-1].json["detail"]
    assert descriptor_cap(1024) == 922 and descriptor_cap(65536) == 58983
