"""Cassino's scores, a projection of each deal's counts (seed 001): Great Cassino 2, Little
Cassino 1, most cards 3, most spades 1, each ace 1, each sweep 1; two sides score only the
difference, and the first side to reach the target wins. A side is a partnership, or one
player for himself; its result is said by side ("won by Zoë & Al 22–0"), never by player
(partners carry the same total)."""

from ledger.games.record import GameRecord

GREAT, LITTLE, MOST_CARDS, MOST_SPADES = 2, 1, 3, 1


def sides(game: GameRecord) -> list[list[str]]:
    """Two partnerships (partners' counts combined), or each player for himself."""
    return game.options["partnerships"] or [[seat] for seat in game.seats]


def raw_points(side_counts: list[dict]) -> list[int]:
    """Seed 001: Great Cassino 2, Little Cassino 1, most cards 3, most spades 1, each ace 1,
    each sweep 1; a tie for most cards or most spades scores nobody."""
    points = [GREAT * c["great_cassino"] + LITTLE * c["little_cassino"] + c["aces"] + c["sweeps"]
              for c in side_counts]
    for field, bonus in (("cards", MOST_CARDS), ("spades", MOST_SPADES)):
        values = [c[field] for c in side_counts]
        if values.count(max(values)) == 1:
            points[values.index(max(values))] += bonus
    return points


def scored_points(raw: list[int], deduct: bool) -> list[int]:
    """Two sides score only the difference; with the lowest-scorer deduction the lowest scores
    nothing and his points come off every other (seed 001): both are `raw - lowest`."""
    if len(raw) == 2 or deduct:
        lowest = min(raw)
        return [points - lowest for points in raw]
    return raw


def combined(game: GameRecord, counts: dict) -> list[dict]:
    return [{field: sum(counts[p][field] for p in side) for field in counts[side[0]]}
            for side in sides(game)]


def deal_points(game: GameRecord, counts: dict) -> tuple[list[int], list[int]]:
    """A deal's raw and scored points, by side."""
    raw = raw_points(combined(game, counts))
    return raw, scored_points(raw, game.options["lowest_scorer_deduction"])


def scores(game: GameRecord) -> dict:
    """The scores read model: totals (per player and by side), each deal's raw and scored
    points, and the result once a side has won. Kept on the record (`GameRecord.kept_since`)
    and scored on from there with the deals counted since: what asks whether the game is
    won, telling each deal, and the next deal's result ask it again and again."""
    kept, done = game.kept_since("_scores") or (None, 0)
    if kept is not None and done == len(game.facts):
        return kept
    teams, target = sides(game), game.options["target"]
    totals, deals, result = [0] * len(teams), [], None
    if kept is not None:  # (what is kept stays as read)
        totals = [side["points"] for side in kept["by_side"]]
        deals, result = list(kept["deals"]), kept["result"]
    for _, deal in game.since(done):
        raw, scored = deal_points(game, deal["counts"])
        totals = [t + s for t, s in zip(totals, scored)]
        deals.append({"version": deal["version"], "event_id": deal["event_id"],
                      "raw": _per_player(teams, raw), "scored": _per_player(teams, scored)})
        result = result or result_of(teams, totals, target, deal["event_id"])
    return game.keep("_scores", {
        "totals": _per_player(teams, totals), "deals": deals,
        "winner": result["winners"][0] if result else None,
        "winners": result["winners"] if result else [], "target": target, "sides": teams,
        "by_side": [{"players": side, "points": n} for side, n in zip(teams, totals)],
        "result": result})


def deciding(game: GameRecord, counts: dict) -> tuple[dict, list[int]] | None:
    """The result a deal counted as `counts` gives the game, with each side's total after it:
    None while the game plays on."""
    teams = sides(game)
    totals = [side["points"] + n for side, n in zip(scores(game)["by_side"],
                                                    deal_points(game, counts)[1])]
    result = result_of(teams, totals, game.options["target"], "")
    return (result, totals) if result else None


def winner_of(teams: list[list[str]], totals: list[int], target: int) -> list[str] | None:
    """The first side to reach the target; several at once: the higher; an exact tie plays on."""
    reached = [t for t in totals if t >= target]
    if not reached or reached.count(max(reached)) > 1:
        return None
    return teams[totals.index(max(reached))]


def result_of(teams: list[list[str]], totals: list[int], target: int, event_id: str) -> dict | None:
    """A game won: the winning side, its points, the best of the other sides' (`against`),
    and the deal (its event) that won it."""
    winners = winner_of(teams, totals, target)
    if winners is None:
        return None
    others = [t for side, t in zip(teams, totals) if side != winners]
    return {"winners": winners, "points": totals[teams.index(winners)],
            "against": max(others, default=0), "event_id": event_id}


def won(record: GameRecord) -> bool:
    return scores(record)["winner"] is not None


def _per_player(teams: list[list[str]], values: list[int]) -> dict[str, int]:
    return {player: value for team, value in zip(teams, values) for player in team}
