"""Watching a session from another phone: conditional GETs on the session's version.

Given a session and the ETag a phone last saw, expect 304 while nothing is recorded, 200 with
a new ETag once something is, the token rules of every read, and no fold behind a 304."""

import pytest

from api import create_app
from ledger.events.store.sql import SQLReader
from tests.factories import Table

READS = ["/version", "", "/balances", "/pools", "/settlement"]


@pytest.fixture
def commerce(table):
    return table.start_game(kind="commerce", stake=2)


def watch(table, path: str, etag: str | None, headers=None):
    sent = {**(headers or table.read), **({"If-None-Match": etag} if etag else {})}
    return table.client.get(table.url(path), headers=sent)


@pytest.mark.parametrize("path", READS)
def test_an_unchanged_session_answers_304_with_no_body(table, path):
    first = watch(table, path, None)
    assert first.status_code == 200 and first.headers["ETag"].startswith('W/"')
    assert "no-cache" in first.headers["Cache-Control"]
    again = watch(table, path, first.headers["ETag"])
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    assert "no-cache" in again.headers["Cache-Control"]


@pytest.mark.parametrize("path", READS)
def test_an_append_changes_the_etag_and_the_next_read_answers_200(table, commerce, path):
    seen = watch(table, path, None).headers["ETag"]
    table.record("deal_started", commerce)
    changed = watch(table, path, seen)
    assert changed.status_code == 200 and changed.headers["ETag"] != seen
    assert changed.get_json() == watch(table, path, None).get_json()
    assert watch(table, path, changed.headers["ETag"]).status_code == 304


def test_the_version_endpoint_answers_the_summarys_version(table, commerce):
    table.record("deal_started", commerce)
    assert table.get("/version") == {"version": table.get("")["version"]} == {"version": 7}


def test_a_refused_append_leaves_the_etag_as_it_was(table, commerce):
    seen = watch(table, "/version", None).headers["ETag"]
    refusals = [table.post("pool_won", commerce, data={"winners": [table.players[0]]}),
                table.post("stake_paid", commerce, data={"player": table.players[0],
                                                         "amount": "3"}),
                table.post("stake_paid", commerce, data={"player": table.players[0],
                                                         "amount": 1}, expected_version=2),
                table.post("stake_paid", commerce, data={"player": table.players[0],
                                                         "amount": 1}, headers=table.read)]
    assert [r.status_code for r in refusals] == [409, 422, 409, 403]
    assert watch(table, "/version", seen).status_code == 304


def test_a_resend_leaves_the_etag_as_it_was(table, commerce):
    stake = {"player": table.players[1], "amount": 4}
    body = {"id": "3b1d7c9e-0000-4000-8000-000000000002", "type": "stake_paid",
            "game_id": commerce, "data": stake}
    assert table.client.post(table.url("/events"), json=body, headers=table.write).status_code == 201
    seen = watch(table, "/version", None).headers["ETag"]
    assert table.client.post(table.url("/events"), json=body, headers=table.write).status_code == 200
    assert watch(table, "/version", seen).status_code == 304


def test_the_write_token_and_the_read_token_both_watch(table):
    seen = watch(table, "/version", None, table.write).headers["ETag"]
    assert watch(table, "/version", seen, table.read).status_code == 304
    assert watch(table, "/version", seen, table.write).status_code == 304


@pytest.mark.parametrize("path", READS)
def test_tokens_are_checked_before_any_304(client, table, path):
    seen = watch(table, path, None).headers["ETag"]
    other = Table(client, players=0)
    no_token = client.get(table.url(path), headers={"If-None-Match": seen})
    assert no_token.status_code == 401 and "ETag" not in no_token.headers
    guessed = watch(table, path, seen, {"Authorization": "Bearer not-a-token-of-anyone"})
    assert guessed.status_code == 401
    assert watch(table, path, seen, other.read).status_code == 404
    assert watch(table, path, "*", other.read).status_code == 404


def test_other_tags_answer_200_and_any_tag_answers_304(table):
    assert watch(table, "/version", 'W/"0.nothing", "5"').status_code == 200
    assert watch(table, "/version", "*").status_code == 304


def test_a_strong_form_of_the_tag_is_accepted_too(table):
    seen = watch(table, "/version", None).headers["ETag"]
    assert watch(table, "/version", seen.removeprefix("W/")).status_code == 304


def test_a_304_neither_folds_nor_reads_events(app, table, commerce, monkeypatch):
    table.record("deal_started", commerce)
    tags = {path: watch(table, path, None).headers["ETag"] for path in READS}
    # the same database served by a new process: its state cache is empty
    fresh = create_app({"DATABASE_URL": app.config["DATABASE_URL"], "TESTING": True})
    service, calls = fresh.extensions["ledger"], []

    def refused(name):
        def record(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called for a 304")
        return record

    for name in ("read", "caught_up"):
        monkeypatch.setattr(service.units.sessions, name, refused(name))
    for name in ("read", "stream", "writing"):
        monkeypatch.setattr(service.store, name, refused(name))
    for name in ("rows", "events", "head", "snapshot"):
        monkeypatch.setattr(SQLReader, name, refused(name))
    client = fresh.test_client()
    for path, tag in tags.items():
        response = client.get(table.url(path), headers={**table.read, "If-None-Match": tag})
        assert response.status_code == 304, (path, response.get_json())
    assert calls == []


def test_a_head_request_answers_304_too(table):
    seen = watch(table, "/version", None).headers["ETag"]
    response = table.client.head(table.url("/version"), headers={**table.read,
                                                                 "If-None-Match": seen})
    assert response.status_code == 304


def test_two_app_servers_on_one_database_agree_on_the_tag(database_url):
    """Several app servers in front of one database: an append through one is seen by the
    other's next read, and both name the same version with the same tag."""
    server_a, server_b = (create_app({"DATABASE_URL": database_url, "TESTING": True})
                          for _ in "AB")
    table = Table(server_a.test_client())
    on_b = server_b.test_client()

    def watch_on_b(path: str, etag: str):
        return on_b.get(table.url(path), headers={**table.read, "If-None-Match": etag})

    seen = watch(table, "/version", None).headers["ETag"]
    assert watch_on_b("/version", seen).status_code == 304
    table.add_player()
    changed = watch_on_b("/version", seen)
    assert changed.status_code == 200 and changed.get_json() == {"version": 6}
    assert watch_on_b("", seen).status_code == 200
    assert watch(table, "/version", changed.headers["ETag"]).status_code == 304


def test_a_watch_survives_the_loss_of_the_connection_it_was_answered_on(database_url):
    """The version is asked on a connection the process holds: when the database drops it
    (a restart, an idle timeout), the next poll is answered on a new one."""
    server = create_app({"DATABASE_URL": database_url, "TESTING": True})
    table = Table(server.test_client())
    seen = watch(table, "/version", None).headers["ETag"]
    store = server.extensions["ledger"].store
    if store.name == "sqlite":
        store._watching.driver_connection.close()
    else:
        backend = store._watching.driver_connection.info.backend_pid
        with store.engine.connect() as connection:
            connection.exec_driver_sql(f"SELECT pg_terminate_backend({backend})")
    assert watch(table, "/version", seen).status_code == 304
    table.add_player()
    assert watch(table, "/version", seen).get_json() == {"version": 6}
