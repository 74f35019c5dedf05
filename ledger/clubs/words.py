"""The club's log in words: one sentence a fact (`said`, in the club's events read), as the
evening's log is said (`ledger.projections.words`): members by the names they have now,
evenings by their name and day, signs as the page writes them (−6, +4), and a withdrawal
with its reason. Said from the club's state as it stands and its evenings' summaries."""

from ledger.clubs.state import ClubState
from ledger.language import _, language_name, n_
from ledger.projections.money import decimal_money, money_said

# what a stored event's data may lack (a log written by older code): its words fall back
MISSHAPEN = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def said(state: ClubState, evenings: dict[str, dict], event: dict) -> str:
    """What the club's fact did, in words."""
    sentence = SENTENCES.get(event["type"])
    try:
        return sentence(state, evenings, event["data"])
    except MISSHAPEN:
        return event["type"].replace("_", " ").capitalize()


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _member(state: ClubState, member_id: str) -> str:
    return state.members[member_id]["name"] if member_id in state.members else _("someone")


def _imported(state: ClubState, evening_id: str) -> str:
    evening = state.imported[evening_id]
    return f"{evening['name']} ({evening['date']})"


def _recorded(evenings: dict, session_id: str) -> str:
    evening = evenings.get(session_id)
    return f"{evening['name']} ({evening['date']})" if evening else _("an evening")


def _renamed(state, _evenings, data):
    now = _member(state, data["member"])
    return (_("A member renamed %(name)s (now %(now)s)", name=data["name"], now=now)
            if now != data["name"] else _("A member renamed %(name)s", name=data["name"]))


def _linked(state, evenings, data):
    evening = evenings.get(data["session_id"], {"players": {}})
    player = evening["players"].get(data["player"], {}).get("name") or _("a player")
    member = _member(state, data["member"]) if data["member"] else _("no member")
    return _("%(evening)s: %(player)s is %(member)s", evening=_recorded(evenings, data["session_id"]),
             player=player, member=member)


def _corrected(state, _evenings, data):
    currency = state.imported[data["evening"]]["currency"]
    return _("Corrected %(evening)s: %(changes)s", evening=_imported(state, data["evening"]),
             changes="; ".join(f"{change['name']} {_figures(change['before'], currency)} → "
                               f"{_figures(change['after'], currency)}"
                               for change in data["changes"]))


def _figures(figures: dict | None, currency: str) -> str:
    """A result as the log writes it: −6 (−0.30 GBP); none, where there was none."""
    if figures is None:
        return _("none")
    money = decimal_money(abs(figures["amount_minor"]), currency)
    sign = signed(figures["amount_minor"])[0] if figures["amount_minor"] else ""
    return f"{signed(figures['counters'])} ({sign}{money} {currency})"


def _moves(state: ClubState, balances: dict[str, int], currency: str) -> str:
    """Members' figures on the tab: `Ann −£0.06, Cat +£0.10`."""
    return ", ".join(f"{_member(state, member)} {money_said(n, currency, signed=True)}"
                     for member, n in in_club_order(state, balances))


def in_club_order(state: ClubState, figures: dict[str, int]) -> list[tuple[str, int]]:
    """Members' figures in the order they joined the club (a map sent as JSON may come in
    any order), any name the club lacks last."""
    order = state.joined()
    return sorted(figures.items(), key=lambda item: order.get(item[0], len(order)))


def _named(evenings, session_id: str) -> str:
    evening = evenings.get(session_id)
    return evening["name"] if evening else _("An evening")


def _paid_on_tab(state, _evenings, data):
    note = f" ({data['note']})" if data.get("note") else ""
    return _("%(payer)s paid %(payee)s %(money)s on the tab", payer=_member(state, data["from"]),
             payee=_member(state, data["to"]),
             money=money_said(data["amount_minor"], data["currency"])) + note


def _recorded_import(_state, _evenings, data):
    parts = [n_("%(n)s evening brought in", "%(n)s evenings brought in", data["recorded"]),
             n_("%(n)s member added", "%(n)s members added", data["members_added"]),
             _("%(n)s corrected", n=data.get("corrected", 0))]
    return _("A spreadsheet confirmed: %(parts)s", parts=", ".join(parts))


SENTENCES = {
    "club_created": lambda _s, _e, data: _("The club %(name)s opened", name=data["name"]),
    "member_added": lambda _s, _e, data: (_("%(name)s joined (%(group)s)", name=data["name"],
                                            group=data["group"]) if data.get("group")
                                          else _("%(name)s joined", name=data["name"])),
    "member_renamed": _renamed,
    "member_retired": lambda state, _e, data: _("%(name)s retired",
                                                name=_member(state, data["member"])),
    "season_declared": lambda _s, _e, data: _("Season %(name)s: %(starts)s – %(ends)s", **data),
    "evening_attached": lambda _s, evenings, data: n_(
        "%(evening)s joined the club, %(n)s player linked to members",
        "%(evening)s joined the club, %(n)s players linked to members", len(data["links"]),
        evening=_recorded(evenings, data["session_id"])),
    "player_linked": _linked,
    "evening_imported": lambda state, _e, data: _(
        "Brought in %(name)s (%(date)s): %(results)s members' results", name=data["name"],
        date=data["date"], results=len(data["results"])),
    "evening_corrected": _corrected,
    "evening_withdrawn": lambda state, _e, data: _(
        "Withdrew %(evening)s — %(reason)s", evening=_imported(state, data["evening"]),
        reason=data["reason"]),
    "import_recorded": _recorded_import,
    "language_changed": lambda _s, _e, data: _("The club's words now in %(language)s",
                                               language=language_name(data["language"])),
    "tab_opened": lambda state, _e, data: _(
        "The tab in %(currency)s opened from the club's book: %(moves)s",
        currency=data["currency"], moves=_moves(state, data["balances"], data["currency"])),
    "tab_paid": _paid_on_tab,
    "evening_carried": lambda state, evenings, data: _(
        "%(evening)s carried to the tab: %(moves)s", evening=_named(evenings, data["session_id"]),
        moves=_moves(state, data["balances"], data["currency"])),
    "carry_undone": lambda state, evenings, data: _(
        "%(evening)s taken off the tab again — %(reason)s",
        evening=_named(evenings, data["session_id"]), reason=data["reason"]),
}
