"""What every game shares (SPEC §4 'Generic'): the facts (stakes, fines, pools, trades, sales,
deals) and the rules that turn them into postings. A game names which of them it takes, and
may play any of them its own way (its antes at `deal_started`)."""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent, NotFound
from ledger.events.fields import Counters, EventData, Ref, RefKey, RefList, Text
from ledger.events.postings import combine, player, pool, transfer
from ledger.games.in_play import InPlay as Game
from ledger.games.page import Button, Field
from ledger.language import _


class DealStarted(EventData):
    dealer = Ref()
    ante = Counters(metadata={"description": "Brag: the dealer's ante (default: the stake)"})


class StakePaid(EventData):
    player = Ref(required=True)
    amount = Counters(required=True)
    to = Ref(metadata={"description": "another player, paid directly (not the payer himself); "
                                      "left out: the pool"})


class PenaltyPaid(EventData):
    player = Ref(required=True)
    amount = Counters(required=True)
    reason = Text(200)


class PoolWon(EventData):
    winners = RefList(1, required=True)


class PoolCarriedOver(EventData):
    to_game_id = Ref(metadata={"description": "another game the pool goes to (not its own); "
                                              "left out: the game's next deal"})


class PoolRefunded(EventData):
    shares = fields.Dict(keys=RefKey(), values=Counters(), required=True,
                         validate=validate.Length(min=1, max=64))
    pool = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "which of the game's named pools (three-stake Brag's stakes, Pope Joan's "
                       "compartments); leave it out for a game's one pool"})


class CardBought(EventData):
    buyer = Ref(required=True)
    seller = Ref(metadata={"description": "who sold (not the buyer); left out: the dealer"})
    price = Counters()
    item = fields.String(validate=validate.OneOf(["card", "trump", "hand"]), load_default="card")


CardsBartered = EventData.from_dict(
    {"player": Ref(required=True), "with": Ref(metadata={
        "description": "the player he exchanged with: not himself; in Commerce the player on "
                       "his left, which leaving it out says"})}, name="CardsBartered"
)


class DealSold(EventData):
    seller = Ref(required=True)
    buyer = Ref(required=True, metadata={"description": "who bought the turn: not the seller"})
    price = Counters(required=True)


FACTS = {
    "deal_started": DealStarted, "stake_paid": StakePaid, "penalty_paid": PenaltyPaid,
    "pool_won": PoolWon, "pool_carried_over": PoolCarriedOver, "pool_refunded": PoolRefunded,
    "card_bought": CardBought, "cards_bartered": CardsBartered, "deal_sold": DealSold,
}


def dealer(game: Game, data: dict, takes_ante: bool = False) -> str:
    """A deal's dealer: the one named, or the next in rotation; only Brag's dealer antes."""
    named = game.seated("data.dealer", data.get("dealer") or game.dealing["next_dealer"])
    if "ante" in data and not takes_ante:
        raise Conflict.field("data.ante", _("Only a Brag dealer puts up an ante."))
    return named


def deal_started(game: Game, data: dict) -> list[dict]:
    """A deal with no antes (a game with its own antes plays `deal_started` its own way)."""
    dealer(game, data)
    return []


def stake_paid(game: Game, data: dict) -> list[dict]:
    """A player pays an amount to the pool, or to another player."""
    payer = game.seated("data.player", data["player"])
    if "to" not in data:
        return transfer(player(payer), pool(game.id), data["amount"])
    payee = game.seated("data.to", data["to"])
    if payee == payer:
        raise Inconsistent.field("data.to", _("A player cannot pay himself."))
    return transfer(player(payer), player(payee), data["amount"])


def penalty_paid(game: Game, data: dict) -> list[dict]:
    """A fine for an irregularity or an incorrect call, paid into the pool."""
    offender = game.seated("data.player", data["player"])
    return transfer(player(offender), pool(game.id), data["amount"])


def pool_won(game: Game, data: dict) -> list[dict]:
    """The winners share the pool equally; a remainder that does not split stays in it."""
    winners = [game.seated("data.winners", w) for w in data["winners"]]
    share = game.pool // len(winners)
    if share == 0:
        raise Conflict(_("The pool holds %(pool)s counters: nothing to share among %(winners)s.",
                         pool=game.pool, winners=len(winners)),
                       {"data.winners": [_("the pool is too small")]})
    return combine([p for w in winners for p in transfer(pool(game.id), player(w), share)])


def pool_carried_over(game: Game, data: dict) -> list[dict]:
    """No winner: the pool stays for the next deal, or moves to another game's pool."""
    target = data.get("to_game_id")
    if target is None:
        return []
    if target not in game.state.games:
        raise NotFound(_("No game %(id)s in this session.", id=target),
                       {"data.to_game_id": [_("unknown game")]})
    if target == game.id:
        raise Inconsistent.field("data.to_game_id",
                                 _("Leave it out to carry the pool within the game."))
    return transfer(pool(game.id), pool(target), game.pool)


def pool_refunded(game: Game, data: dict) -> list[dict]:
    """The table returns an unclaimed pool to its contributors, in shares it agrees, so that the
    evening can close; the shares must come to exactly the pool (nothing is kept or made)."""
    name = data.get("pool")
    if name not in (game.pools or (None,)):
        raise Conflict.field("data.pool", _("One of: %(pools)s.", pools=", ".join(game.pools))
                             if game.pools else _("This game has one pool: leave pool out."))
    held = game.pool_named(name)
    if held == 0:
        raise Conflict(_("The pool is empty."), {"game_id": [_("nothing to refund")]})
    shares = data["shares"]  # (each seated: ledger.rules checks every player a fact names)
    if sum(shares.values()) != held:
        raise Conflict.field("data.shares", _(
            "The shares must come to the pool's %(held)s counters, not %(shares)s.", held=held,
            shares=sum(shares.values())))
    return combine([p for seat, n in shares.items()
                   for p in transfer(pool(game.id, name), player(seat), n)])


def card_bought(game: Game, data: dict) -> list[dict]:
    """A purchase for ready money: the buyer pays the seller (default: the dealer) the price
    (default: one stake). Seed 000: in Commerce the payment becomes the dealer's own."""
    buyer = game.seated("data.buyer", data["buyer"])
    seller = game.seated("data.seller", data["seller"]) if "seller" in data else game.dealer()
    if seller == buyer:  # (one named twice; or the buyer deals, which is the state's)
        raise (Inconsistent if "seller" in data else Conflict).field(
            "data.seller" if "seller" in data else "data.buyer",
            _("The buyer cannot buy from himself."))
    return transfer(player(buyer), player(seller), data.get("price", game.stake))


def cards_bartered(game: Game, data: dict) -> list[dict]:
    """A card exchanged between two players: recorded, no money moves."""
    trader = game.seated("data.player", data["player"])
    if "with" not in data:  # (only Commerce knows it: the player on the left)
        raise Conflict.field("data.with", _("With whom? In this game, name the player he "
                                            "exchanged with."))
    if game.seated("data.with", data["with"]) == trader:
        raise Inconsistent.field("data.with", _("A player cannot barter with himself."))
    return []


def deal_sold(game: Game, data: dict) -> list[dict]:
    """The seller's next turn to deal is sold: the buyer pays the price to the seller."""
    seller = game.seated("data.seller", data["seller"])
    buyer = game.seated("data.buyer", data["buyer"])
    if buyer == seller:
        raise Inconsistent.field("data.buyer", _("A player cannot buy his own deal."))
    if any(sale["seller"] == seller for sale in game.dealing["sold_turns"]):
        raise Conflict(_("That turn to deal is already sold."),
                       {"data.seller": [_("already sold")]})
    return transfer(player(buyer), player(seller), data["price"])


RULES = {
    "deal_started": deal_started,
    "stake_paid": stake_paid,
    "penalty_paid": penalty_paid,
    "pool_won": pool_won,
    "pool_carried_over": pool_carried_over,
    "pool_refunded": pool_refunded,
    "card_bought": card_bought,
    "cards_bartered": cards_bartered,
    "deal_sold": deal_sold,
}

# Everything a game may take of the above (Progressive Poker takes none: its money is its own).
ALL = frozenset(RULES)

# The phone page's buttons for the shared facts.
DEAL = Button("Deal", "deal_started", (Field("dealer", "player", "Who deals", default="next_dealer"),),
              said="{dealer} dealt")
STAKE = Button("Stake", "stake_paid", (Field("player", "player", "Who pays"),
                                       Field("amount", "amount", "Counters", default="stake"),
                                       Field("to", "player", "To (nobody: into the pool)", optional=True)),
               said="{player} staked {amount}[ for {to}]")
FINE = Button("Fine", "penalty_paid", (Field("player", "player", "Who is fined"),
                                       Field("amount", "amount", "Counters", default=1),
                                       Field("reason", "text", "What for", optional=True)),
              said="{player} was fined {amount}, paid into the pool[ ({reason})]")
WIN_POOL = Button("Win pool", "pool_won", (Field("winners", "players", "Who won the pool"),), quick=True,
                  said="{winners} won the pool")
CARRY_OVER = Button("Carry over", "pool_carried_over", said="Nobody won: the pool stays for the next deal")
SHARED = (STAKE, FINE, WIN_POOL, CARRY_OVER)


def examples(st) -> dict:
    """Strategies for the shared facts' data, each a function of the table as it stands."""
    def seat(t):
        return st.sampled_from(t.seats)

    def maybe(t, key, strategy):
        return st.one_of(st.just({}), strategy.map(lambda value: {key: value}))

    amount = st.integers(1, 50)
    return {
        "deal_started": lambda t: maybe(t, "dealer", seat(t)),
        "stake_paid": lambda t: st.tuples(seat(t), amount, maybe(t, "to", seat(t))).map(
            lambda a: {"player": a[0], "amount": a[1], **a[2]}),
        "penalty_paid": lambda t: st.tuples(seat(t), st.integers(1, 5)).map(
            lambda a: {"player": a[0], "amount": a[1], "reason": "a revoke"}),
        "pool_won": lambda t: st.lists(seat(t), min_size=1, max_size=3, unique=True).map(
            lambda winners: {"winners": winners}),
        "pool_carried_over": lambda t: maybe(t, "to_game_id", st.sampled_from(t.games)),
        "pool_refunded": lambda t: refund(st, t),
        "card_bought": lambda t: st.tuples(seat(t), maybe(t, "seller", seat(t)),
                                           maybe(t, "price", amount),
                                           maybe(t, "item", st.sampled_from(["card", "trump"]))
                                           ).map(lambda a: {"buyer": a[0], **a[1], **a[2], **a[3]}),
        "cards_bartered": lambda t: st.tuples(seat(t), seat(t)).map(
            lambda a: {"player": a[0], "with": a[1]}),
        "deal_sold": lambda t: st.tuples(seat(t), seat(t), amount).map(
            lambda a: {"seller": a[0], "buyer": a[1], "price": a[2]}),
    }


def refund(st, t):
    """A pool that holds counters, shared back between one or two of the seats."""
    held = [(name, n) for name, n in t.pools.items() if n > 0] or [(None, 1)]

    def shares(chosen, who):
        (name, n), first = chosen, who[0]
        split = {first: n} if len(who) == 1 or n < 2 else {first: n - n // 2, who[1]: n // 2}
        return {"shares": split, **({"pool": name} if name else {})}
    return st.tuples(st.sampled_from(held), st.lists(st.sampled_from(t.seats), min_size=1,
                                                     max_size=2, unique=True)).map(
        lambda a: shares(*a))
