"""An id or a currency code with a line break after it is refused like any other bad one, and
a query setting given twice likewise.

Python's `re.match` lets `$` match before a final line break, so `^[A-Z]{3}$` took "JPY\n"
(whose evening then lost JPY's decimals in its CSVs) and the id pattern took "zed\n" beside
"zed" and 64 characters and a line break."""

import uuid

import pytest

from tests.factories import Club, Table

ENDINGS = ["\n", "\r\n"]


def refused(answer, field: str) -> None:
    assert answer.status_code == 422, answer.get_json()
    assert answer.mimetype == "application/problem+json"
    assert any(field in name for name in answer.get_json()["errors"]), answer.get_json()


@pytest.mark.parametrize("end", ENDINGS)
def test_a_session_or_a_club_evening_in_a_currency_with_a_line_break_is_refused(client, end):
    refused(client.post("/api/v1/sessions", json={"name": "x", "currency": "JPY" + end}),
            "currency")
    club = Club(client, members=("Ann",))
    refused(client.post(club.url("/evenings"), headers=club.write,
                        json={"name": "x", "currency": "EUR" + end}), "currency")
    refused(client.post(club.url("/imports"), headers=club.write, data=b"date,evening,member,"
                        b"counters\n2025-01-01,X,Ann,1\n", content_type="text/csv",
                        query_string={"currency": "GBP" + end}), "currency")
    assert client.post("/api/v1/sessions", json={"name": "x", "currency": "JPY"}).status_code == 201


@pytest.mark.parametrize("end", ENDINGS)
def test_an_id_with_a_line_break_is_refused_and_records_nothing(client, end):
    table = Table(client, players=1)
    before = table.get("")["version"]
    refused(client.post(table.url("/players"), headers=table.write,
                        json={"id": "zed" + end, "name": "Zed"}), "id")
    refused(table.post("stake_paid", id="a" * 64 + end, data={}), "id")
    refused(table.post("stake_paid", game_id="g" + end, data={}), "game_id")
    assert table.get("")["version"] == before
    club = Club(client)
    refused(client.post(club.url("/events"), headers=club.write, json={
        "id": f"{uuid.uuid4()}{end}", "type": "season_declared", "data": {"name": "W"}}), "id")
    assert client.post(table.url("/players"), headers=table.write,
                       json={"id": "zed", "name": "Zed"}).status_code == 201


def test_a_query_setting_given_twice_is_refused_not_guessed(client):
    """`?limit=1&limit=1000000` took the first value and the import's `currency` its last;
    a setting that takes several values (the import's `new`) still does."""
    table = Table(client, players=1)
    refused(client.get(table.url("/events"), headers=table.read,
                       query_string=[("limit", "1"), ("limit", "1000000")]), "limit")
    assert client.get(table.url("/events"), headers=table.read,
                      query_string={"limit": "1"}).status_code == 200
    club = Club(client, members=("Ann",))
    text = (b"date,evening,member,counters\n2025-01-01,X,Ann,1\n2025-01-01,X,Bo,-1\n"
            b"2025-01-01,X,Cy,0\n")
    send = {"data": text, "content_type": "text/csv", "headers": club.write}
    refused(client.post(club.url("/imports"), **send,
                        query_string=[("currency", "GBP"), ("currency", "EUR")]), "currency")
    several = client.post(club.url("/imports"), query_string=[("new", "Bo"), ("new", "Cy")], **send)
    assert several.status_code == 200 and several.get_json()["ready"], several.get_json()


@pytest.mark.parametrize("digits", [101, 5000])
def test_a_number_too_long_to_be_anything_is_refused_naming_its_field(client, digits):
    """Python's int() refuses over 4,300 digits, which answered 400 "not valid JSON": the
    number is valid JSON, and the field at fault is named."""
    table = Table(client, players=2)
    game = table.start_game(kind="other", stake=1)
    before = table.get("")["version"]
    body = ('{"type": "stake_paid", "game_id": "%s", "data": {"player": "%s", "amount": %s}}'
            % (game, table.players[0], "9" * digits))
    answer = client.post(table.url("/events"), data=body, headers=table.write,
                         content_type="application/json")
    refused(answer, "data.amount")
    assert table.get("")["version"] == before
