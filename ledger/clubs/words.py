"""The club's log in words: one sentence a fact (`said`, in the club's events read), as the
evening's log is said (`ledger.projections.words`): members by the names they have now,
evenings by their name and day, signs as the page writes them (−6, +4), and a withdrawal
with its reason. Said from the club's state as it stands and its evenings' summaries."""

from ledger.clubs.state import ClubState
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
    return state.members[member_id]["name"] if member_id in state.members else "someone"


def _imported(state: ClubState, evening_id: str) -> str:
    evening = state.imported[evening_id]
    return f"{evening['name']} ({evening['date']})"


def _recorded(evenings: dict, session_id: str) -> str:
    evening = evenings.get(session_id)
    return f"{evening['name']} ({evening['date']})" if evening else "an evening"


def _renamed(state, _evenings, data):
    now = _member(state, data["member"])
    return f"A member renamed {data['name']}" + (f" (now {now})" if now != data["name"] else "")


def _linked(state, evenings, data):
    evening = evenings.get(data["session_id"], {"players": {}})
    player = evening["players"].get(data["player"], {}).get("name", "a player")
    member = _member(state, data["member"]) if data["member"] else "no member"
    return f"{_recorded(evenings, data['session_id'])}: {player} is {member}"


def _corrected(state, _evenings, data):
    currency = state.imported[data["evening"]]["currency"]
    return f"Corrected {_imported(state, data['evening'])}: " + "; ".join(
        f"{change['name']} {_figures(change['before'], currency)} → "
        f"{_figures(change['after'], currency)}" for change in data["changes"])


def _figures(figures: dict | None, currency: str) -> str:
    """A result as the log writes it: −6 (−0.30 GBP); none, where there was none."""
    if figures is None:
        return "none"
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
    return evening["name"] if evening else "An evening"


def _paid_on_tab(state, _evenings, data):
    note = f" ({data['note']})" if data.get("note") else ""
    return (f"{_member(state, data['from'])} paid {_member(state, data['to'])} "
            f"{money_said(data['amount_minor'], data['currency'])} on the tab{note}")


def _recorded_import(_state, _evenings, data):
    parts = [f"{data['recorded']} evening(s) brought in",
             f"{data['members_added']} member(s) added", f"{data.get('corrected', 0)} corrected"]
    return "A spreadsheet confirmed: " + ", ".join(parts)


SENTENCES = {
    "club_created": lambda _s, _e, data: f"The club {data['name']} opened",
    "member_added": lambda _s, _e, data: f"{data['name']} joined"
                                          + (f" ({data['group']})" if data.get("group") else ""),
    "member_renamed": _renamed,
    "member_retired": lambda state, _e, data: f"{_member(state, data['member'])} retired",
    "season_declared": lambda _s, _e, data: f"Season {data['name']}: {data['starts']} – "
                                             f"{data['ends']}",
    "evening_attached": lambda _s, evenings, data: f"{_recorded(evenings, data['session_id'])} "
                                                    f"joined the club, {len(data['links'])} "
                                                    "player(s) linked to members",
    "player_linked": _linked,
    "evening_imported": lambda state, _e, data: f"Brought in {data['name']} ({data['date']}): "
                                                 f"{len(data['results'])} members' results",
    "evening_corrected": _corrected,
    "evening_withdrawn": lambda state, _e, data: f"Withdrew {_imported(state, data['evening'])}"
                                                  f" — {data['reason']}",
    "import_recorded": _recorded_import,
    "tab_opened": lambda state, _e, data: f"The tab in {data['currency']} opened from the "
                                           f"club's book: "
                                           f"{_moves(state, data['balances'], data['currency'])}",
    "tab_paid": _paid_on_tab,
    "evening_carried": lambda state, evenings, data: f"{_named(evenings, data['session_id'])} "
                                                      "carried to the tab: " + _moves(
                                                          state, data["balances"], data["currency"]),
    "carry_undone": lambda state, evenings, data: f"{_named(evenings, data['session_id'])} "
                                                   f"taken off the tab again — {data['reason']}",
}
