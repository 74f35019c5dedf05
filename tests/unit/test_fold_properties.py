"""Invariants over random legal sequences: conservation, rebuild == incremental, voids."""

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.projections.balances import balances, pools
from ledger.projections.session import DETAILED, SessionState
from tests.unit.memory import MemoryLedger, fold

seat = st.integers(0, 3)
amount = st.integers(1, 50)
# The facts of the games with named pools (three-stake Brag, Pope Joan), and refunds.
NAMED_POOL_FACTS = (
    st.tuples(st.just("brag_bet"), st.integers(0, 1), seat, amount),
    st.tuples(st.just("stake_won"), st.integers(0, 1), st.integers(0, 2), seat),
    st.tuples(st.just("stake_carried_over"), st.integers(0, 1), st.integers(0, 2)),
    st.tuples(st.just("trump_turned_up"), st.integers(0, 1), st.integers(0, 4),
              st.lists(st.integers(0, 13), min_size=4, max_size=4)),
    st.tuples(st.just("compartment_won"), st.integers(0, 1), st.integers(0, 6), seat),
    st.tuples(st.just("pope_joan_out"), st.integers(0, 1), seat,
              st.lists(st.integers(0, 9), min_size=4, max_size=4), st.none() | seat),
    st.tuples(st.just("pool_refunded"), st.integers(0, 1), seat, st.integers(0, 7)),
)
intent = st.one_of(
    st.tuples(st.just("deal_started"), st.integers(0, 1), st.none() | seat),
    st.tuples(st.just("stake_paid"), st.integers(0, 1), seat, amount, st.none() | seat),
    st.tuples(st.just("penalty_paid"), st.integers(0, 1), seat, amount),
    st.tuples(st.just("pool_won"), st.integers(0, 1), st.sets(seat, min_size=1)),
    st.tuples(st.just("pool_carried_over"), st.integers(0, 1), st.booleans()),
    st.tuples(st.just("card_bought"), st.integers(0, 1), seat, st.none() | amount),
    st.tuples(st.just("deal_sold"), st.integers(0, 1), seat, seat, amount),
    st.tuples(st.just("event_voided"), st.integers(0, 200)),
    st.tuples(st.just("event_voided"), st.integers(-2, -1)),  # undo what was just recorded
    st.tuples(st.just("payment_made"), seat, seat, st.integers(1, 120)),  # percent of what's owed
    st.tuples(st.just("commerce_stand"), st.integers(0, 1), seat, seat, st.sets(seat, max_size=3)),
    st.tuples(st.just("brag_ante_unseen"), st.integers(0, 1)),
    st.tuples(st.just("jig_out"), st.integers(0, 1), seat, st.lists(st.integers(0, 9), min_size=4, max_size=4)),
    st.tuples(st.just("knave_or_five_turned"), st.integers(0, 1), seat),
    st.tuples(st.just("vingt_un_hand_settled"), st.integers(0, 1), seat,
              st.sampled_from(["player", "dealer"]), st.booleans(), st.booleans(),
              st.none() | amount),
    st.tuples(st.just("stakes_doubled"), st.integers(0, 1)),
    st.tuples(st.just("brulet"), st.integers(0, 1)),
    st.tuples(st.just("vingt_un_overdrawn"), st.integers(0, 1)),
    *NAMED_POOL_FACTS,
)
STAKES = ["first", "second", "third"]
HONOURS = ["ace", "king", "queen", "knave", "pope"]
COMPARTMENTS = ["pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game"]
KIND_OPTIONS = {
    "commerce": {}, "other": {}, "brag": {"betting_limit": 40},
    "speculation": {"dealer_pays_double": True, "knave_five_fine": True},
    "snip_snap_snorum": {"pool_ante": 1, "dealer_pays": 1},
    "vingt_un": {"pool_ante": 1, "overdraw_penalty": 2, "tie_share": "1/4"},
    "three_stake_brag": {"sweep_bonus": 1},
    "pope_joan": {"dressing": "shared", "pope_holder_excused": True},
    "cassino": {},
}


def attempt(ledger: MemoryLedger, games: list[str], step: tuple) -> None:
    kind, *args = step
    p = ledger.players
    if kind == "event_voided":
        target = ledger.log[args[0] % len(ledger.log)]["id"]
        ledger.record(kind, event_id=target, reason="test")
        return
    if kind == "payment_made":  # a settle-up between two players, outside the games: from a
        # player who is down to one who is up (when the seats drawn are not), part of what is
        # owed, or more than that (refused)
        held = {x: ledger.state.balances.get(f"player:{x}", 0) for x in p}
        down = sorted(p, key=held.get)
        payer = p[args[0]] if held[p[args[0]]] < 0 else down[0]
        payee = p[args[1]] if held[p[args[1]]] > 0 else down[-1]
        owed = min(-held[payer], held[payee])
        ledger.record(kind, **{"from": payer, "to": payee, "amount": max(1, owed * args[2] // 100)})
        return
    game, other = games[args[0]], games[1 - args[0]]
    data = {
        "deal_started": lambda d: {"dealer": p[d]} if d is not None else {},
        "stake_paid": lambda a, n, to: {"player": p[a], "amount": n, **({"to": p[to]} if to is not None else {})},
        "penalty_paid": lambda a, n: {"player": p[a], "amount": n},
        "pool_won": lambda ws: {"winners": [p[w] for w in sorted(ws)]},
        "pool_carried_over": lambda move: {"to_game_id": other} if move else {},
        "card_bought": lambda b, n: {"buyer": p[b], **({"price": n} if n else {})},
        "deal_sold": lambda s, b, n: {"seller": p[s], "buyer": p[b], "price": n},
        "commerce_stand": lambda s, w, better: {"stander": p[s], "winner": p[w],
                                                "better_hands": [p[x] for x in sorted(better)]},
        "brag_ante_unseen": lambda: {},
        "jig_out": lambda out, counts: {"player": p[out], "cards_left": {
            p[i]: n for i, n in enumerate(counts) if i != out}},
        "knave_or_five_turned": lambda x: {"player": p[x]},
        "vingt_un_hand_settled": lambda x, winner, natural, tie, n: {
            "player": p[x], "winner": winner, "natural": natural, "tie": tie,
            **({"amount": n} if n else {})},
        "stakes_doubled": lambda: {},
        "brulet": lambda: {},
        "vingt_un_overdrawn": lambda: {},
        "brag_bet": lambda x, n: {"player": p[x], "amount": n},
        "stake_won": lambda i, w: {"stake": STAKES[i], "winner": p[w]},
        "stake_carried_over": lambda i: {"stake": STAKES[i]},
        "trump_turned_up": lambda i, counts: {"card": HONOURS[i], "cards_dealt": {
            p[n]: c for n, c in enumerate(counts) if p[n] != ledger.dealer_of(game)}},
        "compartment_won": lambda i, w: {"compartment": COMPARTMENTS[i], "player": p[w]},
        "pope_joan_out": lambda out, counts, holder: {
            "player": p[out], "cards_left": {p[i]: n for i, n in enumerate(counts) if i != out},
            **({"pope_held_by": p[holder]} if holder is not None else {})},
        "pool_refunded": lambda to, i: (lambda name: {
            "shares": {p[to]: max(1, ledger.pool_of(game, name))},
            **({"pool": name} if name else {})})(ledger.pool_name(game, i)),
    }[kind](*args[1:])
    ledger.record(kind, game, **data)


def play(steps, kind: str = "commerce") -> MemoryLedger:
    ledger = MemoryLedger()
    first = ledger.record("game_started", kind=kind, stake=2, seats=ledger.players,
                          options=KIND_OPTIONS[kind])["id"]
    games = [first, ledger.game("other")]
    for step in steps:
        try:
            attempt(ledger, games, step)
        except LedgerError:
            pass  # refused, nothing recorded
        check_conservation(ledger.state)
    return ledger


def check_conservation(state: SessionState) -> None:
    assert sum(state.balances.values()) == 0
    assert all(n >= 0 for account, n in state.balances.items() if account.startswith("pool:"))
    model = balances(state)
    assert sum(p["counters"] for p in model["players"]) + model["pools_counters"] == 0
    assert sum(p["paid_counters"] for p in model["players"]) == 0  # a payment moves, never makes
    assert all(p["counters"] == p["result_counters"] + p["paid_counters"] for p in model["players"])


@pytest.mark.parametrize("kind", sorted(KIND_OPTIONS))
@settings(max_examples=80, deadline=None)
@given(steps=st.lists(intent, max_size=40))
def test_counters_are_conserved_at_every_step_of_every_game(kind, steps):
    play(steps, kind)


@settings(max_examples=100, deadline=None)
@given(st.lists(intent, max_size=40))
def test_rebuilt_state_equals_the_incremental_one_and_survives_a_snapshot(steps):
    ledger = play(steps)
    rebuilt = fold(ledger.log)
    assert rebuilt == ledger.state
    assert SessionState.from_dict(orjson.loads(orjson.dumps(ledger.state))) == ledger.state


@settings(max_examples=100, deadline=None)
@given(st.lists(intent, max_size=40))
def test_voiding_an_event_gives_the_balances_of_never_recording_it(steps):
    ledger = play(steps)
    voided = {e["data"]["event_id"] for e in ledger.log if e["type"] == "event_voided"}
    voids = {e["id"] for e in ledger.log if e["type"] == "event_voided"}
    never = fold(e for e in ledger.log if e["id"] not in voided | voids)
    assert {a: n for a, n in ledger.state.balances.items() if n} == \
        {a: n for a, n in never.balances.items() if n}
    assert kept(ledger.state.games) == kept(never.games)
    assert balances(ledger.state)["players"] == balances(never)["players"]
    # the deals, what settled them and every game's own record, as if never recorded
    assert kept(ledger.state.games) == kept(never.games)
    assert ledger.state.kept_in == never.kept_in


def kept(records: dict) -> dict:
    """The games' records, each without the empty dicts a game's fold step made for a fact
    that was since undone (a record the same as one that never saw it)."""
    return {gid: {k: v for k, v in record.items() if v != {} or k in ("deals", "dealing")}
            for gid, record in records.items()}


def as_stored_rows(log: list[dict]) -> list[tuple]:
    """The log as the store's fold query returns it: data only for DETAILED types, the time
    only of the first event."""
    return [(e["version"], e["type"], orjson.dumps(e["postings"]).decode(), e["id"],
             e["game_id"], orjson.dumps(e["data"]).decode() if e["type"] in DETAILED else None,
             e["recorded_at"] if e["version"] == 1 else None) for e in log]


@settings(max_examples=100, deadline=None)
@given(st.lists(intent, max_size=40), st.integers(0, 40))
def test_folding_stored_rows_in_two_parts_equals_the_incremental_state(steps, cut):
    ledger = play(steps)
    rows = as_stored_rows(ledger.log)
    state = SessionState()
    session_id = ledger.log[0]["session_id"]
    state.fold_rows(rows[:cut], session_id)
    state.fold_rows(rows[cut:], session_id)
    assert state == ledger.state


# The games with named pools, driven by their own facts in their first game (and by deals and
# voids).
named_pool_intent = st.one_of(
    st.tuples(st.just("deal_started"), st.just(0), st.none() | seat),
    st.tuples(st.just("event_voided"), st.integers(0, 200)),
    st.tuples(st.just("event_voided"), st.integers(-2, -1)),
    st.tuples(st.just("payment_made"), seat, seat, st.integers(1, 120)),  # percent of what's owed
    *NAMED_POOL_FACTS,
)


@pytest.mark.parametrize("kind", ["three_stake_brag", "pope_joan"])
@settings(max_examples=60, deadline=None)
@given(steps=st.lists(named_pool_intent, max_size=40))
def test_named_pool_games_conserve_rebuild_and_void_as_never_recorded(kind, steps):
    ledger = play([(name, 0, *rest[1:]) if name != "event_voided" else (name, *rest)
                   for name, *rest in steps], kind)
    assert fold(ledger.log) == ledger.state
    from_rows = SessionState()
    from_rows.fold_rows(as_stored_rows(ledger.log), ledger.log[0]["session_id"])
    assert from_rows == ledger.state  # and its pools read the same, in the same order
    assert orjson.dumps(pools(from_rows)) == orjson.dumps(pools(ledger.state))
    voided = {e["data"]["event_id"] for e in ledger.log if e["type"] == "event_voided"}
    voids = {e["id"] for e in ledger.log if e["type"] == "event_voided"}
    never = fold(e for e in ledger.log if e["id"] not in voided | voids)
    assert {a: n for a, n in ledger.state.balances.items() if n} == \
        {a: n for a, n in never.balances.items() if n}
    assert kept(ledger.state.games) == kept(never.games)
