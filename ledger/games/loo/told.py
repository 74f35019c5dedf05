"""Loo's facts in words: the stake put up at the deal, and the deal's end: who took which
tricks and what they came to, a trick left to the pool, a flush, and each loo paid into the
next pool. Each player's part is one figure (his tricks' shares, or his loo), said apart."""

from ledger.games.told import Told, listed

TRICKS = ("first", "second", "third", "fourth", "fifth")


def dealt_told(told: Told) -> str:
    dealer = told.dealer_named()
    said = f"{told.name(dealer)} dealt" if dealer else "The deal was dealt"
    if told.payers() == [dealer]:
        return f"{said} and put up {told.pays(dealer, None, -told.got(dealer))} for the deal"
    paid = told.each_paid("the pool", dealer)
    return f"{said}; {paid}" if paid else said


def tricks_told(told: Told) -> str:
    """`Tricks: Ann the first and third (8), Ben the second (4); Cleo and Dot were looed, 6
    each into the next pool`."""
    data = told.data
    tricks, flush = data.get("tricks") or {}, data.get("flush")
    said = []
    if flush:
        said.append(f"{told.name(flush)}'s flush swept the board: the pool of "
                    f"{told.pays(None, flush, told.got(flush))}")
    by_winner: dict[str, list[str]] = {}
    for name in TRICKS:
        if name in tricks:
            by_winner.setdefault(tricks[name], []).append(name)
    took = [f"{told.name(who)} the {listed(names)} ({told.pays(None, who, told.got(who))})"
            for who, names in by_winner.items()]
    if took:
        said.append("Tricks: " + ", ".join(took))
    left = [name for name in TRICKS[:told.options.get("cards", 3)] if name not in tricks]
    if left and not flush:
        one = len(left) == 1
        said.append(f"the {listed(left)} {'trick' if one else 'tricks'} to no player (the miss "
                    f"for the pool): {'its' if one else 'their'} share stays in the pool")
    looed = data.get("looed") or []
    if looed:  # a loo costs each the same
        paid = [told.pays(who, None, -told.got(who)) for who in looed][0]
        said.append(f"{told.names(looed)} {'was' if len(looed) == 1 else 'were'} looed, "
                    f"{paid}{'' if len(looed) == 1 else ' each'} into the next pool")
    elif not flush:
        said.append("nobody looed")
    if data.get("clubs") and told.options.get("club_law"):
        said.append("clubs trumps, all stood")
    return "; ".join(said)


def looed_tally(record, _state) -> dict[str, dict[str, int]]:
    """How many times each player was looed in the game (a club's standings add them up)."""
    times: dict[str, int] = {}
    for kept in record.facts.values():
        for who in kept["looed"]:
            times[who] = times.get(who, 0) + 1
    return {"loo_times_looed": times}


WORDS = {"deal_started": dealt_told, "loo_tricks_taken": tricks_told}
