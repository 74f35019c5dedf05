"""The event store's contract, run against an SQLite file and a real PostgreSQL server."""

import threading
import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from ledger.book import Book
from ledger.errors import Conflict, NotFound
from ledger.events.store import Draft
from ledger.recording import open_session, record
from ledger.projections.balances import balances


@pytest.fixture
def book(engine):
    return Book(engine)


@pytest.fixture
def session(book):
    event, _ = open_session(book, {"name": "Contract", "counter_value": 2})
    sid = event["session_id"]
    players = [record(book, sid, {"type": "player_added", "data": {"name": n}})[0]["id"]
               for n in ("Ann", "Bob", "Cat")]
    game = record(book, sid, {"type": "game_started",
                              "data": {"kind": "commerce", "seats": players, "stake": 2}})[0]["id"]
    return sid, players, game


def stake(players, game, amount=3, event_id=None, expected_version=None):
    request = {"type": "stake_paid", "game_id": game,
               "data": {"player": players[0], "amount": amount}}
    if event_id:
        request["id"] = event_id
    if expected_version is not None:
        request["expected_version"] = expected_version
    return request


def test_versions_count_up_from_one_with_postings_stored(book, session):
    sid, players, game = session
    event, created = record(book, sid, stake(players, game))
    assert created and event["version"] == 6
    stored = book.store.read(sid)
    assert [e["version"] for e in stored] == [1, 2, 3, 4, 5, 6]
    assert stored[-1]["postings"] == event["postings"]
    assert stored[-1]["hash"] == event["hash"] and stored[-1]["prev_hash"] == stored[-2]["hash"]


def test_the_same_id_and_content_answers_the_original_and_records_nothing(book, session):
    sid, players, game = session
    first, created = record(book, sid, stake(players, game, event_id="e-1"))
    again, created_again = record(book, sid, stake(players, game, event_id="e-1",
                                                   expected_version=0))
    assert created and not created_again
    assert again == {**first, "position": again["position"]} and again["position"] == first["position"]
    assert len(book.store.read(sid)) == 6


def test_the_same_id_with_other_content_is_a_conflict(book, session):
    sid, players, game = session
    record(book, sid, stake(players, game, event_id="e-2"))
    with pytest.raises(Conflict):
        record(book, sid, stake(players, game, amount=4, event_id="e-2"))
    assert len(book.store.read(sid)) == 6


def test_a_resend_the_rules_would_now_refuse_still_answers_its_original(book, session):
    sid, players, game = session
    won = {"id": "win-1", "type": "pool_won", "game_id": game, "data": {"winners": [players[1]]}}
    record(book, sid, stake(players, game))
    first, created = record(book, sid, won)
    again, created_again = record(book, sid, won)  # the pool is empty now: a new win is refused
    assert created and not created_again and again["version"] == first["version"] == 7
    with pytest.raises(Conflict):
        record(book, sid, {**won, "id": "win-2"})


def test_ids_are_unique_within_a_session_only(book, session):
    """The same id in two sessions is two unrelated events: nothing about one session can be
    learnt by posting ids into another (SPEC §10.1)."""
    sid, players, game = session
    record(book, sid, stake(players, game, event_id="e-3"))
    other = open_session(book, {"name": "Other"})[0]["session_id"]
    eve, created = record(book, other, {"id": "e-3", "type": "player_added", "data": {"name": "Eve"}})
    assert created and eve["id"] == "e-3" and eve["version"] == 2
    # the first session's players' ids too: each is a new player elsewhere
    ann_again, created = record(book, other, {"id": players[0], "type": "player_added",
                                              "data": {"name": "Ann"}})
    assert created and ann_again["session_id"] == other
    assert [e["id"] for e in book.store.read(other)][1:] == ["e-3", players[0]]
    # each session still answers a resend of its own id with its own original
    again, created = record(book, sid, stake(players, game, event_id="e-3"))
    assert not created and again["session_id"] == sid and again["type"] == "stake_paid"
    with pytest.raises(Conflict):
        record(book, other, {"id": "e-3", "type": "player_added", "data": {"name": "Eve Two"}})
    with pytest.raises(NotFound):  # an unknown session learns nothing either
        record(book, str(uuid.uuid4()), stake(players, game, event_id="e-3"))


def test_a_void_finds_its_target_in_its_own_session_only(book, session):
    sid, players, game = session
    paid, _ = record(book, sid, stake(players, game, event_id="pay-1"))
    other = open_session(book, {"name": "Other"})[0]["session_id"]
    with pytest.raises(NotFound):
        record(book, other, {"type": "event_voided",
                             "data": {"event_id": paid["id"], "reason": "not ours"}})
    voided, _ = record(book, sid, {"type": "event_voided",
                                   "data": {"event_id": "pay-1", "reason": "mistake"}})
    assert voided["postings"] == [{"account": p["account"], "amount": -p["amount"]}
                                  for p in paid["postings"]]


def test_a_stale_expected_version_is_refused_with_the_current_version(book, session):
    sid, players, game = session
    with pytest.raises(Conflict) as refused:
        record(book, sid, stake(players, game, expected_version=3))
    assert refused.value.extra["current_version"] == 5
    event, _ = record(book, sid, stake(players, game, expected_version=5))
    assert event["version"] == 6


def test_a_refused_event_writes_nothing(book, session):
    sid, players, game = session
    with pytest.raises(Conflict):
        record(book, sid, {"type": "pool_won", "game_id": game, "data": {"winners": players}})
    with pytest.raises(NotFound):
        record(book, sid, {"type": "stake_paid", "game_id": "no-such-game",
                           "data": {"player": players[0], "amount": 1}})
    assert len(book.store.read(sid)) == 5


def test_an_unknown_session_records_nothing(book):
    with pytest.raises(NotFound):
        record(book, str(uuid.uuid4()), {"type": "player_added", "data": {"name": "Ghost"}})


def test_concurrent_appends_get_gap_free_unique_versions(engine, session):
    sid, players, game = session
    books = [Book(engine) for _ in range(4)]  # four independent caches, like four workers
    errors = []

    def append(book):
        try:
            for _ in range(15):
                record(book, sid, stake(players, game, amount=1))
        except Exception as error:  # noqa: BLE001 - surfaced below
            errors.append(error)

    threads = [threading.Thread(target=append, args=(b,)) for b in books]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    stored = Book(engine).store.read(sid)
    assert [e["version"] for e in stored] == list(range(1, 66))
    assert Book(engine).store.verify(sid)["ok"]
    with Book(engine).reading(sid) as state:
        assert balances(state)["pools_counters"] == 60
        rebuilt = state.to_dict()
    for writer in books:  # each writer's kept state, caught up event by event, equals a rebuild
        with writer.reading(sid) as kept:
            assert kept.to_dict() == rebuilt


def test_the_database_refuses_update_and_delete_of_events(engine, session):
    for statement in ("UPDATE events SET type = 'x'", "DELETE FROM events"):
        with pytest.raises(DBAPIError, match="immutable"):
            with engine.begin() as connection:
                connection.execute(text(statement))
    assert Book(engine).store.verify(session[0])["events"] == 5


def test_verify_names_the_first_version_edited_behind_the_services_back(engine, book, session):
    sid, players, game = session
    record(book, sid, stake(players, game))
    record(book, sid, stake(players, game))
    assert book.store.verify(sid) == {**book.store.verify(sid), "ok": True, "first_bad_version": None}
    with engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            connection.execute(text("DROP TRIGGER events_no_update"))
        else:
            connection.execute(text("ALTER TABLE events DISABLE TRIGGER events_no_update_delete"))
        connection.execute(text(
            "UPDATE events SET postings = replace(postings, '-3', '-1') "
            "WHERE session_id = :sid AND version = 6"), {"sid": sid})
    result = book.store.verify(sid)
    assert result["ok"] is False and result["first_bad_version"] == 6 and result["events"] == 7


def test_state_from_a_snapshot_equals_the_state_folded_from_the_start(engine, session):
    sid, players, game = session
    writer = Book(engine)
    writer.states.snapshot_every = 4
    for _ in range(10):
        record(writer, sid, stake(players, game, amount=1))
    with engine.connect() as connection:
        saved = connection.execute(text("SELECT version FROM snapshots WHERE session_id = :s"),
                                   {"s": sid}).scalar_one()
    assert 5 < saved < 15
    with Book(engine).reading(sid) as from_snapshot:
        snapshot_state = from_snapshot.to_dict()
    with engine.connect() as connection:
        connection.execute(text("DELETE FROM snapshots"))
        connection.commit()
    with Book(engine).reading(sid) as from_start:
        assert from_start.to_dict() == snapshot_state


def test_a_snapshot_rolled_back_with_a_refused_append_is_written_by_the_next(engine, session):
    sid, players, game = session
    writer = Book(engine)
    writer.states.snapshot_every = 4
    snapshots = text("SELECT version FROM snapshots WHERE session_id = :s")
    for _ in range(4):
        record(writer, sid, stake(players, game, amount=1))  # 6 (a snapshot at 5), 7, 8, 9
    with pytest.raises(NotFound):  # a snapshot at 9 is due, and rolled back with the refusal
        record(writer, sid, stake(players, "no-such-game"))
    with engine.connect() as connection:
        assert connection.execute(snapshots, {"s": sid}).scalar_one() == 5
    record(writer, sid, stake(players, game, amount=1))  # 10: the snapshot at 9 is written
    with engine.connect() as connection:
        assert connection.execute(snapshots, {"s": sid}).scalar_one() == 9


def test_a_snapshot_of_another_fold_is_ignored_and_rewritten(engine, session, monkeypatch):
    """A snapshot written by other fold code is not trusted: the state is folded from the
    events, equals a fold from scratch, and the next due append writes a snapshot of today's."""
    from ledger import states as cache
    from ledger.projections import session as folding

    sid, players, game = session
    writer = Book(engine)
    writer.states.snapshot_every = 4
    for _ in range(6):
        record(writer, sid, stake(players, game, amount=1))
    with Book(engine).reading(sid) as from_scratch_before:
        expected = from_scratch_before.to_dict()
    # an older fold counted every stake twice, and its snapshot is still in the store
    old_step = folding.SessionState._post

    def counting_twice(state, postings):
        old_step(state, postings)
        old_step(state, postings)

    monkeypatch.setattr(folding.SessionState, "_post", counting_twice)
    monkeypatch.setattr(cache, "FOLD_FORMAT", "an-older-fold")
    old = Book(engine)
    old.states.snapshot_every = 1
    record(old, sid, stake(players, game, amount=1))
    monkeypatch.undo()
    with engine.connect() as connection:
        saved = connection.execute(text("SELECT fold_format FROM snapshots WHERE session_id = :s"),
                                   {"s": sid}).scalar_one()
    assert saved == "an-older-fold"
    with Book(engine).reading(sid) as state:
        assert state.version == expected["version"] + 1
        assert state.pool(game) == dict(expected["balances"])[f"pool:{game}"] + 1
    fresh = Book(engine)
    fresh.states.snapshot_every = 1
    record(fresh, sid, stake(players, game, amount=1))
    with engine.connect() as connection:
        assert connection.execute(text("SELECT fold_format FROM snapshots WHERE session_id = :s"),
                                  {"s": sid}).scalar_one() == folding.FOLD_FORMAT


def test_the_fold_format_follows_the_folds_source():
    from ledger.projections import session as folding

    assert folding.FOLD_FORMAT == folding._fingerprint(folding._fold_source())
    assert open(folding.__file__).read() in folding._fold_source()
    assert folding._fingerprint("a change") != folding.FOLD_FORMAT


def test_a_draft_compares_type_game_and_data():
    draft = Draft("x", "stake_paid", "g", {"player": "a", "amount": 1})
    assert draft.same_fact({"type": "stake_paid", "game_id": "g", "data": {"amount": 1, "player": "a"}})
    assert not draft.same_fact({"type": "stake_paid", "game_id": None, "data": draft.data})
