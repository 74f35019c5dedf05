"""The rows of the three exports (SPEC §6): results, journal, settlement. Pure functions of
the log; the API writes them as CSV."""

from collections.abc import Iterable, Iterator

from ledger.projections.balances import balances
from ledger.projections.cassino import scores
from ledger.projections.progressive import tallies
from ledger.projections.session import SessionState
from ledger.projections.settlement import settlement

JOURNAL = ["position", "version", "recorded_at", "event_id", "type", "game_id", "account", "amount"]


def results(state: SessionState) -> tuple[list[str], list[list]]:
    """One row per player: name, group, counters, money, each Cassino game's points and each
    Progressive Poker game's yellow chips."""
    model = balances(state)
    columns = []  # (header, {player: value}) for each game that keeps a score
    for n, gid in enumerate((g for g, game in state.games.items() if game["kind"] == "cassino"), 1):
        columns.append((f"cassino_points_{n}", scores(state.games[gid])["totals"]))
    progressive_games = [g for g, game in state.games.items() if game["kind"] == "progressive_poker"]
    for n, gid in enumerate(progressive_games, 1):
        tally = tallies(state.games[gid], state.players)["players"]
        columns.append((f"yellow_chips_{n}", {p: t["yellow_chips"] for p, t in tally.items()}))
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
