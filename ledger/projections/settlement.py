"""Settlement (SPEC §5): who owes whom, in counters and money, as the evening's results
(`ledger.projections.results`) have it.

Each unclaimed pool is one more party holding its counters while the transfers are worked
out; only transfers between players are listed, and the pools are shown as unsettled.
Settle-up payments (amendment 4) have already moved money: the transfers are what is still
owed after them, and the payments are listed beside them.
"""

from ledger.projections.results import results
from ledger.projections.state import SessionState


def settlement(state: SessionState) -> dict:
    return settled(results(state))


def settled(model: dict) -> dict:
    """The settlement read from the evening's results (`model`, left as it is)."""
    return {
        "transfers": [dict(t) for t in model["transfers"]],
        "unsettled_pools": [{key: pool[key] for key in ("game_id", "pool", "counters")}
                            for pool in model["unclaimed_pools"]],
        "payments": [dict(p) for p in model["payments"]],
        "all_square": model["all_square"],
        "carried": model["carried"],
        "results": [{"id": p["id"], "name": p["name"], "counters": p["outstanding_counters"],
                     "amount_minor": p["outstanding_minor"],
                     "result_counters": p["result_counters"], "result_minor": p["result_minor"],
                     "paid_counters": p["paid_counters"]} for p in model["players"]],
        "currency": model["currency"],
        "counter_value": model["counter_value"],
        "version": model["version"],
    }
