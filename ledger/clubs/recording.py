"""Recording a club's facts, top-down as one unit of work, as a session's are
(ledger.recording): validate, open the club's write transaction, fold its state up, let the
rules decide, insert, commit. Opening an evening in the club writes the new session (its
creation, its players and tokens) and the club's `evening_attached` in one transaction."""

import secrets
import uuid

from ledger.book import Book
from ledger.clubs import facts, imports, rules
from ledger.clubs.state import ClubState
from ledger.errors import Conflict, Invalid, LedgerError, NotFound
from ledger.events import catalogue
from ledger.events.hashing import GENESIS
from ledger.events.sql import Tx
from ledger.events.store import Draft
from ledger.recording import ATTEMPTS, ROLES, token_digest

INDEX = "INSERT INTO club_evenings (session_id, club_id) VALUES (:session_id, :club_id)"


def new_tokens() -> dict[str, str]:
    return {role: secrets.token_urlsafe(32) for role in ROLES}


def open_club(book: Book, data: dict) -> tuple[dict, dict[str, str]]:
    """Record `club_created` and issue the club's write and read tokens, in one transaction."""
    draft = Draft(str(uuid.uuid4()), "club_created", None, facts.load("club_created", data))
    tokens = new_tokens()
    with book.store.connections.writing(draft.id) as tx:
        book.store.club_tokens.add(tx, draft.id, {r: token_digest(t) for r, t in tokens.items()})
        event = book.store.insert(tx, draft.id, (0, GENESIS), draft, [])
    return event, tokens


def record(book: Book, club_id: str, request: dict) -> tuple[dict, bool]:
    """Append `{id?, type, data, expected_version?}` to the club; (event, created). A resent
    id answers its original, as a session's does."""
    loaded = facts.load_request(request)
    draft = Draft(loaded.get("id") or str(uuid.uuid4()), loaded["type"], None, loaded["data"],
                  loaded["expected_version"])

    def decide(tx: Tx, state: ClubState) -> None:
        players = (_players(book, tx, draft.data["session_id"])
                   if draft.type == "player_linked" and draft.data["session_id"] in state.evenings
                   else {})
        rules.decide(state, draft.type, draft.data, players)

    return _append(book, club_id, draft, decide)


def attach_evening(book: Book, club_id: str, session_id: str, body: dict) -> tuple[dict, bool]:
    """Attach an existing evening, its write token (`write_token`) proving the right to; its
    players may be linked at once (`links`). Again for the same club: the original, 200."""
    proof = body.get("write_token")
    if not isinstance(proof, str) or book.store.tokens.find(token_digest(proof)) != (session_id, "write"):
        raise NotFound(f"No evening {session_id} with that write token.",
                       {"write_token": ["not the evening's write token"]})
    data = facts.load("evening_attached", {"session_id": session_id, "links": body.get("links", {})})
    draft = Draft(f"attach-{session_id}", "evening_attached", None, data)

    def decide(tx: Tx, state: ClubState) -> None:
        owner = tx.one("SELECT club_id FROM club_evenings WHERE session_id = :sid", {"sid": session_id})
        if owner is not None and owner[0] != club_id:
            raise Conflict("The evening belongs to another club.", {"session_id": ["in another club"]})
        rules.decide(state, draft.type, draft.data, _players(book, tx, session_id))
        tx.run(INDEX, {"session_id": session_id, "club_id": club_id})

    return _append(book, club_id, draft, decide)


def open_evening(book: Book, club_id: str, body: dict) -> dict:
    """Tonight's evening in the club: a new session (`name`, `counter_value`, `currency`)
    seating the chosen `members` as its players under their names, each linked to his member,
    and the club's `evening_attached`, in one transaction. Its tokens are shown once."""
    members = body.get("members", [])
    session = Draft(str(uuid.uuid4()), "session_created", None, catalogue.load(
        "session_created", {key: value for key, value in body.items() if key != "members"}))
    tokens = new_tokens()
    store = book.store
    with store.connections.writing(club_id) as tx, book.clubs.lock:
        state = book.clubs.at(tx, club_id)
        seated = [rules.member(state, m, "members") for m in members]
        if any(m["retired"] for m in seated):
            raise Conflict("A retired member cannot be seated tonight.", {"members": ["retired"]})
        if len(set(members)) != len(members):
            raise Conflict("A member is seated once.", {"members": ["twice"]})
        event = store.place(tx, session.id, (0, GENESIS), session, [])
        links = {}
        for m in seated:
            added = Draft(str(uuid.uuid4()), "player_added", None,
                          catalogue.load("player_added", {"name": m["name"], "group": m["group"]}))
            event = store.place(tx, session.id, (event["version"], event["hash"]), added, [])
            links[added.id] = m["id"]
        store.tokens.add(tx, session.id, {r: token_digest(t) for r, t in tokens.items()})
        tx.run(INDEX, {"session_id": session.id, "club_id": club_id})
        attached = Draft(str(uuid.uuid4()), "evening_attached", None,
                         {"session_id": session.id, "links": links})
        club_event = store.insert(tx, club_id, store.head(tx, club_id), attached, [])
    return {"id": session.id, "write_token": tokens["write"], "read_token": tokens["read"],
            "players": [{"id": p, "member": m} for p, m in links.items()],
            "club_version": club_event["version"], "version": event["version"]}


def _append(book: Book, club_id: str, draft: Draft, decide) -> tuple[dict, bool]:
    store = book.store
    for attempt in range(ATTEMPTS):
        try:
            with store.connections.writing(club_id) as tx, book.clubs.lock:
                state = book.clubs.at(tx, club_id)
                if attempt and (original := store.resent(tx, club_id, draft)):
                    return original, False
                try:
                    if draft.expected_version is not None and draft.expected_version != state.version:
                        raise Conflict(f"The club is at version {state.version}, not "
                                       f"{draft.expected_version}.", {"expected_version": [
                                           f"current version is {state.version}"]},
                                       current_version=state.version)
                    decide(tx, state)
                except LedgerError:
                    if original := store.resent(tx, club_id, draft):
                        return original, False
                    raise
                event = store.insert(tx, club_id, store.head(tx, club_id), draft, [])
        except store.integrity_error:
            continue
        return event, True
    raise Conflict("The club is too busy; try again.")


def _players(book: Book, tx: Tx, session_id: str) -> dict[str, dict]:
    """The evening's players, as `tx` sees the session."""
    with book.states.lock:
        version, _ = book.store.head(tx, session_id)
        if version == 0:
            raise NotFound(f"No session {session_id}.", {"session_id": ["unknown session"]})
        return dict(book.states.at(tx, session_id, version).players)


def import_results(book: Book, club_id: str, raw: bytes, options: dict) -> dict:
    """Record what a spreadsheet of past evenings previews (ledger.clubs.imports), in one
    transaction: the members it adds (as ordinary members), then each evening not imported
    already. Refused whole (422, each problem by line) unless the preview is ready. Ids are
    made from the club and the names, so a confirmation sent twice records nothing new."""
    store = book.store
    with store.connections.writing(club_id) as tx, book.clubs.lock:
        state = book.clubs.at(tx, club_id)
        seen = imports.preview(state, raw, **options)
        if not seen["ready"]:
            raise Invalid("The file is not ready to record: " + "; ".join(
                [f"line {p['line']}: {p['message']}" for p in seen["problems"]]
                + [f"line {u['line']}: {u['name']} is no member: add or link"
                   for u in seen["unknown_members"] if not u["added"]]),
                {"file": [f"line {p['line']}: {p['message']}" for p in seen["problems"]]
                 or ["members to add or link"]})
        drafts, made = [], {}
        for unknown in seen["unknown_members"]:
            member_id = imports.member_id(club_id, unknown["name"], state.members)
            made[f"new:{imports._key(unknown['name'])}"] = member_id
            if member_id not in state.members:
                data = facts.load("member_added", {"name": unknown["name"]})
                rules.decide(state, "member_added", data)
                drafts.append(Draft(member_id, "member_added", None, data))
        for evening in seen["evenings"]:
            if evening["already"]:
                continue
            data = facts.load("evening_imported", {
                "date": evening["date"], "name": evening["name"], "currency": evening["currency"],
                "game": evening["game"], "results": {
                    made.get(r["member"], r["member"]): {key: r[key] for key in (
                        "name", "counters", "amount_minor")} for r in evening["results"]}})
            drafts.append(Draft(evening["id"], "evening_imported", None, data))
        for draft in drafts:  # made from names: an id a client chose may have taken it
            if (taken := store.get(tx, club_id, draft.id)) is not None:
                raise Conflict(f"The id {draft.id} that the file's "
                               f"{'member' if draft.type == 'member_added' else 'evening'} "
                               f"{draft.data['name']} takes is used by the club's "
                               f"{taken['type']} (version {taken['version']}).",
                               {"file": [f"{draft.data['name']}: id taken"]})
        head = store.head(tx, club_id)
        for n, draft in enumerate(drafts):
            write = store.insert if n == len(drafts) - 1 else store.place
            event = write(tx, club_id, head, draft, [])
            head = (event["version"], event["hash"])
    return {**seen, "recorded": sum(d.type == "evening_imported" for d in drafts),
            "members_added": sum(d.type == "member_added" for d in drafts)}
