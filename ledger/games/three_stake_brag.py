"""Three-stake Brag: three pools a deal, each won once.

Its names: "Brag" in every language (an English game the books give no other name), its three
stakes said in each ("Brag mit drei Einsätzen", "Brag à trois mises").

Seed 004 (R. F. Foster, *Foster's Complete Hoyle*, "Brag"): "There are two varieties of this
old English game; single, and three-stake Brag ... Three to twelve players may form a table."
The three stakes after *Hoyle's Games, Improved and Enlarged*, "Brag", p. 241; the American
edition of *Hoyle's Games* (Google Books Wi4VAAAAYAAJ), "The Game of Brag", p. 179; and
*Encyclopaedia Britannica*, 11th ed. (1910-11), "Brag":

- every player lays down three stakes, "one for the best whist card turned up in the deal; the
  second for the best brag-hand, and the third for the eldest-hand obtaining 31, or the next
  number under that" (American Hoyle): pools `first`, `second` and `third`;
- the first: the best turned-up card, ace high, "except in case of the ace of diamonds, which
  at this part of the game takes place of every other"; ties to the eldest hand (Hoyle p. 241);
- the second: "if no one answer by a similar or larger deposit, then the bragger wins the
  second stake" (Hoyle p. 241); the brags themselves are put down on that stake (`brag_bet`)
  and go with it to the best brag hand;
- the third: 31 or nearest under by the pips, court cards ten, "but the ace may by arrangement
  count as 1 or 11" (Britannica: ten); drawing allowed, an over-draw loses;
- "If one player wins all three stakes, he may receive the value of another stake, or of two
  or three stakes, all round, as arranged" (Britannica): option `sweep_bonus`.

Who wins each stake is decided at the table (the ledger records the winner); the ace's count
and whether a natural pair beats one made with a favourite (Hoyle: no; Foster: yes) are the
table's agreement, fixed with the game. The third stake, which nobody wins when everyone over-drew, stays for the
next deal. Only the third can go unwon: the first always goes to the best card turned up
("the eldest hand" winning ties, Hoyle p. 241), and the second to the best brag, or to the
bragger whom nobody answers (Hoyle p. 241).
"""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import Count, Counters, EventData, Flag, Ref
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, when_all_settled
from ledger.games.page import Button, Field
from ledger.games.told import Told, capital, refunded
from ledger.language import N_, _

STAKES = ("first", "second", "third")
WHAT = {"first": N_("the first stake (best card turned up)"),  # (said as `_(WHAT[…])`: the
        "second": N_("the second stake (the brag)"),            # English is a key of `settled`)
        "third": N_("the third stake (thirty-one)")}


class ThreeStakeBragOptions(EventData):
    sweep_bonus = Count(maximum=3, load_default=0, metadata={
        "description": "stakes each other player pays one who wins all three in a deal "
                       "(Britannica: 'another stake, or two or three, as arranged')"})
    ace_in_thirty_one = fields.String(load_default="10", validate=validate.OneOf(["10", "1", "11"]),
                                      metadata={"description": "what an ace counts towards 31 "
                                                               "(Britannica: ten, or 1 or 11 by arrangement)"})
    natural_pair_beats_made_pair = Flag(load_default=False, metadata={
        "description": "a natural pair outranks one made with a favourite (Foster: yes; Hoyle: no)"})


class BragBet(EventData):
    player = Ref(required=True)
    amount = Counters(required=True)


class StakeWon(EventData):
    stake = fields.String(required=True, validate=validate.OneOf(STAKES))
    winner = Ref(required=True)


UNWON = ("third",)  # the only stake a deal may leave unwon


class StakeCarriedOver(EventData):
    stake = fields.String(required=True, validate=validate.OneOf(STAKES), metadata={
        "description": "the third: the first and second are always won"})


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Every player lays down three stakes, one to each pool."""
    generic.dealer(game, data)
    return combine([p for seat in game.seats for name in STAKES
                   for p in transfer(player(seat), pool(game.id, name), game.stake)])


def brag_bet(game: InPlay, data: dict) -> list[dict]:
    """A brag, or an answer to one, is put down on the second stake, until it is decided."""
    bragger = game.seated("data.player", data["player"])
    if WHAT["second"] in game.settled:
        raise Conflict(_("The second stake of this deal has been won: the bragging is over."),
                       {"type": [_("the brag is decided")]})
    return transfer(player(bragger), pool(game.id, "second"), data["amount"])


def stake_won(game: InPlay, data: dict) -> list[dict]:
    """The winner takes the whole of that stake's pool; one who has now won all three stakes
    of the deal receives the agreed bonus from each other player."""
    winner = game.seated("data.winner", data["winner"])
    won = kit.pool_taken(game, winner, data["stake"])
    others = [s for s in STAKES if s != data["stake"]]
    won_by = game.record.facts
    swept = all(won_by.get(game.settled.get(WHAT[s])) == winner for s in others)
    bonus = game.options["sweep_bonus"] * game.stake if swept else 0
    return combine([*won, *(p for seat in game.seats if seat != winner
                            for p in transfer(player(seat), player(winner), bonus))])


def stake_carried_over(game: InPlay, data: dict) -> list[dict]:
    """Nobody won the third stake this deal (every hand over-drew): it stays for the next. The
    first always has a winner (the best card turned up, ties to the eldest hand) and so has
    the second (the best brag, or the bragger nobody answered): Hoyle p. 241."""
    if data["stake"] not in UNWON:
        raise Inconsistent.field("data.stake", _("%(stake)s always has a winner: only the third "
                                                 "stake can go unwon.",
                                                 stake=capital(_(WHAT[data["stake"]]))))
    return []


def deal_told(told: Told) -> str:
    dealer = told.dealer_named()
    for seat in told.payers():  # a stake on each pool
        for name in STAKES:
            told.pays(seat, None, told.stake)
    return (_("%(dealer)s dealt; each laid down three stakes of %(stake)s", dealer=told.name(dealer),
              stake=told.stake) if dealer else
            _("The deal was dealt; each laid down three stakes of %(stake)s", stake=told.stake))


def won_told(told: Told) -> str:
    """The stake won and what it held; a sweep of all three, and what each other paid for it."""
    winner, stake = told.data["winner"], told.data["stake"]
    said = _("%(winner)s won %(stake)s: %(won)s", winner=told.name(winner), stake=_(WHAT[stake]),
             won=told.pays(None, winner, told.from_pool(stake)))
    bonus = max([told.pays(p, winner, -told.got(p)) for p in told.payers()], default=0)
    return said + (_("; all three stakes won, each other player paid %(winner)s %(bonus)s",
                     winner=told.name(winner), bonus=bonus) if bonus else "")


WORDS = {
    "deal_started": deal_told, "stake_won": won_told,
    "brag_bet": lambda t: _("%(player)s bragged %(amount)s on the second stake",
                            player=t.name(t.data["player"]),
                            amount=t.pays(t.data["player"], None, t.data["amount"])),
    "stake_carried_over": lambda t: _("Nobody won %(stake)s: it stays for the next deal",
                                      stake=_(WHAT[t.data["stake"]])),
    "pool_refunded": lambda t: refunded(t, capital(_(WHAT.get(t.data.get("pool"), "the pool")))),
}


def _won(record, event: dict) -> None:
    record.facts[event["id"]] = event["data"]["winner"]


def _settles(data: dict, _options: dict) -> str:
    return WHAT[data["stake"]]


def examples(st) -> Examples:
    stake = st.sampled_from(STAKES)
    return Examples(
        options=st.fixed_dictionaries({"sweep_bonus": st.integers(0, 3)}),
        facts={"brag_bet": lambda t: st.tuples(st.sampled_from(t.seats), st.integers(1, 9)).map(
                   lambda a: {"player": a[0], "amount": a[1]}),
               "stake_won": lambda t: st.tuples(stake, st.sampled_from(t.seats)).map(
                   lambda a: {"stake": a[0], "winner": a[1]}),
               "stake_carried_over": lambda t: st.sampled_from(UNWON).map(lambda s: {"stake": s})})


GAME = Game(
    kind="three_stake_brag", title=N_("Three-stake Brag"),
    book="seed 004 (Foster's Complete Hoyle); Hoyle's Games, Improved and Enlarged, p. 241; "
         "Encyclopaedia Britannica (1911), 'Brag'",
    seats=range(3, 13), options=ThreeStakeBragOptions, pools=STAKES,
    pool_names={"first": N_("First stake"), "second": N_("Second stake"),
                "third": N_("Third stake")},
    facts={"brag_bet": BragBet, "stake_won": StakeWon, "stake_carried_over": StakeCarriedOver},
    rules={"deal_started": deal_started, "brag_bet": brag_bet, "stake_won": stake_won,
           "stake_carried_over": stake_carried_over},
    generic=frozenset({"deal_started", "pool_refunded"}),
    life=DealLife(play=frozenset({"brag_bet"}),
                  settles={"stake_won": _settles, "stake_carried_over": _settles},
                  ends=when_all_settled(*WHAT.values())),
    folds={"stake_won": _won},
    page=(generic.DEAL,
          Button("Brag", "brag_bet", (Field("player", "player", "Who brags"),
                                      Field("amount", "amount", "Counters", default="stake")),
                 said="{player} bragged {amount} on the second stake"),
          Button("Stake won", "stake_won", (Field("stake", "choice", "Which stake", choices=STAKES),
                                            Field("winner", "player", "Who won it")), quick=True,
                 said="{winner} won the {stake} stake"),
          Button("Nobody won", "stake_carried_over", (Field("stake", "choice", "Which stake",
                                                            choices=UNWON),),
                 said="Nobody won the {stake} stake: it stays for the next deal")),
    words=WORDS, examples=examples,
)
