"""Settlement (SPEC §5): who owes whom, in counters and money.

Each unclaimed pool is one more party holding its counters while the transfers are worked
out; only transfers between players are listed, and the pools are shown as unsettled.
"""

from ledger.projections.balances import balances
from ledger.projections.session import SessionState
from ledger.projections.transfers import transfers


def settlement(state: SessionState) -> dict:
    model = balances(state)
    value = model["counter_value"]
    pools = [(f"pool:{gid}" + (f":{name}" if name else ""), counters)
             for gid in state.games for name, counters in state.pools_of(gid).items() if counters]
    parties = [(p["id"], p["counters"]) for p in model["players"]] + pools
    listed = [(payer, payee, counters) for payer, payee, counters in transfers(parties)
              if payer in state.players and payee in state.players]
    return {
        "transfers": [{"from": payer, "to": payee, "counters": counters,
                       "amount_minor": counters * value} for payer, payee, counters in listed],
        "unsettled_pools": [_unsettled(account, counters) for account, counters in pools],
        "results": [{key: p[key] for key in ("id", "name", "counters", "amount_minor")}
                    for p in model["players"]],
        "currency": model["currency"],
        "counter_value": value,
        "version": state.version,
    }


def _unsettled(account: str, counters: int) -> dict:
    """`pool:<game id>` or `pool:<game id>:<name>` as the read model shows it."""
    game_id, _, name = account[5:].partition(":")
    return {"game_id": game_id, "pool": name or None, "counters": counters}
