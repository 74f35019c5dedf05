"""Invariants over random evenings of every registered game, drawn from the examples each game
module declares (`tests.strategies`): conservation at every step, the rebuilt state equal to
the incremental one (and to one folded from stored rows, and through a snapshot), and a void
as if the event had never been recorded."""

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.errors import LedgerError
from ledger.projections.balances import balances, pools
from ledger.projections.balances import pools_by_game
from ledger.projections.session import detailed, fold_rows
from ledger.projections.state import SessionState
from tests.strategies import MENDS, TableView, examples_of, kinds, mends, options_of
from tests.unit.memory import MemoryLedger, fold

SESSION_MOVES = ["void", "undo", "payment", "mend"]


def view_of(ledger: MemoryLedger, game_id: str | None, tables: list[str]) -> TableView:
    state = ledger.state
    if game_id is None:
        return TableView(seats=ledger.players, tables=tables, games=list(state.games))
    record = state.games[game_id]
    game = games.of(record)
    return TableView(seats=record.seats, dealer=ledger.dealer_of(game_id),
                     pools=pools_by_game(state)[game_id], games=list(state.games),
                     tables=tables,
                     reads={name: read(record, state) for name, read in game.reads.items()})


def two_games(data, ledger: MemoryLedger, kind: str, tables: list[str]) -> tuple[str, str, dict]:
    """A game of `kind` for every player, its options drawn for the table, and any other game
    beside it: their ids, and each one's example facts by id."""
    game = games.GAMES[kind]
    options = data.draw(options_of(game, view_of(ledger, None, tables)), label="options")
    first = ledger.record("game_started", kind=kind, stake=2, seats=ledger.players,
                          options=options)["id"]
    second = ledger.game("other")
    return first, second, {first: examples_of(game), second: examples_of(games.GAMES["other"])}


def play(data, kind: str, accepted: dict | None = None) -> MemoryLedger:
    """An evening of one game of `kind` (and an `other` beside it), its facts drawn from the
    games' examples, voids, payments and mends of the set-up between them (a spare player or
    a spare game of `kind` now and then, for a removal to take); refused facts record
    nothing."""
    ledger = MemoryLedger()
    tables = [ledger.record("table_added", name=f"Table {n}", rank=n)["id"] for n in (1, 2)]
    first, second, drawn = two_games(data, ledger, kind, tables)
    starts = ["deal_started"] * 3 if games.GAMES[kind].deals else []
    for _ in range(data.draw(st.integers(0, 30), label="steps")):
        move = data.draw(st.sampled_from(["first"] * 6 + ["second"] + SESSION_MOVES + ["mend"]))
        try:
            if move == "mend":
                _mend(data, ledger, kind, tables, accepted)
            elif move in SESSION_MOVES:
                _session_move(data, ledger, move)
            elif (first if move == "first" else second) in ledger.state.games:
                game_id = first if move == "first" else second
                kind_of = data.draw(st.sampled_from(sorted(drawn[game_id]) + starts))
                fact = data.draw(drawn[game_id][kind_of](view_of(ledger, game_id, tables)))
                ledger.record(kind_of, game_id, **fact)
                if accepted is not None:
                    accepted[kind_of] = accepted.get(kind_of, 0) + 1
        except LedgerError:
            pass  # refused, nothing recorded
        check_conservation(ledger.state)
        check_reads_of_the_kept_state(ledger)
    return ledger


def check_reads_of_the_kept_state(ledger: MemoryLedger) -> None:
    """Each game's reads of the state the service keeps (append by append, with whatever a
    read keeps on a record to go on from) are those of a reader's copy, read afresh."""
    kept, copy = ledger.kept, ledger.state
    for game_id, record in kept.games.items():
        for name, read in games.of(record).reads.items():
            assert read(record, kept) == read(copy.games[game_id], copy), name


def _mend(data, ledger: MemoryLedger, kind: str, tables: list[str], accepted) -> None:
    spare = data.draw(st.sampled_from([None, "player", "game"]), label="spare")
    players, game_ids = [], []  # the spare one, to mend (else any)
    if spare == "player":
        players = [ledger.record("player_added", name=f"Spare {ledger.state.version}")["id"]]
    elif spare == "game":
        game = games.GAMES[kind]
        game_ids = [ledger.record("game_started", kind=kind, stake=1, seats=ledger.players,
                                  options=data.draw(options_of(game, view_of(
                                      ledger, None, tables)), label="spare options"))["id"]]
    if not spare:
        players, game_ids = list(ledger.state.players), list(ledger.state.games)
    kind_of, game_id, fact = data.draw(mends(players, game_ids))
    ledger.record(kind_of, game_id, **fact)
    if accepted is not None:
        accepted[kind_of] = accepted.get(kind_of, 0) + 1


def _session_move(data, ledger: MemoryLedger, move: str) -> None:
    log = ledger.log
    if move in ("void", "undo"):
        index = data.draw(st.integers(0, len(log) - 1)) if move == "void" else len(log) - 1
        ledger.record("event_voided", event_id=log[index]["id"], reason="test")
        return
    # a settle-up from a player who is down to one who is up, part of what is owed or more
    held = {p: ledger.state.balances.get(f"player:{p}", 0) for p in ledger.players}
    down = sorted(ledger.players, key=held.get)
    payer, payee = down[0], down[-1]
    owed = min(-held[payer], held[payee])
    share = data.draw(st.integers(1, 120))
    ledger.record("payment_made", **{"from": payer, "to": payee,
                                     "amount": max(1, owed * share // 100)})


def check_conservation(state: SessionState) -> None:
    assert sum(state.balances.values()) == 0
    assert all(n >= 0 for account, n in state.balances.items() if account.startswith("pool:"))
    model = balances(state)
    assert sum(p["counters"] for p in model["players"]) + model["pools_counters"] == 0
    assert sum(p["paid_counters"] for p in model["players"]) == 0  # a payment moves, never makes
    assert all(p["counters"] == p["result_counters"] + p["paid_counters"] for p in model["players"])


def as_stored_rows(log: list[dict]) -> list[tuple]:
    """The log as the store's fold query returns it: data only for the detailed types, the
    time only of the first event."""
    shown = detailed()
    return [(e["version"], e["type"], orjson.dumps(e["postings"]).decode(), e["id"],
             e["game_id"], orjson.dumps(e["data"]).decode() if e["type"] in shown else None,
             e["recorded_at"] if e["version"] == 1 else None) for e in log]


def check_rebuilt(ledger: MemoryLedger, cut: int) -> None:
    """Rebuilt from the log, from stored rows in two parts, and through a snapshot: the same
    state as the one kept append by append, and the same pools in the same order."""
    state, log = ledger.state, ledger.log
    assert fold(log) == state
    assert SessionState.from_dict(orjson.loads(orjson.dumps(state))) == state
    rows, from_rows = as_stored_rows(log), SessionState()
    fold_rows(from_rows, rows[:cut], ledger.session_id)
    fold_rows(from_rows, rows[cut:], ledger.session_id)
    assert from_rows == state
    assert orjson.dumps(pools(from_rows)) == orjson.dumps(pools(state))


def check_voids(ledger: MemoryLedger) -> None:
    """Voiding an event gives what never recording it gives: balances, every game's record
    (its deals, what settled them, its own facts) and which game kept which fact."""
    never, state = ledger.never(), ledger.state
    assert {a: n for a, n in state.balances.items() if n} == \
        {a: n for a, n in never.balances.items() if n}
    assert balances(state)["players"] == balances(never)["players"]
    assert state.games == never.games
    assert state.kept_in == never.kept_in
    for record in state.games.values():  # what a void's walk back through them relies on
        named = {isinstance(fact, dict) and "deal" in fact for fact in record.facts.values()}
        assert len(named) <= 1, f"{record.kind}: some of its facts name their deal, some not"


@pytest.mark.parametrize("kind", kinds())
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_game_conserves_rebuilds_and_voids_as_never_recorded(kind, data):
    ledger = play(data, kind)
    check_rebuilt(ledger, data.draw(st.integers(0, 40), label="cut"))
    check_voids(ledger)


@pytest.mark.parametrize("kind", kinds())
def test_every_registered_game_brings_examples_for_every_fact_it_records(kind):
    game = games.GAMES[kind]
    drawn = examples_of(game)  # raises, naming what is missing
    assert set(game.facts) <= set(drawn) and set(game.generic) <= set(drawn)


@pytest.mark.parametrize("kind", ["commerce", "progressive_poker"])
def test_the_set_up_mended_folds_as_recorded(kind):
    """Renames and removals (a Progressive Poker game's removal gives its starting counters
    back to the bank) are drawn and accepted, and keep every invariant above."""
    accepted: dict[str, int] = {}

    @settings(max_examples=100, deadline=None, database=None, derandomize=True)
    @given(data=st.data())
    def evenings(data):
        ledger = play(data, kind, accepted)
        check_rebuilt(ledger, data.draw(st.integers(0, 40), label="cut"))
        check_voids(ledger)

    evenings()
    assert all(accepted.get(mend, 0) > 0 for mend in MENDS), {m: accepted.get(m) for m in MENDS}
