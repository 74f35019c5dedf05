"""Appending and reading events over HTTP: exact counters, idempotency, versions, errors."""

import pytest


@pytest.fixture
def commerce(table):
    return table.start_game(kind="commerce", stake=2)


def test_a_commerce_deal_trade_and_win_are_exact(table, commerce):
    a, b, c, d = table.players
    deal = table.record("deal_started", commerce)
    assert sum(p["amount"] for p in deal["postings"]) == 0
    table.record("card_bought", commerce, buyer=c)
    table.record("pool_won", commerce, winners=[b])
    assert table.counters() == {a: -4 + 2, b: -2 + 10, c: -2 - 2, d: -2}
    assert table.pool(commerce) == 0
    balances = table.get("/balances")
    assert [p["amount_minor"] for p in balances["players"]] == [-10, 40, -20, -10]
    assert balances["pools_counters"] == 0


def test_an_append_answers_version_position_hash_and_postings(table, commerce):
    event = table.record("stake_paid", commerce, player=table.players[0], amount=3)
    assert event["version"] == 7 and event["position"] > 0 and len(event["hash"]) == 64
    assert event["postings"] == [{"account": f"player:{table.players[0]}", "amount": -3},
                                 {"account": f"pool:{commerce}", "amount": 3}]


def test_a_resend_answers_200_with_the_original_and_counts_once(table, commerce):
    body = {"id": "3b1d7c9e-0000-4000-8000-000000000001", "type": "stake_paid",
            "game_id": commerce, "data": {"player": table.players[1], "amount": 4}}
    first = table.client.post(table.url("/events"), json=body, headers=table.write)
    again = table.client.post(table.url("/events"), json={**body, "expected_version": 0},
                              headers=table.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()
    assert table.pool(commerce) == 4
    changed = {**body, "data": {"player": table.players[1], "amount": 5}}
    assert table.client.post(table.url("/events"), json=changed,
                             headers=table.write).status_code == 409


def test_a_stale_expected_version_is_409_with_the_current_version(table, commerce):
    response = table.post("stake_paid", commerce, data={"player": table.players[0], "amount": 1},
                          expected_version=2)
    assert response.status_code == 409
    assert response.content_type == "application/problem+json"
    assert response.get_json()["current_version"] == 6
    ok = table.post("stake_paid", commerce, data={"player": table.players[0], "amount": 1},
                    expected_version=6)
    assert ok.status_code == 201 and ok.get_json()["version"] == 7


@pytest.mark.parametrize("amount", ["3", 2.5, True, 10**9 + 1, 0, -2])
def test_bad_amounts_are_422_naming_the_field_and_change_nothing(table, commerce, amount):
    response = table.post("stake_paid", commerce, data={"player": table.players[0],
                                                        "amount": amount})
    assert response.status_code == 422
    assert "data.amount" in response.get_json()["errors"]
    assert table.get("")["version"] == 6


def test_unknown_game_or_player_is_404_and_not_seated_is_409(table, commerce):
    assert table.post("stake_paid", "no-game", data={"player": table.players[0],
                                                     "amount": 1}).status_code == 404
    assert table.post("stake_paid", commerce, data={"player": "ghost",
                                                    "amount": 1}).status_code == 404
    outsider = table.add_player(name="Late")
    response = table.post("stake_paid", commerce, data={"player": outsider, "amount": 1})
    assert response.status_code == 409 and "data.player" in response.get_json()["errors"]


def test_a_payout_larger_than_the_pool_is_409(table, commerce):
    assert table.post("pool_won", commerce, data={"winners": [table.players[0]]}).status_code == 409


def test_unparseable_json_is_400_and_non_utf8_too(table):
    for body in (b"{not json", b'{"type": "stake_paid", "data": {"x": "\xff\xfe"}}',
                 b"[" * 5000 + b"]" * 5000):
        response = table.client.post(table.url("/events"), data=body,
                                     content_type="application/json", headers=table.write)
        assert response.status_code == 400, body[:20]
        assert response.content_type == "application/problem+json"


def test_a_body_over_the_limit_is_413(table):
    huge = {"type": "player_added", "data": {"name": "x" * 70_000}}
    response = table.client.post(table.url("/events"), json=huge, headers=table.write)
    assert response.status_code == 413
    assert response.content_type == "application/problem+json"


def test_unknown_envelope_or_data_fields_are_refused(table, commerce):
    response = table.post("stake_paid", commerce, data={"player": table.players[0], "amount": 1},
                          colour="red")
    assert response.status_code == 422 and "colour" in response.get_json()["errors"]


def test_events_after_a_version_oldest_first(table, commerce):
    table.record("deal_started", commerce)
    events = table.get("/events?after=5")["events"]
    assert [e["version"] for e in events] == [6, 7]
    assert [e["type"] for e in events] == ["game_started", "deal_started"]
    assert table.client.get(table.url("/events?after=-1"), headers=table.read).status_code == 422


def test_events_come_in_pages_of_limit_that_together_are_the_whole_log(table, commerce):
    for _ in range(4):
        table.record("deal_started", commerce)
    whole = table.get("/events")["events"]
    pages, after = [], 0
    while page := table.get(f"/events?after={after}&limit=3")["events"]:
        assert len(page) <= 3
        pages.append(page)
        after = page[-1]["version"]
    assert [e for page in pages for e in page] == whole and len(pages) == 4
    for bad in ("limit=0", "limit=10001", "limit=two"):
        response = table.client.get(table.url(f"/events?{bad}"), headers=table.read)
        assert response.status_code == 422 and "limit" in response.get_json()["errors"]


def test_void_reverses_once_and_a_void_cannot_be_voided(table, commerce):
    deal = table.record("deal_started", commerce)
    void = table.record("event_voided", event_id=deal["id"], reason="misdeal")
    assert set(table.counters().values()) == {0} and table.pool(commerce) == 0
    again = table.post("event_voided", data={"event_id": deal["id"], "reason": "again"})
    assert again.status_code == 409
    assert table.post("event_voided", data={"event_id": void["id"],
                                            "reason": "undo"}).status_code == 409
    assert table.post("event_voided", data={"event_id": "nope",
                                            "reason": "?"}).status_code == 404


def test_the_chain_verifies(table, commerce):
    table.record("deal_started", commerce)
    assert table.get("/verify") == {"ok": True, "events": 7, "first_bad_version": None,
                                    "head_hash": table.get("/events?after=6")["events"][0]["hash"]}


def test_dealing_read_model(table, commerce):
    table.record("deal_started", commerce)
    dealing = table.get(f"/games/{commerce}/dealing")
    assert dealing["current_dealer"] == table.players[0]
    assert dealing["next_dealer"] == table.players[1]
    assert dealing["equal"] is False
