"""Cassino's scores, a projection of each deal's counts (seed 001): Great Cassino 2, Little
Cassino 1, most cards 3, most spades 1, each ace 1, each sweep 1; two sides score only the
difference, and the first side to reach the target wins."""

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


def scores(game: GameRecord) -> dict:
    """The scores read model: totals, each deal's raw and scored points, and the winner."""
    teams, target = sides(game), game.options["target"]
    deduct = game.options["lowest_scorer_deduction"]
    totals, deals, winner = [0] * len(teams), [], None
    for deal in game.facts.values():
        raw = raw_points(combined(game, deal["counts"]))
        scored = scored_points(raw, deduct)
        totals = [t + s for t, s in zip(totals, scored)]
        deals.append({"version": deal["version"], "event_id": deal["event_id"],
                      "raw": _per_player(teams, raw), "scored": _per_player(teams, scored)})
        if winner is None:
            winner = winner_of(teams, totals, target)
    return {"totals": _per_player(teams, totals), "deals": deals,
            "winner": winner[0] if winner else None, "winners": winner or [],
            "target": target, "sides": teams}


def winner_of(teams: list[list[str]], totals: list[int], target: int) -> list[str] | None:
    """The first side to reach the target; several at once: the higher; an exact tie plays on."""
    reached = [t for t in totals if t >= target]
    if not reached or reached.count(max(reached)) > 1:
        return None
    return teams[totals.index(max(reached))]


def won(record: GameRecord) -> bool:
    return scores(record)["winner"] is not None


def _per_player(teams: list[list[str]], values: list[int]) -> dict[str, int]:
    return {player: value for team, value in zip(teams, values) for player in team}


def scored_told(told, counts: dict) -> str:
    """What each side scores of a deal counted as `counts`, and the winner if it won the game
    (the sentence's tail for both ways of recording a deal)."""
    game = told.game
    if game is None or any(p not in counts for side in sides(game) for p in side):
        return ""
    scored = scored_points(raw_points(combined(game, counts)), game.options["lowest_scorer_deduction"])
    scorers = [(told.names(side), n) for side, n in zip(sides(game), scored) if n]
    said = ("; nobody scores" if not scorers else f"; {scorers[0][0]} scores {scorers[0][1]}"
            if len(scorers) == 1 else "; scores: " + ", ".join(f"{who} {n}" for who, n in scorers))
    model, totals = scores(game), {}
    for deal in model["deals"] if model["winner"] else ():
        totals = {p: totals.get(p, 0) + n for p, n in deal["scored"].items()}
        winner = winner_of(model["sides"], [totals[side[0]] for side in model["sides"]], model["target"])
        if winner:
            return said + (f"; {told.names(winner)} won the game" if deal["event_id"] == told.event_id else "")
    return said
