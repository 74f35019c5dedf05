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
from ledger.events.draft import Draft
from ledger.projections.state import SessionState


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
