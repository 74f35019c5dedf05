"""An ordinary append is answered beside Flask's dispatch (api.appends); every answer, of an
append taken there or passed on to Flask, is the one the Flask-only service gives.

Two apps share one database: the service as it runs, and one with `FAST_APPENDS` off. Whether
Flask dispatched a request is seen by Flask's own `request_started` signal."""

import gzip
import io
import uuid

import brotli
import orjson
import pytest
from flask import request_started

from api import create_app
from tests.factories import Table

VARYING = {"id", "version", "position", "hash", "prev_hash", "recorded_at"}


@pytest.fixture
def apps(tmp_path):
    url = f"sqlite:///{tmp_path}/ledger.sqlite3"
    fast = create_app({"DATABASE_URL": url, "TESTING": True})
    flask_only = create_app({"DATABASE_URL": url, "TESTING": True, "FAST_APPENDS": False})
    return fast, flask_only


@pytest.fixture
def table(apps):
    table = Table(apps[0].test_client(), players=3)
    table.game = table.start_game()
    return table


@pytest.fixture
def dispatched(apps):
    """The paths Flask dispatched on the service's app."""
    seen: list[str] = []

    def started(sender, **extra):
        from flask import request
        seen.append(request.path)
    request_started.connect(started, apps[0])
    yield seen
    request_started.disconnect(started, apps[0])


def stake(table, **envelope) -> bytes:
    return orjson.dumps({"id": str(uuid.uuid4()), "type": "stake_paid", "game_id": table.game,
                         "data": {"player": table.players[0], "amount": 2}, **envelope})


def send(app, table, body: bytes, headers=None, path="/events", **options):
    return app.test_client().post(table.url(path), data=body, headers={
        "Content-Type": "application/json", **table.write, **(headers or {})}, **options)


def parts(response) -> tuple[int, list, bytes]:
    """Status, headers (but the length) and the body as sent before any compression."""
    body = response.data
    coding = response.headers.get("Content-Encoding")
    body = brotli.decompress(body) if coding == "br" else gzip.decompress(body) \
        if coding == "gzip" else body
    assert int(response.headers["Content-Length"]) == len(response.data)
    return (response.status_code, [(k, v) for k, v in response.headers if k != "Content-Length"],
            body)


def version(table) -> int:
    return table.get("")["version"]


ORDINARY = [
    pytest.param({}, id="plain"),
    pytest.param({"Content-Type": "application/json; charset=utf-8"}, id="charset"),
    pytest.param({"Accept-Encoding": "gzip, deflate, br"}, id="brotli"),
    pytest.param({"Accept-Encoding": "gzip"}, id="gzip"),
    pytest.param({"Accept-Encoding": "identity"}, id="identity"),
    pytest.param({"Accept-Encoding": "br;q=0.5, gzip"}, id="gzip preferred"),
    pytest.param({"Accept-Encoding": "gzip;q=0.5, identity"}, id="identity preferred"),
    pytest.param({"Accept-Encoding": "identity, gzip"}, id="identity or gzip"),
    pytest.param({"Accept-Encoding": "*"}, id="any"),
    pytest.param({"Accept-Encoding": "deflate"}, id="none offered"),
]


@pytest.mark.parametrize("headers", ORDINARY)
def test_an_ordinary_append_is_answered_as_flask_answers_it(apps, table, dispatched, headers):
    fast, flask_only = apps
    before = version(table)
    ours = parts(send(fast, table, stake(table), headers))
    theirs = parts(send(flask_only, table, stake(table), headers))
    assert dispatched == [table.url("")]  # only `version` went through Flask
    assert ours[0] == theirs[0] == 201
    assert ours[1] == theirs[1]
    assert "Content-Security-Policy" in dict(ours[1]) and ("Vary", "Accept-Encoding, Accept-Language, Cookie") in ours[1]
    ours_event, theirs_event = orjson.loads(ours[2]), orjson.loads(theirs[2])
    assert {k: v for k, v in ours_event.items() if k not in VARYING} == \
        {k: v for k, v in theirs_event.items() if k not in VARYING}
    assert (ours_event["version"], theirs_event["version"]) == (before + 1, before + 2)
    assert theirs_event["prev_hash"] == ours_event["hash"]  # one chain, whichever way in


def test_a_resent_append_is_answered_with_its_original_either_way(apps, table, dispatched):
    fast, flask_only = apps
    body = stake(table)
    first = send(fast, table, body)
    again, flask_again = send(fast, table, body), send(flask_only, table, body)
    assert (first.status_code, again.status_code, flask_again.status_code) == (201, 200, 200)
    assert first.get_json() == again.get_json() == flask_again.get_json()
    assert dispatched == []


def test_an_append_without_an_id_gets_one(apps, table):
    body = orjson.loads(stake(table))
    del body["id"]
    answer = send(apps[0], table, orjson.dumps(body))
    assert answer.status_code == 201 and uuid.UUID(answer.get_json()["id"])


def test_the_request_log_has_the_appends_line(apps, table, capfd):
    capfd.readouterr()
    send(apps[0], table, stake(table), environ_overrides={"REMOTE_ADDR": "192.0.2.7"})
    line = orjson.loads(capfd.readouterr().err.strip().splitlines()[-1])
    assert line["method"] == "POST" and line["status"] == 201 and line["ms"] >= 0
    assert line["path"] == "/api/v1/sessions/<sid>/events" and line["client"] == "192.0.2.7"


def refusals(table):
    """(name, body, headers, path): requests that are not ordinary appends, or are refused."""
    other = Table(table.client, players=2)
    lone = b'{"id": "x", "type": "stake_paid", "game_id": "%s", "data": {"player": "\\ud800", ' \
           b'"amount": 1}}' % table.game.encode()
    unknown = stake(table, data={"player": str(uuid.uuid4()), "amount": 2})
    twice = stake(table).replace(b'"amount":2', b'"amount":2,"amount":3')
    return [
        ("no token", stake(table), {"Authorization": ""}, "/events"),
        ("not bearer", stake(table), {"Authorization": "Basic " + table.write_token}, "/events"),
        ("unknown token", stake(table), {"Authorization": "Bearer nope"}, "/events"),
        ("read token", stake(table), table.read, "/events"),
        ("another session's token", stake(table), other.write, "/events"),
        ("not JSON's type", stake(table), {"Content-Type": "text/plain"}, "/events"),
        ("not UTF-8", stake(table), {"Content-Type": "application/json; charset=latin-1"},
         "/events"),
        ("not JSON", b'{"id": ', {}, "/events"),
        ("a key twice", b'{"type": "stake_paid", "type": "pool_won"}', {}, "/events"),
        ("a key twice in an append otherwise sound", twice, {}, "/events"),
        ("an unpaired surrogate", lone, {}, "/events"),
        ("no type", b'{"data": {}}', {}, "/events"),
        ("unknown player", unknown, {}, "/events"),
        ("stale expected version", stake(table, expected_version=1), {}, "/events"),
        ("a query", stake(table), {}, "/events?after=1"),
        ("a trailing slash", stake(table), {}, "/events/"),
        ("over the limit", b" " * (64 * 1024) + stake(table), {}, "/events"),
        ("gzipped", gzip.compress(stake(table)), {"Content-Encoding": "gzip"}, "/events"),
        ("plain, labelled gzip", stake(table), {"Content-Encoding": "gzip"}, "/events"),
        ("labelled br", stake(table), {"Content-Encoding": "br"}, "/events"),
    ]


# Ordinary appends (the session's write token, JSON of a declared length, no query) that are
# refused: answered on the append's own way in, never decided again by Flask.
REFUSED_HERE = {"not JSON", "a key twice", "a key twice in an append otherwise sound",
                "an unpaired surrogate", "no type", "unknown player", "stale expected version"}


def test_a_refusal_is_answered_as_flask_answers_it_and_what_is_not_ordinary_goes_to_flask(
        apps, table, dispatched):
    fast, flask_only = apps
    for name, body, headers, path in refusals(table):
        before = version(table)
        dispatched.clear()
        ours = send(fast, table, body, headers, path)
        by_flask = list(dispatched)
        theirs = send(flask_only, table, body, headers, path)
        assert parts(ours) == parts(theirs), name
        assert ours.status_code >= 300, name
        assert by_flask == ([] if name in REFUSED_HERE else
                            [table.url(path.partition("?")[0])]), name
        assert version(table) == before, name


def test_a_resent_id_with_other_content_is_refused_either_way(apps, table):
    fast, flask_only = apps
    body = orjson.loads(stake(table))
    assert send(fast, table, orjson.dumps(body)).status_code == 201
    body["data"]["amount"] = 3
    ours, theirs = send(fast, table, orjson.dumps(body)), send(flask_only, table,
                                                              orjson.dumps(body))
    assert ours.status_code == 409 and parts(ours) == parts(theirs)


def test_a_chunked_append_goes_through_flask(apps, table, dispatched):
    answer = apps[0].test_client().post(
        table.url("/events"), input_stream=io.BytesIO(stake(table)), headers={
            **table.write, "Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True})
    assert answer.status_code == 201 and dispatched == [table.url("/events")]


@pytest.mark.parametrize("length", ["²", "٣", "+5", " 5", "-1", ""])
def test_a_length_that_is_not_ascii_digits_goes_through_flask(apps, table, dispatched, length):
    answers = [send(app, table, stake(table), environ_overrides={"CONTENT_LENGTH": length})
               for app in apps]
    assert answers[0].status_code == answers[1].status_code < 500
    assert dispatched == [table.url("/events")]


def test_an_append_that_fails_unexpectedly_is_tried_again_by_flask(apps, table, dispatched,
                                                                   monkeypatch, caplog):
    """As after a connection lost mid-append (nothing committed): Flask's path records it."""
    sessions = apps[0].extensions["ledger"].sessions
    record, calls = sessions.record, []

    def broken_once(*args):
        calls.append(args)
        if len(calls) == 1:
            raise OSError("connection lost")
        return record(*args)
    monkeypatch.setattr(sessions, "record", broken_once)
    before = version(table)
    dispatched.clear()
    answer = send(apps[0], table, stake(table))
    assert answer.status_code == 201 and answer.get_json()["version"] == before + 1
    assert dispatched == [table.url("/events")]
    assert "connection lost" in caplog.text
