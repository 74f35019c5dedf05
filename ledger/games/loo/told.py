"""Loo's facts in words: the stake put up at the deal, and the deal's end: who took which
tricks and what they came to, a trick left to the pool, a flush, and each loo paid into the
next pool. Each player's part is one figure (his tricks' shares, or his loo), said apart."""

from ledger.games.told import Told, listed
from ledger.language import N_, _, n_

TRICKS = ("first", "second", "third", "fourth", "fifth")
ORDINAL = dict(zip(TRICKS, (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))))


def dealt_told(told: Told) -> str:
    dealer = told.dealer_named()
    said = _("%(dealer)s dealt", dealer=told.name(dealer)) if dealer else _("The deal was dealt")
    if told.payers() == [dealer]:
        return said + _(" and put up %(amount)s for the deal",
                        amount=told.pays(dealer, None, -told.got(dealer)))
    paid = told.each_paid(_("the pool"), dealer)
    return f"{said}; {paid}" if paid else said


def tricks_told(told: Told) -> str:
    """`Tricks: Ann the first and third (8), Ben the second (4); Cleo and Dot were looed, 6
    each into the next pool`."""
    data = told.data
    tricks, flush = data.get("tricks") or {}, data.get("flush")
    said = []
    if flush:
        said.append(_("%(player)s's flush swept the board: the pool of %(pool)s",
                      player=told.name(flush), pool=told.pays(None, flush, told.got(flush))))
    by_winner: dict[str, list[str]] = {}
    for name in TRICKS:
        if name in tricks:
            by_winner.setdefault(tricks[name], []).append(name)
    took = [_("%(player)s the %(tricks)s (%(won)s)", player=told.name(who),
              tricks=listed([_(ORDINAL[name]) for name in names]),
              won=told.pays(None, who, told.got(who))) for who, names in by_winner.items()]
    if took:
        said.append(_("Tricks: %(took)s", took=", ".join(took)))
    left = [name for name in TRICKS[:told.options.get("cards", 3)] if name not in tricks]
    if left and not flush:
        unwon = listed([_(ORDINAL[name]) for name in left])  # (a call inside n_'s escapes pybabel)
        said.append(n_("the %(tricks)s trick to no player (the miss for the pool): its share "
                       "stays in the pool", "the %(tricks)s tricks to no player (the miss for "
                       "the pool): their share stays in the pool", len(left), tricks=unwon))
    looed = data.get("looed") or []
    if looed:  # a loo costs each the same
        paid = [told.pays(who, None, -told.got(who)) for who in looed][0]
        said.append(n_("%(looed)s was looed, %(paid)s into the next pool", "%(looed)s were "
                       "looed, %(paid)s each into the next pool", len(looed),
                       looed=told.names(looed), paid=paid))
    elif not flush:
        said.append(_("nobody looed"))
    if data.get("clubs") and told.options.get("club_law"):
        said.append(_("clubs trumps, all stood"))
    return "; ".join(said)


def looed_tally(record, _state) -> dict[str, dict[str, int]]:
    """How many times each player was looed in the game (a club's standings add them up)."""
    times: dict[str, int] = {}
    for kept in record.facts.values():
        for who in kept["looed"]:
            times[who] = times.get(who, 0) + 1
    return {"loo_times_looed": times}


WORDS = {"deal_started": dealt_told, "loo_tricks_taken": tricks_told}
