"""Settlement (SPEC §5): who owes whom, in counters and money.

Each unclaimed pool is one more party holding its counters while the transfers are worked
out; only transfers between players are listed, and the pools are shown as unsettled.
Settle-up payments (amendment 4) have already moved money: the transfers are what is still
owed after them, and the payments are listed beside them.
"""

from ledger.projections.balances import balances
from ledger.projections.session import pools_by_game
from ledger.projections.state import SessionState
from ledger.projections.transfers import transfers

RESULT_FIELDS = ("id", "name", "counters", "amount_minor", "result_counters", "result_minor",
                 "paid_counters")


def settlement(state: SessionState) -> dict:
    model = balances(state)
    value = model["counter_value"]
    pools = [(f"pool:{gid}" + (f":{name}" if name else ""), counters)
             for gid, held in pools_by_game(state).items() for name, counters in held.items()
             if counters]
    parties = [(p["id"], p["counters"]) for p in model["players"]] + pools
    listed = [(payer, payee, counters) for payer, payee, counters in transfers(parties)
              if payer in state.players and payee in state.players]
    return {
        "transfers": [{"from": payer, "to": payee, "counters": counters,
                       "amount_minor": counters * value} for payer, payee, counters in listed],
        "unsettled_pools": [_unsettled(account, counters) for account, counters in pools],
        "payments": [{"event_id": p.event_id, "version": p.version, "from": p.payer,
                      "to": p.payee, "counters": p.amount, "amount_minor": p.amount * value,
                      "note": p.note}
                     for p in sorted(state.payments.values(), key=lambda p: p.version)],
        "all_square": not listed and not pools,
        "results": [{key: p[key] for key in RESULT_FIELDS} for p in model["players"]],
        "currency": model["currency"],
        "counter_value": value,
        "version": state.version,
    }


def _unsettled(account: str, counters: int) -> dict:
    """`pool:<game id>` or `pool:<game id>:<name>` as the read model shows it."""
    game_id, _, name = account[5:].partition(":")
    return {"game_id": game_id, "pool": name or None, "counters": counters}
