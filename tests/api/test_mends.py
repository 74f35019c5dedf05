"""Mending the set-up, as facts in the log: a player renamed, a player added by mistake
removed, a game started by mistake removed; each by an event (`POST …/events`) or by its
route (`PATCH`/`DELETE`), each refused (409, nothing written) once something is recorded of
what it would take away, and what is removed gone from every read."""

import csv
import io
import uuid

import pytest

from tests.factories import Club, Table

READS = ["", "/balances", "/pools", "/settlement", "/verify", "/events",
         "/export/results.csv", "/export/journal.csv", "/export/settlement.csv"]


def version(table) -> int:
    return table.get("")["version"]


def rows(table, name: str) -> list[dict]:
    answer = table.client.get(table.url(f"/export/{name}.csv"), headers=table.read)
    return list(csv.DictReader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))


def refused(answer, status: int, field: str) -> dict:
    assert answer.status_code == status, answer.get_json()
    assert answer.content_type == "application/problem+json"
    assert field in answer.get_json()["errors"], answer.get_json()
    return answer.get_json()


def test_a_player_renamed_is_named_so_everywhere_and_the_log_keeps_both_names(table):
    game = table.start_game(kind="commerce", seats=table.players[:3])
    table.record("deal_started", game, dealer=table.players[0])
    pid = table.players[0]
    answer = table.client.patch(table.url(f"/players/{pid}"), json={"name": "Mrs Bennet"},
                                headers=table.write)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["id"] == pid and body["event"]["type"] == "player_renamed"
    assert body["event"]["data"] == {"player": pid, "name": "Mrs Bennet"}
    assert body["version"] == version(table)
    assert {p["id"]: p["name"] for p in table.get("")["players"]}[pid] == "Mrs Bennet"
    assert {p["id"]: p["name"] for p in table.get("/balances")["players"]}[pid] == "Mrs Bennet"
    assert {r["player_id"]: r["name"] for r in rows(table, "results")}[pid] == "Mrs Bennet"
    assert table.get(f"/players/{pid}/statement")["name"] == "Mrs Bennet"
    table.record("stake_paid", game, player=pid, amount=1)
    named = [(r["type"], r["holder"]) for r in rows(table, "journal")
             if r["account"] == f"player:{pid}"]
    was = named[0][1]  # the deal before the rename keeps the name it was recorded under
    assert named == [("deal_started", was), ("stake_paid", "Mrs Bennet")] and was != "Mrs Bennet"


def test_a_rename_is_checked_as_a_new_player_s_name_is(table):
    ann = table.add_player(name="Ann")
    for name in ("ann", "Аnn", "ANN"):  # another's name in another case or script
        refused(table.client.patch(table.url(f"/players/{table.players[0]}"),
                                   json={"name": name}, headers=table.write), 409, "name")
        refused(table.post("player_renamed", data={"player": table.players[0], "name": name}),
                409, "data.name")
    for bad in ("", "   ", "Ann\u0000", "x" * 101, 7):
        refused(table.client.patch(table.url(f"/players/{ann}"), json={"name": bad},
                                   headers=table.write), 422, "name")
    before = version(table)
    assert table.client.patch(table.url(f"/players/{ann}"), json={"name": "ANN"},
                              headers=table.write).status_code == 200  # his own, recased
    assert version(table) == before + 1
    refused(table.client.patch(table.url("/players/nobody"), json={"name": "Zed"},
                               headers=table.write), 404, "pid")
    refused(table.client.patch(table.url(f"/players/{ann}"), json={"name": "Zed", "group": "x"},
                               headers=table.write), 422, "group")


def test_a_rename_resent_with_its_id_is_answered_once(table):
    pid, rename_id = table.players[1], str(uuid.uuid4())
    first = table.client.patch(table.url(f"/players/{pid}"), json={"id": rename_id, "name": "Kit"},
                               headers=table.write)
    again = table.client.patch(table.url(f"/players/{pid}"), json={"id": rename_id, "name": "Kit"},
                               headers=table.write)
    assert first.status_code == again.status_code == 200
    assert again.get_json()["event"] == first.get_json()["event"]
    refused(table.client.patch(table.url(f"/players/{pid}"), json={"id": rename_id, "name": "Kat"},
                               headers=table.write), 409, "id")
    assert version(table) == first.get_json()["version"]


def test_a_player_with_nothing_recorded_leaves_every_read(table):
    table.start_game(kind="commerce", seats=table.players[:3])
    extra = table.players[3]
    name = {p["id"]: p["name"] for p in table.get("")["players"]}[extra]
    before = version(table)
    answer = table.client.delete(table.url(f"/players/{extra}"), headers=table.write)
    assert answer.status_code == 200
    removed = answer.get_json()
    assert removed["id"] == extra and removed["version"] == before + 1
    assert removed["event"]["type"] == "player_removed"
    again = table.client.delete(table.url(f"/players/{extra}"), headers=table.write)
    assert again.status_code == 200 and again.get_json() == removed  # the original, once
    assert version(table) == before + 1
    assert extra not in [p["id"] for p in table.get("")["players"]]
    assert extra not in [p["id"] for p in table.get("/balances")["players"]]
    assert extra not in [r["id"] for r in table.get("/settlement")["results"]]
    assert extra not in [r["player_id"] for r in rows(table, "results")]
    refused(table.client.get(table.url(f"/players/{extra}/statement"), headers=table.read),
            404, "pid")
    refused(table.client.patch(table.url(f"/players/{extra}"), json={"name": "Back"},
                               headers=table.write), 404, "pid")
    refused(table.post("player_removed", data={"player": extra}), 409, "data.player")
    refused(table.post("payment_made", data={"from": extra, "to": table.players[0],
                                             "amount": 1}), 404, "data.from")
    refused(table.client.post(table.url("/games"), json={
        "kind": "other", "stake": 1, "seats": [table.players[0], extra]}, headers=table.write),
        404, "data.seats")
    assert table.add_player(name=name)  # his name is free again


@pytest.mark.parametrize("how", ["route", "event"])
def test_a_seated_player_is_not_removed_and_nothing_is_written(table, how):
    game = table.start_game(kind="commerce", seats=table.players[:3])
    pid = table.players[0]
    before = version(table)
    answer = (table.client.delete(table.url(f"/players/{pid}"), headers=table.write)
              if how == "route" else table.post("player_removed", data={"player": pid}))
    problem = refused(answer, 409, "pid" if how == "route" else "data.player")
    assert "seated in Commerce" in problem["detail"]
    assert version(table) == before and pid in [p["id"] for p in table.get("")["players"]]
    assert game in [g["id"] for g in table.get("")["games"]]


def test_what_was_recorded_of_a_player_keeps_him_even_undone_and_his_game_gone(table):
    game = table.start_game(kind="commerce", seats=table.players[:3])
    deal = table.record("deal_started", game)
    barter = table.record("cards_bartered", game, player=table.players[1], **{"with": table.players[2]})
    for fact in (barter, deal):
        table.record("event_voided", event_id=fact["id"], reason="a slip")
    assert table.client.delete(table.url(f"/games/{game}"), headers=table.write).status_code == 200
    # the undone deal moved counters to and from each: the journal names them
    problem = refused(table.client.delete(table.url(f"/players/{table.players[0]}"),
                                          headers=table.write), 409, "pid")
    assert "Counters have moved" in problem["detail"]
    # a deal of a game without antes moved nothing, but it names its dealer and stays
    other = Table(table.client)
    free = other.start_game(kind="other", seats=other.players[:3])
    dealt = other.record("deal_started", free, dealer=other.players[2])
    assert dealt["postings"] == []
    other.record("event_voided", event_id=dealt["id"], reason="a slip")
    assert other.client.delete(other.url(f"/games/{free}"), headers=other.write).status_code == 200
    problem = refused(other.post("player_removed", data={"player": other.players[2]}), 409,
                      "data.player")
    assert "deal_started" in problem["detail"]
    assert other.client.delete(other.url(f"/players/{other.players[0]}"),  # seated, freed,
                               headers=other.write).status_code == 200  # named by nothing


def test_a_game_with_nothing_recorded_leaves_every_read_and_frees_its_seats(table):
    kept = table.start_game(kind="commerce", seats=table.players[:3])
    cassino = table.start_game(kind="cassino", seats=[table.players[0], table.players[3]])
    table.record("deal_started", kept)
    before = version(table)
    answer = table.client.delete(table.url(f"/games/{cassino}"), headers=table.write)
    assert answer.status_code == 200
    assert answer.get_json()["event"]["game_id"] == cassino
    assert answer.get_json()["event"]["postings"] == [] and version(table) == before + 1
    assert [g["id"] for g in table.get("")["games"]] == [kept]
    assert [p["game_id"] for p in table.get("/pools")["pools"]] == [kept]
    assert not any(h.startswith("cassino") for h in rows(table, "results")[0])
    for path in ("dealing", "scores", "refund"):
        refused(table.client.get(table.url(f"/games/{cassino}/{path}"), headers=table.read),
                404, "gid")
    refused(table.post("deal_started", cassino), 404, "game_id")
    refused(table.post("pool_carried_over", kept, data={"to_game_id": cassino}), 404,
            "data.to_game_id")
    assert table.client.delete(table.url(f"/players/{table.players[3]}"),
                               headers=table.write).status_code == 200  # his seat is free
    for path in READS:
        assert table.client.get(table.url(path), headers=table.read).status_code == 200


def test_a_game_with_a_fact_standing_is_not_removed_and_undone_it_is(table):
    game = table.start_game(kind="commerce", seats=table.players[:3])
    deal = table.record("deal_started", game)
    before = version(table)
    problem = refused(table.client.delete(table.url(f"/games/{game}"), headers=table.write),
                      409, "gid")
    assert "undo them first" in problem["detail"]
    refused(table.post("game_removed", game), 409, "game_id")
    assert version(table) == before and table.pool(game) == 8
    table.record("event_voided", event_id=deal["id"], reason="started by mistake")
    removal_id = str(uuid.uuid4())
    removed = table.post("game_removed", game, id=removal_id)
    assert removed.status_code == 201 and removed.get_json()["id"] == removal_id
    assert table.post("game_removed", game, id=removal_id).status_code == 200  # a resend
    refused(table.client.delete(table.url(f"/games/{game}"), headers=table.write), 409, "gid")
    journal = rows(table, "journal")  # the undone deal stays in the audit, in words
    assert {r["type"] for r in journal} == {"deal_started", "event_voided"}
    assert "pool of Commerce" in {r["holder"] for r in journal}
    assert table.get("/balances")["pools_counters"] == 0 and table.get("/pools")["pools"] == []
    assert table.get("/settlement")["all_square"] is True


def test_a_pool_carried_into_a_game_keeps_it(table):
    source = table.start_game(kind="commerce", seats=table.players[:3])
    target = table.start_game(kind="other", seats=table.players[:3])
    table.record("deal_started", source)
    table.record("pool_carried_over", source, to_game_id=target)
    refused(table.client.delete(table.url(f"/games/{target}"), headers=table.write), 409, "gid")


def test_a_progressive_game_removed_gives_its_starting_counters_back_to_the_bank(table):
    heads = [table.post("table_added", data={"name": n, "rank": r}).get_json()["id"]
             for n, r in (("Head", 1), ("Booby", 2))]
    seats = table.players
    game = table.start_game(kind="progressive_poker", seats=seats, options={"tables": [
        {"table_id": heads[0], "seats": seats[:2]}, {"table_id": heads[1], "seats": seats[2:]}]})
    assert {p["held"] for p in table.get("/balances")["players"]} == {50}
    removed = table.client.delete(table.url(f"/games/{game}"), headers=table.write).get_json()
    assert sorted(p["amount"] for p in removed["event"]["postings"]) == [-50] * 4 + [200]
    balances = table.get("/balances")["players"]
    assert {(p["held"], p["issued"], p["counters"]) for p in balances} == {(0, 0, 0)}
    refused(table.client.get(table.url("/progressive"), headers=table.read), 404, "game_id")


def test_a_mend_is_never_undone_by_a_void(table):
    rename = table.record("player_renamed", player=table.players[0], name="Rosa")
    removal = table.record("player_removed", player=table.players[3])
    for fact in (rename, removal):
        refused(table.post("event_voided", data={"event_id": fact["id"], "reason": "x"}), 409,
                "data.event_id")


@pytest.mark.parametrize("body, field", [
    ({"type": "game_removed", "data": {}}, "game_id"),
    ({"type": "player_removed", "game_id": "g", "data": {"player": "p"}}, "game_id"),
    ({"type": "player_removed", "data": {"player": "p"}, "deal": 1}, "deal"),
    ({"type": "player_removed", "data": {}}, "data.player"),
    ({"type": "player_renamed", "data": {"player": "p"}}, "data.name"),
    ({"type": "game_removed", "game_id": "g", "data": {"reason": "x"}}, "data.reason"),
])
def test_a_malformed_mend_is_refused_naming_the_field(table, body, field):
    before = version(table)
    refused(table.client.post(table.url("/events"), json=body, headers=table.write), 422, field)
    assert version(table) == before


def test_the_mend_routes_take_only_the_session_s_write_token(client, table):
    elsewhere = Table(client, players=1)
    pid, path = table.players[3], table.url(f"/players/{table.players[3]}")
    assert client.delete(path).status_code == 401
    assert client.delete(path, headers=table.read).status_code == 403
    assert client.patch(path, json={"name": "X"}, headers=table.read).status_code == 403
    assert client.delete(path, headers=elsewhere.write).status_code == 404
    refused(client.delete(path + "?expected_version=1", headers=table.write), 409,
            "expected_version")
    refused(client.delete(path + "?surplus=1", headers=table.write), 422, "surplus")
    refused(client.delete(table.url("/games/a%20b"), headers=table.write), 404, "gid")
    assert pid in [p["id"] for p in table.get("")["players"]]


def test_a_club_evening_s_player_removed_counts_for_his_member_nowhere(client):
    club = Club(client, members=("Ann", "Ben", "Cleo"))
    evening = club.evening("Ann", "Ben", "Cleo")
    ann, ben, cleo = evening.players
    evening.record("deal_started", evening.start_game(kind="other", seats=[ann, ben]))
    assert client.delete(evening.url(f"/players/{cleo}"), headers=evening.write).status_code == 200
    described = club.get("")["evenings"][0]["players"]
    assert [p["id"] for p in described] == [ann, ben]
    assert club.standings()["Cleo"]["evenings"] == 0 and club.standings()["Ann"]["evenings"] == 1
    refused(club.post("player_linked", session_id=evening.id, player=cleo,
                      member=club.members["Cleo"]), 404, "data")
