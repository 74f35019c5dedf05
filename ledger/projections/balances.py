"""Balances (SPEC §5): each player's result in counters and money; results plus pools sum to zero."""

from ledger.postings import player
from ledger.projections.session import SessionState


def balances(state: SessionState) -> dict:
    """A player's result is what he holds less what the bank issued him (charged at settling)."""
    value = state.session["counter_value"]
    players = []
    for pid, record in state.players.items():
        held = state.balances.get(player(pid), 0)
        counters = held - state.issued.get(pid, 0)
        players.append({
            "id": pid, "name": record["name"], "group": record["group"],
            "counters": counters, "amount_minor": counters * value,
            "held": held, "issued": state.issued.get(pid, 0),
        })
    return {
        "players": players,
        "pools_counters": sum(pool["counters"] for pool in pools(state)["pools"]),
        "counter_value": value,
        "currency": state.session["currency"],
        "version": state.version,
    }


def pools(state: SessionState) -> dict:
    """Pools (SPEC §5): the counters staked in each game and not yet won; a game with named
    pools (three-stake Brag's stakes, Pope Joan's compartments) shows each by name, and its
    `counters` are their sum."""
    listed = []
    for gid, game in state.games.items():
        held = state.pools_of(gid)
        named = {name: counters for name, counters in held.items() if name is not None}
        listed.append({"game_id": gid, "kind": game["kind"], "table_id": game["table_id"],
                       "counters": sum(held.values()), "named": named})
    return {"pools": listed, "version": state.version}
