"""One client id per intent, on an SQLite file and a real PostgreSQL server: every request
that creates something (a player, a table, a game, a club's member, tonight's evening in a
club, a spreadsheet's evenings brought in) sent twice with the same id, one after the other
or by two app servers at the same moment, is recorded once and answered with the original;
the same id with another request is 409 and records nothing."""

import threading
import uuid
from dataclasses import dataclass
from typing import Callable

import pytest

from api import create_app
from tests.factories import Club, Table

SPREADSHEET = ("date,evening,member,counters\n2025-12-24,Christmas Eve,Ann,6\n"
               "2025-12-24,Christmas Eve,Ben,-6\n2025-12-31,Hogmanay,Ann,-2\n"
               "2025-12-31,Hogmanay,Mr Bingley,2\n")


@pytest.fixture
def servers(database_url):
    """Two app servers on the same database, each with its own kept states and heads."""
    made = [create_app({"DATABASE_URL": database_url, "TESTING": True, "REQUEST_LOG": False})
            for _ in range(2)]
    yield [app.test_client() for app in made]
    for app in made:
        app.extensions["ledger"].store.dispose()


@dataclass
class Intent:
    """A creating request, by whom it is sent, and the stream whose version it moves."""

    send: Callable  # (client, id, changed) -> response
    version: Callable  # () -> the stream's version
    created: int  # the status of the first answer


def intents(client) -> dict[str, Intent]:
    table, club = Table(client), Club(client, members=("Ann", "Ben"))
    session_version = lambda: table.get("")["version"]  # noqa: E731
    club_version = lambda: club.get("")["version"]  # noqa: E731

    def resource(path: str, body: dict, change: dict):
        def send(c, event_id, changed=False):
            sent = {**body, **change} if changed else body
            return c.post(table.url(path), json={"id": event_id, **sent}, headers=table.write)
        return send

    def member(c, event_id, changed=False):
        return c.post(club.url("/members"), headers=club.write,
                      json={"id": event_id, "name": "Changed" if changed else "Kitty"})

    def evening(c, event_id, changed=False):
        return c.post(club.url("/evenings"), headers=club.write, json={
            "id": event_id, "name": "Twelfth Night",
            "members": list(club.members.values())[: 1 if changed else 2]})

    def brought_in(c, event_id, changed=False):
        return c.post(club.url("/imports"), headers=club.write, content_type="text/csv",
                      data=SPREADSHEET.replace("6", "7") if changed else SPREADSHEET,
                      query_string={"confirm": "true", "id": event_id, "new": "Mr Bingley"})

    return {
        "player": Intent(resource("/players", {"name": "Kitty"}, {"name": "Lydia"}),
                         session_version, 201),
        "table": Intent(resource("/tables", {"name": "Head table", "rank": 1}, {"rank": 2}),
                        session_version, 201),
        "game": Intent(resource("/games", {"kind": "other", "stake": 2,
                                           "seats": table.players[:2]}, {"stake": 3}),
                       session_version, 201),
        "member": Intent(member, club_version, 201),
        "evening": Intent(evening, club_version, 201),
        "import": Intent(brought_in, club_version, 200),
    }


KINDS = ["player", "table", "game", "member", "evening", "import"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_id_again_is_answered_with_the_original_and_recorded_once(servers, kind):
    intent = intents(servers[0])[kind]
    before = intent.version()
    first = intent.send(servers[0], "tap-1")
    assert first.status_code == intent.created, first.get_json()
    moved = intent.version() - before
    assert moved >= 1
    for client in servers:  # the same server, and another one
        again = intent.send(client, "tap-1")
        assert again.status_code == 200 and again.get_json() == first.get_json()
        assert intent.version() == before + moved
    changed = intent.send(servers[1], "tap-1", changed=True)
    assert changed.status_code == 409 and "id" in changed.get_json()["errors"]
    assert changed.content_type == "application/problem+json"
    assert intent.version() == before + moved


@pytest.mark.parametrize("kind", KINDS)
def test_two_servers_sending_the_same_id_at_once_record_it_once(servers, kind):
    intent = intents(servers[0])[kind]
    before = intent.version()
    start, answers = threading.Barrier(2), [None, None]
    event_id = str(uuid.uuid4())

    def send(n):
        start.wait()
        answers[n] = intent.send(servers[n], event_id)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == sorted([intent.created, 200]), [a.get_json() for a in answers]
    assert answers[0].get_json() == answers[1].get_json()
    moved = intent.version() - before
    assert intent.send(servers[0], event_id).get_json() == answers[0].get_json()
    assert intent.version() == before + moved
    # recorded once: what one sending moves, the other did not move again
    again = intents(servers[1])[kind]
    alone = again.version()
    assert again.send(servers[1], str(uuid.uuid4())).status_code == intent.created
    assert again.version() - alone == moved


def test_an_evening_sent_again_answers_tokens_that_record_in_it(servers):
    club = Club(servers[0], members=("Ann", "Ben"))
    body = {"id": "tonight", "name": "Twelfth Night", "members": list(club.members.values())}
    first = servers[0].post(club.url("/evenings"), json=body, headers=club.write).get_json()
    again = servers[1].post(club.url("/evenings"), json=body, headers=club.write).get_json()
    assert again == first
    evening = Table.opened(servers[1], again)
    assert evening.record("deal_started", evening.start_game(kind="other"))["version"] == 5
    assert len(club.get("")["evenings"]) == 1
    # the club's log keeps neither the id nor anything the tokens can be made from alone
    assert all("tonight" not in str(e) for e in club.get("/events")["events"])
    other = Club(servers[0], name="Longbourn", members=("Ann",))
    elsewhere = servers[0].post(other.url("/evenings"), headers=other.write, json={
        **body, "members": list(other.members.values())}).get_json()
    assert elsewhere["write_token"] != first["write_token"]  # the same id in another club
