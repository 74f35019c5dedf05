"""Newmarket (Michigan, Boodle, Stops): the boodle cards staked on each deal, going out.

Its names: "Newmarket" in every language: German and French tables play its cousins (Poch,
Nain jaune) under their own names, not it.

Seed 001 (Peel, *Round Games with Cards*) names it beside Pope Joan ("so similar to Pope Joan,
Spin, and Newmarket"), its elder: named pools dressed each deal, an Out paid a counter a card.
The rules after R. F. Foster, *Foster's Complete Hoyle* (1897), "Newmarket" and "Saratoga";
*The American Hoyle* (W. B. Dick, ed., 1885), "Newmarket", the earliest American rules; the
United States Playing Card Co.'s *Official Rules of Card Games*, "Michigan"; and the British
family game as *The Guardian*'s "Rules of card games: Newmarket" (22 Nov 2008) gives it:

- the boodle cards: four cards of another pack laid out, an ace, a king, a queen and a knave,
  each of its own suit: "the ace of hearts, king of clubs, queen of diamonds, and jack of
  spades" (the Official Rules; the Guardian; option `boodle_cards` = `ace_of_hearts`), or the
  American Hoyle's ace of spades, king of hearts, queen of clubs and knave of diamonds, its
  pack without the eight of diamonds as at Pope Joan (`ace_of_spades`). One named pool each;
- the stakes, each deal: "each is compelled to place an agreed amount on each of the pool
  cards, as at Pope Joan" (Foster, "Saratoga"; Foster's Newmarket leaves the players "to
  distribute their stakes at pleasure", which is not offered: the agreed amount is the
  game's stake); "each player except the dealer places one chip on each boodle card; the
  dealer places two chips on each" (the Official Rules; option `dealer_double`, true);
- the kitty: "Each player places the agreed stake ... in the kitty, plus an additional stake
  on each boodle card ... a kitty stake of between one and four times the boodle stake" and
  "The first person to empty their hand takes the kitty" (the Guardian): option `kitty`, the
  stakes each player puts in it each deal; none in Michigan or Foster (0, the default);
- in play, "any time a player can play a card that duplicates one of the four boodle cards,
  they take all of the chips from that card" (the Official Rules): `boodle_won`, or on the
  Out's sheet;
- the Out: the first to play all his cards is paid by each other player a counter for every
  card he still holds (seed 001's "a coin or counter from each player for every card they
  have left"; the Official Rules alike), and takes the kitty. Nothing of a deal is recorded
  after its Out;
- what is not won stays: "Any chips that are still on the layout after the hand ends remain
  there until they are won in a subsequent hand" (the Official Rules; the Guardian: "it
  carries over to the next game"). No book shares a layout left at the evening's end: the
  table refunds it by agreement (`pool_refunded` with the boodle's name).

Three to eight players, as the stops games are played (the Official Rules, from three).
"""

from marshmallow import fields, validate

from ledger.events.fields import Count, EventData, Flag, Ref, RefKey
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, when_settled
from ledger.games.newmarket.told import BOODLES, LAID_OUT, WORDS
from ledger.games.page import Button, Field
from ledger.language import N_

KITTY = "kitty"


class NewmarketOptions(EventData):
    boodle_cards = fields.String(
        load_default="ace_of_hearts", validate=validate.OneOf(list(LAID_OUT)), metadata={
            "description": "the four boodle cards: the ace of hearts, king of clubs, queen of "
                           "diamonds and knave of spades (the Official Rules), or the ace of "
                           "spades, king of hearts, queen of clubs and knave of diamonds (the "
                           "American Hoyle, 1885)"})
    dealer_double = Flag(load_default=True, metadata={
        "description": "the dealer puts two stakes on each boodle card, the others one (the "
                       "Official Rules); else every player the same (Foster's Saratoga, as at "
                       "Pope Joan)"})
    kitty = Count(maximum=4, load_default=0, metadata={
        "description": "stakes each player puts in the kitty each deal, which the first out takes "
                       "(the British game: one to four); none in Michigan"})


class BoodleWon(EventData):
    card = fields.String(required=True, validate=validate.OneOf(BOODLES))
    player = Ref(required=True)


class NewmarketOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=RefKey(), values=Count(), required=True, metadata={
        "description": "each other player's cards left; the player who went out holds none"})
    boodles = fields.Dict(keys=fields.String(validate=validate.OneOf(BOODLES)), values=Ref(),
                          load_default=dict, metadata={
        "description": "the boodle cards played this deal and not yet recorded, each with who "
                       "played it: the whole deal on one sheet at its end"})


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Every player stakes on each boodle card (the dealer double, by the option) and puts his
    stakes in the kitty."""
    dealer, options, stake = generic.dealer(game, data), game.options, game.stake
    on_each = {seat: stake * (2 if seat == dealer and options["dealer_double"] else 1)
               for seat in game.seats}
    staked = [p for seat, n in on_each.items() for card in BOODLES
              for p in transfer(player(seat), pool(game.id, card), n)]
    kitty = [p for seat in game.seats
             for p in transfer(player(seat), pool(game.id, KITTY), options["kitty"] * stake)]
    return combine([*staked, *kitty])


def boodle_won(game: InPlay, data: dict) -> list[dict]:
    """Who plays the boodle card's duplicate takes all that is staked on it."""
    return kit.pool_taken(game, game.seated("data.player", data["player"]), data["card"])


def newmarket_out(game: InPlay, data: dict) -> list[dict]:
    """The first out takes a counter for every card left in each other hand, and the kitty;
    the boodles played this deal and not recorded as they were won come with it, each to who
    played it. A boodle nobody played stays for the next deal."""
    won = data["boodles"]
    for card, winner in won.items():
        game.seated(f"data.boodles.{card}", winner)
    paid = kit.going_out(game, data)
    taken = [p for card, winner in won.items() for p in kit.pool_taken(game, winner, card)]
    return combine([*taken, *kit.pool_taken(game, data["player"], KITTY), *paid])


def _settles_out(data: dict, _options: dict) -> tuple[str, ...]:
    """The deal's end, and every boodle won with it (each once a deal)."""
    return ("the Out", *(f"the {card}" for card in data.get("boodles", {})))


_settles_out.what = "the Out"  # whatever its data: the Out ends the deal


def _outs(record, event: dict) -> None:
    record.facts[event["id"]] = event["data"]["player"]


def _tallies(record, _state) -> dict[str, dict[str, int]]:
    """The deals each player went out first: what a club's standings count of Newmarket."""
    outs: dict[str, int] = {}
    for who in record.facts.values():
        outs[who] = outs.get(who, 0) + 1
    return {"newmarket_outs": outs} if outs else {}


def examples(st) -> Examples:
    def out(t):
        won = st.dictionaries(st.sampled_from(BOODLES), st.sampled_from(t.seats), max_size=4)
        return st.tuples(kit.going_out_examples(st, t), won).map(
            lambda a: {**a[0], **({"boodles": a[1]} if a[1] else {})})
    return Examples(
        options=st.fixed_dictionaries({"boodle_cards": st.sampled_from(sorted(LAID_OUT)),
                                       "dealer_double": st.booleans(),
                                       "kitty": st.integers(0, 2)}),
        facts={"newmarket_out": out,
               "boodle_won": lambda t: st.tuples(st.sampled_from(BOODLES),
                                                 st.sampled_from(t.seats)).map(
                   lambda a: {"card": a[0], "player": a[1]})})


# The deal on one sheet at its end: who went out, the cards left, and who played each boodle
# card (a tap a thing, none left alone); a boodle may also be recorded as it is won
OUT = Button("Out", "newmarket_out", (
    Field("player", "player", "Who went out", grid="Out"),
    Field("cards_left", "counts", "Cards left in each hand", besides="player", grid="Left"),
    *(Field(f"boodles.{card}", "player", f"The {card.capitalize()}: won by", optional=True,
            default="none", hint="not won", grid=card.capitalize(), unless=f"the {card}")
      for card in BOODLES)), quick=True,
    said="{player} went out, cards left {cards_left}[; in play {boodles}]")
PAGE = (generic.DEAL, OUT,
        Button("Boodle", "boodle_won", (Field("card", "choice", "Which boodle card",
                                              choices=BOODLES),
                                        Field("player", "player", "Who played it")),
               said="{player} played the {card} and took its boodle"))

GAME = Game(
    kind="newmarket", aliases=("michigan",), title=N_("Newmarket"),
    book="Foster's Complete Hoyle (1897), 'Newmarket', 'Saratoga'; the American Hoyle (1885), "
         "'Newmarket'; the Official Rules of Card Games, 'Michigan'",
    seats=range(3, 9), options=NewmarketOptions, pools=(*BOODLES, KITTY),
    pool_names={"ace": N_("Ace"), "king": N_("King"), "queen": N_("Queen"), "knave": N_("Knave"),
                KITTY: N_("Kitty")},
    facts={"boodle_won": BoodleWon, "newmarket_out": NewmarketOut},
    rules={"deal_started": deal_started, "boodle_won": boodle_won, "newmarket_out": newmarket_out},
    generic=frozenset({"deal_started", "pool_refunded"}),
    life=DealLife(settles={"boodle_won": lambda data, _options: f"the {data['card']}",
                           "newmarket_out": _settles_out},
                  ends=when_settled("the Out")),
    folds={"newmarket_out": _outs}, tallies=_tallies,
    page=PAGE, words=WORDS, examples=examples,
)
