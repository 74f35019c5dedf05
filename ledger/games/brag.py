"""Brag (seed 004: *Foster's Complete Hoyle*): the dealer's ante, the bets within the betting
limit, and the ante nobody sees."""

from ledger.errors import Conflict
from ledger.events.fields import Counters, EventData
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from ledger.games.shared_words import stake_paid as stake_told
from ledger.games.told import Told


def ante(game: InPlay, deal: dict) -> int:
    return deal.get("ante", game.stake)


def _within_limit(game: InPlay, field: str, amount: int) -> None:
    limit = game.options["betting_limit"]
    if limit is not None and amount > limit:
        raise Conflict.field(field, f"The betting limit is {limit}.")


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: the dealer puts up an ante before the cut, any amount within the betting limit."""
    _within_limit(game, "data.ante", ante(game, data))
    dealer = generic.dealer(game, data, takes_ante=True)
    return transfer(player(dealer), pool(game.id), ante(game, data))


def stake_paid(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: each player in turn "may raise ... any further amount within the betting
    limit": a bet or raise is bounded as the ante is."""
    _within_limit(game, "data.amount", data["amount"])
    return generic.stake_paid(game, data)


def brag_ante_unseen(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: no one sees the ante: the dealer takes it back and each other player pays him
    one counter; the deal passes to the left."""
    dealer = game.dealer()
    back = transfer(pool(game.id), player(dealer), ante(game, game.current_deal()))
    counters = [p for seat in game.seats if seat != dealer
                for p in transfer(player(seat), player(dealer), 1)]
    return combine([*back, *counters])


def deal_told(told: Told) -> str:
    """The dealer as the rules had him: the one who put up the ante."""
    dealer = next(iter(told.payers()), None) or told.dealer_named()
    ante = told.pays(dealer, None, told.into_pool())
    return f"{told.name(dealer)} dealt and put up an ante of {ante}"


def bet_told(told: Told) -> str:
    """A bet or a raise into the pool (a stake to another player is said as a stake)."""
    data = told.data
    if data.get("to"):
        return stake_told(told)
    return f"{told.name(data['player'])} bet {told.pays(data['player'], None, data['amount'])}"


def unseen_told(told: Told) -> str:
    dealer = next(iter(told.payees()), told.dealer)
    who, back = told.name(dealer), told.pays(None, dealer, told.from_pool())
    for seat in told.payers():  # a counter each
        told.pays(seat, dealer, -told.got(seat))
    return (f"Nobody saw {who}'s ante: {who} took the ante of {back} back and each other "
            f"player paid {who} 1")


class BragOptions(EventData):
    betting_limit = Counters(allow_none=True, load_default=None, metadata={
        "description": "the largest ante, bet or raise (none: no limit)"})


class BragAnteUnseen(EventData):
    pass


def examples(st) -> Examples:
    return Examples(options=st.fixed_dictionaries({"betting_limit": st.none() | st.integers(5, 40)}),
                    facts={"brag_ante_unseen": lambda t: st.just({})})


GAME = Game(
    kind="brag", title="Brag", book="seed 004 (Foster's Complete Hoyle: \"Three to twelve players "
    "may form a table\")",
    seats=range(3, 13), options=BragOptions,
    facts={"brag_ante_unseen": BragAnteUnseen},
    rules={"deal_started": deal_started, "stake_paid": stake_paid,
           "brag_ante_unseen": brag_ante_unseen},
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
