"""A reader's copy (`ledger.service.copies`) stays the state as it was copied, whatever the fold
does to the kept state after: random evenings of every registered game (with voids, payments
and mends of the set-up), copied at a drawn version and folded on to the end, each copy equal
to a deep copy taken at the same moment; a copy of the evening's figures only reads the
figures the whole state reads, and one of a single game's record that game's reads; a club's
copy, over a log of every fact a club folds, copied after each event."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.clubs.state import FOLDS, ClubState
from ledger.games.dealing import dealing
from ledger.projections.balances import balances, pools
from ledger.projections.results import results
from ledger.projections.session import apply
from ledger.projections.settlement import settlement
from ledger.projections.summary import summary
from ledger.service.copies import club_copy, session_copy
from ledger.service.views import FIGURES
from tests.strategies import kinds
from tests.unit.memory import fold
from tests.unit.test_fold_properties import play

FIGURE_READS = (balances, pools, results, settlement)


def game_reads(state, gid: str) -> dict:
    record = state.games[gid]
    game = games.of(record)
    return {"dealing": dealing(record, game.keeps_deal),
            **{name: read(record, state) for name, read in game.reads.items()}}


@pytest.mark.parametrize("kind", kinds())
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_a_copy_stays_as_it_was_copied_while_the_fold_goes_on(kind, data):
    log = play(data, kind).log
    cut = data.draw(st.integers(1, len(log)), label="copied at")
    kept = fold(log[:cut])
    gid = data.draw(st.sampled_from(sorted(kept.games) or [None]), label="game")
    whole, figures = session_copy(kept), session_copy(kept, FIGURES)
    one = session_copy(kept, (gid,)) if gid else None
    then = copy.deepcopy(kept)
    for event in log[cut:]:
        apply(kept, event)
    assert whole == then
    assert summary(whole) == summary(then)
    assert [read(figures) for read in FIGURE_READS] == [read(then) for read in FIGURE_READS]
    if gid:
        assert one.games[gid] == then.games[gid]
        assert game_reads(one, gid) == game_reads(then, gid)


def club_log() -> list[dict]:
    """A club's log with every fact a club folds, each member and evening touched again
    after it was made (renamed, retired, relinked, corrected, withdrawn, paid, undone)."""
    facts = [
        ("club_created", {"name": "Meryton"}),
        ("member_added", {"name": "Ann", "group": None}),
        ("member_added", {"name": "Ben", "group": "north"}),
        ("season_declared", {"name": "Winter", "starts": "2026-01-01", "ends": "2026-03-31"}),
        ("evening_attached", {"session_id": "s1", "links": {"p1": "e2"}}),
        ("player_linked", {"session_id": "s1", "player": "p2", "member": "e3"}),
        ("member_renamed", {"member": "e2", "name": "Anne"}),
        ("player_linked", {"session_id": "s1", "player": "p1", "member": None}),
        ("evening_imported", {"date": "2026-01-05", "name": "Twelfth Night", "game": "loo",
                              "currency": "GBP", "results": {
                                  "e2": {"name": "Anne", "counters": 4, "money_minor": 40},
                                  "e3": {"name": "Ben", "counters": -4, "money_minor": -40}}}),
        ("evening_corrected", {"evening": "e9", "changes": [
            {"member": "e2", "name": "Anne", "after": {"counters": 6, "money_minor": 60}},
            {"member": "e3", "name": "Ben", "after": None}]}),
        ("import_recorded", {}),
        ("tab_opened", {"currency": "GBP", "balances": {"e2": 100, "e3": -100}}),
        ("evening_carried", {"currency": "GBP", "session_id": "s1", "carry": "c1",
                             "balances": {"e2": -30, "e3": 30}}),
        ("tab_paid", {"currency": "GBP", "from": "e3", "to": "e2", "amount_minor": 50}),
        ("carry_undone", {"session_id": "s1", "carry": "c1"}),
        ("evening_withdrawn", {"evening": "e9", "reason": "twice"}),
        ("member_retired", {"member": "e3"}),
        ("language_changed", {"language": "de"}),
    ]
    return [{"id": f"e{n}", "version": n, "type": kind, "data": data, "session_id": "club",
             "recorded_at": f"2026-01-{n:02}T20:00:00Z"} for n, (kind, data) in enumerate(facts, 1)]


def test_a_club_s_copy_stays_as_it_was_copied_while_the_fold_goes_on():
    log = club_log()
    assert {event["type"] for event in log} == set(FOLDS)  # a new fact is copied with care too
    for cut in range(1, len(log) + 1):
        kept = ClubState()
        for event in log[:cut]:
            kept.apply(event)
        copied, then = club_copy(kept), copy.deepcopy(kept)
        for event in log[cut:]:
            kept.apply(event)
        assert copied == then, log[cut - 1]["type"]
