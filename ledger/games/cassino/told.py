"""Cassino's deals in words: what each took, what each side scores of the deal, the game won
(by side: "Zoë and Al won the game 22–0") and what the losers paid for it."""

from ledger.games.cassino import counts, taken
from ledger.games.cassino.scores import deal_points, scores, sides
from ledger.games.cassino.stakes import paired
from ledger.games.told import Told, listed
from ledger.language import _, n_


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
    if not scorers:
        said = "; " + _("nobody scores")
    elif len(scorers) > 1:
        said = "; " + _("scores: %(scores)s", scores=", ".join(
            f"{told.names(side)} {n}" for side, n in scorers))
    else:
        said = "; " + n_("%(side)s scores %(points)s", "%(side)s score %(points)s",
                         len(scorers[0][0]), side=told.names(scorers[0][0]), points=scorers[0][1])
    result = scores(game)["result"]
    if result and result["event_id"] == told.event_id:
        said += "; " + _("%(winners)s won the game %(points)s–%(against)s",
                         winners=told.names(result["winners"]), points=result["points"],
                         against=result["against"])
    return said + paid_told(told)


def paid_told(told: Told) -> str:
    """`; Ben paid Ann 2 and Dot paid Cleo 2 for the game`: each loser's one payment, to the
    winner the rules paired him with."""
    pairs = paired(told.game.seats, told.payers(), told.payees()) if told.payees() else []
    pays = [_("%(payer)s paid %(payee)s %(amount)s", payer=told.name(loser), payee=told.name(winner),
              amount=told.pays(loser, winner, -told.got(loser))) for loser, winner in pairs]
    return "; " + _("%(paid)s for the game", paid=listed(pays)) if pays else ""
