"""Carrying an evening to its club's tab (SPEC amendment 9), in the table's words: refused
while the evening is in no club, while a pool still holds counters, while a player who is
no member's still owes or is owed (a guest settles tonight), when nothing is owed, or when
it is carried already; once carried, nothing more that moves money is taken in the evening
until the carry is undone."""

from babel.dates import format_date

from ledger.errors import Conflict
from ledger.events.draft import Draft
from ledger.events.postings import player
from ledger.games.told import capital
from ledger.language import _, locale, n_
from ledger.projections.days import evening_zone, local_time
from ledger.projections.money import money_said
from ledger.projections.state import SessionState
from ledger.projections.words import Words


def carried_to_tab(state: SessionState, links: dict[str, str] | None) -> list[dict]:
    """Each player's account brought to 0 (what he still owes or is owed goes to his
    member's line of the tab). `links`: the evening's players linked to the club's members,
    None when the evening is in no club."""
    if state.carried is not None:
        raise Conflict(_("This evening was carried to the club's tab on %(day)s already.",
                         day=carried_on(state)), {"type": [_("carried already")]})
    if links is None:
        raise Conflict(_("This evening is in no club, so there is no tab to carry it to: bring "
                         "it into a club first, or settle up tonight."),
                       {"type": [_("in no club")]})
    words = Words(state, game_ids=())
    pools = [n_("the %(pool)s still holds %(n)s counter", "the %(pool)s still holds %(n)s counters",
                n, pool=words.holder(a)) for a, n in state.balances.items()
             if a.startswith("pool:") and n]
    if pools:
        raise Conflict(_("%(pools)s: share it back or play it out first; only what players owe "
                         "each other goes on the tab.", pools=capital("; ".join(pools))),
                       {"type": [_("a pool holds counters")]})
    owing = {pid: account(state, pid) for pid in state.players}
    owing = {pid: n for pid, n in owing.items() if n}
    guests = [pid for pid in owing if pid not in links]
    if guests:
        raise Conflict(_guests(state, words, owing, guests), {
            "type": [_("%(name)s is no member", name=words.name(pid)) for pid in guests]})
    if not owing:
        raise Conflict(_("Nobody owes anything tonight: there is nothing to carry to the tab."),
                       {"type": [_("nothing owed")]})
    return [{"account": player(pid), "amount": -n} for pid, n in owing.items()]


def _guests(state: SessionState, words: Words, owing: dict[str, int], guests: list[str]) -> str:
    currency, value = state.session.currency, state.session.counter_value
    said = [_("%(name)s still owes %(money)s", name=words.name(pid),
              money=money_said(-owing[pid] * value, currency)) if owing[pid] < 0 else
            _("%(name)s is still owed %(money)s", name=words.name(pid),
              money=money_said(owing[pid] * value, currency)) for pid in guests]
    return n_("%(said)s, and he is no member of the club: a guest settles tonight. Record the "
              "payment, or link the player to a member, then carry the rest.",
              "%(said)s, and they are no member of the club: a guest settles tonight. Record the "
              "payment, or link the player to a member, then carry the rest.", len(guests),
              said="; ".join(said))


def account(state: SessionState, pid: str) -> int:
    """A player's account: what he holds less what the bank issued him (negative: he owes)."""
    return state.balances.get(player(pid), 0) - state.issued.get(pid, 0)


def check_open(state: SessionState, draft: Draft, postings: list[dict] | None = None,
               target: dict | None = None) -> None:
    """Once the evening is carried, nothing that moves money is taken in it: a payment at
    once, any other fact once its postings are known; undoing the carry itself is."""
    carry = state.carried
    if carry is None or (target is not None and target["id"] == carry.event_id):
        return
    if draft.type == "payment_made" or postings:
        raise Conflict(_("This evening was carried to the club's tab on %(day)s: nothing that "
                         "moves money is recorded in it now. Undo the carry first (its amounts "
                         "come off the tab).", day=carried_on(state)),
                       {"type": [_("carried to the club's tab")]})


def carried_on(state: SessionState) -> str:
    """The day of the carry, in the evening's time zone, as the language writes it: `3 December
    2026`, `3. Dezember 2026`."""
    moment = local_time(state.carried.recorded_at, evening_zone(state.session.time_zone)[1])
    if moment is None:
        return _("an earlier day")
    return format_date(moment.date(), "long", locale=locale())  # (en_GB: `3 December 2026`)
