"""Snip-Snap-Snorum / Jig (seed 001: W. H. Peel, *Round Games with Cards*): the pool, and
going Out."""

from marshmallow import fields

from ledger.errors import Invalid
from ledger.events.fields import Count, EventData, Ref
from ledger.games import generic
from ledger.games.base import Button, Field, Game, once
from ledger.games.in_play import InPlay
from ledger.postings import combine, player, pool, transfer


def antes(game: InPlay, dealer: str) -> list[dict]:
    """Seed 001: a pool formed by equal contributions and/or the dealer paying in."""
    each, dealer_pays = game.options["pool_ante"], game.options["dealer_pays"]
    payments = [transfer(player(seat), pool(game.id), each) for seat in game.seats]
    payments.append(transfer(player(dealer), pool(game.id), dealer_pays))
    return combine(p for payment in payments for p in payment)


def deal_started(game: InPlay, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


def jig_out(game: InPlay, data: dict) -> list[dict]:
    """Seed 001: the player who goes Out receives a counter from each player for every card he
    still holds, and wins the pool if one was formed. Every other player is counted."""
    out = game.seated("data.player", data["player"])
    left = data["cards_left"]
    for seat in left:
        game.seated("data.cards_left", seat)
    missing = [seat for seat in game.seats if seat != out and seat not in left]
    if out in left:
        raise Invalid.field("data.cards_left", "The player who went out holds no cards.")
    if missing:
        raise Invalid.field("data.cards_left", f"Count every other player's cards: {', '.join(missing)}.")
    return combine([
        *(p for seat, cards in left.items() for p in transfer(player(seat), player(out), cards)),
        *transfer(pool(game.id), player(out), game.pool),
    ])


RULES = {"deal_started": deal_started, "jig_out": jig_out}


class JigOptions(EventData):
    pool_ante = Count(load_default=0, metadata={
        "description": "each player's contribution to the pool at each deal"})
    dealer_pays = Count(load_default=0, metadata={"description": "what the dealer pays in at each deal"})


class JigOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=Ref(), values=Count(), required=True)


GAME = Game(
    kind="snip_snap_snorum", aliases=("jig",), title="Snip-Snap-Snorum",
    book="seed 001 (Peel, Round Games with Cards)", seats=range(2, 65), options=JigOptions,
    facts={"jig_out": JigOut}, rules=RULES, generic=generic.ALL,
    settles_deal={"jig_out": once("the Out")},
    page=(generic.DEAL, Button("Out", "jig_out", (Field("player", "player", "Who went out"),
                                                  Field("cards_left", "counts", "Cards left in each hand")),
                               quick=True),
          *generic.SHARED),
)
