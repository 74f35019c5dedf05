"""Pope Joan's facts in words: the board dressed, the card turned up, each compartment won,
and the Out, each part of it said apart (the cards paid for, each compartment, the Game), so
that a player who paid for his cards and won a compartment is told both."""

from ledger.games.told import Told, going_out, listed, refunded
from ledger.language import N_, _, n_

# the board's compartments as the table calls them
CALLED = {"pope": N_("the Pope"), "matrimony": N_("Matrimony"), "intrigue": N_("Intrigue"),
          "ace": N_("the Ace"), "king": N_("the King"), "queen": N_("the Queen"),
          "knave": N_("the Knave"), "game": N_("the Game")}  # (said as `_(CALLED[…])`)
CARDS = {"ace": N_("the Ace of trumps"), "king": N_("the King of trumps"),
         "queen": N_("the Queen of trumps"), "knave": N_("the Knave of trumps"),
         "pope": N_("the Pope (the nine of diamonds)")}
COMPARTMENT = {"pope": N_("The Pope compartment"), "matrimony": N_("The Matrimony compartment"),
               "intrigue": N_("The Intrigue compartment"), "ace": N_("The Ace compartment"),
               "king": N_("The King compartment"), "queen": N_("The Queen compartment"),
               "knave": N_("The Knave compartment"), "game": N_("The Game compartment")}


def pope_ends_the_deal(options: dict) -> bool:
    return options["pope_turned_up"] == "pope_game_and_cards"


def dealt_told(told: Told) -> str:
    """The deal, and the board dressed: by the dealer alone, or by all, the dealer double."""
    dealer = told.dealer_named()
    said = _("%(dealer)s dealt", dealer=told.name(dealer)) if dealer else _("The deal was dealt")
    if told.payers() == [dealer]:
        return said + _(" and dressed the board with %(amount)s",
                        amount=told.pays(dealer, None, -told.got(dealer)))
    each = told.each_paid(_("it"), dealer)
    return said + _("; the board dressed with %(amount)s, %(each)s",
                    amount=sum(n for __, __, n in told.moves), each=each)


def _taken(told: Told, names, taker: str) -> str:
    """`the Pope (6) and the Game (2)`: the compartments one player took, what each held."""
    return listed([f"{_(CALLED[name])} ({told.pays(None, taker, told.from_pool(name)) or _('empty')})"
                   for name in names])


def turned_up_told(told: Told) -> str:
    """The honour turned up, the compartments the dealer took, and (the Pope ending the deal)
    the cards dealt to each other hand that he was paid for."""
    card = told.data["card"]
    taker = next(iter(told.payees()), told.dealer)
    taken = [name for name in (card, "game") if told.from_pool(name)]
    said = _("%(taker)s turned up %(card)s", taker=told.name(taker), card=_(CARDS[card]))
    said += (_(" and took %(taken)s", taken=_taken(told, taken, taker)) if taken
             else _("; %(compartment)s was empty", compartment=_(CALLED[card])))
    if card != "pope" or not pope_ends_the_deal(told.options):
        return said
    dealt = told.data.get("cards_dealt") or {}
    paid = sum(told.pays(seat, taker, n) for seat, n in dealt.items())
    return said + _(", and a counter a card dealt: %(dealt)s (%(paid)s in all); the deal ends",
                    dealt=told.counted(dealt), paid=paid)


def compartment_told(told: Told) -> str:
    name, winner = told.data["compartment"], told.data["player"]
    if told.from_pool(name):
        return _("%(winner)s won %(taken)s", winner=told.name(winner),
                 taken=_taken(told, [name], winner))
    return _("%(winner)s won %(compartment)s, which was empty", winner=told.name(winner),
             compartment=_(CALLED[name]))


def out_told(told: Told) -> str:
    """The cards left paid for (a counter a card, by all but one who held the Pope unplayed,
    by the option), the Game, each compartment won in play to its winner, and who was
    excused."""
    out, holder = told.data["player"], told.data.get("pope_held_by")
    excused = holder if holder and told.options.get("pope_holder_excused", True) else None
    said = going_out(told, excused)
    game = told.from_pool("game")
    said += (_(", and the Game (%(game)s)", game=told.pays(None, out, game)) if game
             else _("; the Game was empty"))
    by_winner: dict[str, list[str]] = {}
    for name, who in (told.data.get("compartments") or {}).items():
        by_winner.setdefault(who, []).append(name)
    if by_winner:
        said += _("; in play %(won)s", won=listed([
            _("%(winner)s won %(taken)s", winner=told.name(who), taken=_taken(told, names, who))
            for who, names in by_winner.items()]))
    if holder:
        said += _("; %(holder)s held the Pope unplayed", holder=told.name(holder))
        left = told.data["cards_left"].get(holder, 0) if holder != out else 0
        if excused:
            said += (n_(" and paid nothing for his %(n)s card", " and paid nothing for his %(n)s cards",
                        left) if left else _(" and paid nothing"))
    return said


WORDS = {"deal_started": dealt_told, "trump_turned_up": turned_up_told,
         "compartment_won": compartment_told, "pope_joan_out": out_told,
         "pool_refunded": lambda t: refunded(t, _(COMPARTMENT[t.data["pool"]]) if t.data.get(
             "pool") in COMPARTMENT else _("The pool"))}
