"""A club's evening is dated on its own day, in its own time zone, everywhere: its summary and
results, its files' names, the club's standings, seasons and history. An evening opened in the
club takes a time zone (the phone sends its own); one opened without keeps UTC.

Pacific/Pago_Pago (UTC−11) is a day behind UTC before 11:00 UTC, Pacific/Kiritimati (UTC+14)
a day ahead from 10:00 UTC: whenever these run, one of the two evenings has a day other than
its day in UTC (`tests/unit/test_local_day.py` fixes the times)."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests.api.test_clubs import commerce_deal
from tests.factories import Club, SessionRequest, Table

KIRITIMATI, PAGO_PAGO = "Pacific/Kiritimati", "Pacific/Pago_Pago"
ZONES = (PAGO_PAGO, KIRITIMATI)
FILES = ("results.csv", "journal.csv", "settlement.csv", "evening.xlsx", "evening.json")


def own_day(created_at: str, zone: str) -> str:
    return dt.datetime.fromisoformat(created_at).astimezone(ZoneInfo(zone)).date().isoformat()


def day_before(day: str) -> str:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


@pytest.fixture
def club(client):
    return Club(client, members=("Ann", "Ben", "Cleo"))


def played(club: Club, zone: str | None) -> tuple[Table, str]:
    """Tonight's evening opened in the club in `zone` (None: without one), a deal won; and
    its day in that zone (UTC's for none)."""
    table = club.evening("Ann", "Ben", "Cleo", **({"time_zone": zone} if zone else {}))
    commerce_deal(table)
    summary = table.get("")
    assert summary["time_zone"] == (zone or "UTC")
    return table, own_day(summary["created_at"], zone or "UTC")


def test_a_club_evening_is_dated_on_its_own_day_in_its_reads_files_and_standings(client, club):
    evenings = {zone: played(club, zone) for zone in ZONES}
    for zone, (table, day) in evenings.items():
        assert table.get("")["date"] == table.get("/results")["date"] == day, zone
        for name in FILES:
            response = client.get(table.url(f"/export/{name}"), headers=table.read)
            assert response.status_code == 200 and response.get_data()  # read whole: streamed
            stem, extension = name.rsplit(".", 1)
            suffix = f"-{stem}.{extension}" if extension == "csv" else f".{extension}"
            assert response.headers["Content-Disposition"].endswith(f'-{day}{suffix}"'), (
                zone, response.headers["Content-Disposition"])
    dated = {table.id: day for table, day in evenings.values()}
    assert {e["session_id"]: e["date"] for e in club.get("/standings")["evenings"]} == dated
    assert {e["session_id"]: e["date"] for e in club.get()["evenings"]} == dated
    history = club.get(f"/members/{club.members['Ben']}/history")["evenings"]
    assert {e["session_id"]: e["date"] for e in history} == dated


@pytest.mark.parametrize("zone", ZONES)
def test_a_season_takes_a_club_evening_by_its_own_day(client, club, zone):
    table, day = played(club, zone)
    club.record("season_declared", name="From its day", starts=day, ends="2999-12-31")
    club.record("season_declared", name="Until the day before", starts="2000-01-01",
                ends=day_before(day))
    club.record("season_declared", name="Its day alone", starts=day, ends=day)
    for season in ("From its day", "Its day alone"):
        assert [e["session_id"] for e in club.get("/standings", season=season)["evenings"]] == [
            table.id], season
        assert club.standings(season=season)["Ben"]["counters"] == 8
    before = club.get("/standings", season="Until the day before")
    assert before["evenings"] == [] and club.standings(
        season="Until the day before")["Ben"]["counters"] == 0
    csv = client.get(club.url("/export/standings.csv"), headers=club.read,
                     query_string={"season": "Its day alone"}).get_data(as_text=True)
    assert ",8," in csv  # Ben's counters, in the season's file too


def test_an_evening_brought_into_a_club_keeps_the_zone_it_was_opened_in(client, club):
    dated = {}
    for zone in ZONES:
        table = Table(client, players=3, time_zone=zone)
        links = dict(zip(table.players, (club.members[n] for n in ("Ann", "Ben", "Cleo"))))
        answer = client.put(club.url(f"/evenings/{table.id}"), headers=club.write,
                            json={"write_token": table.write_token, "links": links})
        assert answer.status_code == 201, answer.get_json()
        dated[table.id] = own_day(table.get("")["created_at"], zone)
    assert {e["session_id"]: e["date"] for e in club.get("/standings")["evenings"]} == dated


def test_a_club_evening_opened_without_a_zone_is_in_utc_as_before(client, club):
    table, day = played(club, None)
    assert table.get("")["date"] == table.get("")["created_at"][:10] == day
    assert [e["date"] for e in club.get("/standings")["evenings"]] == [day]


def test_the_zone_is_part_of_the_opening_a_resend_answers_and_a_bad_one_is_refused(client, club):
    body = {**SessionRequest(), "id": "3b9e6f0a-1c2d-4e5f-8a7b-6c5d4e3f2a10",
            "members": [club.members["Ann"], club.members["Ben"]], "time_zone": KIRITIMATI}
    first = client.post(club.url("/evenings"), json=body, headers=club.write)
    again = client.post(club.url("/evenings"), json=body, headers=club.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["time_zone"] == again.get_json()["time_zone"] == KIRITIMATI
    assert first.get_json()["id"] == again.get_json()["id"]
    elsewhere = client.post(club.url("/evenings"), json={**body, "time_zone": PAGO_PAGO},
                            headers=club.write)
    assert elsewhere.status_code == 409 and "id" in elsewhere.get_json()["errors"]
    version = club.get()["version"]
    for zone in ("Mars/Olympus_Mons", "pacific/kiritimati", "", 14):
        refused = client.post(club.url("/evenings"), headers=club.write, json={
            "name": "Elsewhere", "members": body["members"], "time_zone": zone})
        assert refused.status_code == 422 and "time_zone" in refused.get_json()["errors"], zone
    assert club.get()["version"] == version  # nothing opened


@pytest.mark.parametrize("zone", ZONES)
def test_a_carry_to_the_tab_is_dated_on_its_evening_s_day(club, zone):
    table, _ = played(club, zone)
    at = table.record("carried_to_tab")["recorded_at"]
    day = own_day(at, zone)
    assert table.get("/results")["carried"]["date"] == day
    [entry] = club.get("/tab")["currencies"][0]["entries"]
    assert entry["carried_on"] == day
    ben = club.get(f"/members/{club.members['Ben']}/tab")["currencies"][0]["entries"]
    assert [e["carried_on"] for e in ben] == [day]
