"""The fewest transfers: against a brute-force optimum, greedy, and large tables."""

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.projections.transfers import _greedy, transfers


@cache
def most_zero_sum_groups(values: tuple[int, ...]) -> int:
    """Brute force: the largest split of `values` (summing to zero) into zero-sum groups."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for mask in range(1 << len(rest)):
        group = [v for i, v in enumerate(rest) if mask >> i & 1]
        if first + sum(group) == 0:
            left = tuple(v for i, v in enumerate(rest) if not mask >> i & 1)
            best = max(best, 1 + most_zero_sum_groups(left))
    return best


def settle(values):
    return transfers([(f"p{i}", v) for i, v in enumerate(values)])


def balanced(values):
    return [*values, -sum(values)]


def settles_everyone(values, moves) -> bool:
    left = {f"p{i}": v for i, v in enumerate(values)}
    for payer, payee, amount in moves:
        assert amount > 0
        left[payer] += amount
        left[payee] -= amount
    return set(left.values()) <= {0}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-12, 12), min_size=1, max_size=8).map(balanced))
def test_the_number_of_transfers_is_the_true_minimum(values):
    moves = settle(values)
    nonzero = tuple(v for v in values if v)
    assert len(moves) == len(nonzero) - most_zero_sum_groups(nonzero)
    assert settles_everyone(values, moves)
    assert moves == settle(values)  # the same results always give the same transfers


def test_greedy_needs_more_than_the_optimum_here():
    values = [-4, -3, 2, 2, 3]
    assert len(_greedy([(f"p{i}", v) for i, v in enumerate(values)])) == 4
    assert len(settle(values)) == 3


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-400, 400), min_size=14, max_size=19).map(balanced))
def test_up_to_twenty_players_settle_exactly_and_never_worse_than_greedy(values):
    moves = settle(values)
    assert settles_everyone(values, moves)
    assert len(moves) <= len(_greedy([(f"p{i}", v) for i, v in enumerate(values)]))


def test_more_than_twenty_keep_pairs_and_triples_within_themselves():
    rng = random.Random(5)
    values = [7, -7, 5, 4, -9] + balanced([rng.randint(-900, 900) for _ in range(24)])
    moves = settle(values)
    assert settles_everyone(values, moves)
    assert ("p1", "p0", 7) in moves
    assert {("p4", "p2", 5), ("p4", "p3", 4)} <= set(moves)
    assert len(moves) <= len(_greedy([(f"p{i}", v) for i, v in enumerate(values)]))


def test_ties_follow_seat_order():
    assert settle([-2, -2, 4]) == [("p0", "p2", 2), ("p1", "p2", 2)]
