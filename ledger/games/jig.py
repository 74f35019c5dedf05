"""Snip-Snap-Snorum / Jig (seed 001: W. H. Peel, *Round Games with Cards*): the pool, and
going Out.

Its names: in German "Schnipp-Schnapp-Schnorum", the children's game's "original and proper
name" (A. F. C. Vilmar, as Wikipedia's "Snip, Snap, Snorem" quotes him, beside the Franconian
"Schnip, Schnap, Schnurr" of 1650); the French "Chnif Chnof Chnorum" of 1782 is a curiosity no
table would know, so in French its English name."""

from marshmallow import fields

from ledger.events.fields import Count, EventData, Ref, RefKey
from ledger.events.postings import combine
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.told import Told, going_out
from ledger.language import N_, _


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 001: a pool formed by equal contributions and/or the dealer paying in."""
    options = game.options
    return kit.antes(game, options["pool_ante"], generic.dealer(game, data), options["dealer_pays"])


def jig_out(game: InPlay, data: dict) -> list[dict]:
    """Seed 001: the player who goes Out receives a counter from each player for every card he
    still holds, and wins the pool if one was formed. Every other player is counted."""
    paid = kit.going_out(game, data)
    return combine([*paid, *kit.pool_taken(game, data["player"])])


def out_told(told: Told) -> str:
    won = told.pays(None, told.data["player"], told.from_pool())
    return going_out(told) + (_(" and the pool of %(won)s", won=won) if won else "")


class JigOptions(EventData):
    pool_ante = Count(load_default=0, metadata={
        "description": "each player's contribution to the pool at each deal"})
    dealer_pays = Count(load_default=0, metadata={"description": "what the dealer pays in at each deal"})


class JigOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=RefKey(), values=Count(), required=True, metadata={
        "description": "each other player's cards left; the player who went out holds none"})


def examples(st) -> Examples:
    return Examples(options=st.fixed_dictionaries({"pool_ante": st.integers(0, 2),
                                                   "dealer_pays": st.integers(0, 2)}),
                    facts={"jig_out": lambda t: kit.going_out_examples(st, t)})


GAME = Game(
    kind="snip_snap_snorum", aliases=("jig",), title=N_("Snip-Snap-Snorum"),
    book="seed 001 (Peel, Round Games with Cards)", seats=range(2, 65), options=JigOptions,
    facts={"jig_out": JigOut}, rules={"deal_started": deal_started, "jig_out": jig_out},
    # Seed 001: the pool goes with the Out ("he also wins the amount in the pool"), so it is
    # never won, or carried, by itself; contributions and fines form it
    generic=frozenset({"deal_started", "stake_paid", "penalty_paid"}),
    life=DealLife(settles={"jig_out": once("the Out")}, ends=when_settled("the Out")),
    page=(generic.DEAL, Button("Out", "jig_out", (Field("player", "player", "Who went out"),
                                                  Field("cards_left", "counts", "Cards left in each hand",
                                                        besides="player")),
                               quick=True, said="{player} went out, cards left {cards_left}"),
          generic.STAKE, generic.FINE),
    words={"jig_out": out_told},
    examples=examples,
)
