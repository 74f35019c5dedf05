"""Cassino scores (SPEC §4, seed 001): points per deal and cumulative, per player or side."""

GREAT, LITTLE, MOST_CARDS, MOST_SPADES = 2, 1, 3, 1


def sides(game: dict) -> list[list[str]]:
    """Two partnerships (partners' counts combined), or each player for himself."""
    return game["options"]["partnerships"] or [[seat] for seat in game["seats"]]


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


def combined(game: dict, counts: dict) -> list[dict]:
    return [{field: sum(counts[p][field] for p in side) for field in counts[side[0]]}
            for side in sides(game)]


def scores(game: dict) -> dict:
    """The scores read model: totals, each deal's raw and scored points, and the winner."""
    teams, target = sides(game), game["options"]["target"]
    deduct = game["options"]["lowest_scorer_deduction"]
    totals, deals, winner = [0] * len(teams), [], None
    for deal in game.get("cassino", {}).values():
        raw = raw_points(combined(game, deal["counts"]))
        scored = scored_points(raw, deduct)
        totals = [t + s for t, s in zip(totals, scored)]
        deals.append({"version": deal["version"], "event_id": deal["event_id"],
                      "raw": _per_player(teams, raw), "scored": _per_player(teams, scored)})
        if winner is None:
            winner = _winner(teams, totals, target)
    return {"totals": _per_player(teams, totals), "deals": deals,
            "winner": winner[0] if winner else None, "winners": winner or [],
            "target": target, "sides": teams}


def _winner(teams: list[list[str]], totals: list[int], target: int) -> list[str] | None:
    """The first side to reach the target; several at once: the higher; an exact tie plays on."""
    reached = [t for t in totals if t >= target]
    if not reached or reached.count(max(reached)) > 1:
        return None
    return teams[totals.index(max(reached))]


def _per_player(teams: list[list[str]], values: list[int]) -> dict[str, int]:
    return {player: value for team, value in zip(teams, values) for player in team}
