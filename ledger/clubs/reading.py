"""Reading a club: its state and its evenings' summaries, as one transaction sees them."""

from contextlib import contextmanager

from ledger.book import Book
from ledger.clubs.state import ClubState
from ledger.errors import NotFound


@contextmanager
def reading(book: Book, club_id: str):
    """(club state, {session id: evening summary}), held still while the caller reads."""
    with book.store.connections.reading() as tx, book.clubs.lock:
        state = book.clubs.at(tx, club_id)
        evenings = book.evenings.at(tx, book.store.evening_versions(tx, club_id))
        yield state, evenings


def season(state: ClubState, named: str | None) -> dict | None:
    """A season by its id or its name (any case); None for every evening."""
    if named is None:
        return None
    for found in state.seasons.values():
        if named == found["id"] or found["name"].casefold() == named.casefold():
            return found
    raise NotFound(f"No season {named!r} in this club.", {"season": ["unknown season"]})


def member(state: ClubState, member_id: str) -> dict:
    found = state.members.get(member_id)
    if found is None:
        raise NotFound(f"No member {member_id} in this club.", {"mid": ["unknown member"]})
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
