"""Speculation (seed 003: W. H. Peel, *Round Games with Cards*): contributions, sales of the
trump, cards and hands, and fines.

Its names: "Spekulation", "Spéculation": the books know it by its English name alone, which
each language has its own word for."""

from ledger.errors import Conflict
from ledger.events.fields import Counters, EventData, Flag, Ref
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.told import Told
from ledger.language import N_, _


def antes(game: InPlay, dealer: str) -> list[dict]:
    """Seed 003: each player contributes equally to the pool (option: the dealer pays double)."""
    share = game.options["pool_ante"] or game.stake
    payers = [*game.seats, *([dealer] if game.options["dealer_pays_double"] else [])]
    return combine([p for seat in payers for p in transfer(player(seat), pool(game.id), share)])


def deal_started(game: InPlay, data: dict) -> list[dict]:
    return antes(game, generic.dealer(game, data))


def knave_or_five_turned(game: InPlay, data: dict) -> list[dict]:
    """Seed 003 variant: a knave or five of a plain suit turned up pays one counter to the pool."""
    if not game.options["knave_five_fine"]:
        raise Conflict.field("type", _("This game was started without the knave-or-five fine."))
    return transfer(player(game.seated("data.player", data["player"])), pool(game.id), 1)


RULES = {"deal_started": deal_started, "knave_or_five_turned": knave_or_five_turned}


def knave_or_five_told(told: Told) -> str:
    who = told.data["player"]
    return _("%(who)s turned up a knave or a five of a plain suit and paid %(paid)s into the pool",
             who=told.name(who), paid=told.pays(who, None, told.into_pool()))


def examples(st) -> Examples:
    return Examples(options=st.fixed_dictionaries({"dealer_pays_double": st.booleans(),
                                                   "knave_five_fine": st.just(True)}),
                    facts={"knave_or_five_turned": lambda t: st.sampled_from(t.seats).map(
                        lambda p: {"player": p})})


class SpeculationOptions(EventData):
    pool_ante = Counters(allow_none=True, load_default=None, metadata={
        "description": "each player's contribution per deal (default: the stake)"})
    dealer_pays_double = Flag(load_default=False, metadata={
        "description": "the dealer puts in twice as much"})
    knave_five_fine = Flag(load_default=False, metadata={
        "description": "a knave or five of a plain suit turned up pays one counter to the pool"})


class KnaveOrFiveTurned(EventData):
    player = Ref(required=True)


GAME = Game(
    kind="speculation", title=N_("Speculation"), book="seed 003 (Peel, Round Games with Cards)",
    seats=range(2, 65), options=SpeculationOptions,
    facts={"knave_or_five_turned": KnaveOrFiveTurned}, rules=RULES, generic=generic.ALL,
    # Seed 003: the sales and the cards turned up are the deal's play; "at the close of every
    # round the pool is won", or carried over to the next deal.
    life=DealLife(play=frozenset({"card_bought", "knave_or_five_turned"}),
                  settles={"pool_won": once("the pool"), "pool_carried_over": once("the pool")},
                  ends=when_settled("the pool")),
    page=(generic.DEAL,
          Button("Sale", "card_bought", (Field("buyer", "player", "Who bought"),
                                         Field("seller", "player", "From", default="dealer"),
                                         Field("price", "amount", "Price", default="stake"),
                                         Field("item", "choice", "What", choices=("trump", "card", "hand"))),
                 said="{buyer} bought the {item} from {seller} for {price}"),
          Button("Knave / five", "knave_or_five_turned", (Field("player", "player", "Who turned it"),),
                 only_if=lambda options: options["knave_five_fine"],
                 said="{player} turned up a knave or a five of a plain suit"),
          *generic.SHARED),
    words={"knave_or_five_turned": knave_or_five_told},
    examples=examples,
)
