"""The event store's contract, in the style of the `eventsourcing` library's recorder tests: one
abstract contract (`StoreContract`), written against the service and the store's interface
only, run once per backend (memory, an SQLite file, a real PostgreSQL server); what only a
database can promise (`SQLStoreContract`: events no statement can change, a chain that
names a row edited behind the service's back) is run against the two SQL backends."""

import hashlib
import threading
import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from ledger.errors import Conflict, NotFound
from ledger.events.draft import Draft
from ledger.projections.balances import balances
from ledger.service.bootstrap import bootstrap
from tests.integration.contract import Backend, Memory, Postgres, SQLite, stake

WRITERS, APPENDS_EACH = 4, 15


class StoreContract(Backend):
    """What every backend promises the service."""

    def test_versions_count_up_from_one_with_postings_stored(self, ledger, session):
        sid, players, game = session
        event, created = ledger.sessions.record(sid, stake(players, game))
        assert created and event["version"] == 6
        stored = ledger.store.read(sid)
        assert [e["version"] for e in stored] == [1, 2, 3, 4, 5, 6]
        assert stored[-1]["postings"] == event["postings"]
        assert stored[-1]["hash"] == event["hash"] and stored[-1]["prev_hash"] == stored[-2]["hash"]

    def test_the_same_id_and_content_answers_the_original_and_records_nothing(self, ledger,
                                                                              session):
        sid, players, game = session
        first, created = ledger.sessions.record(sid, stake(players, game, event_id="e-1"))
        again, created_again = ledger.sessions.record(sid, stake(players, game, event_id="e-1",
                                                                 expected_version=0))
        assert created and not created_again
        assert again == {**first, "position": again["position"]}
        assert again["position"] == first["position"]
        assert len(ledger.store.read(sid)) == 6

    def test_the_same_id_with_other_content_is_a_conflict(self, ledger, session):
        sid, players, game = session
        ledger.sessions.record(sid, stake(players, game, event_id="e-2"))
        with pytest.raises(Conflict):
            ledger.sessions.record(sid, stake(players, game, amount=4, event_id="e-2"))
        assert len(ledger.store.read(sid)) == 6

    def test_a_resend_the_rules_would_now_refuse_still_answers_its_original(self, ledger, session):
        sid, players, game = session
        won = {"id": "win-1", "type": "pool_won", "game_id": game,
               "data": {"winners": [players[1]]}}
        ledger.sessions.record(sid, stake(players, game))
        first, created = ledger.sessions.record(sid, won)
        # the pool is empty now: a new win is refused
        again, created_again = ledger.sessions.record(sid, won)
        assert created and not created_again and again["version"] == first["version"] == 7
        with pytest.raises(Conflict):
            ledger.sessions.record(sid, {**won, "id": "win-2"})

    def test_ids_are_unique_within_a_session_only(self, ledger, session):
        """The same id in two sessions is two unrelated events: nothing about one session can
        be learnt by posting ids into another (SPEC §10.1)."""
        sid, players, game = session
        ledger.sessions.record(sid, stake(players, game, event_id="e-3"))
        other = ledger.sessions.open({"name": "Other"})[0]["session_id"]
        eve, created = ledger.sessions.record(other, {"id": "e-3", "type": "player_added",
                                                      "data": {"name": "Eve"}})
        assert created and eve["id"] == "e-3" and eve["version"] == 2
        # the first session's players' ids too: each is a new player elsewhere
        ann_again, created = ledger.sessions.record(other, {
            "id": players[0], "type": "player_added", "data": {"name": "Ann"}})
        assert created and ann_again["session_id"] == other
        assert [e["id"] for e in ledger.store.read(other)][1:] == ["e-3", players[0]]
        # each session still answers a resend of its own id with its own original
        again, created = ledger.sessions.record(sid, stake(players, game, event_id="e-3"))
        assert not created and again["session_id"] == sid and again["type"] == "stake_paid"
        with pytest.raises(Conflict):
            ledger.sessions.record(other, {"id": "e-3", "type": "player_added",
                                           "data": {"name": "Eve Two"}})
        with pytest.raises(NotFound):  # an unknown session learns nothing either
            ledger.sessions.record(str(uuid.uuid4()), stake(players, game, event_id="e-3"))

    def test_a_void_finds_its_target_in_its_own_session_only(self, ledger, session):
        sid, players, game = session
        paid, _ = ledger.sessions.record(sid, stake(players, game, event_id="pay-1"))
        other = ledger.sessions.open({"name": "Other"})[0]["session_id"]
        with pytest.raises(NotFound):
            ledger.sessions.record(other, {"type": "event_voided",
                                           "data": {"event_id": paid["id"], "reason": "not ours"}})
        voided, _ = ledger.sessions.record(sid, {
            "type": "event_voided", "data": {"event_id": "pay-1", "reason": "mistake"}})
        assert voided["postings"] == [{"account": p["account"], "amount": -p["amount"]}
                                      for p in paid["postings"]]

    def test_a_stale_expected_version_is_refused_with_the_current_version(self, ledger, session):
        sid, players, game = session
        with pytest.raises(Conflict) as refused:
            ledger.sessions.record(sid, stake(players, game, expected_version=3))
        assert refused.value.extra["current_version"] == 5
        event, _ = ledger.sessions.record(sid, stake(players, game, expected_version=5))
        assert event["version"] == 6

    def test_a_refused_event_writes_nothing(self, ledger, session):
        sid, players, game = session
        with pytest.raises(Conflict):
            ledger.sessions.record(sid, {"type": "pool_won", "game_id": game,
                                         "data": {"winners": players}})
        with pytest.raises(NotFound):
            ledger.sessions.record(sid, {"type": "stake_paid", "game_id": "no-such-game",
                                         "data": {"player": players[0], "amount": 1}})
        assert len(ledger.store.read(sid)) == 5

    def test_an_unknown_session_records_nothing(self, ledger):
        with pytest.raises(NotFound):
            ledger.sessions.record(str(uuid.uuid4()), {"type": "player_added",
                                                       "data": {"name": "Ghost"}})

    @pytest.mark.parametrize("apart", [True, False], ids=["as-processes", "in-one-process"])
    def test_concurrent_appends_get_gap_free_unique_versions(self, store, session, processes,
                                                             apart):
        """Four writers with their own kept states: as four workers would be (each its own
        connections to the store, but for memory's one store), or four services in one
        process (on one store object)."""
        sid, players, game = session
        writers = [processes() if apart else bootstrap(store=store) for _ in range(WRITERS)]
        errors = []

        def append(writer):
            try:
                for _ in range(APPENDS_EACH):
                    writer.sessions.record(sid, stake(players, game, amount=1))
            except Exception as error:  # noqa: BLE001 - surfaced below
                errors.append(error)

        threads = [threading.Thread(target=append, args=(w,)) for w in writers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        stored = processes().store.read(sid)
        assert [e["version"] for e in stored] == list(range(1, 5 + WRITERS * APPENDS_EACH + 1))
        assert processes().sessions.verify(sid)["ok"]
        with processes().sessions.reading(sid) as state:
            assert balances(state)["pools_counters"] == WRITERS * APPENDS_EACH
            rebuilt = state.to_dict()
        # each writer's kept state, caught up event by event, equals a rebuild
        for writer in writers:
            with writer.sessions.reading(sid) as kept:
                assert kept.to_dict() == rebuilt


    def test_one_evenings_long_read_holds_up_no_other_evening(self, ledger, session):
        """Each evening's kept state has a lock of its own: while one evening is being read
        (its balances and settlement projected), another is read and written."""
        sid, other = session[0], ledger.sessions.open({"name": "Other"})[0]["session_id"]
        reading, done, release = threading.Event(), threading.Event(), threading.Event()

        def long_read():
            with ledger.sessions.reading(sid):
                reading.set()
                release.wait(30)

        def another_evening():
            with ledger.sessions.reading(other) as state:
                assert state.version == 1
            ledger.sessions.record(other, {"type": "player_added", "data": {"name": "Eve"}})
            done.set()

        held = threading.Thread(target=long_read)
        held.start()
        try:
            assert reading.wait(30)
            threading.Thread(target=another_evening).start()
            assert done.wait(30), "the other evening waited for the long read"
        finally:
            release.set()
            held.join()


class SQLStoreContract(StoreContract):
    """What only a database promises: the events table refuses any change, and a row edited
    behind the service's back (its guard dropped) is named by the chain."""

    def test_the_database_refuses_update_and_delete_of_events(self, store, session):
        for statement in ("UPDATE events SET type = 'x'", "DELETE FROM events"):
            with pytest.raises(DBAPIError, match="immutable"):
                with store.engine.begin() as connection:
                    connection.execute(text(statement))
        assert bootstrap(store=store).sessions.verify(session[0])["events"] == 5

    def test_verify_names_the_first_version_edited_behind_the_services_back(self, store, ledger,
                                                                            session):
        sid, players, game = session
        ledger.sessions.record(sid, stake(players, game))
        ledger.sessions.record(sid, stake(players, game))
        assert ledger.sessions.verify(sid) == {**ledger.sessions.verify(sid), "ok": True,
                                               "first_bad_version": None}
        with store.engine.begin() as connection:
            if store.name == "sqlite":
                connection.execute(text("DROP TRIGGER events_no_update"))
            else:
                connection.execute(text(
                    "ALTER TABLE events DISABLE TRIGGER events_no_update_delete"))
            connection.execute(text(
                "UPDATE events SET postings = replace(postings, '-3', '-1') "
                "WHERE session_id = :sid AND version = 6"), {"sid": sid})
        result = ledger.sessions.verify(sid)
        assert result["ok"] is False and result["first_bad_version"] == 6 and result["events"] == 7


class TestMemory(Memory, StoreContract):
    pass


class TestSQLite(SQLite, SQLStoreContract):
    pass


@pytest.mark.postgres
class TestPostgres(Postgres, SQLStoreContract):
    pass


def test_the_fold_format_follows_the_folds_source():
    from ledger.projections import session as folding

    def fingerprint(source: str) -> str:
        return hashlib.sha256(source.encode()).hexdigest()[:16]

    assert folding.FOLD_FORMAT == fingerprint(folding._fold_source())
    assert open(folding.__file__).read() in folding._fold_source()
    assert fingerprint("a change") != folding.FOLD_FORMAT


def test_a_draft_compares_type_game_and_data():
    draft = Draft("x", "stake_paid", "g", {"player": "a", "amount": 1})
    assert draft.same_fact({"type": "stake_paid", "game_id": "g",
                            "data": {"amount": 1, "player": "a"}})
    assert not draft.same_fact({"type": "stake_paid", "game_id": None, "data": draft.data})
