"""A club across evenings (issue 15): its own stream and tokens, members, seasons, evenings
opened in it or brought in, the members' standings and history over its evenings."""

import csv
import hashlib
import io

import pytest
from sqlalchemy import text

from tests.factories import Club, Table

MONEY = {"GBP": 5, "EUR": 10}


def commerce_deal(table: Table, winner: int = 1, stake: int = 2) -> str:
    """One deal of Commerce dealt by the first seat and won by `winner`'s stand: with three
    seats and a stake of 2 the dealer is down 6, the winner up 8 and the third down 2."""
    game = table.start_game(kind="commerce", stake=stake)
    table.record("deal_started", game)
    stander = table.players[winner]
    table.record("commerce_stand", game, stander=stander, winner=stander, better_hands=[])
    return game


@pytest.fixture
def club(client):
    return Club(client, members=("Ann", "Ben", "Cleo", "Dora"))


def test_a_club_is_a_stream_of_its_own_with_hashed_tokens(client, app, club):
    log = client.get(club.url("/events"), headers=club.read).get_json()["events"]
    assert [e["type"] for e in log] == ["club_created"] + ["member_added"] * 4
    assert [e["version"] for e in log] == [1, 2, 3, 4, 5]
    assert client.get(club.url("/verify"), headers=club.read).get_json()["ok"] is True
    token = club.write["Authorization"].split()[1]
    with app.extensions["ledger"].store.engine.connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM club_tokens")).scalars().all()
        kept = connection.execute(text("SELECT data FROM events")).scalars().all()
    assert hashlib.sha256(token.encode()).hexdigest() in stored
    assert not any(token in row for row in [*stored, *kept])
    # a club is not a session: not listed, not readable as one
    assert client.get(f"/api/v1/sessions/{club.id}", headers=club.read).status_code == 404


def test_each_clubs_tokens_open_only_that_club(client, club):
    other = Club(client, name="Longbourn")
    assert client.get(club.url()).status_code == 401
    assert client.get(club.url(), headers=other.read).status_code == 404
    assert client.get(club.url(), headers={"Authorization": "Bearer nonsense"}).status_code == 401
    assert club.post("season_declared", headers=club.read, name="Winter", starts="2026-11-01",
                     ends="2027-02-28").status_code == 403
    evening = Table(client, players=2)
    assert client.get(club.url(), headers=evening.write).status_code == 401  # not a club's


def test_members_are_told_apart_renamed_and_retired_never_deleted(client, club):
    assert club.client.post(club.url("/members"), json={"name": "ANN"},
                            headers=club.write).status_code == 409
    assert club.post("member_renamed", member=club.members["Ben"], name="Cleo").status_code == 409
    club.record("member_renamed", member=club.members["Ben"], name="Benedict")
    club.record("member_retired", member=club.members["Dora"])
    assert club.post("member_retired", member=club.members["Dora"]).status_code == 409
    assert club.post("member_retired", member="no-such-member").status_code == 404
    members = {m["name"]: m for m in club.get()["members"]}
    assert set(members) == {"Ann", "Benedict", "Cleo", "Dora"} and members["Dora"]["retired"]
    # a retired member is not seated tonight, but keeps his place in the standings
    answer = client.post(club.url("/evenings"), headers=club.write, json={
        "name": "Epiphany", "members": [club.members["Ann"], club.members["Dora"]]})
    assert answer.status_code == 409 and "members" in answer.get_json()["errors"]
    assert "Dora" in club.standings()


def test_a_resent_fact_is_recorded_once(client, club):
    body = {"id": "season-1", "type": "season_declared",
            "data": {"name": "Winter", "starts": "2026-11-01", "ends": "2027-02-28"}}
    first = client.post(club.url("/events"), json=body, headers=club.write)
    again = client.post(club.url("/events"), json=body, headers=club.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()
    changed = {**body, "data": {**body["data"], "name": "Spring"}}
    assert client.post(club.url("/events"), json=changed, headers=club.write).status_code == 409
    assert len(club.get()["seasons"]) == 1


@pytest.mark.parametrize("body, field", [
    ({"type": "season_declared", "data": {"name": "W", "starts": "2026-11-01", "ends": "2026-10-01"}}, "data.ends"),
    ({"type": "season_declared", "data": {"name": "W", "starts": "1 Nov", "ends": "2026-12-01"}}, "data.starts"),
    ({"type": "season_declared"}, "data.name"),
    ({"type": "club_created", "data": {"name": "Again"}}, "type"),
    ({"type": "evening_attached", "data": {"session_id": "x"}}, "type"),
    ({"type": "player_linked", "data": {"session_id": "x", "player": "y"}}, "data.member"),
    ({"type": "member_renamed", "data": {"member": "m", "name": "e\u202evil"}}, "data.name"),
    ({"type": "season_declared", "data": {}, "surprise": 1}, "surprise"),
    ({"type": "season_declared", "expected_version": None, "data": {  # a number, or absent
        "name": "Winter", "starts": "2026-01-01", "ends": "2026-03-31"}}, "expected_version"),
    ([], "body"),
])
def test_bad_input_is_refused_naming_the_field_and_changes_nothing(client, club, body, field):
    before = club.get()["version"]
    answer = client.post(club.url("/events"), json=body, headers=club.write)
    assert answer.status_code == 422, answer.get_json()
    assert answer.mimetype == "application/problem+json" and field in answer.get_json()["errors"]
    assert club.get()["version"] == before


def test_an_evening_opened_in_the_club_seats_its_members_by_name(client, club):
    evening = club.evening("Ann", "Ben", "Cleo", name="Twelfth Night")
    summary = evening.get("")
    assert [p["name"] for p in summary["players"]] == ["Ann", "Ben", "Cleo"]
    listed = club.get()["evenings"]
    assert [(e["name"], [(p["name"], p["member"]) for p in e["players"]]) for e in listed] == [
        ("Twelfth Night", [(n, club.members[n]) for n in ("Ann", "Ben", "Cleo")])]
    # the evening's own tokens record it; the club's read it and never write it
    commerce_deal(evening)
    assert client.get(evening.url("/balances"), headers=club.read).status_code == 200
    assert client.get(evening.url("/balances"), headers=club.write).status_code == 200
    assert client.post(evening.url("/players"), json={"name": "Eve"},
                       headers=club.write).status_code == 403
    other = Club(client, name="Longbourn")
    assert client.get(evening.url("/balances"), headers=other.read).status_code == 404
    assert client.get(evening.url("/verify"), headers=evening.read).get_json()["ok"] is True


def test_an_existing_evening_is_brought_in_by_its_write_token_once(client, club):
    evening = Table(client, players=3)
    commerce_deal(evening)
    path = club.url(f"/evenings/{evening.id}")
    read_token = evening.read["Authorization"].split()[1]
    assert client.put(path, json={"write_token": read_token}, headers=club.write).status_code == 404
    links = {evening.players[0]: club.members["Ann"], evening.players[1]: club.members["Ben"]}
    twice = {evening.players[0]: club.members["Ann"], evening.players[1]: club.members["Ann"]}
    assert client.put(path, json={"write_token": evening.write_token, "links": twice},
                      headers=club.write).status_code == 409
    first = client.put(path, json={"write_token": evening.write_token, "links": links},
                       headers=club.write)
    again = client.put(path, json={"write_token": evening.write_token, "links": links},
                       headers=club.write)
    assert (first.status_code, again.status_code) == (201, 200)
    other = Club(client, name="Longbourn")
    taken = client.put(other.url(f"/evenings/{evening.id}"),
                       json={"write_token": evening.write_token}, headers=other.write)
    assert taken.status_code == 409
    assert client.get(evening.url("/balances"), headers=other.read).status_code == 404
    standings = club.standings()
    assert (standings["Ann"]["counters"], standings["Ben"]["counters"]) == (-6, 8)


def test_players_are_linked_relinked_and_unlinked_by_events(client, club):
    evening = Table(client, players=3)
    commerce_deal(evening)
    client.put(club.url(f"/evenings/{evening.id}"), json={"write_token": evening.write_token},
               headers=club.write)
    assert club.standings()["Cleo"]["evenings"] == 0
    dealer, winner, third = evening.players
    club.record("player_linked", session_id=evening.id, player=third, member=club.members["Cleo"])
    club.record("player_linked", session_id=evening.id, player=winner, member=club.members["Ann"])
    assert club.post("player_linked", session_id=evening.id, player=dealer,
                     member=club.members["Ann"]).status_code == 409  # Ann is the winner
    assert club.post("player_linked", session_id=evening.id, player="nobody",
                     member=club.members["Ben"]).status_code == 404
    assert club.post("player_linked", session_id="no-evening", player=dealer,
                     member=club.members["Ben"]).status_code == 404
    standings = club.standings()
    assert (standings["Cleo"]["counters"], standings["Ann"]["counters"]) == (-2, 8)
    club.record("player_linked", session_id=evening.id, player=winner, member=None)
    assert club.standings()["Ann"]["evenings"] == 0


def test_standings_over_evenings_in_two_currencies_never_add_pence_to_cents(client, club):
    first = club.evening("Ann", "Ben", "Cleo", counter_value=5, currency="GBP")
    commerce_deal(first, winner=1)  # Ann deals: Ann -6, Ben +8, Cleo -2
    second = club.evening("Ben", "Cleo", "Ann", counter_value=10, currency="EUR")
    commerce_deal(second, winner=1)  # Ben deals: Ben -6, Cleo +8, Ann -2
    table = club.get("/standings")
    assert [e["currency"] for e in table["evenings"]] == ["GBP", "EUR"]
    rows = {row["name"]: row for row in table["members"]}
    assert [row["name"] for row in table["members"]] == ["Cleo", "Ben", "Dora", "Ann"]
    assert rows["Ann"] | {} == {**rows["Ann"], "evenings": 2, "counters": -8,
                                "money": {"GBP": -30, "EUR": -20}, "deals": 1, "running": [-6, -8]}
    assert rows["Ben"]["money"] == {"GBP": 40, "EUR": -60} and rows["Ben"]["counters"] == 2
    assert rows["Ben"]["biggest_win"]["counters"] == 8
    assert rows["Ben"]["biggest_win"]["session_id"] == first.id
    assert rows["Ben"]["biggest_loss"]["counters"] == -6
    assert rows["Ben"]["biggest_loss"]["session_id"] == second.id
    assert rows["Dora"] | {} == {**rows["Dora"], "evenings": 0, "counters": 0, "money": {},
                                 "running": [0, 0], "biggest_win": None}
    # conservation: everything played is linked, and no pool is left
    assert sum(row["counters"] for row in table["members"]) == 0
    history = club.get(f"/members/{club.members['Ben']}/history")
    assert [(e["session_id"], e["counters"], e["running_counters"]) for e in history["evenings"]] == [
        (second.id, -6, 2), (first.id, 8, 8)]
    assert history["money"] == {"GBP": 40, "EUR": -60}


def test_seasons_choose_the_evenings_by_their_date(client, club):
    evening = club.evening("Ann", "Ben", "Cleo")
    commerce_deal(evening)
    today = evening.get("")["created_at"][:10]
    club.record("season_declared", name="This year", starts=f"{today[:4]}-01-01",
                ends=f"{today[:4]}-12-31")
    club.record("season_declared", name="Long ago", starts="2000-01-01", ends="2000-12-31")
    assert club.standings(season="this YEAR")["Ben"]["counters"] == 8
    past = club.get("/standings", season="Long ago")
    assert past["evenings"] == [] and {r["counters"] for r in past["members"]} == {0}
    assert past["season"]["name"] == "Long ago"
    unknown = client.get(club.url("/standings"), query_string={"season": "Summer"},
                         headers=club.read)
    assert unknown.status_code == 404 and "season" in unknown.get_json()["errors"]
    assert client.get(club.url("/standings"), query_string={"from": "x"},
                      headers=club.read).status_code == 422


def test_the_games_tallies_add_up_cassino_games_won_and_yellow_chips(client, club):
    evening = club.evening("Ann", "Ben")
    ann, ben = evening.players
    game = evening.start_game(kind="cassino", stake=1, options={"target": 10})
    evening.record("deal_started", game)
    evening.record("cassino_deal_counted", game, counts={
        ann: {"cards": 27, "spades": 7, "aces": 3, "great_cassino": 1, "little_cassino": 1, "sweeps": 1},
        ben: {"cards": 25, "spades": 6, "aces": 1, "great_cassino": 0, "little_cassino": 0, "sweeps": 0}})
    assert evening.get(f"/games/{game}/scores")["winner"] == ann
    poker = club.evening("Cleo", "Dora", "Ann", "Ben")
    cleo, dora, ann2, ben2 = poker.players
    tables = [client.post(poker.url("/tables"), json={"name": f"T{r}", "rank": r},
                          headers=poker.write).get_json()["id"] for r in (1, 2)]
    progressive = poker.start_game(kind="progressive_poker", options={"tables": [
        {"table_id": tables[0], "seats": [cleo, dora]}, {"table_id": tables[1], "seats": [ann2, ben2]}]})
    for at, winner, loser in ((tables[0], cleo, dora), (tables[1], ann2, ben2)):
        poker.record("progressive_pot_won", progressive, table_id=at, winner=winner,
                     contributions={winner: 5, loser: 5}, callers=[])
    poker.record("progressive_round_ended", progressive)
    rows = club.standings()
    assert rows["Ann"]["tallies"]["cassino_games_won"] == 1
    assert rows["Ben"]["tallies"].get("cassino_games_won", 0) == 0
    assert rows["Cleo"]["tallies"]["yellow_chips"] == 1
    assert rows["Cleo"]["tallies"]["progressive_prizes"] >= 1
    assert rows["Dora"]["tallies"].get("yellow_chips", 0) == 0


def test_standings_csv_is_formula_safe_and_adds_up_with_the_json(client):
    club = Club(client, members=("=HYPERLINK(1)", "Ben", "Cleo"))
    evening = club.evening("=HYPERLINK(1)", "Ben", "Cleo")
    commerce_deal(evening)
    answer = client.get(club.url("/export/standings.csv"), headers=club.read)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.headers["Content-Disposition"].endswith('-standings.csv"')
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    by_id = {row["member_id"]: row for row in rows}
    for member in club.get("/standings")["members"]:
        row = by_id[member["member_id"]]
        assert int(row["counters"]) == member["counters"]
        assert int(row["money_GBP"]) == member["money"].get("GBP", 0)
    assert by_id[club.members["=HYPERLINK(1)"]]["name"] == "'=HYPERLINK(1)"


def test_another_sessions_token_never_reads_a_club_or_its_evenings(client, club):
    evening = club.evening("Ann", "Ben")
    stranger = Table(client, players=1)
    assert client.get(evening.url("/balances"), headers=stranger.read).status_code == 404
    assert client.get(club.url("/standings"), headers=evening.read).status_code == 401
