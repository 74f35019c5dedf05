"""What a Cassino game won is paid. Seed 001 (Peel) counts the points only; the books that
say what the game is played for give a stake: "Cassino may be played for so much a game, or
so much a point ... If points are played for, the lower score is usually deducted from the
higher, and the difference is the value of the game" (R. F. Foster, *Foster's Complete
Hoyle*, "Cassino": Stakes, seed 004's book); Hoyle's own rules are "a pleasant, simple game,
when the stakes played for are not too high" (*Hoyle's Games*, "Cassino").

Option `played_for`: `game` (so much a game: each loser pays the winner one stake) or
`point` (so much a point: each loser pays the stake for every point the winner is ahead of
him). Partners pair off, seat by seat: each loser pays one winner, so each partner receives
what one loser pays. The count that wins the game carries the payments (its postings), as
the scores stand then; a game started before stakes were paid (no `played_for` in its
options) moves nothing. Foster's double game for a winner twice his adversary's points is
left out: the ledger's texts do not give its terms whole."""

from ledger.events.postings import combine, player, transfer
from ledger.games.cassino.scores import deciding, sides
from ledger.games.record import GameRecord

PLAYED_FOR = ("game", "point")


def paired(seats: list[str], losers, winners) -> list[tuple[str, str]]:
    """Each loser with the winner he pays: both in seat order, the winners in turn."""
    losers, winners = sorted(losers, key=seats.index), sorted(winners, key=seats.index)
    return [(loser, winners[i % len(winners)]) for i, loser in enumerate(losers)]


def stakes_paid(game: GameRecord, counts: dict) -> list[dict]:
    """The postings of a count that wins the game: each loser → a winner what the game is
    played for (none while the game plays on)."""
    decided, played_for = deciding(game, counts), game.options.get("played_for")
    if decided is None or played_for is None:
        return []
    result, totals = decided
    side_of = {p: i for i, side in enumerate(sides(game)) for p in side}
    losers = [p for p in side_of if p not in result["winners"]]

    def owed(loser: str) -> int:
        ahead = result["points"] - totals[side_of[loser]]
        return game.stake * (ahead if played_for == "point" else 1)
    return combine([p for loser, winner in paired(game.seats, losers, result["winners"])
                    for p in transfer(player(loser), player(winner), owed(loser))])
