"""The club's log in words: one sentence a fact (`said`, in the club's events read), as the
evening's log is said (`ledger.projections.words`): members by the names they have now,
evenings by their name and day, signs as the page writes them (−6, +4), and a withdrawal
with its reason. Said from the club's state as it stands and its evenings' summaries."""

from ledger.clubs.state import ClubState
from ledger.projections.money import decimal_money

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
}
