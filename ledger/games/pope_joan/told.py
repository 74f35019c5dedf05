"""Pope Joan's facts in words: the board dressed, the card turned up, each compartment won,
and the Out, each part of it said apart (the cards paid for, each compartment, the Game), so
that a player who paid for his cards and won a compartment is told both."""

from ledger.games.told import Told, going_out, listed, plural, refunded

# the board's compartments as the table calls them
CALLED = {"pope": "the Pope", "matrimony": "Matrimony", "intrigue": "Intrigue", "ace": "the Ace",
          "king": "the King", "queen": "the Queen", "knave": "the Knave", "game": "the Game"}
CARDS = {"ace": "the Ace of trumps", "king": "the King of trumps", "queen": "the Queen of trumps",
         "knave": "the Knave of trumps", "pope": "the Pope (the nine of diamonds)"}


def pope_ends_the_deal(options: dict) -> bool:
    return options["pope_turned_up"] == "pope_game_and_cards"


def dealt_told(told: Told) -> str:
    """The deal, and the board dressed: by the dealer alone, or by all, the dealer double."""
    dealer = told.dealer_named()
    said = f"{told.name(dealer)} dealt" if dealer else "The deal was dealt"
    if told.payers() == [dealer]:
        return f"{said} and dressed the board with {told.pays(dealer, None, -told.got(dealer))}"
    each = told.each_paid("it", dealer)
    return f"{said}; the board dressed with {sum(n for _, _, n in told.moves)}, {each}"


def _taken(told: Told, names, taker: str) -> str:
    """`the Pope (6) and the Game (2)`: the compartments one player took, what each held."""
    return listed([f"{CALLED[name]} ({told.pays(None, taker, told.from_pool(name)) or 'empty'})"
                   for name in names])


def turned_up_told(told: Told) -> str:
    """The honour turned up, the compartments the dealer took, and (the Pope ending the deal)
    the cards dealt to each other hand that he was paid for."""
    card = told.data["card"]
    taker = next(iter(told.payees()), told.dealer)
    taken = [name for name in (card, "game") if told.from_pool(name)]
    said = f"{told.name(taker)} turned up {CARDS[card]}"
    said += f" and took {_taken(told, taken, taker)}" if taken else f"; {CALLED[card]} was empty"
    if card != "pope" or not pope_ends_the_deal(told.options):
        return said
    dealt = told.data.get("cards_dealt") or {}
    paid = sum(told.pays(seat, taker, n) for seat, n in dealt.items())
    return said + f", and a counter a card dealt: {told.counted(dealt)} ({paid} in all); the deal ends"


def compartment_told(told: Told) -> str:
    name, winner = told.data["compartment"], told.data["player"]
    if told.from_pool(name):
        return f"{told.name(winner)} won {_taken(told, [name], winner)}"
    return f"{told.name(winner)} won {CALLED[name]}, which was empty"


def out_told(told: Told) -> str:
    """The cards left paid for (a counter a card, by all but one who held the Pope unplayed,
    by the option), the Game, each compartment won in play to its winner, and who was
    excused."""
    out, holder = told.data["player"], told.data.get("pope_held_by")
    excused = holder if holder and told.options.get("pope_holder_excused", True) else None
    said = going_out(told, excused)
    game = told.from_pool("game")
    said += f", and the Game ({told.pays(None, out, game)})" if game else "; the Game was empty"
    by_winner: dict[str, list[str]] = {}
    for name, who in (told.data.get("compartments") or {}).items():
        by_winner.setdefault(who, []).append(name)
    if by_winner:
        said += "; in play " + listed([f"{told.name(who)} won {_taken(told, names, who)}"
                                       for who, names in by_winner.items()])
    if holder:
        said += f"; {told.name(holder)} held the Pope unplayed"
        left = told.data["cards_left"].get(holder, 0) if holder != out else 0
        if excused:
            said += f" and paid nothing for his {plural(left, 'card')}" if left else " and paid nothing"
    return said


WORDS = {"deal_started": dealt_told, "trump_turned_up": turned_up_told,
         "compartment_won": compartment_told, "pope_joan_out": out_told,
         "pool_refunded": lambda t: refunded(t, f"The {t.data.get('pool', '').capitalize()} compartment")}
