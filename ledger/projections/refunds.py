"""What a pool left unclaimed at a game's or the evening's end is shared back as, by default:
to those who put it there, each his share (SPEC §5: a pool is never shared out silently; the
table refunds it by agreement, `pool_refunded`, and this is the page's first offer).

Read from the log's postings: counters credited to the pool in an event came from the
players debited in it (through an account such as Pope Joan's board, or from another pool
carried over, in proportion); counters paid out of it take from every contributor alike; a
pool emptied starts afresh. The pool's counters now are split by those contributions, whole
counters by the largest remainder, and the players given an odd counter are named."""

from fractions import Fraction

from ledger.events.postings import pool as pool_account


def refund(events, game_id: str, name: str | None, held: int, seats: list[str]) -> dict:
    """{"shares": {player: counters}, "odd": [players given one more than their exact share]}
    for the `held` counters of the game's pool (`name`: one of its named pools)."""
    shares = contributions(events, pool_account(game_id, name))
    return split(held, {p: shares.get(p, Fraction(0)) for p in seats} if any(
        shares.get(p) for p in seats) else dict.fromkeys(seats, Fraction(1)))


def contributions(events, account: str) -> dict[str, Fraction]:
    """Who put the counters now in `account` there, as exact fractions of counters."""
    pools: dict[str, dict[str, Fraction]] = {}  # every pool's contributors, as they stand
    for event in events:
        credited = {p["account"]: p["amount"] for p in event["postings"]
                    if p["account"].startswith("pool:") and p["amount"] > 0}
        debited = [(p["account"], -p["amount"]) for p in event["postings"] if p["amount"] < 0]
        sources = _sources(pools, debited)
        for source_pool, amount in [(a, n) for a, n in debited if a.startswith("pool:")]:
            _paid_out(pools.setdefault(source_pool, {}), amount)
        funded = sum(credited.values())
        for credit, amount in credited.items():
            kept = pools.setdefault(credit, {})
            for player, part in sources.items():
                kept[player] = kept.get(player, 0) + part * amount / funded
    return pools.get(account, {})


def _sources(pools: dict, debited: list[tuple[str, int]]) -> dict[str, Fraction]:
    """Whose counters an event's debits are: a player's his own, a pool's its contributors'."""
    sources: dict[str, Fraction] = {}
    for account, amount in debited:
        if account.startswith("player:"):
            sources[account[7:]] = sources.get(account[7:], 0) + amount
        elif account.startswith("pool:"):
            kept = pools.get(account, {})
            total = sum(kept.values())
            for player, part in kept.items():
                sources[player] = sources.get(player, 0) + Fraction(part) * amount / total
    return sources


def _paid_out(kept: dict[str, Fraction], amount: int) -> None:
    total = sum(kept.values())
    if total <= amount:
        kept.clear()  # emptied: who fills it next starts afresh
        return
    for player in kept:
        kept[player] = kept[player] * (total - amount) / total


def split(held: int, weights: dict[str, Fraction]) -> dict:
    """`held` counters in proportion to `weights` (seat order breaks ties), by the largest
    remainder: every counter given, none made."""
    total = sum(weights.values())
    if held <= 0 or total <= 0:
        return {"shares": {}, "odd": []}
    exact = {p: Fraction(held) * w / total for p, w in weights.items()}
    shares = {p: int(share) for p, share in exact.items()}
    left = held - sum(shares.values())
    order = sorted(exact, key=lambda p: (-(exact[p] - shares[p]), list(exact).index(p)))
    odd = order[:left]
    for player in odd:
        shares[player] += 1
    return {"shares": {p: n for p, n in shares.items() if n}, "odd": odd}
