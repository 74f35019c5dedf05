"""Every answer of every route carries the browser's protections (a Content-Security-Policy
of the service's own parts only, nosniff, no referrer, no framing, a minimal
Permissions-Policy), errors included; and X-Forwarded-For is believed from the proxy only."""

import json

import pytest

from api.phone import VERSION
from api.security import HEADERS
from tests.factories import Club

CONVERTER = {"sid": "session", "gid": "game", "pid": "player", "cid": "club", "mid": "member",
             "eid": "evening",
             "filename": "icon.svg", "name": "phone.js", "version": "version"}


@pytest.fixture
def ids(client, table):
    club = Club(client, members=("Ann",))
    return {"session": table.id, "game": table.start_game(), "player": table.players[0],
            "club": club.id, "member": club.members["Ann"], "evening": "imported-none",
            "icon.svg": "icon.svg",
            "phone.js": "phone.js", "version": VERSION}


def every_request(app, ids):
    """(method, path) for each method of each route, its ids filled in with real ones."""
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for argument in rule.arguments:
            path = path.replace(path[path.index("<"):path.index(">") + 1],
                                ids[CONVERTER[argument]], 1)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, path


def assert_protected(answer, what: str) -> None:
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, f"{what}: {name} is {answer.headers.get(name)!r}"


def test_every_route_answers_with_the_protections_whatever_its_answer(app, client, table, ids):
    seen = set()
    for method, path in every_request(app, ids):
        for headers in ({}, table.read, table.write):
            answer = client.open(path, method=method, headers=headers)
            assert_protected(answer, f"{method} {path} ({answer.status_code})")
            seen.add(answer.status_code)
            answer.close()  # a streamed CSV's generator ends here
    for method, path, kwargs in [("GET", "/nowhere", {}), ("DELETE", "/api/v1/sessions", {}),
                                 ("POST", "/api/v1/sessions", {"data": "x" * 70_000,
                                                               "content_type": "application/json"}),
                                 ("POST", "/api/v1/sessions", {"data": "{", "content_type":
                                                               "application/json"})]:
        answer = client.open(path, method=method, **kwargs)
        assert_protected(answer, f"{method} {path} ({answer.status_code})")
        seen.add(answer.status_code)
    assert {200, 400, 401, 403, 404, 405, 413, 415} <= seen  # answers of every kind were checked


def test_the_policy_allows_only_the_service_s_own_parts():
    directives = dict(d.split(" ", 1) for d in HEADERS["Content-Security-Policy"].split("; "))
    assert directives["default-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    for kind in ("script-src", "style-src", "connect-src", "worker-src", "manifest-src"):
        assert directives[kind] == "'self'", kind
    assert "unsafe" not in HEADERS["Content-Security-Policy"]


def logged_client(client, capfd, remote: str, claimed: str) -> str:
    capfd.readouterr()
    client.get("/healthz", environ_base={"REMOTE_ADDR": remote},
               headers={"X-Forwarded-For": claimed, "X-Forwarded-Proto": "https"})
    return json.loads(capfd.readouterr().err.splitlines()[-1])["client"]


def test_the_proxy_s_word_for_the_client_s_address_is_taken_from_the_proxy_only(client, capfd):
    assert logged_client(client, capfd, "127.0.0.1", "192.0.2.77") == "192.0.2.77"
    assert logged_client(client, capfd, "192.0.2.50", "203.0.113.9") == "192.0.2.50"
