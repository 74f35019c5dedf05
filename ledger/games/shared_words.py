"""The shared facts (`ledger.games.generic`) in words (`SHARED`): a game tells them so unless
it tells one its own way (Brag's ante at the deal). How a sentence says its figures:
`ledger.games.told`."""

from ledger.games.told import Sentence, Told, refunded


def deal_started(told: Told) -> str:
    dealer = told.dealer_named()
    said = f"{told.name(dealer)} dealt" if dealer else "The deal was dealt"
    antes = told.each_paid("the pool", dealer)
    return f"{said}; {antes}" if antes else said


def stake_paid(told: Told) -> str:
    data = told.data
    amount = told.pays(data["player"], data.get("to"), data["amount"])
    if data.get("to"):
        return f"{told.name(data['player'])} paid {told.name(data['to'])} a stake of {amount}"
    return f"{told.name(data['player'])} staked {amount} into the pool"


def penalty_paid(told: Told) -> str:
    reason, amount = told.data.get("reason"), told.pays(told.data["player"], None, told.data["amount"])
    return (f"{told.name(told.data['player'])} was fined {amount}, paid into the pool"
            + (f" ({reason})" if reason else ""))


def pool_won(told: Told) -> str:
    """The pool in equal shares (what does not split stays in it)."""
    winners = told.data["winners"]
    share = told.from_pool() // len(winners)
    for winner in winners:
        told.pays(None, winner, share)
    if len(winners) == 1:
        return f"{told.name(winners[0])} won the pool of {share}"
    return f"{told.names(winners)} shared the pool: {share} each"


def pool_carried_over(told: Told) -> str:
    target = told.data.get("to_game_id")
    if target:
        moved = told.from_pool()
        return (f"Nobody won: the pool{f' of {moved}' if moved else ''} was carried over to "
                f"{told.label(target)}")
    return "Nobody won: the pool stays for the next deal"


def card_bought(told: Told) -> str:
    """The seller and price as the rules resolved them (the dealer and the stake by default):
    the buyer's one payment."""
    data = told.data
    seller = next(iter(told.payees()), data.get("seller") or told.dealer)
    price = told.pays(data["buyer"], seller, -told.got(data["buyer"]))
    item = {"trump": "the trump", "hand": "a hand"}.get(data.get("item"), "a card")
    return f"{told.name(data['buyer'])} bought {item} from {told.name(seller)} for {price}"


def cards_bartered(told: Told) -> str:
    """With whom: as named, or (Commerce, where it need not be said) the player on his left."""
    trader, seats = told.data["player"], told.game.seats if told.game else []
    partner = told.data.get("with") or (seats[(seats.index(trader) + 1) % len(seats)]
                                        if trader in seats else None)
    return f"{told.name(trader)} bartered a card with {told.name(partner)}"


def deal_sold(told: Told) -> str:
    data = told.data
    price = told.pays(data["buyer"], data["seller"], data["price"])
    return (f"{told.name(data['seller'])} sold a turn to deal to {told.name(data['buyer'])} "
            f"for {price}")


SHARED: dict[str, Sentence] = {
    "deal_started": deal_started, "stake_paid": stake_paid, "penalty_paid": penalty_paid,
    "pool_won": pool_won, "pool_carried_over": pool_carried_over,
    "pool_refunded": lambda told: refunded(told, "The pool"), "card_bought": card_bought,
    "cards_bartered": cards_bartered, "deal_sold": deal_sold,
}
