"""`GET …/view`: what a phone draws an evening from, in one answer and of one version — the
summary, balances, settlement and pools as their own reads give them, and the events after a
version up to that version."""

import pytest

from tests.factories import Table


@pytest.fixture
def played(client):
    table = Table(client, players=3)
    game = table.start_game(kind="other", stake=2)
    table.record("deal_started", game)
    for seat in table.players:
        table.record("stake_paid", game, player=seat, amount=2)
    table.record("pool_won", game, winners=[table.players[0]])
    return table


def test_the_view_is_the_reads_of_one_version(played):
    view = played.get("/view")
    assert view["summary"] == played.get("")
    assert view["balances"] == played.get("/balances")
    assert view["settlement"] == played.get("/settlement")
    assert view["pools"] == played.get("/pools")
    assert view["events"] == played.get("/events")["events"]
    assert view["events"][-1]["version"] == view["summary"]["version"]


def test_the_view_brings_only_the_events_after_a_version(played):
    everything = played.get("/events")["events"]
    later = played.get("/view?after=4")["events"]
    assert [e["version"] for e in later] == [e["version"] for e in everything if e["version"] > 4]
    assert played.get(f"/view?after={len(everything)}")["events"] == []


def test_a_view_asks_for_a_token_of_its_evening_and_a_whole_version(client, played):
    assert client.get(played.url("/view")).status_code == 401
    other = Table(client, players=0)
    assert client.get(played.url("/view"), headers=other.read).status_code == 404
    for after in ("-1", "x", "1.5", "99999999999"):
        answer = client.get(played.url(f"/view?after={after}"), headers=played.read)
        assert answer.status_code == 422 and "after" in answer.get_json()["errors"], after
    answer = client.get(played.url("/view?since=1"), headers=played.read)
    assert answer.status_code == 422 and "since" in answer.get_json()["errors"]
