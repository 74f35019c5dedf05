"""One evening as a club's standings see it: each player's result in counters and money, the
deals he dealt and his games' tallies, read from the evening's folded state (the service keeps
them per evening and version, so standings over many evenings fold none of them again while
they stand still)."""

from ledger import games
from ledger.games.dealing import dealing
from ledger.projections.days import evening_day
from ledger.projections.results import results
from ledger.projections.state import SessionState


def summary(state: SessionState) -> dict:
    """The evening's name, day (its own time zone's, `evening_day`: the one its seasons
    choose it by) and money, and per player: his result (game winnings, the
    settle-up payments left out), deals dealt and each game's tallies."""
    model = results(state)  # the evening's results, as its night sheet and files have them
    players = {p["id"]: {"name": p["name"], "counters": p["result_counters"],
                         "amount_minor": p["result_minor"], "deals": 0, "tallies": {}}
               for p in model["players"]}
    for record in state.games.values():
        game = games.of(record)
        if game.deals:
            for pid, n in dealing(record, game.keeps_deal)["deals"].items():
                players[pid]["deals"] += n
        for tally, counts in (game.tallies(record, state) if game.tallies else {}).items():
            for pid, n in counts.items():
                kept = players[pid]["tallies"]
                kept[tally] = kept.get(tally, 0) + n
    session = state.session
    return {"session_id": session.id, "name": session.name,
            "date": evening_day(session), "opened_at": session.recorded_at,
            "time_zone": session.time_zone, "currency": session.currency,
            "counter_value": session.counter_value,
            "version": state.version, "players": players}
