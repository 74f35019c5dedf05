"""The evening's results: what the night comes to, in one read model. Every output of the
night's end is drawn from it, so that they agree: the settlement read, the night sheet, the
share text and card (the page reads it in the view), `results.csv`, the spreadsheet file's
results and an evening's line in a club's standings.

Per player, in the order they joined:
- his **result** from the games, in counters and money: what he won less what he lost, the
  settle-up payments (amendment 4) left out, since they move money already owed;
- what he has **paid** in settle-up payments, less what he has received (negative: he has
  received more than he paid);
- what is **outstanding**: his result plus what he has paid (negative: he still owes that;
  positive: that is still owed to him).

Then the payments made (in log order), the transfers that settle what is outstanding (the
fewest, an unclaimed pool taking part as one more party while they are worked out), the pools
no one has won yet, and whether all is square. Results and pools sum to zero; so do the
outstanding figures and pools.

An evening carried to its club's tab (amendment 9) owes nothing more in itself: what each
player still owed or was owed then is `carried` (his line's `carried_counters`), owed on the
club's tab from then on, and his outstanding figure is 0.
"""

from ledger.projections.balances import balances, pools_by_game
from ledger.projections.days import evening_day, local_day
from ledger.projections.state import SessionState
from ledger.projections.transfers import transfers


def results(state: SessionState) -> dict:
    model = balances(state)
    value = model["counter_value"]
    pools = [(gid, name, counters) for gid, held in pools_by_game(state).items()
             for name, counters in held.items() if counters]
    parties = [(p["id"], p["counters"]) for p in model["players"]]
    parties += [(pool_account(gid, name), counters) for gid, name, counters in pools]
    owed = [(payer, payee, counters) for payer, payee, counters in transfers(parties)
            if payer in state.players and payee in state.players]
    session = state.session
    return {
        "name": session.name,
        "opened_at": session.recorded_at,
        "date": evening_day(session),
        "time_zone": session.time_zone,
        "currency": model["currency"],
        "counter_value": value,
        "players": [{
            "id": p["id"], "name": p["name"], "group": p["group"],
            "result_counters": p["result_counters"], "result_minor": p["result_minor"],
            "paid_counters": p["paid_counters"], "paid_minor": p["paid_minor"],
            "outstanding_counters": p["counters"], "outstanding_minor": p["amount_minor"],
            "carried_counters": p["carried_counters"], "carried_minor": p["carried_minor"],
        } for p in model["players"]],
        "payments": [{"event_id": p.event_id, "version": p.version, "from": p.payer,
                      "to": p.payee, "counters": p.amount, "amount_minor": p.amount * value,
                      "note": p.note}
                     for p in sorted(state.payments.values(), key=lambda p: p.version)],
        "transfers": [{"from": payer, "to": payee, "counters": counters,
                       "amount_minor": counters * value} for payer, payee, counters in owed],
        "unclaimed_pools": [{"game_id": gid, "pool": name, "counters": counters,
                             "amount_minor": counters * value} for gid, name, counters in pools],
        "all_square": not owed and not pools,
        "carried": carried(state),
        "version": state.version,
    }


def carried(state: SessionState) -> dict | None:
    """The carry to the club's tab that stands: when (and its day, in the evening's zone),
    and each player's figure carried (negative: he owes it on the tab), those carried at 0
    left out."""
    carry = state.carried
    if carry is None:
        return None
    value = state.session.counter_value
    return {"event_id": carry.event_id, "version": carry.version, "at": carry.recorded_at,
            "date": local_day(carry.recorded_at, state.session.time_zone),
            "players": [{"id": pid, "counters": n, "amount_minor": n * value}
                        for pid, n in carry.players.items() if n]}


def pool_account(game_id: str, name: str | None) -> str:
    """A pool's account: `pool:<game id>`, or `pool:<game id>:<name>` for a named one."""
    return f"pool:{game_id}" + (f":{name}" if name else "")
