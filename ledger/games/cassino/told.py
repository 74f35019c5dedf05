"""Cassino's deals in words: what each took, what each side scores of the deal, the game won
(by side: "Zoë and Al won the game 22–0") and what the losers paid for it."""

from ledger.games.cassino import counts, taken
from ledger.games.cassino.scores import deal_points, scores, sides
from ledger.games.cassino.stakes import paired
from ledger.games.told import Told, listed


def counted_told(told: Told) -> str:
    """What each took, what each side scores of the deal, and the winner if it won the game."""
    return counts.counted_said(told) + scored_told(told, told.data["counts"])


def taken_told(told: Told) -> str:
    seats = told.game.seats if told.game else list(told.data["aces"])
    return taken.taken_said(told) + scored_told(told, taken.as_counts(seats, told.data))


def scored_told(told: Told, counted: dict) -> str:
    """What each side scores of a deal counted as `counted`, the game won by this deal (as
    the log stands), and the stakes its postings paid for it (the sentence's tail for both
    ways of recording a deal)."""
    game = told.game
    if game is None:
        return ""
    if any(p not in counted for side in sides(game) for p in side):
        return paid_told(told)
    scored = deal_points(game, counted)[1]
    scorers = [(side, n) for side, n in zip(sides(game), scored) if n]
    said = ("; nobody scores" if not scorers else "; scores: " + ", ".join(
        f"{told.names(side)} {n}" for side, n in scorers) if len(scorers) > 1 else
        f"; {told.names(scorers[0][0])} score{'s' if len(scorers[0][0]) == 1 else ''} {scorers[0][1]}")
    result = scores(game)["result"]
    if result and result["event_id"] == told.event_id:
        said += f"; {told.names(result['winners'])} won the game {result['points']}–{result['against']}"
    return said + paid_told(told)


def paid_told(told: Told) -> str:
    """`; Ben paid Ann 2 and Dot paid Cleo 2 for the game`: each loser's one payment, to the
    winner the rules paired him with."""
    pairs = paired(told.game.seats, told.payers(), told.payees()) if told.payees() else []
    pays = [f"{told.name(loser)} paid {told.name(winner)} {told.pays(loser, winner, -told.got(loser))}"
            for loser, winner in pairs]
    return f"; {listed(pays)} for the game" if pays else ""
