"""Reading a club: a season by its name, a member by his id, and the club described with its
evenings (pure: the club's state and its evenings' summaries in, the read out)."""

from ledger.clubs.state import ClubState
from ledger.errors import NotFound
from ledger.language import _


def season(state: ClubState, named: str | None) -> dict | None:
    """A season by its id or its name (any case); None for every evening."""
    if named is None:
        return None
    for found in state.seasons.values():
        if named == found["id"] or found["name"].casefold() == named.casefold():
            return found
    raise NotFound(_("No season %(name)s in this club.", name=repr(named)),
                   {"season": [_("unknown season")]})


def member(state: ClubState, member_id: str) -> dict:
    found = state.members.get(member_id)
    if found is None:
        raise NotFound(_("No member %(id)s in this club.", id=member_id),
                       {"mid": [_("unknown member")]})
    return found


def described(state: ClubState, evenings: dict[str, dict]) -> dict:
    """The club's summary: members, seasons, and its evenings (oldest first) with their
    players, each linked to his member or to none."""
    listed = sorted((evenings[sid] for sid in state.evenings if sid in evenings),
                    key=lambda e: (e["date"], e["opened_at"], e["session_id"]))
    return {**state.summary(), "evenings": [{
        "session_id": e["session_id"], "name": e["name"], "date": e["date"],
        "currency": e["currency"],
        "players": [{"id": pid, "name": line["name"], "member": state.member_of(e["session_id"], pid)}
                    for pid, line in e["players"].items()]} for e in listed]}
