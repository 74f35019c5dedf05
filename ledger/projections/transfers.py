"""The fewest transfers that bring every party to zero (SPEC §5).

The fewest transfers for n non-zero parties is n minus the largest number of disjoint
zero-sum groups they split into (each group settles in its size less one). Zero-sum pairs
are always a group of their own in some best split, so they come out first; what is left
(up to EXACT parties) is split exactly: `_groups` finds the longest chain of zero-sum subsets
over all 2^m subset sums. Beyond that: pairs, then zero-sum triples, then largest-first
greedy, and never more transfers than greedy alone would make.
"""

from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


EXACT = 20


def transfers(parties: list[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """(payer, payee, counters) settling `parties` (id, balance) that sum to zero; ties go
    to the earlier party in the given (seat) order."""
    live = [(pid, amount) for pid, amount in parties if amount]
    if sum(amount for _, amount in live) != 0:
        raise ValueError("balances do not sum to zero")
    groups, rest = _pairs(live)
    if len(rest) <= EXACT:
        groups += [[rest[i] for i in group] for group in _groups([a for _, a in rest])]
    else:
        triples, rest = _triples(rest)
        groups += triples + [rest]
    planned = [t for group in groups for t in _greedy(group)]
    alone = _greedy(live)
    return alone if len(alone) < len(planned) else planned


def exact(parties: list[tuple[str, int]]) -> bool:
    """Whether `transfers` of these parties is sure to be the fewest: no more than EXACT are
    left once the zero-sum pairs are out."""
    _, rest = _pairs([(pid, amount) for pid, amount in parties if amount])
    return len(rest) <= EXACT


def _pairs(parties):
    """Zero-sum pairs, matched in seat order, and the parties left over."""
    open_by_amount: dict[int, list[int]] = {}
    paired, groups = set(), []
    for index, (_, amount) in enumerate(parties):
        waiting = open_by_amount.get(-amount)
        if waiting:
            partner = waiting.pop(0)
            groups.append([parties[partner], parties[index]])
            paired |= {partner, index}
        else:
            open_by_amount.setdefault(amount, []).append(index)
    return groups, [p for i, p in enumerate(parties) if i not in paired]


def _triples(parties):
    groups, left = [], list(parties)
    found = True
    while found:
        found = False
        for trio in combinations(range(len(left)), 3):
            if sum(left[i][1] for i in trio) == 0:
                groups.append([left[i] for i in trio])
                left = [p for i, p in enumerate(left) if i not in trio]
                found = True
                break
    return groups, left


def _groups(amounts: list[int]) -> list[list[int]]:
    """The largest split of `amounts` (summing to zero) into zero-sum groups, as indices.

    Level k holds the subsets that contain k disjoint zero-sum groups (a chain of k nested
    zero-sum subsets); level k+1 grows from zero-sum subsets with a level-k proper subset."""
    import numpy as np  # here: its import (60 ms) is paid only by a process that searches

    m = len(amounts)
    if m == 0:
        return []
    full = (1 << m) - 1
    sums = np.zeros(1, dtype=np.int64)
    for amount in amounts:
        sums = np.concatenate([sums, sums + amount])
    zero = sums == 0
    zero[0] = False
    levels = [_upward(zero.copy(), m)]
    while True:
        grown = _upward(zero & _above(levels[-1], m), m)
        if not grown[full]:
            break
        levels.append(grown)
    groups, rest = [], full
    for level in reversed(levels[:-1]):
        inner = np.flatnonzero(zero & level)
        inner = inner[((inner & ~rest) == 0) & (inner != rest)]
        chosen = int(inner[0])
        groups.append(rest & ~chosen)
        rest = chosen
    groups.append(rest)
    return sorted(([i for i in range(m) if mask >> i & 1] for mask in groups), key=min)


def _upward(sets: "np.ndarray", m: int) -> "np.ndarray":
    """Every superset of a marked subset, marked (in place)."""
    for bit in range(m):
        view = sets.reshape(-1, 2, 1 << bit)
        view[:, 1, :] |= view[:, 0, :]
    return sets


def _above(sets: "np.ndarray", m: int) -> "np.ndarray":
    """Subsets that have a marked proper subset (one element fewer suffices: `sets` is upward closed)."""
    import numpy as np

    out = np.zeros_like(sets)
    for bit in range(m):
        out.reshape(-1, 2, 1 << bit)[:, 1, :] |= sets.reshape(-1, 2, 1 << bit)[:, 0, :]
    return out


def _greedy(parties: list[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """Largest debtor pays largest creditor until all are even; ties by seat order."""
    order = {pid: i for i, (pid, _) in enumerate(parties)}
    owing = {pid: -a for pid, a in parties if a < 0}
    owed = {pid: a for pid, a in parties if a > 0}
    moves = []
    while owing:
        payer = min(owing, key=lambda p: (-owing[p], order[p]))
        payee = min(owed, key=lambda p: (-owed[p], order[p]))
        amount = min(owing[payer], owed[payee])
        moves.append((payer, payee, amount))
        for book, pid in ((owing, payer), (owed, payee)):
            book[pid] -= amount
            if book[pid] == 0:
                del book[pid]
    return moves
