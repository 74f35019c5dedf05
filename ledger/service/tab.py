"""An evening's carry to its club's tab, on the club's side (SPEC amendment 9). The carry is
a fact of the evening's own log, so that it and a payment racing it are ordered by the
evening's own write; what the club's tab takes from it is noted in the club's log in the
same transaction (`evening_carried`, and `carry_undone` when the carry is undone in the
evening), so that the tab is folded from the club's log and a payment on the tab is
decided on a log that holds every carry (two writers of the club collide on its version,
and the second tries again on the first's)."""

import uuid
from dataclasses import dataclass

from ledger.clubs.state import fold
from ledger.errors import Conflict
from ledger.events.draft import Draft
from ledger.projections.results import results
from ledger.projections.state import SessionState
from ledger.rules.tab import carried_to_tab


@dataclass(frozen=True)
class ClubSide:
    """The evening's club (None: in no club) and its players linked to the club's members."""

    club_id: str | None
    links: dict[str, str] | None


def club_side(uow, session_id: str, draft: Draft, target: dict | None) -> ClubSide | None:
    """What a carry, or the undoing of one, needs of the evening's club; None for any other
    fact. The club's log is read in this transaction (its kept state is not taken: a reader
    of the club holds it while it reads its evenings, this evening's among them)."""
    undoing = draft.type == "event_voided" and target is not None and (
        target["type"] == "carried_to_tab")
    if draft.type != "carried_to_tab" and not undoing:
        return None
    club_id = uow.writer.club_of(session_id)
    if club_id is None:
        return ClubSide(None, None)
    evening = fold(uow.writer.events(club_id)).evenings.get(session_id)
    return ClubSide(club_id, dict(evening["links"]) if evening else {})


def noted(side: ClubSide | None, state: SessionState, draft: Draft, postings: list[dict],
          target: dict | None) -> Draft | None:
    """The club's note of a carry (each linked member's figure in minor units: what his
    player still owed, −, or was owed, +) or of its undoing; None if there is none to make."""
    if side is None or side.club_id is None:
        return None
    session = state.session
    if draft.type == "carried_to_tab":
        balances = {side.links[p["account"][7:]]: -p["amount"] * session.counter_value
                    for p in postings}
        return Draft(str(uuid.uuid4()), "evening_carried", None, {
            "session_id": session.id, "carry": draft.id, "currency": session.currency,
            "balances": balances})
    return Draft(str(uuid.uuid4()), "carry_undone", None, {
        "session_id": session.id, "carry": target["id"], "reason": draft.data["reason"]})


def preview(clubs, sessions, session_id: str) -> dict:
    """What carrying the evening to its club's tab would carry now (each player's figure and
    the member whose line it goes on), or why it cannot be, or the carry that stands: what
    the page shows before the one tap that carries it. The club is read first, then the
    evening (never one under the other's lock)."""
    club_id = clubs.club_of(session_id)
    club, links, members = None, None, {}
    if club_id is not None:
        with clubs.reading(club_id) as (state, _):
            club = {"id": club_id, "name": state.name}
            evening = state.evenings.get(session_id)
            links = dict(evening["links"]) if evening else {}
            members = {m: state.members[m]["name"] for m in links.values()}
    state = sessions.state(session_id)
    value, currency = state.session.counter_value, state.session.currency
    carried, refused, postings = results(state)["carried"], None, []
    names = {pid: p.name for pid, p in state.players.items()}
    try:
        postings = carried_to_tab(state, links)
    except Conflict as refusal:
        refused = refusal.message
    players = []
    for posting in postings:  # each brings a player's account to 0: his figure is its reverse
        pid = posting["account"][7:]
        players.append({"id": pid, "name": names.get(pid), "member": links[pid],
                        "member_name": members[links[pid]], "counters": -posting["amount"],
                        "amount_minor": -posting["amount"] * value})
    return {"club": club, "currency": currency, "carried": carried, "players": players,
            "refused": refused}
