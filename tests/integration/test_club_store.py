"""Clubs in the store, on an SQLite file and a real PostgreSQL server: an evening opened in a
club is one unit of work (its session, players, tokens and the club's event together), racing
writers keep a club's versions gap-free, and an evening never lands in two clubs."""

import threading

import pytest
from sqlalchemy import text

from ledger.clubs import standings
from ledger.errors import Conflict, NotFound
from ledger.events.store import open_store
from ledger.service.bootstrap import bootstrap


@pytest.fixture
def ledger(service):
    return service


@pytest.fixture
def processes(database_url):
    """Another process's service on the same database (its own connections, kept states and
    heads), as many as asked for; let go of at the end."""
    made = []

    def process():
        made.append(bootstrap(store=open_store(database_url, migrate=False)))
        return made[-1]

    yield process
    for other in made:
        other.store.dispose()


@pytest.fixture
def club(ledger):
    event, tokens = ledger.clubs.open({"name": "Meryton"})
    cid = event["session_id"]
    members = [ledger.clubs.record(cid, {"type": "member_added", "data": {"name": n}})[0]["id"]
               for n in ("Ann", "Ben", "Cleo")]
    return cid, members


def test_an_evening_opened_in_a_club_is_written_whole(ledger, club):
    cid, members = club
    opened, _ = ledger.clubs.open_evening(cid, {"name": "Twelfth Night", "members": members})
    sid = opened["id"]
    assert [e["type"] for e in ledger.store.read(sid)] == ["session_created"] + ["player_added"] * 3
    assert ledger.sessions.verify(sid)["ok"] and ledger.sessions.verify(cid)["ok"]
    with ledger.store.reading() as reader:
        assert reader.club_of(sid) == cid
    with ledger.sessions.reading(sid) as state:
        assert [p.name for p in state.players.values()] == ["Ann", "Ben", "Cleo"]
    # a refused opening (a member unknown) writes nothing at all
    versions = {cid: ledger.store.version(cid)}
    with pytest.raises(NotFound):
        ledger.clubs.open_evening(cid, {"name": "Epiphany", "members": [members[0], "nobody"]})
    assert ledger.store.version(cid) == versions[cid]
    with ledger.store.engine.connect() as connection:
        sessions = connection.execute(text(
            "SELECT COUNT(*) FROM events WHERE type = 'session_created'")).scalar_one()
        indexed = connection.execute(text("SELECT COUNT(*) FROM club_evenings")).scalar_one()
    assert (sessions, indexed) == (1, 1)


def test_racing_writers_keep_a_clubs_versions_gap_free(club, processes):
    cid, members = club
    writers = [processes() for _ in range(4)]
    errors = []

    def declare(writer, n):
        try:
            for k in range(5):
                writer.clubs.record(cid, {"type": "season_declared", "data": {
                    "name": f"Season {n}-{k}", "starts": "2026-01-01", "ends": "2026-12-31"}})
        except Exception as error:  # noqa: BLE001 - surfaced below
            errors.append(error)

    threads = [threading.Thread(target=declare, args=(w, n)) for n, w in enumerate(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert [e["version"] for e in processes().store.read(cid)] == list(range(1, 25))
    for writer in writers:  # each writer's kept club state equals one folded afresh
        with writer.clubs.reading(cid) as (state, _):
            assert len(state.seasons) == 20


def test_an_evening_lands_in_one_club_however_two_race_for_it(store, club, processes):
    cid, _ = club
    other, _ = processes().clubs.open({"name": "Longbourn"})
    event, tokens = processes().sessions.open({"name": "Michaelmas"})
    sid = event["session_id"]
    processes().sessions.record(sid, {"type": "player_added", "data": {"name": "Xavier"}})
    racers = [processes(), processes()]
    outcomes = []

    def attach(racer, club_id):
        try:
            racer.clubs.attach(club_id, sid, {"write_token": tokens["write"]})
            outcomes.append("attached")
        except Conflict:
            outcomes.append("refused")

    threads = [threading.Thread(target=attach, args=(r, c))
               for r, c in zip(racers, (cid, other["session_id"]), strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["attached", "refused"]
    with store.engine.connect() as connection:
        owners = connection.execute(text("SELECT club_id FROM club_evenings WHERE session_id = :s"),
                                    {"s": sid}).scalars().all()
    assert len(owners) == 1
    attached = [c for c in (cid, other["session_id"])
                if any(e["type"] == "evening_attached" for e in processes().store.read(c))]
    assert attached == owners


def test_standings_read_the_same_from_a_warm_ledger_and_a_new_one(ledger, club, processes):
    cid, members = club
    opened, _ = ledger.clubs.open_evening(cid, {"name": "Twelfth Night", "members": members})
    sid, players = opened["id"], [p["id"] for p in opened["players"]]
    game = ledger.sessions.record(sid, {"type": "game_started", "data": {
        "kind": "commerce", "seats": players, "stake": 2}})[0]["id"]
    ledger.sessions.record(sid, {"type": "deal_started", "game_id": game, "data": {}})
    with ledger.clubs.reading(cid) as (state, evenings):
        before = standings.standings(state, evenings)
    ledger.sessions.record(sid, {"type": "commerce_stand", "game_id": game, "data": {
        "stander": players[1], "winner": players[1], "better_hands": []}})
    with ledger.clubs.reading(cid) as (state, evenings):
        warm = standings.standings(state, evenings)
    with processes().clubs.reading(cid) as (state, evenings):
        cold = standings.standings(state, evenings)
    assert warm == cold != before
    assert [m["counters"] for m in warm["members"]] == [8, -2, -6]
