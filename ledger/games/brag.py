"""Brag (seed 004: *Foster's Complete Hoyle*): the dealer's ante, the bets within the betting
limit, and the ante nobody sees.

Seed 004: "The dealer must put up an ante before the cards are cut. This ante may be any
amount he pleases within the betting limit ... each player in turn must put up an amount
equal to the dealer's ante, or abandon his hand. He may, if he chooses, raise the ante any
further amount within the betting limit. All those following him must meet the total sum put
up by any individual player, increase it, or pass out." So a bet (`stake_paid` into the pool)
brings the player's total this deal to at least the most any one player has put up, and the
limit bounds the raise over that, not the sum put up. "If no one will see the dealer's ante,"
he takes it back and each other player pays him a counter: once anyone has put up the ante,
it has been seen.

Its names: "Brag" in every language (an English game the books give no other name)."""

from ledger.errors import Conflict
from ledger.events.fields import Counters, EventData
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.record import GameRecord
from ledger.games.shared_words import stake_paid as stake_told
from ledger.games.told import Told
from ledger.language import N_, _


def ante(game: InPlay, deal: dict) -> int:
    return deal.get("ante", game.stake)


def _within_limit(game: InPlay, field: str, amount: int, what: str = "an ante") -> None:
    limit = game.options["betting_limit"]
    if limit is not None and amount > limit:
        raise Conflict.field(field, _("The betting limit is %(limit)s: an ante of %(amount)s is "
                                      "over it.", limit=limit, amount=amount) if what == "an ante"
                             else _("The betting limit is %(limit)s: a raise of %(amount)s is over "
                                    "it.", limit=limit, amount=amount))


def put_up(game: InPlay) -> dict[str, int]:
    """What each player has put up this deal: the dealer his ante, the others their bets."""
    totals = {game.dealer(): ante(game, game.current_deal())}
    for player, amount in bets(game.record).get(next(reversed(game.record.deals)), {}).items():
        totals[player] = totals.get(player, 0) + amount
    return totals


def bets(record: GameRecord) -> dict[str, dict[str, int]]:
    """What each player has bet in each deal, by deal: kept on the record and gone on with
    from the bets made since (`GameRecord.kept_by_deal`), where each bet walked every bet of
    the game."""
    return record.kept_by_deal("_bets", lambda bettors, bet: {
        **bettors, bet["player"]: bettors.get(bet["player"], 0) + bet["amount"]})


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: the dealer puts up an ante before the cut, any amount within the betting limit."""
    _within_limit(game, "data.ante", ante(game, data))
    dealer = generic.dealer(game, data, takes_ante=True)
    return transfer(player(dealer), pool(game.id), ante(game, data))


def stake_paid(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: a bet meets the total put up by any one player, or raises it "any further
    amount within the betting limit"; a stake paid to another player is not a bet."""
    if "to" in data:
        return generic.stake_paid(game, data)
    bettor = game.seated("data.player", data["player"])
    totals = put_up(game)
    most, after = max(totals.values()), totals.get(bettor, 0) + data["amount"]
    if after < most:
        raise Conflict.field("data.amount", _(
            "%(bettor)s must meet the %(most)s put up (he has %(has)s in): %(short)s at least, or "
            "pass out.", bettor=game.name(bettor), most=most, has=totals.get(bettor, 0),
            short=most - totals.get(bettor, 0)))
    _within_limit(game, "data.amount", after - most, "a raise")
    return generic.stake_paid(game, data)


def brag_ante_unseen(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: no one sees the ante: the dealer takes it back and each other player pays him
    one counter; the deal passes to the left. Once a player has put it up, it was seen."""
    dealer = game.dealer()
    seen = [p for p in put_up(game) if p != dealer]
    if seen:
        raise Conflict(_("%(seen)s saw the ante: the deal is played out, and the pool goes to the "
                         "best hand (or to a bet nobody met).", seen=game.name(seen[0])),
                       {"type": [_("the ante was seen")]})
    back = transfer(pool(game.id), player(dealer), ante(game, game.current_deal()))
    counters = [p for seat in game.seats if seat != dealer
                for p in transfer(player(seat), player(dealer), 1)]
    return combine([*back, *counters])


def _bet(record, event: dict) -> None:
    """A bet into the pool, kept with its deal (what each has put up: `put_up`)."""
    data = event["data"]
    if "to" not in data and record.deals:
        record.facts[event["id"]] = {"deal": next(reversed(record.deals)),
                                     "player": data["player"], "amount": data["amount"]}


def deal_told(told: Told) -> str:
    """The dealer as the rules had him: the one who put up the ante."""
    dealer = next(iter(told.payers()), None) or told.dealer_named()
    ante = told.pays(dealer, None, told.into_pool())
    return _("%(dealer)s dealt and put up an ante of %(ante)s", dealer=told.name(dealer), ante=ante)


def bet_told(told: Told) -> str:
    """A bet or a raise into the pool (a stake to another player is said as a stake)."""
    data = told.data
    if data.get("to"):
        return stake_told(told)
    return _("%(player)s bet %(amount)s", player=told.name(data["player"]),
             amount=told.pays(data["player"], None, data["amount"]))


def unseen_told(told: Told) -> str:
    dealer = next(iter(told.payees()), told.dealer)
    who, back = told.name(dealer), told.pays(None, dealer, told.from_pool())
    for seat in told.payers():  # a counter each
        told.pays(seat, dealer, -told.got(seat))
    return _("Nobody saw %(who)s's ante: %(who)s took the ante of %(back)s back and each other "
             "player paid %(who)s 1", who=who, back=back)


class BragOptions(EventData):
    betting_limit = Counters(allow_none=True, load_default=None, metadata={
        "description": "the largest ante, bet or raise (none: no limit)"})


class BragAnteUnseen(EventData):
    pass


def examples(st) -> Examples:
    return Examples(options=st.fixed_dictionaries({"betting_limit": st.none() | st.integers(5, 40)}),
                    facts={"brag_ante_unseen": lambda t: st.just({})})


GAME = Game(
    kind="brag", title=N_("Brag"), book="seed 004 (Foster's Complete Hoyle: \"Three to twelve players "
    "may form a table\")",
    seats=range(3, 13), options=BragOptions,
    facts={"brag_ante_unseen": BragAnteUnseen},
    rules={"deal_started": deal_started, "stake_paid": stake_paid,
           "brag_ante_unseen": brag_ante_unseen},
    folds={"stake_paid": _bet},
    generic=generic.ALL,
    # The bets are the deal's play; the pool is won (or the ante goes unseen) once a deal.
    life=DealLife(play=frozenset({"stake_paid"}),
                  settles={"pool_won": once("the pool"), "brag_ante_unseen": once("the pool")},
                  ends=when_settled("the pool")),
    page=(Button("Deal", "deal_started", (Field("dealer", "player", "Who deals", default="next_dealer"),
                                          Field("ante", "amount", "The dealer's ante", default="stake")),
                 said="{dealer} dealt and put up an ante of {ante}"),
          Button("Unseen", "brag_ante_unseen", said="Nobody saw the ante: the dealer takes it back "
                                                    "and each other player pays him a counter"),
          *generic.SHARED),
    words={"deal_started": deal_told, "stake_paid": bet_told, "brag_ante_unseen": unseen_told},
    examples=examples,
)
