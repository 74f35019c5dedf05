"""The rows of the three exports (SPEC §6): results, journal, settlement. Pure functions of
the log; the API writes them as CSV."""

from collections.abc import Iterable, Iterator

from ledger import games
from ledger.projections.balances import balances
from ledger.projections.session import SessionState
from ledger.projections.settlement import settlement

JOURNAL = ["position", "version", "recorded_at", "event_id", "type", "game_id", "account", "amount"]


def results(state: SessionState) -> tuple[list[str], list[list]]:
    """One row per player: name, group, counters, money, and the columns each game adds
    (each Cassino game's points, each Progressive Poker game's yellow chips), numbered by
    kind in the order the games started."""
    model = balances(state)
    columns, started = [], {}  # (header, {player: value}) for each game that keeps a score
    for record in state.games.values():
        game = games.of(record)
        if game.csv_columns is None:
            continue
        started[game.kind] = started.get(game.kind, 0) + 1
        columns += [(f"{name}_{started[game.kind]}", values)
                    for name, values in game.csv_columns(record, state)]
    header = ["player_id", "name", "group", "counters", "money", "currency",
              *(name for name, _ in columns)]
    rows = [[p["id"], p["name"], p["group"] or "", p["counters"], p["amount_minor"],
             model["currency"], *(values.get(p["id"], "") for _, values in columns)]
            for p in model["players"]]
    return header, rows


def journal(events: Iterable[dict]) -> Iterator[list]:
    """One row per posting, in log order, each with its event's id."""
    for event in events:
        for posting in event["postings"]:
            yield [event["position"], event["version"], event["recorded_at"], event["id"],
                   event["type"], event["game_id"] or "", posting["account"], posting["amount"]]


def settlement_rows(state: SessionState) -> tuple[list[str], list[list]]:
    model = settlement(state)
    names = {pid: player["name"] for pid, player in state.players.items()}
    header = ["from", "to", "from_id", "to_id", "counters", "money", "currency"]
    rows = [[names[t["from"]], names[t["to"]], t["from"], t["to"], t["counters"],
             t["amount_minor"], model["currency"]] for t in model["transfers"]]
    return header, rows
