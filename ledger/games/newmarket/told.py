"""Newmarket's facts in words: the stakes laid on the boodle cards (and in the kitty), each
boodle taken, and the Out, each part said apart (the cards paid for, the kitty, each boodle),
so that a player who paid for his cards and played a boodle card is told both."""

from ledger.games.told import Told, going_out, listed, refunded
from ledger.language import N_, _

BOODLES = ("ace", "king", "queen", "knave")
# the four boodle cards' suits, as each book lays them out
LAID_OUT = {"ace_of_hearts": dict(zip(BOODLES, ("hearts", "clubs", "diamonds", "spades"))),
            "ace_of_spades": dict(zip(BOODLES, ("spades", "hearts", "clubs", "diamonds")))}


def card_named(told: Told, card: str) -> str:
    """`the king of clubs`: a boodle card as the game started lays it out."""
    suits = LAID_OUT.get(told.options.get("boodle_cards"), LAID_OUT["ace_of_hearts"])
    return _("the %(card)s of %(suit)s", card=_(CARD[card]), suit=_(SUIT[suits[card]]))


CARD = {"ace": N_("ace"), "king": N_("king"), "queen": N_("queen"), "knave": N_("knave")}
SUIT = {"hearts": N_("hearts"), "clubs": N_("clubs"), "diamonds": N_("diamonds"),
        "spades": N_("spades")}


def dealt_told(told: Told) -> str:
    """The deal, and the stakes laid: so much on each boodle card (the dealer double, by the
    option), and so much in the kitty, each payer's parts said apart."""
    dealer = told.dealer_named()
    said = _("%(dealer)s dealt", dealer=told.name(dealer)) if dealer else _("The deal was dealt")
    kitty = told.options.get("kitty", 0) * told.stake
    on_each = {}
    for seat in told.payers():
        on_each[seat] = (-told.got(seat) - kitty) // len(BOODLES)
        for _card in BOODLES:
            told.pays(seat, None, on_each[seat])
        told.pays(seat, None, kitty)
    if not on_each:
        return said
    kept = _("; each put %(kitty)s in the kitty", kitty=kitty) if kitty else ""
    return f"{said}; {_staked(told, on_each)}{kept}"


def _staked(told: Told, on_each: dict[str, int]) -> str:
    """`on each boodle card each staked 1, Ann 2`: who laid double read from what each paid
    (a deal told after an earlier one was undone may name another dealer in turn)."""
    most, least = max(on_each.values()), min(on_each.values())
    doubled = [seat for seat, n in on_each.items() if n == most]
    if most == least:
        return _("on each boodle card each staked %(each)s", each=most)
    if len(doubled) == 1 and len(set(on_each.values())) == 2:
        return _("on each boodle card each staked %(each)s, %(dealer)s %(most)s", each=least,
                 dealer=told.name(doubled[0]), most=most)
    return _("on each boodle card: %(counted)s", counted=told.counted(on_each))


def _taken(told: Told, cards, taker: str) -> str:
    """`the ace of hearts (5) and the knave of spades (5)`: the boodles one player took."""
    return listed([f"{card_named(told, card)} "
                   f"({told.pays(None, taker, told.from_pool(card)) or _('empty')})" for card in cards])


def won_told(told: Told) -> str:
    card, winner = told.data["card"], told.data["player"]
    if told.from_pool(card):
        took = told.pays(None, winner, told.from_pool(card))
        return _("%(winner)s played %(card)s and took the %(took)s on it",
                 winner=told.name(winner), card=card_named(told, card), took=took)
    return _("%(winner)s played %(card)s; its boodle was empty", winner=told.name(winner),
             card=card_named(told, card))


def out_told(told: Told) -> str:
    """The cards left paid for (a counter a card), the kitty, and each boodle won in play to
    who played it."""
    out = told.data["player"]
    said = going_out(told)
    kitty = told.from_pool("kitty")
    if kitty:
        said += _(", and the kitty (%(kitty)s)", kitty=told.pays(None, out, kitty))
    by_winner: dict[str, list[str]] = {}
    for card, who in (told.data.get("boodles") or {}).items():
        by_winner.setdefault(who, []).append(card)
    if by_winner:
        said += _("; in play %(won)s", won=listed([
            _("%(player)s took %(taken)s", player=told.name(who), taken=_taken(told, cards, who))
            for who, cards in by_winner.items()]))
    return said


def refunded_told(told: Told) -> str:
    name = told.data.get("pool")
    return refunded(told, _("The boodle on %(card)s", card=card_named(told, name))
                    if name in BOODLES else _("The kitty"))


WORDS = {"deal_started": dealt_told, "boodle_won": won_told, "newmarket_out": out_told,
         "pool_refunded": refunded_told}
