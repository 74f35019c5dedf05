"""Balances (SPEC §5): each player's result in counters and money; results plus pools sum to zero."""

from ledger import games
from ledger.events.postings import player
from ledger.projections.state import SessionState


def balances(state: SessionState) -> dict:
    """A player's account is what he holds less what the bank issued him (charged at
    settling); after settle-up payments it says what is still owed (`counters`), and once
    the evening is carried to its club's tab, 0 (the rest is owed on the tab:
    `carried_counters`). His result leaves the payments and the carry out
    (`result_counters`); `paid_counters` are his payments, net of those he received
    (positive: he has paid)."""
    value = state.session.counter_value
    paid = paid_counters(state)
    carried = state.carried.players if state.carried is not None else {}
    players = []
    for pid, record in state.players.items():
        held = state.balances.get(player(pid), 0)
        counters = held - state.issued.get(pid, 0)
        result = counters - paid.get(pid, 0) + carried.get(pid, 0)
        players.append({
            "id": pid, "name": record.name, "group": record.group,
            "counters": counters, "amount_minor": counters * value,
            "held": held, "issued": state.issued.get(pid, 0),
            "result_counters": result, "result_minor": result * value,
            "paid_counters": paid.get(pid, 0), "paid_minor": paid.get(pid, 0) * value,
            "carried_counters": carried.get(pid, 0), "carried_minor": carried.get(pid, 0) * value,
        })
    return {
        "players": players,
        "pools_counters": sum(pool["counters"] for pool in pools(state)["pools"]),
        "counter_value": value,
        "currency": state.session.currency,
        "version": state.version,
    }


def paid_counters(state: SessionState) -> dict[str, int]:
    """Each player's settle-up payments (amendment 4) less those he received; voided ones
    are gone from the state."""
    paid: dict[str, int] = {}
    for payment in state.payments.values():
        paid[payment.payer] = paid.get(payment.payer, 0) + payment.amount
        paid[payment.payee] = paid.get(payment.payee, 0) - payment.amount
    return paid


def pools(state: SessionState) -> dict:
    """Pools (SPEC §5): the counters staked in each game and not yet won; a game with named
    pools (three-stake Brag's stakes, Pope Joan's compartments) shows each by name, and its
    `counters` are their sum."""
    listed, by_game = [], pools_by_game(state)
    for gid, game in state.games.items():
        held = by_game[gid]
        named = {name: counters for name, counters in held.items() if name is not None}
        listed.append({"game_id": gid, "kind": game.kind, "table_id": game.table_id,
                       "counters": sum(held.values()), "named": named})
    return {"pools": listed, "version": state.version}


def pools_by_game(state: SessionState) -> dict[str, dict[str | None, int]]:
    """Every game's pools by name (None: its one unnamed pool), with what each holds, from one
    pass over the accounts; a game's named pools in the order its module declares them (the
    accounts' own order depends on how the log was folded)."""
    held: dict[str, dict[str | None, int]] = {gid: {} for gid in state.games}
    for account, counters in state.balances.items():
        if account.startswith("pool:"):
            game_id, _, name = account[5:].partition(":")
            if game_id in held:  # (a game removed has left its empty pool's account behind)
                held[game_id][name or None] = counters
    for game_id, pools in held.items():
        if len(pools) > 1:
            record = state.games.get(game_id)
            order = (None, *(games.of(record).pools if record else ()))
            held[game_id] = dict(sorted(pools.items(), key=lambda item: (
                order.index(item[0]) if item[0] in order else len(order), item[0] or "")))
    return held
