"""Live streams on both stores, in-process (the app's own watcher thread, as a stream
server's worker runs it under gevent): the hello with the version, each append pushed with
its version as the event's id, a club's tag moved by its evenings, resuming by
Last-Event-ID, the reads' 401/403/404, and a sync worker's stream that says "poll" and ends."""

import queue
import threading
import time

import orjson
import pytest

from api import create_app
from tests.factories import Club, Table

DEADLINE = 30  # seconds: a bound on a wait, never a measure


@pytest.fixture
def pushing(database_url):
    app = create_app({"DATABASE_URL": database_url, "STREAMS": "push", "TESTING": True})
    app.extensions["ledger"].changes.interval = 0.02
    return app


class Reader(threading.Thread):
    """Reads a stream's events into a queue: (kind, id, data)."""

    def __init__(self, response):
        super().__init__(daemon=True)
        self.response, self.events = response, queue.Queue()

    def run(self):
        pending = b""
        for chunk in self.response.response:
            pending += chunk
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                fields = dict(line.split(b": ", 1) for line in block.split(b"\n")
                              if b": " in line and not line.startswith(b":"))
                if b"event" in fields:
                    self.events.put((fields[b"event"].decode(), int(fields[b"id"]),
                                     orjson.loads(fields[b"data"])))

    def next(self):
        return self.events.get(timeout=DEADLINE)


def opened(client, url, headers, **more) -> Reader:
    response = client.get(url, headers={**headers, **more}, buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    reader = Reader(response)
    reader.start()
    return reader


def test_each_append_is_pushed_with_its_version_as_the_event_id(pushing):
    client = pushing.test_client()
    table = Table(client)
    game = table.start_game()
    stream = opened(client, table.url("/stream"), table.read)
    kind, tag, data = stream.next()
    assert (kind, data["mode"]) == ("hello", "push") and tag == data["version"] == 6
    for n in range(3):
        event = table.record("stake_paid", game, player=table.players[0], amount=1 + n)
        started = time.monotonic()
        assert stream.next()[:2] == ("version", event["version"])
        assert time.monotonic() - started < DEADLINE


def test_a_stream_resumes_from_last_event_id_and_is_told_what_it_missed(pushing):
    client = pushing.test_client()
    table = Table(client)
    game = table.start_game()
    for _ in range(2):
        table.record("stake_paid", game, player=table.players[1], amount=1)
    stream = opened(client, table.url("/stream"), table.read, **{"Last-Event-ID": "6"})
    assert stream.next()[:2] == ("hello", 8)  # the phone had 6: its next read is 8's


def test_a_club_s_tag_moves_with_its_evenings(pushing):
    client = pushing.test_client()
    club = Club(client, members=("Ann", "Ben"))
    evening = club.evening("Ann", "Ben")

    def tag() -> int:  # the club's version and its evenings'
        return club.get()["version"] + evening.get("")["version"]
    stream = opened(client, club.url("/stream"), club.read)
    assert stream.next()[:2] == ("hello", tag())
    game = evening.start_game()  # a fact of the evening, not of the club: still pushed
    evening.record("stake_paid", game, player=evening.players[0], amount=1)
    seen = 0
    while seen < tag():
        kind, seen, _ = stream.next()
        assert kind == "version"
    assert seen == tag()


def test_a_stream_is_refused_as_the_reads_are(pushing):
    client = pushing.test_client()
    table, other = Table(client), Table(client)
    assert client.get(table.url("/stream")).status_code == 401
    assert client.get(table.url("/stream"), headers=other.read).status_code == 404
    assert client.get("/api/v1/sessions/nobody/stream", headers=table.read).status_code == 404
    token = table.read["Authorization"].split()[1]
    assert client.get(table.url(f"/stream?access_token={token}x")).status_code == 401
    assert client.get(table.url(f"/version?access_token={token}")).status_code == 422
    club = Club(client)
    assert client.get(club.url("/stream")).status_code == 401
    assert client.get(club.url("/stream"), headers=table.read).status_code == 401


def test_a_sync_worker_s_stream_says_poll_and_ends(client, table):
    answer = client.get(table.url("/stream"), headers=table.read)
    assert answer.status_code == 200
    assert b'"mode":"poll"' in answer.data and answer.data.count(b"event:") == 1


def test_a_watch_holds_no_queue_however_many_appends_it_misses(pushing):
    client = pushing.test_client()
    table = Table(client)
    game = table.start_game()
    changes = pushing.extensions["ledger"].changes
    watch = changes.watch([table.id])
    for _ in range(50):
        table.record("stake_paid", game, player=table.players[0], amount=1)
    deadline = time.monotonic() + DEADLINE
    while changes.versions(watch)[table.id] < 56 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert changes.versions(watch) == {table.id: 56} and watch.moved.is_set()
    assert set(watch.__slots__) == {"streams", "moved"}  # a flag and the names: no backlog
    changes.forget(watch)
    assert changes.watched() == 0
