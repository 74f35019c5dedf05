"""Snapshots, by the store's contract: a state from a snapshot equals one folded from the first
event; a snapshot rolled back with a refused append is written by the next; one written by
another fold is ignored and rewritten. Run once per backend (`tests.integration.contract`)."""

import orjson
import pytest

from ledger.errors import NotFound
from ledger.projections.session import fold
from ledger.service.bootstrap import bootstrap
from tests.integration.contract import Backend, Memory, Postgres, SQLite, snapshot_of, stake


class SnapshotContract(Backend):
    def test_state_from_a_snapshot_equals_the_state_folded_from_the_start(self, store, session):
        sid, players, game = session
        writer = bootstrap(store=store)
        writer.units.sessions.snapshot_every = 4
        for _ in range(10):
            writer.sessions.record(sid, stake(players, game, amount=1))
        saved = snapshot_of(writer, sid)[0]
        assert 5 < saved < 15
        with bootstrap(store=store).sessions.reading(sid) as from_snapshot:
            snapshot_state = from_snapshot.to_dict()
        # from the start: event by event, and the store's rows in bulk (`ledger rebuild`, which
        # ignores the snapshot), in a process that has kept nothing
        assert fold(store.read(sid)).to_dict() == snapshot_state
        assert bootstrap(store=store).sessions.rebuild(sid).to_dict() == snapshot_state

    def test_a_snapshot_rolled_back_with_a_refused_append_is_written_by_the_next(self, store,
                                                                                 session):
        sid, players, game = session
        writer = bootstrap(store=store)
        writer.units.sessions.snapshot_every = 4
        for _ in range(4):  # 6 (a snapshot at 5), 7, 8, 9
            writer.sessions.record(sid, stake(players, game, amount=1))
        with pytest.raises(NotFound):  # a snapshot at 9 is due, and rolled back with the refusal
            writer.sessions.record(sid, stake(players, "no-such-game"))
        assert snapshot_of(writer, sid)[0] == 5
        # 10: the snapshot at 9 is written
        writer.sessions.record(sid, stake(players, game, amount=1))
        assert snapshot_of(writer, sid)[0] == 9

    def test_a_snapshot_of_another_fold_is_ignored_and_rewritten(self, store, session, monkeypatch):
        """A snapshot written by other fold code is not trusted: the state is folded from the
        events, equals a fold from scratch, and the next due append writes a snapshot of
        today's."""
        from ledger.projections import session as folding
        from ledger.service import kept

        sid, players, game = session
        writer = bootstrap(store=store)
        writer.units.sessions.snapshot_every = 4
        for _ in range(6):
            writer.sessions.record(sid, stake(players, game, amount=1))
        with bootstrap(store=store).sessions.reading(sid) as from_scratch_before:
            expected = from_scratch_before.to_dict()
        # an older fold counted every stake twice, and its snapshot is still in the store
        old_step, old_bulk = folding._post, kept.fold_rows

        def counting_twice(state, postings):
            old_step(state, postings)
            old_step(state, postings)

        def folding_rows_twice(state, rows, session_id):  # the bulk fold a new process uses
            before = dict(state.balances)
            old_bulk(state, rows, session_id)
            for account, counters in state.balances.items():
                state.balances[account] = 2 * counters - before.get(account, 0)

        monkeypatch.setattr(folding, "_post", counting_twice)
        monkeypatch.setattr(kept, "fold_rows", folding_rows_twice)
        monkeypatch.setattr(kept, "FOLD_FORMAT", "an-older-fold")
        old = bootstrap(store=store)
        old.units.sessions.snapshot_every = 1
        old.sessions.record(sid, stake(players, game, amount=1))
        monkeypatch.undo()
        version, saved_state, saved_format = snapshot_of(old, sid)
        assert saved_format == "an-older-fold"
        assert version == expected["version"]  # and wrong: the older fold counted twice
        assert orjson.loads(saved_state)["balances"][f"pool:{game}"] == \
            2 * dict(expected["balances"])[f"pool:{game}"]
        with bootstrap(store=store).sessions.reading(sid) as state:
            assert state.version == expected["version"] + 1
            assert state.pool(game) == dict(expected["balances"])[f"pool:{game}"] + 1
        fresh = bootstrap(store=store)
        fresh.units.sessions.snapshot_every = 1
        fresh.sessions.record(sid, stake(players, game, amount=1))
        assert snapshot_of(fresh, sid)[2] == folding.FOLD_FORMAT


class TestMemory(Memory, SnapshotContract):
    pass


class TestSQLite(SQLite, SnapshotContract):
    pass


@pytest.mark.postgres
class TestPostgres(Postgres, SnapshotContract):
    pass
