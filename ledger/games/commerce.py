"""Commerce (seed 000: W. H. Peel, *Round Games with Cards*): antes, trading for ready money
or by barter, and the stand."""

from ledger.errors import Invalid
from ledger.events.fields import EventData, Ref, RefList
from ledger.games import generic
from ledger.games.base import Button, Field, Game, once
from ledger.games.in_play import InPlay
from ledger.postings import combine, player, pool, transfer


def antes(game: InPlay, dealer: str) -> list[dict]:
    """Seed 000: each player pays the stake into the pool, the dealer paying double."""
    payments = [transfer(player(seat), pool(game.id), game.stake) for seat in game.seats]
    payments.append(transfer(player(dealer), pool(game.id), game.stake))
    return combine(p for payment in payments for p in payment)


def deal_started(game: InPlay, data: dict) -> list[dict]:
    return generic.deal_started(game, data, antes)


def cards_bartered(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: a barter is with the player on the left; no money moves."""
    generic.cards_bartered(game, data)
    if data["with"] != game.left_of(data["player"]):
        raise Invalid.field("data.with", "In Commerce a player barters with the player on his left.")
    return []


def commerce_stand(game: InPlay, data: dict) -> list[dict]:
    """Seed 000: the best hand takes the pool and one stake from the dealer; a stander who is
    beaten pays one stake to each holder of a better hand."""
    stander = game.seated("data.stander", data["stander"])
    winner = game.seated("data.winner", data["winner"])
    better = [game.seated("data.better_hands", p) for p in data["better_hands"]]
    if stander in better:
        raise Invalid.field("data.better_hands", "The stander cannot hold a better hand than his own.")
    if not better and winner != stander:
        raise Invalid.field("data.winner", "With no better hand, the stander wins.")
    if better and winner not in better:
        raise Invalid.field("data.winner", "A beaten stander's winner holds one of the better hands.")
    dealer = game.dealer()
    return combine([
        *transfer(pool(game.id), player(winner), game.pool),
        *transfer(player(dealer), player(winner), game.stake),
        *(p for hand in better for p in transfer(player(stander), player(hand), game.stake)),
    ])


RULES = {"deal_started": deal_started, "cards_bartered": cards_bartered,
         "commerce_stand": commerce_stand}


class CommerceOptions(EventData):
    pass


class CommerceStand(EventData):
    stander = Ref(required=True)
    winner = Ref(required=True)
    better_hands = RefList(load_default=list)


GAME = Game(
    kind="commerce", title="Commerce", book="seed 000 (Peel, Round Games with Cards)",
    seats=range(2, 65), options=CommerceOptions,
    facts={"commerce_stand": CommerceStand}, rules=RULES, generic=generic.ALL,
    settles_deal={"commerce_stand": once("the stand")},
    # Peel: the players trade until one stands, "when the hands are exposed and the round
    # settled": a card bought or bartered belongs to a deal dealt and not yet stood on.
    in_deal=frozenset({"card_bought", "cards_bartered"}),
    page=(generic.DEAL,
          Button("Stand", "commerce_stand", (
              Field("stander", "player", "Who stood"),
              Field("better_hands", "players", "Who held a better hand", optional=True),
              Field("winner", "player", "Who won (the best hand)", default="=stander")), quick=True),
          Button("Buy", "card_bought", (Field("buyer", "player", "Who bought a card"),
                                        Field("seller", "player", "From", default="dealer"),
                                        Field("price", "amount", "Price", default="stake"))),
          Button("Barter", "cards_bartered", (Field("player", "player", "Who bartered"),
                                              Field("with", "player", "With"))),
          *generic.SHARED),
)
