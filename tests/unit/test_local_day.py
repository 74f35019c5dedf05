"""An evening's day is its own time zone's, wherever it is shown: an evening in
Pacific/Kiritimati (UTC+14) opened at 20:30 UTC on the 27th is the 28th in its summary, its
results (the night sheet and card), its files' names, its club's standings and seasons and
its carry to the tab; one in Pacific/Pago_Pago (UTC−11) opened at 08:00 UTC on the 28th is
the 27th. Given these events (their times fixed), expect these days."""

import pytest

from ledger.clubs import evening, standings, tab
from ledger.clubs.state import fold as fold_club
from ledger.language import speaking
from ledger.projections.days import evening_day, local_day
from ledger.projections.exports import file_stem
from ledger.projections.results import results
from ledger.projections.session import fold
from ledger.projections.summary import summary
from ledger.rules.tab import carried_on

KIRITIMATI, PAGO_PAGO, AUCKLAND = "Pacific/Kiritimati", "Pacific/Pago_Pago", "Pacific/Auckland"


def opened(at: str, zone: str | None, sid: str = "s1", players: tuple[str, ...] = ()):
    """An evening opened at `at` (UTC) in `zone` (none: opened without one), its players
    seated, the first up 4 counters on the second."""
    data = {"name": "Twelfth Night", "counter_value": 5, "currency": "GBP",
            **({"time_zone": zone} if zone else {})}
    log = [{"id": sid, "session_id": sid, "version": 1, "type": "session_created",
            "game_id": None, "data": data, "postings": [], "recorded_at": at}]
    for n, name in enumerate(players, start=2):
        log.append({"id": f"{sid}-{name}", "session_id": sid, "version": n, "game_id": None,
                    "type": "player_added", "data": {"name": name, "group": None},
                    "postings": [], "recorded_at": at})
    return fold(log)


EVENINGS = [  # (opened at, in UTC; its zone; its own day)
    ("2026-11-27T20:30:00+00:00", KIRITIMATI, "2026-11-28"),
    ("2026-11-27T23:30:00+00:00", AUCKLAND, "2026-11-28"),  # a New Zealand lunchtime
    ("2026-11-28T08:00:00+00:00", PAGO_PAGO, "2026-11-27"),
    ("2026-11-28T08:00:00+00:00", None, "2026-11-28"),  # opened without a zone: UTC
    ("2026-11-28T08:00:00+00:00", "Mars/Olympus_Mons", "2026-11-28"),  # unknown here: UTC
    ("2026-11-27T20:30:00", KIRITIMATI, "2026-11-28"),  # no offset: UTC, as stored
]


@pytest.mark.parametrize("at, zone, day", EVENINGS)
def test_an_evening_s_day_is_its_own_time_zone_s_in_every_read(at, zone, day):
    state = opened(at, zone)
    assert evening_day(state.session) == day
    assert summary(state)["date"] == day
    assert results(state)["date"] == day  # the night sheet's and the card's
    assert evening.summary(state)["date"] == day  # the club's standings'
    assert file_stem(state.session.name, evening_day(state.session)) == f"twelfth-night-{day}"


def test_text_that_is_no_time_has_no_day():
    assert local_day("yesterday", KIRITIMATI) is None


def club(*evenings, seasons=(), carried_at=None):
    """A club of Ann and Ben, its seasons declared and these evenings attached, each evening's
    players linked to the members of their names; the first carried to the tab at
    `carried_at`, Ann owing Ben 20p."""
    log = [("club_created", "c1", {"name": "Meryton"})]
    log += [("member_added", name, {"name": name, "group": None}) for name in ("Ann", "Ben")]
    log += [("season_declared", name, {"name": name, "starts": starts, "ends": ends})
            for name, starts, ends in seasons]
    log += [("evening_attached", f"attach-{e.session.id}", {
        "session_id": e.session.id, "links": {pid: p.name for pid, p in e.players.items()}})
            for e in evenings]
    if carried_at:
        log.append(("evening_carried", "carried", {
            "session_id": evenings[0].session.id, "carry": "carry", "currency": "GBP",
            "balances": {"Ann": -20, "Ben": 20}}))
    return fold_club({"id": eid, "type": kind, "data": data, "version": n, "session_id": "c1",
                      "recorded_at": carried_at if kind == "evening_carried"
                      else "2026-11-01T12:00:00+00:00"}
                     for n, (kind, eid, data) in enumerate(log, start=1))


def season_of(state, named: str) -> dict:
    return next(s for s in state.seasons.values() if s["name"] == named)


def chosen(state, kept: dict, season: str) -> list[str]:
    table = standings.standings(state, kept, season_of(state, season))
    return [(e["session_id"], e["date"]) for e in table["evenings"]]


def test_a_season_takes_an_evening_by_its_own_day_not_by_its_day_in_utc():
    far_east = opened("2026-11-27T20:30:00+00:00", KIRITIMATI, "east", ("Ann", "Ben"))
    far_west = opened("2026-11-28T08:00:00+00:00", PAGO_PAGO, "west", ("Ann", "Ben"))
    state = club(far_east, far_west, seasons=[
        ("From the 28th", "2026-11-28", "2026-12-31"),  # Kiritimati's 28th, not Pago Pago's 27th
        ("Until the 27th", "2026-11-01", "2026-11-27"),  # Pago Pago's 27th, not Kiritimati's 28th
        ("The 27th", "2026-11-27", "2026-11-27"),
        ("Until the 26th", "2026-11-01", "2026-11-26"),  # the day before either
    ])
    kept = {e.session.id: evening.summary(e) for e in (far_east, far_west)}
    assert chosen(state, kept, "From the 28th") == [("east", "2026-11-28")]
    assert chosen(state, kept, "Until the 27th") == [("west", "2026-11-27")]
    assert chosen(state, kept, "The 27th") == [("west", "2026-11-27")]
    assert chosen(state, kept, "Until the 26th") == []
    # every evening, oldest day first: Pago Pago's 27th before Kiritimati's 28th, though it
    # was opened eleven and a half hours later
    assert [e["date"] for e in standings.standings(state, kept)["evenings"]] == [
        "2026-11-27", "2026-11-28"]
    history = standings.history(state, kept, "Ann", season_of(state, "From the 28th"))
    assert [(e["session_id"], e["date"]) for e in history["evenings"]] == [("east", "2026-11-28")]


def test_the_carry_to_the_tab_is_said_on_the_evening_s_own_day():
    from ledger.projections.state import Carry

    state = opened("2026-11-27T20:30:00+00:00", KIRITIMATI)
    state.carried = Carry("carry", 2, "2026-11-27T21:00:00+00:00", {})
    assert carried_on(state) == "28 November 2026"
    with speaking("de"):
        assert carried_on(state) == "28. November 2026"
    assert results(state)["carried"]["date"] == "2026-11-28"


@pytest.mark.parametrize("zone, opened_at, carried_at, carried_on", [
    (KIRITIMATI, "2026-11-27T20:30:00+00:00", "2026-11-27T21:00:00+00:00", "2026-11-28"),
    (PAGO_PAGO, "2026-11-28T08:00:00+00:00", "2026-11-28T10:30:00+00:00", "2026-11-27"),
])
def test_the_club_s_tab_dates_a_carry_on_its_evening_s_own_day(zone, opened_at, carried_at,
                                                                carried_on):
    played = opened(opened_at, zone, "east", ("Ann", "Ben"))
    state = club(played, carried_at=carried_at)
    kept = {"east": evening.summary(played)}
    [entry] = tab.tab(state, kept)["currencies"][0]["entries"]
    assert (entry["date"], entry["carried_on"]) == (evening_day(played.session), carried_on)
    [line] = tab.statement(state, kept, "Ben")["currencies"][0]["entries"]
    assert line["carried_on"] == carried_on
