"""Pieces several games share, written once: antes into the pool, going out (each other
player pays for the cards he still holds), and a pool taken whole."""

from ledger.errors import Conflict, Inconsistent
from ledger.events.postings import combine, player, pool, transfer
from ledger.games.in_play import InPlay
from ledger.language import _


def antes(game: InPlay, each: int, dealer: str | None = None, dealer_extra: int = 0) -> list[dict]:
    """Each seat pays `each` into the game's pool, and the dealer `dealer_extra` more."""
    payments = [transfer(player(seat), pool(game.id), each) for seat in game.seats]
    if dealer is not None:
        payments.append(transfer(player(dealer), pool(game.id), dealer_extra))
    return combine([p for payment in payments for p in payment])


def going_out(game: InPlay, data: dict, excused: str | None = None) -> list[dict]:
    """The player who goes out (`data.player`) receives one counter from each other player
    for every card that player still holds (`data.cards_left`: every other seat, nobody
    else; his own, if given, none), except from one `excused`."""
    out = game.seated("data.player", data["player"])
    left = data["cards_left"]  # (each seated: ledger.rules checks every player a fact names)
    if left.get(out, 0):
        raise Inconsistent.field("data.cards_left", _("%(player)s went out: he holds no cards.",
                                                      player=game.name(out)))
    missing = [game.name(seat) for seat in game.seats if seat != out and seat not in left]
    if missing:
        raise Conflict.field("data.cards_left", _("Count every other player's cards: %(missing)s.",
                                                  missing=", ".join(missing)))
    return [p for seat, cards in left.items() if seat not in (excused, out)
            for p in transfer(player(seat), player(out), cards)]


def pool_taken(game: InPlay, winner: str, name: str | None = None) -> list[dict]:
    """Everything in the game's pool (or one of its named pools) to one player."""
    return transfer(pool(game.id, name), player(winner), game.pool_named(name))


def going_out_examples(st, t):
    """For the tests (`st`: hypothesis.strategies): one player out, every other player's cards
    left counted."""
    return st.tuples(st.sampled_from(t.seats), st.lists(st.integers(0, 9), min_size=len(t.seats),
                                                         max_size=len(t.seats))).map(
        lambda a: {"player": a[0], "cards_left": {p: n for p, n in zip(t.seats, a[1]) if p != a[0]}})
