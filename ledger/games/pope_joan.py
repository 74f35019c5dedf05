"""Pope Joan: the board of eight compartments, dressed before each deal.

Seed 001 (W. H. Peel, *Round Games with Cards*) sends the reader to it ("so similar to Pope
Joan, Spin, and Newmarket"). The rules after Professor Hoffmann (ed.), *Hoyle's Games
Modernized*, new ed. revised to 1909 (Routledge), "Pope Joan"; *Hoyle's Games, Improved and
Enlarged*, "Pope", pp. 259-260; *Cassell's Book of In-door Amusements, Card Games, and
Fireside Fun* (c. 1881), "Pope Joan"; Peel, "Pope Joan", pp. 80-86:

- the board: Pope (the nine of diamonds), Matrimony (king and queen of trumps), Intrigue
  (queen and knave of trumps), Ace, King, Queen, Knave (of trumps) and Game, dressed before
  each deal with fifteen counters: "Six to Pope, two to Matrimony, two to Intrigue, and one
  each to Ace, King, Queen, Knave and Game" (Hoffmann). Who pays differs: "from his own store"
  (Hoffmann; option `dressing` = `dealer`) or "the players then contribute between them
  fifteen (or more) counters ... the dealer giving double the amount paid by the other
  players" (Peel: `shared`, Game taking the remainder). Hoyle's "the players contribute two
  stakes a-piece" does not make fifteen and is not offered;
- the turn-up: an honour of trumps turned up, "the dealer takes whatever is deposited on such
  card in the board; but when pope is turned up, he is entitled both to that and the game,
  besides a stake for every card dealt to each player" (Hoyle p. 259; Cassell alike; option
  `pope_turned_up` = `pope_game_and_cards`), or the Pope compartment only (Hoffmann:
  `pope_only`);
- in play, whoever plays the card takes its compartment; Matrimony and Intrigue "when in the
  same hand ... unless played out" (Hoyle p. 260): both cards played by one player;
- the end: the first out "wins the game, and becomes entitled besides to a stake for every card
  not played by the others, the person excepted who may hold pope, which excuses him from
  paying; but if pope have been played, then the party having held it is not excused"
  (Hoyle p. 260; option `pope_holder_excused`, default true);
- what is not won stays on the board for the next deal ("the stakes are to remain for future
  determination", Hoyle p. 260). No book says how to share a board left at the evening's end:
  the table refunds it by agreement (`pool_refunded` with the compartment's name).
"""

from marshmallow import fields, validate

from ledger.errors import Invalid
from ledger.events.fields import Count, EventData, Flag, Ref
from ledger.games import generic
from ledger.games.base import Button, Field, Game, once
from ledger.games.in_play import InPlay
from ledger.postings import combine, player, pool, transfer

DRESSING = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1,
            "knave": 1, "game": 1}
COMPARTMENTS = tuple(DRESSING)
HONOURS = ("ace", "king", "queen", "knave", "pope")


class PopeJoanOptions(EventData):
    dressing = fields.String(load_default="dealer", validate=validate.OneOf(["dealer", "shared"]),
                             metadata={"description": "who dresses the board: the dealer alone "
                                       "(Hoffmann), or every player with the dealer paying double (Peel)"})
    pope_turned_up = fields.String(load_default="pope_game_and_cards",
                                   validate=validate.OneOf(["pope_game_and_cards", "pope_only"]),
                                   metadata={"description": "the Pope turned up gives the dealer Pope, "
                                             "Game and a counter a card dealt (Hoyle, Cassell) or Pope only "
                                             "(Hoffmann)"})
    pope_holder_excused = Flag(load_default=True, metadata={
        "description": "who still holds the Pope unplayed pays nothing for his cards at the end (Hoyle)"})


class TrumpTurnedUp(EventData):
    card = fields.String(required=True, validate=validate.OneOf(HONOURS))
    cards_dealt = fields.Dict(keys=Ref(), values=Count(), metadata={
        "description": "the Pope turned up: the cards dealt to each other player"})


class CompartmentWon(EventData):
    compartment = fields.String(required=True, validate=validate.OneOf(COMPARTMENTS[:-1]))
    player = Ref(required=True)


class PopeJoanOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=Ref(), values=Count(), required=True)
    pope_held_by = Ref(metadata={"description": "who still holds the Pope, unplayed"})


def dressing(game: InPlay, dealer: str) -> list[dict]:
    """Fifteen counters to the board: the dealer's alone, or every player's with the dealer
    paying double and Game taking what is over the fourteen placed (Peel). The payments go
    through a "board" account that nets to nothing, so the payers need not match the
    compartments one to one."""
    board = [p for name, n in DRESSING.items() for p in transfer("board", pool(game.id, name), n)]
    if game.options["dressing"] == "dealer":
        payers = {dealer: 15}
    else:
        share = -(-15 // (len(game.seats) + 1))
        payers = {seat: share * (2 if seat == dealer else 1) for seat in game.seats}
        board += transfer("board", pool(game.id, "game"), sum(payers.values()) - 15)
    paid = [p for seat, n in payers.items() for p in transfer(player(seat), "board", n)]
    return combine([*paid, *board])


def deal_started(game: InPlay, data: dict) -> list[dict]:
    return generic.deal_started(game, data, dressing)


def trump_turned_up(game: InPlay, data: dict) -> list[dict]:
    """An honour turned up gives the dealer its compartment; the Pope (by the option) also Game
    and a counter for every card dealt to each other player."""
    dealer, card = game.dealer(), data["card"]
    taken = [card]
    paid = []
    if card == "pope" and game.options["pope_turned_up"] == "pope_game_and_cards":
        taken.append("game")
        dealt = data.get("cards_dealt") or {}
        missing = [s for s in game.seats if s != dealer and s not in dealt]
        if missing or dealer in dealt or any(p not in game.seats for p in dealt):
            raise Invalid.field("data.cards_dealt", "The Pope turned up: give the cards dealt to "
                                "every other player.")
        paid = [p for seat, n in dealt.items() for p in transfer(player(seat), player(dealer), n)]
    won = [p for name in taken
           for p in transfer(pool(game.id, name), player(dealer), game.pool_named(name))]
    return combine([*won, *paid])


def compartment_won(game: InPlay, data: dict) -> list[dict]:
    """Whoever plays the card (both cards, for Matrimony and Intrigue) takes the compartment."""
    game.dealer()
    winner = game.seated("data.player", data["player"])
    name = data["compartment"]
    return transfer(pool(game.id, name), player(winner), game.pool_named(name))


def pope_joan_out(game: InPlay, data: dict) -> list[dict]:
    """The first out takes Game and a counter for every card left in each other hand, except
    from one who holds the Pope unplayed (by the option)."""
    game.dealer()
    out = game.seated("data.player", data["player"])
    left = data["cards_left"]
    missing = [seat for seat in game.seats if seat != out and seat not in left]
    if out in left or missing or any(seat not in game.seats for seat in left):
        raise Invalid.field("data.cards_left", "Count every other player's cards left, and nobody else's.")
    excused = data.get("pope_held_by") if game.options["pope_holder_excused"] else None
    if excused is not None:
        game.seated("data.pope_held_by", excused)
    return combine([
        *transfer(pool(game.id, "game"), player(out), game.pool_named("game")),
        *(p for seat, n in left.items() if seat != excused
          for p in transfer(player(seat), player(out), n)),
    ])


def _settles_turn_up(data: dict, options: dict) -> tuple[str, ...]:
    """The turned-up card's compartment; a Pope that also takes Game ends the deal."""
    ends = data["card"] == "pope" and options["pope_turned_up"] == "pope_game_and_cards"
    return (f"the {data['card']}", *(["the game"] if ends else []))


GAME = Game(
    kind="pope_joan", title="Pope Joan",
    book="Hoyle's Games Modernized (1909); Hoyle's Games, Improved and Enlarged, pp. 259-260; "
         "Cassell's Book of In-door Amusements; Peel, Round Games with Cards",
    seats=range(2, 65), options=PopeJoanOptions, pools=COMPARTMENTS,
    facts={"trump_turned_up": TrumpTurnedUp, "compartment_won": CompartmentWon,
           "pope_joan_out": PopeJoanOut},
    rules={"deal_started": deal_started, "trump_turned_up": trump_turned_up,
           "compartment_won": compartment_won, "pope_joan_out": pope_joan_out},
    generic=frozenset({"deal_started", "pool_refunded"}),
    settles_deal={"trump_turned_up": _settles_turn_up,
                  "compartment_won": lambda data, _options: f"the {data['compartment']}",
                  "pope_joan_out": once("the game")},
    page=(generic.DEAL,
          Button("Out", "pope_joan_out", (Field("player", "player", "Who went out"),
                                          Field("cards_left", "counts", "Cards left in each hand"),
                                          Field("pope_held_by", "player", "Who held the Pope unplayed",
                                                optional=True)), quick=True),
          Button("Turn-up", "trump_turned_up", (Field("card", "choice", "The card turned up", choices=HONOURS),
                                                Field("cards_dealt", "counts", "Cards dealt to each",
                                                      optional=True))),
          Button("Compartment", "compartment_won", (
              Field("compartment", "choice", "Which compartment", choices=COMPARTMENTS[:-1]),
              Field("player", "player", "Who won it")))),
)
