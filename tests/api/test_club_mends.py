"""Mending a club's book (issue 32): a file brought in again with other figures for an evening
already brought in shows each difference as a conflict of the preview, and confirming it
records a correction (the club's `evening_corrected`) by which the standings move, exactly;
an evening brought in can be withdrawn with a reason (`evening_withdrawn`): the standings
leave it out, the club's log keeps it and says why. Nothing is deleted."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.test_club_imports import send
from tests.factories import Club

FIRST = ("date,evening,member,counters,money\n"
         "2025-11-05,Guy Fawkes,Ann,-6,-0.30\n2025-11-05,Guy Fawkes,Ben,6,0.30\n"
         "2025-12-24,Christmas Eve,Ann,3,0.15\n2025-12-24,Christmas Eve,Zoë,-3,-0.15\n")
# Guy Fawkes mended: Ann −4, Ben +2 and Zoë +2, whom the first file left out
MENDED = ("date,evening,member,counters,money\n"
          "2025-11-05,Guy Fawkes,Ann,-4,-0.20\n2025-11-05,Guy Fawkes,Ben,2,0.10\n"
          "2025-11-05,Guy Fawkes,Zoë,2,0.10\n"
          "2025-12-24,Christmas Eve,Ann,3,0.15\n2025-12-24,Christmas Eve,Zoë,-3,-0.15\n")


@pytest.fixture
def club(client):
    club = Club(client, members=("Ann", "Ben", "Zoë"))
    assert send(club, FIRST, confirm=True).get_json()["recorded"] == 2
    return club


def figures(club) -> dict[str, tuple[int, int, int]]:
    return {name: (row["counters"], row["money"].get("GBP", 0), row["evenings"])
            for name, row in club.standings().items()}


def log(club) -> list[dict]:
    return club.get("/events")["events"]


def test_changed_figures_are_conflicts_of_the_preview_not_brought_in_already(club):
    before = club.get()["version"]
    preview = send(club, MENDED).get_json()
    assert preview["ready"] and preview["new"] == 0 and preview["corrections"] == 1
    guy = next(e for e in preview["evenings"] if e["name"] == "Guy Fawkes")
    assert guy["already"] and not guy["withdrawn"]
    assert [(c["evening_name"], c["name"], c["line"], c["before"], c["after"])
            for c in preview["conflicts"]] == [
        ("Guy Fawkes", "Ann", 2, {"counters": -6, "amount_minor": -30},
         {"counters": -4, "amount_minor": -20}),
        ("Guy Fawkes", "Ben", 3, {"counters": 6, "amount_minor": 30},
         {"counters": 2, "amount_minor": 10}),
        ("Guy Fawkes", "Zoë", 4, None, {"counters": 2, "amount_minor": 10})]
    assert {c["evening"] for c in preview["conflicts"]} == {guy["id"]}
    assert club.get()["version"] == before  # a preview records nothing


def test_a_confirmation_records_the_corrections_only_when_it_says_so(club):
    was = figures(club)
    before = club.get()["version"]
    refused = send(club, MENDED, confirm=True)
    assert refused.status_code == 409 and "correct" in refused.get_json()["errors"]
    assert club.get()["version"] == before and figures(club) == was
    done = send(club, MENDED, confirm=True, correct="true").get_json()
    assert (done["recorded"], done["corrected"], done["members_added"]) == (0, 1, 0)
    now = figures(club)
    # the standings move by exactly the corrections: Ann +2, Ben −4, Zoë +2 and an evening
    assert now == {"Ann": (was["Ann"][0] + 2, was["Ann"][1] + 10, 2),
                   "Ben": (was["Ben"][0] - 4, was["Ben"][1] - 20, 1),
                   "Zoë": (was["Zoë"][0] + 2, was["Zoë"][1] + 10, 2)}
    [fact] = [e for e in log(club) if e["type"] == "evening_corrected"]
    assert [(c["name"], c["before"], c["after"]) for c in fact["data"]["changes"]] == [
        ("Ann", {"counters": -6, "amount_minor": -30}, {"counters": -4, "amount_minor": -20}),
        ("Ben", {"counters": 6, "amount_minor": 30}, {"counters": 2, "amount_minor": 10}),
        ("Zoë", None, {"counters": 2, "amount_minor": 10})]
    assert fact["said"] == ("Corrected Guy Fawkes (2025-11-05): Ann −6 (−0.30 GBP) → −4 "
                            "(−0.20 GBP); Ben +6 (+0.30 GBP) → +2 (+0.10 GBP); Zoë none → "
                            "+2 (+0.10 GBP)")
    # the first figures stay in the log; the file again: nothing left to correct
    assert any(e["type"] == "evening_imported" and e["data"]["results"][club.members["Ann"]]
               ["counters"] == -6 for e in log(club))
    again = send(club, MENDED, confirm=True, correct="true").get_json()
    assert again["conflicts"] == [] and again["corrected"] == 0
    assert figures(club) == now
    # and the first file now is the mending: back to where it was
    assert len(send(club, FIRST).get_json()["conflicts"]) == 3
    send(club, FIRST, confirm=True, correct="true")
    assert figures(club) == {**was, "Zoë": (was["Zoë"][0], was["Zoë"][1], 1)}


def test_a_correction_naming_a_new_member_adds_him(club):
    text = MENDED.replace("Zoë,2,0.10", "Dot,2,0.10")
    preview = send(club, text, new="Dot").get_json()
    assert [c["member"] for c in preview["conflicts"]][-1] == "new:dot"
    done = send(club, text, confirm=True, correct="true", new="Dot").get_json()
    assert (done["corrected"], done["members_added"]) == (1, 1)
    assert club.standings()["Dot"]["counters"] == 2


def test_a_resent_confirmation_of_a_correction_answers_the_original(club):
    query = {"confirm": True, "correct": "true", "id": "0b5f3c1e-9a8d-4d2c-b1e0-7f6a5d4c3b2a"}
    first = send(club, MENDED, **query)
    again = send(club, MENDED, **query)
    assert first.status_code == again.status_code == 200
    assert again.get_json()["corrected"] == 1 and again.get_json()["conflicts"] == \
        first.get_json()["conflicts"]
    assert sum(e["type"] == "evening_corrected" for e in log(club)) == 1
    assert send(club, MENDED, confirm=True, id=query["id"]).status_code == 409  # other options


def test_an_evening_brought_in_is_withdrawn_with_its_reason_and_stays_in_the_log(club):
    evening = next(e for e in club.get()["imported"] if e["name"] == "Guy Fawkes")
    url = club.url(f"/imported/{evening['id']}/withdrawal")
    before = club.get()["version"]
    for body, field in (({}, "reason"), ({"reason": " "}, "reason"), ({"reason": 3}, "reason"),
                        ({"reason": "x" * 201}, "reason"), ({"reason": "ok", "why": 1}, "why")):
        refused = club.client.post(url, json=body, headers=club.write)
        assert refused.status_code == 422, (body, refused.get_json())
        assert refused.mimetype == "application/problem+json"
        assert field in refused.get_json()["errors"], refused.get_json()
    assert club.client.post(url, json={"reason": "ok"}, headers=club.read).status_code == 403
    assert club.get()["version"] == before
    done = club.client.post(url, json={"id": "w-1", "reason": "played at Netherfield's"},
                            headers=club.write)
    assert done.status_code == 201, done.get_json()
    assert club.client.post(url, json={"id": "w-1", "reason": "played at Netherfield's"},
                            headers=club.write).status_code == 200  # a resend: the original
    twice = club.client.post(url, json={"reason": "again"}, headers=club.write)
    assert twice.status_code == 409 and "withdrawn already" in twice.get_json()["detail"]
    unknown = club.client.post(club.url("/imported/imported-nothing/withdrawal"),
                               json={"reason": "no such evening"}, headers=club.write)
    assert unknown.status_code == 404 and unknown.mimetype == "application/problem+json"
    # the standings leave it out; the club's log keeps it and says why
    assert figures(club) == {"Ann": (3, 15, 1), "Ben": (0, 0, 0), "Zoë": (-3, -15, 1)}
    assert [e["name"] for e in club.get("/standings")["evenings"]] == ["Christmas Eve"]
    listed = {e["name"]: e for e in club.get()["imported"]}
    assert listed["Guy Fawkes"]["withdrawn"]["reason"] == "played at Netherfield's"
    said = [e["said"] for e in log(club)]
    assert "Brought in Guy Fawkes (2025-11-05): 2 members' results" in said
    assert "Withdrew Guy Fawkes (2025-11-05) — played at Netherfield's" in said
    # the same file again neither brings it back nor corrects it
    preview = send(club, MENDED).get_json()
    guy = next(e for e in preview["evenings"] if e["name"] == "Guy Fawkes")
    assert guy["withdrawn"] and preview["conflicts"] == [] and preview["new"] == 0


def test_a_withdrawal_through_the_clubs_events_and_of_a_recorded_evening(club):
    evening = next(e for e in club.get()["imported"] if e["name"] == "Christmas Eve")
    assert club.post("evening_withdrawn", evening=evening["id"]).status_code == 422
    assert club.post("evening_withdrawn", evening=evening["id"], reason="a slip").status_code == 201
    tonight = club.evening("Ann", "Ben")
    refused = club.post("evening_withdrawn", evening=tonight.id, reason="not ours")
    assert refused.status_code == 409 and "data.evening" in refused.get_json()["errors"]
    assert club.post("evening_corrected", evening=evening["id"], changes=[]).status_code == 422


NAMES = ["Ann", "Ben", "Zoë", "Dot"]
results = st.lists(st.integers(-40, 40), min_size=1, max_size=3).flatmap(
    lambda firsts: st.permutations(NAMES).map(
        lambda order: dict(zip(order, [*firsts, -sum(firsts)]))))
season = st.lists(results, min_size=1, max_size=4)


def season_file(evenings: list[dict]) -> str:
    return "date,evening,member,counters\n" + "".join(
        f"2025-01-{n + 1:02d},Evening {n},{name},{counters}\n"
        for n, evening in enumerate(evenings) for name, counters in evening.items())


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(first=season, mended=season, more=st.lists(results, max_size=2))
def test_standings_after_a_correction_are_the_standings_of_the_corrected_file(
        client, first, mended, more):
    """Whatever the first file said, a club that confirms a corrected file (its evenings, each
    with figures of its own, and evenings more) stands as a club that brought in only the
    corrected file: the standings follow by exactly the corrections."""
    corrected = (mended * len(first))[:len(first)] + more
    mending, fresh = Club(client, members=tuple(NAMES)), Club(client, members=tuple(NAMES))
    assert send(mending, season_file(first), confirm=True, counter_value=5).status_code == 200
    answer = send(mending, season_file(corrected), confirm=True, correct="true", counter_value=5)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["recorded"] == len(more)
    assert send(fresh, season_file(corrected), confirm=True, counter_value=5).status_code == 200

    def table(club):
        return {name: (row["counters"], row["money"], row["evenings"], row["running"])
                for name, row in club.standings().items()}
    assert table(mending) == table(fresh)
    assert send(mending, season_file(corrected), counter_value=5).get_json()["conflicts"] == []
