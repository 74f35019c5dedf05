"""A body that ends before its Content-Length is refused (400), whatever its received part
parses as, by every view that reads a body: the append (its own way in, and Flask's), a
resource's JSON, a club's spreadsheet. The server's input is given as gunicorn gives it when
its client goes away mid-body: `wsgi.input_terminated` (the app reads to its end) and a
stream that ends early though the Content-Length says more is to come. The rest of the
framings, through gunicorn itself, are in tests/integration/test_whole_requests_only.py."""

import io

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from tests.factories import Club

MISSING = 40  # bytes the Content-Length promises beyond the part that arrived


class EndedEarly(io.RawIOBase):
    """gunicorn's body of a client that went away: the part, then nothing, and no way to
    know its length but the Content-Length."""

    def __init__(self, part: bytes):
        self.left = part

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        taken, self.left = self.left[:len(buffer)], self.left[len(buffer):]
        buffer[:len(taken)] = taken
        return len(taken)


def cut_short(client, url: str, part: bytes, headers: dict, content_type: str, **more):
    environ = EnvironBuilder(path=url, method="POST", headers=headers,
                             content_type=content_type, **more).get_environ()
    environ.update({"wsgi.input": io.BufferedReader(EndedEarly(part)),
                    "wsgi.input_terminated": True,  # as gunicorn says: read it to its end
                    "CONTENT_LENGTH": str(len(part) + MISSING)})
    return client.open(Request(environ))


@pytest.mark.parametrize("path, part", [
    ("/events", b'{"type": "player_added", "data": {"name": "Cut Short"}}'),
    ("/players", b'{"name": "Cut Short"}'),
])
def test_an_evening_s_body_cut_short_is_refused_and_nothing_recorded(table, path, part):
    before = table.get("/version")["version"]
    answer = cut_short(table.client, table.url(path), part, table.write, "application/json")
    assert answer.status_code == 400 and answer.content_type == "application/problem+json"
    assert "did not arrive whole" in answer.get_json()["detail"]
    assert table.get("/version")["version"] == before
    whole = table.client.post(table.url(path), data=part, headers={
        **table.write, "Content-Type": "application/json"})
    assert whole.status_code == 201, whole.get_json()


def test_a_club_s_spreadsheet_cut_short_is_refused_and_nothing_recorded(client):
    club = Club(client, members=("Ann", "Ben"))
    before = club.get()["version"]
    rows = b"date;evening;member;counters\n2025-04-03;Spring;Ann;2\n2025-04-03;Spring;Ben;-2\n"
    answer = cut_short(client, club.url("/imports"), rows, club.write, "text/csv",
                       query_string={"confirm": "true"})
    assert answer.status_code == 400 and answer.content_type == "application/problem+json"
    assert club.get()["version"] == before
    whole = client.post(club.url("/imports"), data=rows, query_string={"confirm": "true"},
                        headers={**club.write, "Content-Type": "text/csv"})
    assert whole.status_code in (200, 201), whole.get_json()
    assert club.get()["version"] > before
