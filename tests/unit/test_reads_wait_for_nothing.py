"""A read computes its model on its own copy, after the stream's lock is released
(`ledger.service.views`): while an evening's results, or a club's standings, are being
computed, the stream's lock is free and an append to it records, and the read answers the
version it copied. Each read is caught in the middle of its computation (the real one, run
after the check), the append made from another thread, as a second request would."""

import threading

from ledger.clubs import standings
from ledger.events.store.memory import MemoryStore
from ledger.service import views
from ledger.service.bootstrap import bootstrap
from tests.unit.memory import MemoryLedger

WAIT = 60  # seconds: only ever reached when the append waits for the read (a deadlock)


def appended_meanwhile(lock: threading.Lock, append) -> dict:
    """Whether the stream's lock was held as the read computed, and whether an append from
    another thread recorded before the read went on."""
    if lock.locked():
        return {"lock held": True, "recorded": False}
    writer = threading.Thread(target=append)
    writer.start()
    writer.join(WAIT)
    return {"lock held": False, "recorded": not writer.is_alive()}


def test_an_evening_records_while_its_results_are_computed(monkeypatch):
    evening = MemoryLedger(names=["Ann", "Ben"])
    service, sid = evening.service, evening.session_id
    lock, seen, computed = service.units.sessions.entry(sid).lock, [], views.results

    def results(state):
        seen.append(appended_meanwhile(lock, lambda: evening.record("player_added", name="Cat")))
        return computed(state)

    monkeypatch.setattr(views, "results", results)
    version = service.sessions.version(sid)
    model = service.views.results(sid)
    assert seen == [{"lock held": False, "recorded": True}]
    assert service.sessions.version(sid) == version + 1
    assert sorted(p["name"] for p in model["players"]) == ["Ann", "Ben"]  # as it was copied


def test_a_club_records_while_its_standings_are_computed(monkeypatch):
    service = bootstrap(store=MemoryStore())
    cid = service.clubs.open({"name": "Meryton"})[0]["session_id"]
    service.clubs.record(cid, {"type": "member_added", "data": {"name": "Ann"}})
    lock, seen, computed = service.units.clubs.entry(cid).lock, [], standings.standings

    def standings_meanwhile(state, evenings, season=None):
        seen.append(appended_meanwhile(lock, lambda: service.clubs.record(
            cid, {"type": "member_added", "data": {"name": "Ben"}})))
        return computed(state, evenings, season)

    monkeypatch.setattr(standings, "standings", standings_meanwhile)
    table = service.views.standings(cid, None)
    assert seen == [{"lock held": False, "recorded": True}]
    assert service.views.club(cid)["version"] == 3
    assert [m["name"] for m in table["members"]] == ["Ann"]  # as it was copied
