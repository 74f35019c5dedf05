"""Hostile input, each class of defect at its root: nothing a client sends breaks an evening,
and every refusal is a problem document naming the field at fault that changes nothing."""

import io

import pytest

READS = ["", "/balances", "/pools", "/settlement", "/verify", "/events",
         "/export/results.csv", "/export/journal.csv", "/export/settlement.csv"]


def version(table) -> int:
    return table.get("")["version"]


def every_read_answers(table) -> None:
    for path in READS:
        assert table.client.get(table.url(path), headers=table.read).status_code == 200, path


@pytest.mark.parametrize("event_type, missing", [
    ("player_added", {"data.name"}), ("table_added", {"data.name", "data.rank"}),
    ("stake_paid", {"data.player", "data.amount"}), ("pool_won", {"data.winners"}),
    ("card_bought", {"data.buyer"}), ("commerce_stand", {"data.stander"}),
    ("event_voided", {"data.event_id", "data.reason"}), ("penalty_paid", {"data.player", "data.amount"}),
    ("game_started", {"data.kind", "data.seats", "data.stake"}),
])
def test_an_event_without_data_is_validated_as_empty_data(table, event_type, missing):
    game = table.start_game(kind="commerce")
    before = version(table)
    body = {"type": event_type, "game_id": None if event_type in (
        "player_added", "table_added", "event_voided", "game_started") else game}
    refused = table.client.post(table.url("/events"), json=body, headers=table.write)
    assert refused.status_code == 422 and refused.content_type == "application/problem+json"
    assert set(refused.get_json()["errors"]) == missing
    assert table.client.post(table.url("/events"), json={**body, "data": None},
                             headers=table.write).status_code == 422
    assert version(table) == before
    every_read_answers(table)


def test_an_event_type_with_no_required_data_may_leave_data_out(table):
    game = table.start_game(kind="brag", seats=table.players[:3])
    table.record("deal_started", game)
    unseen = table.client.post(table.url("/events"), json={"type": "brag_ante_unseen", "game_id": game},
                               headers=table.write)
    assert unseen.status_code == 201 and unseen.get_json()["data"] == {}


@pytest.mark.parametrize("path, body, field", [
    ("/api/v1/sessions", '{"name": "a\\ud800"}', "name"),
    ("/players", '{"name": "Ann\\udfff"}', "name"),
    ("/players", '{"name": "Ann", "group": "\\ud83d"}', "group"),
    ("/events", '{"type": "player_added", "data": {"name": "x\\ud800y"}}', "data.name"),
    ("/events", '{"type": "stake_paid\\ud800", "data": {}}', "type"),
    ("/events", '{"type": "penalty_paid", "game_id": "g", "data": {"player": "p", "amount": 1, '
                '"reason": "\\udc00"}}', "data.reason"),
])
def test_an_unpaired_surrogate_anywhere_is_refused_naming_the_field(table, path, body, field):
    before = version(table)
    url = path if path.startswith("/api") else table.url(path)
    headers = {} if path.startswith("/api") else table.write
    refused = table.client.post(url, data=body, content_type="application/json", headers=headers)
    assert refused.status_code == 422, refused.get_json()
    assert field in refused.get_json()["errors"]
    assert version(table) == before


def chunked(table, path: str, body: bytes):
    """A body sent with Transfer-Encoding: chunked, i.e. with no Content-Length, framed as a
    server that decodes chunks (gunicorn) hands it to the app."""
    return table.client.post(table.url(path), input_stream=io.BytesIO(body), headers={
        **table.write, "Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_body_over_the_limit_is_refused_not_cut(table):
    limit = table.client.application.config["MAX_CONTENT_LENGTH"]
    head = b'{"name": "Padded", "group": "' + b"x" * 40 + b'"}'
    padded = head + b" " * (limit - len(head))
    before = version(table)
    assert chunked(table, "/players", padded + b"tail that would be ignored").status_code == 413
    assert table.client.post(table.url("/players"), data=padded + b"tail", headers=table.write,
                             content_type="application/json").status_code == 413
    assert version(table) == before
    assert chunked(table, "/players", padded).status_code == 201  # exactly the limit is fine


@pytest.mark.parametrize("bad", ["a\u0000b", "x/y", "..", ".", "tab\tid", "sp ace", "é", "a?b",
                                 "a#b", "%2F", "x" * 65])
def test_an_id_that_cannot_travel_in_a_url_is_refused(table, bad):
    before = version(table)
    refused = table.client.post(table.url("/players"), json={"id": bad, "name": "Idris"},
                                headers=table.write)
    assert refused.status_code == 422 and "id" in refused.get_json()["errors"]
    event = table.post("player_added", data={"name": "Idris"}, id=bad)
    assert event.status_code == 422 and "id" in event.get_json()["errors"]
    assert version(table) == before


def test_an_id_of_url_safe_characters_is_reachable(table):
    pid = "Mrs.Bennet_1~a-b"
    assert table.client.post(table.url("/players"), json={"id": pid, "name": "Mrs Bennet"},
                             headers=table.write).status_code == 201
    assert table.get(f"/players/{pid}/statement")["player"] == pid


@pytest.mark.parametrize("name", ["Ann\u0000", "a\nb", "bell\u0007", "x\u202ey", "del\u007f"])
def test_control_characters_in_text_are_refused(table, name):
    before = version(table)
    for url, body in ((table.url("/players"), {"name": name}),
                      (table.url("/tables"), {"name": name, "rank": 9}),
                      ("/api/v1/sessions", {"name": name})):
        refused = table.client.post(url, json=body, headers=table.write)
        assert refused.status_code == 422 and "name" in refused.get_json()["errors"], url
    assert version(table) == before


@pytest.mark.parametrize("first, second", [
    ("Zoë", "Zoe\u0308"), ("Ann", "\u0410nn"), ("Ann", "ann"), ("Ben", " Ben\u200b "),
    ("Mrs Bennet", "Mrs Bennet\u00a0"),
])
def test_a_name_the_table_cannot_tell_apart_is_a_conflict(table, first, second):
    table.add_player(name=first)
    before = version(table)
    refused = table.client.post(table.url("/players"), json={"name": second}, headers=table.write)
    assert refused.status_code == 409 and "data.name" in refused.get_json()["errors"]
    assert version(table) == before


def test_names_are_stored_normalised_and_trimmed(table):
    pid = table.add_player(name="  Zoe\u0308 ")
    assert next(p for p in table.get("")["players"] if p["id"] == pid)["name"] == "Zo\u00eb"


@pytest.mark.parametrize("name", ["", "   ", "\u200b", "\u200b\u200d\ufeff", "\u00a0\u3000",
                                  "\u0301"])
def test_a_blank_or_invisible_name_is_refused(table, name):
    refused = table.client.post(table.url("/players"), json={"name": name}, headers=table.write)
    assert refused.status_code == 422 and "name" in refused.get_json()["errors"]


@pytest.mark.parametrize("path", ["/balances", "/pools", "/settlement", "/verify", "",
                                  "/export/results.csv", "/export/journal.csv",
                                  "/export/settlement.csv", "/events", "/progressive"])
def test_an_unknown_query_parameter_is_refused(table, path):
    refused = table.client.get(table.url(path) + "?colour=red", headers=table.read)
    assert refused.status_code == 422 and refused.get_json()["errors"] == {
        "colour": ["Unknown query parameter."]}


def test_unknown_query_parameters_on_per_game_and_per_player_reads_are_refused(table):
    game = table.start_game(kind="cassino", seats=table.players[:2])
    for path in (f"/games/{game}/dealing", f"/games/{game}/scores",
                 f"/players/{table.players[0]}/statement"):
        assert table.client.get(table.url(path) + "?x=1", headers=table.read).status_code == 422


@pytest.mark.parametrize("after", ["1_0", "+5", "\uff15", " 5", "5 ", "-1", "0x10", "٣", "1e3", ""])
def test_after_takes_plain_digits_only(table, after):
    refused = table.client.get(table.url("/events"), query_string={"after": after},
                               headers=table.read)
    assert refused.status_code == 422 and "after" in refused.get_json()["errors"]


def test_after_and_limit_as_digits_page_the_log(table):
    events = table.client.get(table.url("/events?after=2&limit=2"), headers=table.read).get_json()
    assert [e["version"] for e in events["events"]] == [3, 4]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          None, "application/json; charset=latin-1"])
@pytest.mark.parametrize("path", ["/events", "/players", "/tables", "/games", "SESSIONS"])
def test_a_body_that_is_not_json_is_415(table, content_type, path):
    url = "/api/v1/sessions" if path == "SESSIONS" else table.url(path)
    before = version(table)
    headers = {**table.write, **({"Content-Type": content_type} if content_type else {})}
    refused = table.client.post(url, data='{"name": "Ann"}', headers=headers)
    assert refused.status_code == 415, refused.get_json()
    assert "application/json" in refused.get_json()["detail"]
    assert version(table) == before


@pytest.mark.parametrize("path, body", [
    ("/players", '{"name": "Ann", "name": "Bob"}'),
    ("/events", '{"type": "player_added", "type": "table_added", "data": {"name": "x"}}'),
    ("/events", '{"type": "player_added", "data": {"name": "Ann", "name": "Bob"}}'),
])
def test_a_key_twice_in_one_object_is_refused(table, path, body):
    before = version(table)
    refused = table.client.post(table.url(path), data=body, headers=table.write,
                                content_type="application/json")
    assert refused.status_code == 400 and "twice" in refused.get_json()["detail"]
    assert version(table) == before


@pytest.mark.parametrize("path, body", [
    ("/players", b'{"name": "Bom"}'),
    ("/events", b'{"type": "player_added", "data": {"name": "Bom"}}'),
])
def test_a_utf8_byte_order_mark_is_ignored_alike_everywhere(table, path, body):
    accepted = table.client.post(table.url(path), data=b"\xef\xbb\xbf" + body,
                                 headers=table.write, content_type="application/json")
    assert accepted.status_code == 201


def test_a_body_that_is_not_utf8_is_400(table):
    refused = table.client.post(table.url("/players"), data='{"name": "Zoë"}'.encode("latin-1"),
                                headers=table.write, content_type="application/json")
    assert refused.status_code == 400


def test_text_longer_than_the_document_allows_is_refused_even_if_it_would_shrink(table):
    """`maxLength` counts the characters sent: trailing spaces or a decomposed accent that
    trimming or NFC would take off do not stretch it."""
    documented = table.client.get("/openapi.json").get_json()["components"]["schemas"]
    longest = {url: documented[schema]["properties"]["name"]["maxLength"]
               for url, schema in ((table.url("/players"), "PlayerRequest"),
                                   ("/api/v1/sessions", "SessionRequest"))}
    before = version(table)
    for url, most in longest.items():
        for name in ("a" * most + " ", "e\u0301" * (most // 2 + 1)):
            refused = table.client.post(url, json={"name": name}, headers=table.write)
            assert refused.status_code == 422 and "name" in refused.get_json()["errors"], url
        accepted = table.client.post(url, json={"name": "é" * (most - 1) + "z"},
                                     headers=table.write)
        assert accepted.status_code == 201, url
    assert version(table) == before + 1  # the player; the session is another's
