"""Sessions, players, tables, games; and who may read or write what."""

from sqlalchemy import text

from tests.factories import Table


def test_a_new_session_answers_its_id_and_two_tokens(client):
    response = client.post("/api/v1/sessions", json={"name": "Twelfth Night", "counter_value": 5,
                                                      "currency": "EUR"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["id"] and body["write_token"] != body["read_token"]
    assert (body["counter_value"], body["currency"], body["version"]) == (5, "EUR", 1)


def test_an_evening_is_played_in_a_time_zone_utc_unless_one_is_given(client):
    opened = client.post("/api/v1/sessions", json={"name": "Twelfth Night",
                                                    "time_zone": "Europe/London"})
    assert opened.status_code == 201 and opened.get_json()["time_zone"] == "Europe/London"
    evening = Table.opened(client, opened.get_json())
    assert evening.get("")["time_zone"] == "Europe/London"
    opening = evening.get("/events")["events"][0]
    assert opening["data"]["time_zone"] == "Europe/London"
    assert opening["said"].endswith("a counter worth 0.01 GBP, its times in Europe/London")
    plain = Table(client, players=0)  # none given: none stored (as in an older log), UTC read
    assert "time_zone" not in plain.get("/events")["events"][0]["data"]
    assert plain.get("")["time_zone"] == "UTC"


def test_a_time_zone_the_tz_database_does_not_know_is_422_naming_the_field(client):
    for zone in ["Mars/Olympus_Mons", "europe/london", "GMT+1", "../etc/passwd", "",
                 "Europe/London\n", 1, None]:
        response = client.post("/api/v1/sessions", json={"name": "Twelfth Night",
                                                          "time_zone": zone})
        assert response.status_code == 422, (zone, response.get_json())
        assert response.mimetype == "application/problem+json"
        assert list(response.get_json()["errors"]) == ["time_zone"], zone


def test_tokens_are_stored_only_as_digests(app, table):
    token = table.write["Authorization"].split()[1]
    with app.extensions["ledger"].store.engine.connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM session_tokens")).scalars().all()
        everything = " ".join(connection.execute(text("SELECT data FROM events")).scalars())
    assert token not in stored and token not in everything
    assert all(len(digest) == 64 for digest in stored)


def test_summary_lists_players_tables_games_and_version(table):
    head = table.client.post(table.url("/tables"), json={"name": "Head", "rank": 1},
                             headers=table.write).get_json()["id"]
    game = table.start_game(kind="commerce", table_id=head)
    summary = table.get("")
    assert [p["id"] for p in summary["players"]] == table.players
    assert summary["tables"] == [{"id": head, "name": "Head", "rank": 1}]
    assert summary["games"][0]["id"] == game and summary["games"][0]["next_dealer"] == table.players[0]
    assert summary["version"] == 7


def test_no_token_or_a_guessed_token_is_401(table):
    assert table.client.get(table.url("/balances")).status_code == 401
    guessed = {"Authorization": "Bearer not-a-token-of-anyone"}
    response = table.client.get(table.url("/balances"), headers=guessed)
    assert response.status_code == 401
    assert response.content_type == "application/problem+json"


def test_a_read_token_may_read_but_not_write(table):
    assert table.client.get(table.url("/balances"), headers=table.read).status_code == 200
    response = table.client.post(table.url("/players"), json={"name": "Eve"}, headers=table.read)
    assert response.status_code == 403
    assert table.get("")["version"] == 5


def test_another_sessions_token_is_404(client, table):
    other = Table(client, players=1)
    assert client.get(table.url("/balances"), headers=other.write).status_code == 404
    response = client.post(table.url("/players"), json={"name": "Eve"}, headers=other.write)
    assert response.status_code == 404
    assert client.get("/api/v1/sessions/nope/balances", headers=other.read).status_code == 404


def test_a_player_seated_twice_or_an_unknown_kind_is_422_naming_the_field(table):
    for body, field in (({"kind": "other", "stake": 1, "seats": [table.players[0]] * 2}, "seats"),
                        ({"kind": "whist", "stake": 1, "seats": table.players}, "kind"),
                        ({"kind": "other", "stake": True, "seats": table.players}, "stake")):
        response = table.client.post(table.url("/games"), json=body, headers=table.write)
        assert response.status_code == 422
        assert field in response.get_json()["errors"]
    assert table.get("")["games"] == []


def test_an_unknown_seat_or_table_is_404(table):
    body = {"kind": "other", "stake": 1, "seats": ["ghost"]}
    assert table.client.post(table.url("/games"), json=body, headers=table.write).status_code == 404
    body = {"kind": "other", "stake": 1, "seats": table.players, "table_id": "nowhere"}
    assert table.client.post(table.url("/games"), json=body, headers=table.write).status_code == 404


def test_resource_requests_are_idempotent_by_id(table):
    body = {"id": "add-eve-1", "name": "Eve", "group": "lady"}
    first = table.client.post(table.url("/players"), json=body, headers=table.write)
    again = table.client.post(table.url("/players"), json=body, headers=table.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["id"] == again.get_json()["id"] == "add-eve-1"
    assert len(table.get("")["players"]) == 5


def test_health_and_openapi(client):
    assert client.get("/healthz").get_json()["ok"] is True
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    assert "/api/v1/sessions/{sid}/events" in spec["paths"]
    assert {"StakePaidData", "EventVoidedData", "DealSoldData"} <= set(spec["components"]["schemas"])


def test_each_request_is_logged_as_json_without_ids_or_tokens(table, capfd):
    import json

    capfd.readouterr()
    table.client.get(table.url("/balances") + "?secret=1", headers=table.read)
    table.client.get("/nowhere")
    text = capfd.readouterr().err
    lines = [json.loads(line) for line in text.splitlines()]
    expected = {"method": "GET", "path": "/api/v1/sessions/<sid>/balances", "status": 422}
    assert expected.items() <= lines[0].items() and len(lines) == 2
    assert lines[0]["ms"] >= 0 and lines[1]["path"] == "<unmatched>" and lines[1]["status"] == 404
    assert table.id not in text and "secret" not in text
    assert table.read["Authorization"].split()[1] not in text


def test_request_lines_can_be_turned_off(capfd, tmp_path):
    from api import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/quiet.sqlite3",
                      "REQUEST_LOG": False})
    capfd.readouterr()
    assert app.test_client().get("/healthz").status_code == 200
    assert capfd.readouterr().err == ""
