"""Clubs in the store, on an SQLite file and a real PostgreSQL server: an evening opened in a
club is one unit of work (its session, players, tokens and the club's event together), racing
writers keep a club's versions gap-free, and an evening never lands in two clubs."""

import threading

import pytest
from sqlalchemy import text

from ledger.book import Book
from ledger.clubs import reading, recording, standings
from ledger.errors import Conflict, NotFound
from ledger.recording import open_session, record


@pytest.fixture
def book(engine):
    return Book(engine)


@pytest.fixture
def club(book):
    event, tokens = recording.open_club(book, {"name": "Meryton"})
    cid = event["session_id"]
    members = [recording.record(book, cid, {"type": "member_added", "data": {"name": n}})[0]["id"]
               for n in ("Ann", "Ben", "Cleo")]
    return cid, members


def test_an_evening_opened_in_a_club_is_written_whole(book, club):
    cid, members = club
    opened = recording.open_evening(book, cid, {"name": "Twelfth Night", "members": members})
    sid = opened["id"]
    assert [e["type"] for e in book.store.read(sid)] == ["session_created"] + ["player_added"] * 3
    assert book.store.verify(sid)["ok"] and book.store.verify(cid)["ok"]
    assert book.store.club_of(sid) == cid
    with book.reading(sid) as state:
        assert [p["name"] for p in state.players.values()] == ["Ann", "Ben", "Cleo"]
    # a refused opening (a member unknown) writes nothing at all
    versions = {cid: book.store.version(cid)}
    with pytest.raises(NotFound):
        recording.open_evening(book, cid, {"name": "Epiphany", "members": [members[0], "nobody"]})
    assert book.store.version(cid) == versions[cid]
    with book.store.connections.reading() as tx:
        sessions = tx.all("SELECT COUNT(*) FROM events WHERE type = 'session_created'")[0][0]
        indexed = tx.all("SELECT COUNT(*) FROM club_evenings")[0][0]
    assert (sessions, indexed) == (1, 1)


def test_racing_writers_keep_a_clubs_versions_gap_free(engine, club):
    cid, members = club
    books = [Book(engine) for _ in range(4)]
    errors = []

    def declare(book, n):
        try:
            for k in range(5):
                recording.record(book, cid, {"type": "season_declared", "data": {
                    "name": f"Season {n}-{k}", "starts": "2026-01-01", "ends": "2026-12-31"}})
        except Exception as error:  # noqa: BLE001 - surfaced below
            errors.append(error)

    threads = [threading.Thread(target=declare, args=(b, n)) for n, b in enumerate(books)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert [e["version"] for e in Book(engine).store.read(cid)] == list(range(1, 25))
    for writer in books:  # each writer's kept club state equals one folded afresh
        with reading.reading(writer, cid) as (state, _):
            assert len(state.seasons) == 20


def test_an_evening_lands_in_one_club_however_two_race_for_it(engine, club):
    cid, _ = club
    other, _ = recording.open_club(Book(engine), {"name": "Longbourn"})
    event, tokens = open_session(Book(engine), {"name": "Michaelmas"})
    sid = event["session_id"]
    record(Book(engine), sid, {"type": "player_added", "data": {"name": "Xavier"}})
    outcomes = []

    def attach(club_id):
        try:
            recording.attach_evening(Book(engine), club_id, sid, {"write_token": tokens["write"]})
            outcomes.append("attached")
        except Conflict:
            outcomes.append("refused")

    threads = [threading.Thread(target=attach, args=(c,)) for c in (cid, other["session_id"])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["attached", "refused"]
    with engine.connect() as connection:
        owners = connection.execute(text("SELECT club_id FROM club_evenings WHERE session_id = :s"),
                                    {"s": sid}).scalars().all()
    assert len(owners) == 1
    attached = [c for c in (cid, other["session_id"])
                if any(e["type"] == "evening_attached" for e in Book(engine).store.read(c))]
    assert attached == owners


def test_standings_read_the_same_from_a_warm_book_and_a_new_one(engine, club):
    cid, members = club
    book = Book(engine)
    opened = recording.open_evening(book, cid, {"name": "Twelfth Night", "members": members})
    sid, players = opened["id"], [p["id"] for p in opened["players"]]
    game = record(book, sid, {"type": "game_started", "data": {
        "kind": "commerce", "seats": players, "stake": 2}})[0]["id"]
    record(book, sid, {"type": "deal_started", "game_id": game, "data": {}})
    with reading.reading(book, cid) as (state, evenings):
        before = standings.standings(state, evenings)
    record(book, sid, {"type": "commerce_stand", "game_id": game, "data": {
        "stander": players[1], "winner": players[1], "better_hands": []}})
    with reading.reading(book, cid) as (state, evenings):
        warm = standings.standings(state, evenings)
    with reading.reading(Book(engine), cid) as (state, evenings):
        cold = standings.standings(state, evenings)
    assert warm == cold != before
    assert [m["counters"] for m in warm["members"]] == [8, -2, -6]
