"""Loo's rules: what the deal puts up, how the pool is divided by the tricks (or swept by a
flush), what a loo costs, and what the books refuse of a deal's outcome (the sources in
`ledger.games.loo`)."""

from ledger.errors import Conflict, Inconsistent
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic, kit
from ledger.games.in_play import InPlay
from ledger.games.loo.told import TRICKS
from ledger.language import _, n_

MOST_SEATED = {3: 16, 5: 10}  # three cards each and the miss, or five each, and the trump


def check_start(_state, data: dict) -> None:
    """One pack deals each seat its cards, the trump, and in three-card Loo the miss."""
    cards = data["options"]["cards"]
    if len(data["seats"]) > MOST_SEATED[cards]:
        raise Inconsistent.field("data.options.cards", _(
            "%(cards)s-card Loo seats %(most)s at most: one pack deals them all.", cards=cards,
            most=MOST_SEATED[cards]))


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """The stake into the pool: the dealer's (Hoffmann), or every player's (Hoyle)."""
    dealer = generic.dealer(game, data)
    if game.options["ante"] == "each":
        return kit.antes(game, game.stake)
    return transfer(player(dealer), pool(game.id), game.stake)


def shares(held: int, tricks: int, odd: str) -> list[int]:
    """Each trick's part of the pool, in the order played: the odd counters to the first
    tricks (Peel), or left in the pool."""
    each, left = divmod(held, tricks)
    return [each + (odd == "first_tricks" and n < left) for n in range(tricks)]


def loo_cost(game: InPlay, held: int) -> int:
    options = game.options
    if options["loo"] == "limited":
        return options["loo_stakes"] * game.stake
    return min(held, options["loo_limit"]) if options["loo_limit"] else held


def tricks_taken(game: InPlay, data: dict) -> list[dict]:
    """The pool divided by the tricks (or swept by a flush), and each loo paid into it for the
    next deal."""
    tricks, looed, flush = data["tricks"], data["looed"], data.get("flush")
    played = TRICKS[:game.options["cards"]]
    for name, winner in tricks.items():
        if name not in played:
            raise Conflict.field(f"data.tricks.{name}", _(
                "%(cards)s-card Loo has %(cards)s tricks a deal.", cards=len(played)))
        game.seated(f"data.tricks.{name}", winner)
    _check_outcome(game, data, played)
    held = game.pool
    if flush is not None:
        taken = transfer(pool(game.id), player(flush), held)
    else:
        parts = shares(held, len(played), game.options["odd_counters"])
        taken = [p for n, name in enumerate(played) if name in tricks
                 for p in transfer(pool(game.id), player(tricks[name]), parts[n])]
    loo = loo_cost(game, held)
    return combine([*taken, *(p for who in looed for p in transfer(player(who), pool(game.id), loo))])


def _check_outcome(game: InPlay, data: dict, played: tuple[str, ...]) -> None:
    """Someone took a trick or was looed; a looed player took no trick and held no flush; a
    flush is five-card Loo's, and no trick is played after it; under club law with clubs
    trumps all stood (Peel)."""
    tricks, looed, flush = data["tricks"], data["looed"], data.get("flush")
    if not tricks and flush is None and not looed:
        raise Inconsistent.field("data.tricks", _(
            "Nobody took a trick and nobody was looed: name who took each trick (the dealer, "
            "when all the others threw up)."))
    took = set(tricks.values()) | {flush}
    for who in looed:
        if who in took:
            raise Inconsistent.field("data.looed", _(
                "%(player)s took a trick (or swept the board): he is not looed.",
                player=game.name(who)))
    if flush is not None:
        if game.options["cards"] != 5:
            raise Conflict.field("data.flush", _("Only five-card Loo has flushes (the old Hoyle)."))
        if tricks:
            raise Inconsistent.field("data.tricks",
                                     _("A flush sweeps the board: no trick is played."))
    if not (game.options["club_law"] and data["clubs"]):
        return
    if flush is None and len(tricks) < len(played):
        raise Conflict.field("data.tricks", _("Club law: clubs were trumps, so the miss was "
                                              "withdrawn and every trick fell to a player."))
    idle = [game.name(seat) for seat in game.seats if seat not in took and seat not in looed]
    if idle:
        raise Conflict.field("data.looed", n_(
            "Club law: clubs were trumps, so everybody stood: %(idle)s took no trick and is looed.",
            "Club law: clubs were trumps, so everybody stood: %(idle)s took no trick and are "
            "looed.", len(idle), idle=", ".join(idle)))
