"""Pope Joan: the board of eight compartments, dressed before each deal.

Its names: the family's German member is Poch and its French one Nain jaune, each with a staking
board of its own (Wikipedia's "Pope Joan (card game)", after D. Parlett: "related to the
German Poch and French Nain Jaune"; "Pope Joan" is held a corruption of "nain jaune"): the
game is called so in German and French, its compartments by their literal names (Nain jaune's
board of roi de cœur, dame de pique… is not Pope Joan's).

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
- the turn-up: one card a deal, "one turned up for trump" (Hoyle p. 259; Hoffmann: "the last
  card of the pack is turned up"). An honour of trumps turned up, "the dealer takes whatever
  is deposited on such card in the board; but when pope is turned up, he is entitled both to
  that and the game, besides a stake for every card dealt to each player. Unless the game be
  thus determined by pope being turned up, the eldest hand begins" (Hoyle p. 259; Cassell
  alike): the deal ends there (option `pope_turned_up` = `pope_game_and_cards`). Hoffmann
  gives the Pope compartment only, and the hand is played (`pope_only`);
- in play, whoever plays the card takes its compartment; Matrimony and Intrigue "when in the
  same hand ... unless played out" (Hoyle p. 260): both cards played by one player;
- the end: the first out "wins the game, and becomes entitled besides to a stake for every card
  not played by the others, the person excepted who may hold pope, which excuses him from
  paying; but if pope have been played, then the party having held it is not excused"
  (Hoyle p. 260; option `pope_holder_excused`, default true). "A stake" is one counter here,
  as in the board's dressing ("one each to ace, king…"); an old text has "a counter for every
  card they hold": one counter a card. Nothing of a deal is recorded after its Out;
- the deal: "a pack of fifty-two cards, from which the eight of diamonds ... has been removed
  ... dealt round one by one, but with an extra hand ... The last card of the pack is turned
  up to decide the trump suit" (Hoffmann): the 50 cards besides the turn-up go round from the
  eldest hand, the dealer last but the extra hand, one at a time, so the first hands dealt may
  hold one more. That is the page's first figure for the cards dealt to each when the Pope is
  turned up (the table corrects it where it dealt otherwise: Hoyle leaves "about six or eight"
  in a stock instead);
- what is not won stays on the board for the next deal ("the stakes are to remain for future
  determination", Hoyle p. 260). No book says how to share a board left at the evening's end:
  the table refunds it by agreement (`pool_refunded` with the compartment's name).
"""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent, Invalid
from ledger.events.fields import Count, EventData, Flag, Ref, RefKey
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, when_settled
from ledger.games.page import Button, Field
from ledger.games.pope_joan.played import held_together, won
from ledger.games.pope_joan.told import WORDS, pope_ends_the_deal
from ledger.language import N_, _

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
                                             "Game and a counter a card dealt, and ends the deal (Hoyle, "
                                             "Cassell), or Pope only, the hand being played (Hoffmann)"})
    pope_holder_excused = Flag(load_default=True, metadata={
        "description": "who still holds the Pope unplayed pays nothing for his cards at the end (Hoyle)"})


class TrumpTurnedUp(EventData):
    card = fields.String(required=True, validate=validate.OneOf(HONOURS))
    cards_dealt = fields.Dict(keys=RefKey(), values=Count(), metadata={
        "description": "the Pope turned up: the cards dealt to each other player"})


class CompartmentWon(EventData):
    compartment = fields.String(required=True, validate=validate.OneOf(COMPARTMENTS[:-1]))
    player = Ref(required=True)


class PopeJoanOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=RefKey(), values=Count(), required=True, metadata={
        "description": "each other player's cards left; the player who went out holds none"})
    pope_held_by = Ref(metadata={"description": "who still holds the Pope, unplayed"})
    compartments = fields.Dict(
        keys=fields.String(validate=validate.OneOf(COMPARTMENTS[:-1])), values=Ref(),
        load_default=dict, metadata={
            "description": "the compartments won in play this deal and not yet recorded, each "
                           "with who won it: the whole deal on one sheet at its end"})


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
    return dressing(game, generic.dealer(game, data))


def trump_turned_up(game: InPlay, data: dict) -> list[dict]:
    """An honour turned up gives the dealer its compartment; the Pope (by the option) also Game
    and a counter for every card dealt to each other player."""
    dealer, card = game.dealer(), data["card"]
    taken, paid = [card], []
    if card == "pope" and pope_ends_the_deal(game.options):
        taken.append("game")
        dealt = data.get("cards_dealt") or {}
        missing = [s for s in game.seats if s != dealer and s not in dealt]
        if missing or dealer in dealt or any(p not in game.seats for p in dealt):
            raise Conflict.field("data.cards_dealt", _("The Pope turned up: give the cards dealt "
                                                       "to every other player."))
        paid = [p for seat, n in dealt.items() for p in transfer(player(seat), player(dealer), n)]
    return combine([*(p for name in taken for p in kit.pool_taken(game, dealer, name)), *paid])


def compartment_won(game: InPlay, data: dict) -> list[dict]:
    """Whoever plays the card (both cards, for Matrimony and Intrigue) takes the compartment."""
    winner = game.seated("data.player", data["player"])
    held_together(game, {data["compartment"]: winner}, "data.player")
    return kit.pool_taken(game, winner, data["compartment"])


def pope_joan_out(game: InPlay, data: dict) -> list[dict]:
    """The first out takes Game and a counter for every card left in each other hand, except
    from one who holds the Pope unplayed (by the option): once the Pope has been played this
    deal, nobody is excused (Hoyle p. 260). The compartments won in play and not recorded as
    they were won come with it, each to its winner."""
    won = data["compartments"]
    for name, winner in won.items():
        game.seated(f"data.compartments.{name}", winner)
    held_together(game, won, "data.compartments")
    holder = data.get("pope_held_by")
    if holder is not None:
        game.seated("data.pope_held_by", holder)
        if "the pope" in game.settled or "pope" in won:
            raise Conflict(_("The Pope was played (or turned up) this deal: nobody still holds "
                             "it, and nobody is excused."),
                           {"data.pope_held_by": [_("the Pope was played")]})
        if holder == data["player"] or not data["cards_left"].get(holder):
            raise Inconsistent.field("data.pope_held_by", _(
                "%(holder)s holds no cards: the Pope unplayed is in a hand with cards left.",
                holder=game.name(holder)))
    excused = holder if game.options["pope_holder_excused"] else None
    paid = kit.going_out(game, data, excused)
    taken = [p for name, winner in won.items() for p in kit.pool_taken(game, winner, name)]
    return combine([*taken, *kit.pool_taken(game, data["player"], "game"), *paid])


PACK = 51  # the eight of diamonds taken out (Hoffmann)


def cards_dealt(seats: list[str], dealer: str) -> dict[str, int]:
    """The cards each other player holds after the deal: the pack less the turn-up, dealt one
    at a time from the dealer's left round to the dealer, then the extra hand (Hoffmann)."""
    start = (seats.index(dealer) + 1) % len(seats)
    order = [*seats[start:], *seats[:start]]  # the eldest hand first, the dealer last
    hands, left = divmod(PACK - 1, len(order) + 1)  # and the extra hand, dealt after him
    return {seat: hands + (i < left) for i, seat in enumerate(order) if seat != dealer}


def _sheet_defaults(record, now) -> dict:
    """The turn-up's sheet: the cards dealt to each other player, as the deal gives them."""
    return {"cards_dealt": {"default": cards_dealt(record.seats, now.dealer)}} if now.dealer else {}


def _settles_out(data: dict, _options: dict) -> tuple[str, ...]:
    """The deal's end, and every compartment won with it (each once a deal)."""
    return ("the game", *(f"the {name}" for name in data.get("compartments", {})))


_settles_out.what = "the game"  # whatever its data: the Out ends the deal


def _settles_turn_up(data: dict, options: dict) -> tuple[str, ...]:
    """The deal's one turn-up, and the turned-up card's compartment; a Pope that also takes
    Game ends the deal."""
    ends = data["card"] == "pope" and pope_ends_the_deal(options)
    return ("the turn-up", f"the {data['card']}", *(["the game"] if ends else []))


_settles_turn_up.what = "the turn-up"  # whatever the card: one turn-up a deal


def examples(st) -> Examples:
    def turn_up(t):
        others = [p for p in t.seats if p != t.dealer]
        return st.tuples(st.sampled_from(HONOURS), st.lists(st.integers(0, 13), min_size=len(others),
                                                             max_size=len(others))).map(
            lambda a: {"card": a[0], "cards_dealt": dict(zip(others, a[1]))})

    def out(t):
        won = st.dictionaries(st.sampled_from(COMPARTMENTS[:-1]), st.sampled_from(t.seats),
                              max_size=3)
        return st.tuples(kit.going_out_examples(st, t), st.none() | st.sampled_from(t.seats),
                         won).map(lambda a: {**a[0], **({"pope_held_by": a[1]} if a[1] else {}),
                                             **({"compartments": a[2]} if a[2] else {})})
    return Examples(
        options=st.fixed_dictionaries({"dressing": st.sampled_from(["dealer", "shared"]),
                                       "pope_turned_up": st.sampled_from(
                                           ["pope_game_and_cards", "pope_only"])}),
        facts={"trump_turned_up": turn_up, "pope_joan_out": out,
               "compartment_won": lambda t: st.tuples(st.sampled_from(COMPARTMENTS[:-1]),
                                                      st.sampled_from(t.seats)).map(
                   lambda a: {"compartment": a[0], "player": a[1]})})


# The deal on one sheet at its end: who went out, the cards left, and who won each compartment
# in play (a tap a thing, none left alone); a compartment may also be recorded as it is won
WON = {"pope": "The Pope (9♦)", "matrimony": "Matrimony (K Q)", "intrigue": "Intrigue (Q J)",
       "ace": "The Ace", "king": "The King", "queen": "The Queen", "knave": "The Knave"}
OUT = Button("Out", "pope_joan_out", (
    Field("player", "player", "Who went out", grid="Out"),
    Field("cards_left", "counts", "Cards left in each hand", besides="player", grid="Left"),
    *(Field(f"compartments.{name}", "player", f"{label}: won by", optional=True, default="none",
            hint="not won", grid=label.split(" (")[0].removeprefix("The "), unless=f"the {name}")
      for name, label in WON.items()),
    Field("pope_held_by", "player", "The Pope held unplayed by", optional=True, default="none",
          hint="nobody", grid="Pope held", unless="the pope", besides="player")), quick=True,
    said="{player} went out, cards left {cards_left}[; in play {compartments}]"
         "[; {pope_held_by} held the Pope unplayed]")


GAME = Game(
    kind="pope_joan", title=N_("Pope Joan"),
    book="Hoyle's Games Modernized (1909); Hoyle's Games, Improved and Enlarged, pp. 259-260; "
         "Cassell's Book of In-door Amusements; Peel, Round Games with Cards",
    seats=range(2, 65), options=PopeJoanOptions, pools=COMPARTMENTS,
    pool_names={"pope": N_("Pope"), "matrimony": N_("Matrimony"), "intrigue": N_("Intrigue"),
                "ace": N_("Ace"), "king": N_("King"), "queen": N_("Queen"), "knave": N_("Knave"),
                "game": N_("Game")},
    facts={"trump_turned_up": TrumpTurnedUp, "compartment_won": CompartmentWon,
           "pope_joan_out": PopeJoanOut},
    rules={"deal_started": deal_started, "trump_turned_up": trump_turned_up,
           "compartment_won": compartment_won, "pope_joan_out": pope_joan_out},
    generic=frozenset({"deal_started", "pool_refunded"}),
    life=DealLife(settles={"trump_turned_up": _settles_turn_up,
                           "compartment_won": lambda data, _options: f"the {data['compartment']}",
                           "pope_joan_out": _settles_out},
                  ends=when_settled("the game")),
    page=(generic.DEAL,
          OUT,
          Button("Turn-up", "trump_turned_up", (Field("card", "choice", "The card turned up", choices=HONOURS),
                                                Field("cards_dealt", "counts", "Cards dealt to each",
                                                      optional=True)),
                 said="The dealer turned up the {card}"),
          Button("Compartment", "compartment_won", (
              Field("compartment", "choice", "Which compartment", choices=COMPARTMENTS[:-1]),
              Field("player", "player", "Who won it")), said="{player} won the {compartment}")),
    sheets={"trump_turned_up": _sheet_defaults},
    folds={"compartment_won": won, "pope_joan_out": won},
    words=WORDS, examples=examples,
)
