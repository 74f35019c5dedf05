"""Vingt-un (seeds 002, 003: W. H. Peel, *Round Games with Cards*): the pool's three feeds, hands settled with the dealer, doubled
stakes, the brulet, and the deal passed by a natural.

Its names: in French "Vingt-et-un", the name it came to England under (Peel's "Vingt-un" is its
shortening); in German "Siebzehn und Vier", the name German tables give the banking game of
twenty-one."""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent
from ledger.events.fields import Count, Counters, EventData, Flag, Ref
from ledger.events.postings import combine, player, pool, transfer
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.life import DealLife, every_hand, once, per_player
from ledger.games.page import Button, Field
from ledger.games.told import Told
from ledger.language import N_, _

TIE_SHARES = {"none": (0, 1), "1/4": (1, 4), "1/3": (1, 3)}


def deal_started(game: InPlay, data: dict) -> list[dict]:
    """Seed 002 (a): each player contributes a counter (option pool_ante) at each deal."""
    generic.dealer(game, data)
    return kit.antes(game, game.options["pool_ante"])


def vingt_un_hand_settled(game: InPlay, data: dict) -> list[dict]:
    """A hand paid between a player and the dealer: the stake (doubled if the dealer doubled
    stakes this deal, and again for a natural) unless an amount is given. The dealer wins
    ties; seed 002 (c): of what he receives on a tie he pays the agreed part (rounded down)
    into the pool. A player's natural throws the dealer out: the deal passes to him."""
    dealer = game.dealer()
    hand = game.seated("data.player", data["player"])
    if hand == dealer:
        raise Conflict.field("data.player", _("The dealer does not settle with himself."))
    if data["tie"] and data["winner"] != "dealer":
        raise Inconsistent.field("data.tie", _("The dealer wins ties."))
    doubled = 2 if game.dealing["stakes_doubled"] else 1
    amount = data.get("amount") or game.stake * doubled * (2 if data["natural"] else 1)
    if data["winner"] == "player":
        return transfer(player(dealer), player(hand), amount)
    numerator, denominator = TIE_SHARES[game.options["tie_share"]] if data["tie"] else (0, 1)
    return combine([*transfer(player(hand), player(dealer), amount),
                    *transfer(player(dealer), pool(game.id), amount * numerator // denominator)])


def stakes_doubled(game: InPlay, data: dict) -> list[dict]:
    """Seed 003: the dealer may insist that all stakes are doubled (for this deal)."""
    if game.dealing["stakes_doubled"]:
        raise Conflict(_("Stakes are doubled already in this deal."), {"type": [_("already doubled")]})
    return []


def brulet(game: InPlay, data: dict) -> list[dict]:
    """Seed 003: the top and bottom cards make a natural: every player pays the dealer double."""
    dealer = game.dealer()
    return combine([p for seat in game.seats if seat != dealer
                   for p in transfer(player(seat), player(dealer), 2 * game.stake)])


def vingt_un_overdrawn(game: InPlay, data: dict) -> list[dict]:
    """Seed 002 (b): the dealer who over-draws pays the agreed penalty into the pool."""
    penalty = game.options["overdraw_penalty"]
    if penalty == 0:
        raise Conflict.field("type", _("This game was started without an over-draw penalty."))
    return transfer(player(game.dealer()), pool(game.id), penalty)


RULES = {
    "deal_started": deal_started,
    "vingt_un_hand_settled": vingt_un_hand_settled,
    "stakes_doubled": stakes_doubled,
    "brulet": brulet,
    "vingt_un_overdrawn": vingt_un_overdrawn,
}


def hand_told(told: Told) -> str:
    """Who won the hand, the player or the dealer, how (a natural, a tie), and what was paid."""
    data, hand = told.data, told.data["player"]
    dealer = next((p for p in [*told.payees(), *told.payers()] if p != hand), told.dealer)
    names = {"who": told.name(hand), "banker": told.name(dealer)}
    amount = abs(told.got(hand))  # the hand's one part: paid or received
    if data["winner"] == "player":
        paid = told.pays(dealer, hand, amount)
        return (_("%(who)s beat %(banker)s, the dealer, with a natural: %(banker)s paid %(who)s "
                  "%(paid)s", paid=paid, **names) if data["natural"] else
                _("%(who)s beat %(banker)s, the dealer: %(banker)s paid %(who)s %(paid)s",
                  paid=paid, **names))
    paid = told.pays(hand, dealer, amount)
    if not data["tie"]:
        return (_("%(banker)s, the dealer, beat %(who)s with a natural: %(who)s paid %(banker)s "
                  "%(paid)s", paid=paid, **names) if data["natural"] else
                _("%(banker)s, the dealer, beat %(who)s: %(who)s paid %(banker)s %(paid)s",
                  paid=paid, **names))
    kept = told.pays(dealer, None, told.into_pool())
    tied = _("%(who)s tied with %(banker)s, the dealer, who wins ties: %(who)s paid %(banker)s "
             "%(paid)s", paid=paid, **names)
    return tied + (_(", of which %(banker)s paid %(kept)s into the pool", kept=kept, **names)
                   if kept else "")


def doubled_told(told: Told) -> str:
    if told.dealer is None:
        return _("The stakes were doubled for this deal")
    return _("%(dealer)s, the dealer, doubled the stakes for this deal", dealer=told.name(told.dealer))


def brulet_told(told: Told) -> str:
    dealer = next(iter(told.payees()), told.dealer)
    each = max([told.pays(p, dealer, -told.got(p)) for p in told.payers()], default=0)
    return _("%(dealer)s, the dealer, turned up a brulet (a natural in the top and bottom cards): "
             "each other player paid %(dealer)s %(each)s", dealer=told.name(dealer), each=each)


def overdrawn_told(told: Told) -> str:
    dealer = next(iter(told.payers()), told.dealer)
    return _("%(dealer)s, the dealer, over-drew and paid %(paid)s into the pool",
             dealer=told.name(dealer), paid=told.pays(dealer, None, told.into_pool()))


WORDS = {"vingt_un_hand_settled": hand_told, "stakes_doubled": doubled_told,
         "brulet": brulet_told, "vingt_un_overdrawn": overdrawn_told}


class VingtUnOptions(EventData):
    pool_ante = Count(load_default=0, metadata={
        "description": "each player's counters into the pool at each deal"})
    overdraw_penalty = Count(load_default=0, metadata={
        "description": "the dealer's fine, into the pool, when he over-draws"})
    tie_share = fields.String(load_default="none", validate=validate.OneOf(["none", "1/4", "1/3"]),
                              metadata={"description": "the part of what the dealer takes on ties that he pays "
                                                             "into the pool"})


class VingtUnHandSettled(EventData):
    # (a rule between fields JSON Schema can say, and so the document does: no tie won by a
    # player)
    JSON_SCHEMA = {"not": {"required": ["tie", "winner"], "properties": {
        "tie": {"enum": [True]}, "winner": {"enum": ["player"]}}}}

    player = Ref(required=True)
    winner = fields.String(required=True, validate=validate.OneOf(["player", "dealer"]))
    amount = Counters()
    natural = Flag(load_default=False)
    tie = Flag(load_default=False, metadata={"description": "a tie: the dealer wins it "
                                                            "(`winner`: dealer)"})


class StakesDoubled(EventData):
    pass


class Brulet(EventData):
    pass


class VingtUnOverdrawn(EventData):
    pass


def _natural_passes_the_deal(record, event: dict) -> None:
    """Seed 002: a player's natural throws the dealer out; the deal passes to him."""
    data = event["data"]
    if data["natural"] and data["winner"] == "player":
        record.dealing[event["id"]] = {"type": "deal_passed", "to": data["player"]}


def _stakes_doubled(record, event: dict) -> None:
    record.dealing[event["id"]] = {"type": "stakes_doubled"}


def examples(st) -> Examples:
    def hand(t):
        return st.tuples(st.sampled_from(t.seats), st.sampled_from(["player", "dealer"]),
                         st.booleans(), st.booleans(), st.none() | st.integers(1, 9)).map(
            lambda a: {"player": a[0], "winner": a[1], "natural": a[2], "tie": a[3],
                       **({"amount": a[4]} if a[4] else {})})
    return Examples(
        options=st.fixed_dictionaries({"pool_ante": st.integers(0, 2),
                                       "overdraw_penalty": st.integers(0, 3),
                                       "tie_share": st.sampled_from(["none", "1/4", "1/3"])}),
        facts={"vingt_un_hand_settled": hand, "stakes_doubled": lambda t: st.just({}),
               "brulet": lambda t: st.just({}), "vingt_un_overdrawn": lambda t: st.just({})})


GAME = Game(
    kind="vingt_un", title=N_("Vingt-un"), book="seeds 002, 003 (Peel, Round Games with Cards)",
    seats=range(2, 65), options=VingtUnOptions,
    facts={"vingt_un_hand_settled": VingtUnHandSettled, "stakes_doubled": StakesDoubled,
           "brulet": Brulet, "vingt_un_overdrawn": VingtUnOverdrawn},
    rules=RULES, generic=generic.ALL, keeps_deal=True,
    # Seed 002: the dealer settles with each player once a deal; the brulet (before the
    # proper deal, seed 003), the doubling and the over-draw come once a deal. Nothing ends a
    # deal but the next: the next deal is due once every hand is settled.
    life=DealLife(settles={"vingt_un_hand_settled": per_player("the hand"),
                           "stakes_doubled": once("the doubling"),
                           "brulet": once("the brulet"),
                           "vingt_un_overdrawn": once("the over-draw")},
                  done=every_hand("the hand")),
    words=WORDS,
    folds={"vingt_un_hand_settled": _natural_passes_the_deal, "stakes_doubled": _stakes_doubled},
    page=(generic.DEAL,
          Button("Hands", "vingt_un_hand_settled", quick=True, outcomes=(
              ("lost", {"winner": "dealer", "natural": False, "tie": False}),
              ("won", {"winner": "player", "natural": False, "tie": False}),
              ("natural", {"winner": "player", "natural": True, "tie": False}),
              ("tie", {"winner": "dealer", "natural": False, "tie": True}),
              ("lost to a natural", {"winner": "dealer", "natural": True, "tie": False})),
                 said="{player}'s hand settled"),
          Button("One hand", "vingt_un_hand_settled", (
              Field("player", "player", "Whose hand"),
              Field("winner", "choice", "Who won", choices=("player", "dealer")),
              Field("natural", "bool", "A natural"), Field("tie", "bool", "A tie"),
              Field("amount", "amount", "Counters (default: the stake)", optional=True)),
                 said="{player}'s hand settled: the {winner} won"),
          Button("Double", "stakes_doubled", said="The dealer doubled the stakes of this deal"),
          Button("Brulet", "brulet", said="The dealer's brulet: each player pays him double"),
          Button("Over-draw", "vingt_un_overdrawn", only_if=lambda options: options["overdraw_penalty"] > 0,
                 said="The dealer over-drew and paid the penalty into the pool"),
          Button("Sell deal", "deal_sold", (Field("seller", "player", "Who sells his deal",
                                                  default="next_dealer"),
                                            Field("buyer", "player", "Who buys it"),
                                            Field("price", "amount", "Price", default="stake")),
                 said="{seller} sold a turn to deal to {buyer} for {price}"),
          *generic.SHARED),
    examples=examples,
)
