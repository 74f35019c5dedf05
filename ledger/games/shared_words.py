"""The shared facts (`ledger.games.generic`) in words (`SHARED`): a game tells them so unless
it tells one its own way (Brag's ante at the deal). How a sentence says its figures:
`ledger.games.told`."""

from ledger.games.told import Sentence, Told, refunded
from ledger.language import _


def deal_started(told: Told) -> str:
    dealer = told.dealer_named()
    said = _("%(dealer)s dealt", dealer=told.name(dealer)) if dealer else _("The deal was dealt")
    antes = told.each_paid(_("the pool"), dealer)
    return f"{said}; {antes}" if antes else said


def stake_paid(told: Told) -> str:
    data = told.data
    amount = told.pays(data["player"], data.get("to"), data["amount"])
    if data.get("to"):
        return _("%(payer)s paid %(payee)s a stake of %(amount)s", payer=told.name(data["player"]),
                 payee=told.name(data["to"]), amount=amount)
    return _("%(payer)s staked %(amount)s into the pool", payer=told.name(data["player"]),
             amount=amount)


def penalty_paid(told: Told) -> str:
    reason, amount = told.data.get("reason"), told.pays(told.data["player"], None, told.data["amount"])
    fined = _("%(player)s was fined %(amount)s, paid into the pool",
              player=told.name(told.data["player"]), amount=amount)
    return fined + (f" ({reason})" if reason else "")


def pool_won(told: Told) -> str:
    """The pool in equal shares (what does not split stays in it)."""
    winners = told.data["winners"]
    share = told.from_pool() // len(winners)
    for winner in winners:
        told.pays(None, winner, share)
    if len(winners) == 1:
        return _("%(winner)s won the pool of %(share)s", winner=told.name(winners[0]), share=share)
    return _("%(winners)s shared the pool: %(share)s each", winners=told.names(winners),
             share=share)


def pool_carried_over(told: Told) -> str:
    target = told.data.get("to_game_id")
    if target:
        moved, game = told.from_pool(), told.label(target)
        return (_("Nobody won: the pool of %(moved)s was carried over to %(game)s", moved=moved,
                  game=game) if moved
                else _("Nobody won: the pool was carried over to %(game)s", game=game))
    return _("Nobody won: the pool stays for the next deal")


def card_bought(told: Told) -> str:
    """The seller and price as the rules resolved them (the dealer and the stake by default):
    the buyer's one payment."""
    data = told.data
    seller = next(iter(told.payees()), data.get("seller") or told.dealer)
    price = told.pays(data["buyer"], seller, -told.got(data["buyer"]))
    bought = {"buyer": told.name(data["buyer"]), "seller": told.name(seller), "price": price}
    if data.get("item") == "trump":
        return _("%(buyer)s bought the trump from %(seller)s for %(price)s", **bought)
    if data.get("item") == "hand":
        return _("%(buyer)s bought a hand from %(seller)s for %(price)s", **bought)
    return _("%(buyer)s bought a card from %(seller)s for %(price)s", **bought)


def cards_bartered(told: Told) -> str:
    """With whom: as named, or (Commerce, where it need not be said) the player on his left."""
    trader, seats = told.data["player"], told.game.seats if told.game else []
    partner = told.data.get("with") or (seats[(seats.index(trader) + 1) % len(seats)]
                                        if trader in seats else None)
    return _("%(trader)s bartered a card with %(partner)s", trader=told.name(trader),
             partner=told.name(partner))


def deal_sold(told: Told) -> str:
    data = told.data
    price = told.pays(data["buyer"], data["seller"], data["price"])
    return _("%(seller)s sold a turn to deal to %(buyer)s for %(price)s",
             seller=told.name(data["seller"]), buyer=told.name(data["buyer"]), price=price)


SHARED: dict[str, Sentence] = {
    "deal_started": deal_started, "stake_paid": stake_paid, "penalty_paid": penalty_paid,
    "pool_won": pool_won, "pool_carried_over": pool_carried_over,
    "pool_refunded": lambda told: refunded(told, _("The pool")), "card_bought": card_bought,
    "cards_bartered": cards_bartered, "deal_sold": deal_sold,
}
