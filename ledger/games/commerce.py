"""Commerce (seed 000: W. H. Peel, *Round Games with Cards*): antes, trading for ready money
or by barter, and the stand.

Its names: "Commerce" in German and French too (a French word, and the game's name there)."""

from marshmallow import post_load

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import EventData, Ref, RefList
from ledger.events.postings import combine, player, transfer
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.told import Told, listed
from ledger.language import N_, _, n_


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: each player pays the stake into the pool, the dealer paying double."""
    return kit.antes(game, game.stake, generic.dealer(game, data), game.stake)


def cards_bartered(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: a barter is with the player on the left (so it need not be said); no money
    moves."""
    data = {"with": game.left_of(game.seated("data.player", data["player"])), **data}
    generic.cards_bartered(game, data)
    if data["with"] != game.left_of(data["player"]):
        raise Conflict.field("data.with", _("In Commerce a player barters with the player on "
                                            "his left."))
    return []


def card_bought(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: trading for ready money is with the dealer, at one stake ("only one stake
    recognised"; he "continues operations with the dealer" and "pays a stake to the dealer",
    which becomes the dealer's own). Barter is the other way to trade, with the left-hand
    neighbour; neither a buy from another player nor a price of its own is Commerce's."""
    dealer = game.dealer()
    if data.get("seller", dealer) != dealer:
        raise Conflict.field("data.seller", _("In Commerce a card is bought from the dealer, "
                                              "%(dealer)s, not from another player.",
                                              dealer=game.name(dealer)))
    if data.get("price", game.stake) != game.stake:
        raise Conflict.field("data.price", _("In Commerce a card costs one stake, %(stake)s.",
                                             stake=game.stake))
    return generic.card_bought(game, data)


def commerce_stand(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: the best hand takes the pool and one stake from the dealer; a stander who is
    beaten pays one stake to each holder of a better hand."""
    stander = game.seated("data.stander", data["stander"])
    if "winner" not in data:
        raise Inconsistent.field("data.winner",
                                 _("Several held a better hand: say whose was best."))
    winner = game.seated("data.winner", data["winner"])
    better = [game.seated("data.better_hands", p) for p in data["better_hands"]]
    if stander in better:
        raise Inconsistent.field("data.better_hands",
                                 _("The stander cannot hold a better hand than his own."))
    if not better and winner != stander:
        raise Inconsistent.field("data.winner", _("With no better hand, the stander wins."))
    if better and winner not in better:
        raise Inconsistent.field("data.winner",
                                 _("A beaten stander's winner holds one of the better hands."))
    dealer = game.dealer()
    return combine([
        *kit.pool_taken(game, winner),
        *transfer(player(dealer), player(winner), game.stake),
        *(p for hand in better for p in transfer(player(stander), player(hand), game.stake)),
    ])


class CommerceOptions(EventData):
    pass


class CommerceStand(EventData):
    stander = Ref(required=True)
    winner = Ref(metadata={"description": "the best hand: one of `better_hands`, or the "
                                          "stander when there are none; left out, the only "
                                          "better hand or the stander (say it when several "
                                          "held a better hand)"})
    better_hands = RefList(load_default=list, metadata={
        "description": "who held a better hand than the stander's (never the stander)"})

    @post_load
    def the_usual_winner(self, data: dict, **_kwargs) -> dict:
        """Left out, the winner is what the stand makes plain: the stander, or the one
        better hand; with several better hands the table names the best."""
        if "winner" not in data and len(data["better_hands"]) <= 1:
            data["winner"] = (data["better_hands"] or [data["stander"]])[0]
        return data


def stand_told(told: Told) -> str:
    """Who stood, who held better hands, what the winner took (the pool, and a stake from the
    dealer) and what a beaten stander paid."""
    data, stake = told.data, told.stake
    stander, winner, better = data["stander"], data["winner"], data["better_hands"]
    said = [_("%(stander)s stood", stander=told.name(stander))]
    if better:
        said.append(n_("%(better)s held a better hand", "%(better)s held better hands",
                       len(better), better=told.names(better)))
    pool = told.pays(None, winner, told.from_pool())
    for hand in better:
        told.pays(stander, hand, stake)
    taken = [_("the pool of %(pool)s", pool=pool) if pool else _("an empty pool")]
    # the dealer as the rules had him: who paid what the pool and the better hands leave
    dealer = next((p for p, n in told.unsaid().items() if n < 0), None)
    if dealer is not None:
        taken.append(_("a stake of %(stake)s from %(dealer)s, the dealer",
                       stake=told.pays(dealer, winner, stake), dealer=told.name(dealer)))
    said.append(_("%(winner)s won %(taken)s", winner=told.name(winner), taken=listed(taken)))
    if better:
        said.append(n_("%(stander)s paid %(better)s %(stake)s", "%(stander)s paid %(better)s "
                       "%(stake)s each", len(better), stander=told.name(stander),
                       better=told.names(better), stake=stake))
    return "; ".join(said)


def examples(st) -> Examples:
    def stand(t):
        return st.tuples(st.sampled_from(t.seats), st.lists(st.sampled_from(t.seats), max_size=2,
                                                             unique=True), st.booleans()).map(
            lambda a: {"stander": a[0], "better_hands": [p for p in a[1] if p != a[0]],
                       "winner": next((p for p in a[1] if p != a[0]), a[0]) if a[2] else a[0]})
    def barter(t):  # with the player on his left, as Commerce has it
        return st.integers(0, len(t.seats) - 1).map(
            lambda i: {"player": t.seats[i], "with": t.seats[(i + 1) % len(t.seats)]})
    return Examples(options=st.just({}), facts={"commerce_stand": stand, "cards_bartered": barter})


GAME = Game(
    kind="commerce", title=N_("Commerce"), book="seed 000 (Peel, Round Games with Cards)",
    seats=range(2, 65), options=CommerceOptions,
    facts={"commerce_stand": CommerceStand},
    rules={"deal_started": deal_started, "cards_bartered": cards_bartered,
           "card_bought": card_bought, "commerce_stand": commerce_stand},
    generic=generic.ALL,
    # Peel: the players trade until one stands, "when the hands are exposed and the round
    # settled": a card bought or bartered belongs to a deal dealt and not yet stood on.
    life=DealLife(play=frozenset({"card_bought", "cards_bartered"}),
                  settles={"commerce_stand": once("the stand")}, ends=when_settled("the stand")),
    page=(generic.DEAL,
          Button("Stand", "commerce_stand", (
              Field("stander", "player", "Who stood"),
              Field("better_hands", "players", "Who held a better hand", optional=True),
              Field("winner", "player", "Who won", default="=better_hands",
                    hint="the better hand, or who stood")), quick=True,
                 said="{stander} stood[; {better_hands} held a better hand][; {winner} won]"),
          Button("Buy", "card_bought", (Field("buyer", "player", "Who bought a card"),
                                        Field("seller", "player", "From", default="dealer", fixed=True),
                                        Field("price", "amount", "Price", default="stake", fixed=True)),
                 said="{buyer} bought a card from {seller} for {price}"),
          Button("Barter", "cards_bartered", (Field("player", "player", "Who bartered"),
                                              Field("with", "player", "With", default="=player",
                                                    hint="the player on his left")),
                 said="{player} bartered a card[ with {with}]"),
          *generic.SHARED),
    words={"commerce_stand": stand_told},
    examples=examples,
)
