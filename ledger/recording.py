"""Recording a fact, top-down as one unit of work: validate it by its schema, open the
session's write transaction, catch the folded state up, let the rules (the game's module)
decide its postings, insert it, commit; then fold it into the kept state."""

import hashlib
import secrets
import uuid

from ledger.book import Book
from ledger.errors import Conflict, Invalid, LedgerError, NotFound
from ledger.events import catalogue
from ledger.events.catalogue import SESSION_EVENTS
from ledger.events.hashing import GENESIS
from ledger.events.sql import Tx
from ledger.events.store import Draft
from ledger.rules import resolve

ROLES = ("write", "read")
# Appends racing for one version (several app servers on PostgreSQL) try again this often.
ATTEMPTS = 8


def token_digest(token: str) -> str:
    """Tokens are stored only as their SHA-256 digest (they carry 256 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(book: Book, data: dict) -> tuple[dict, dict[str, str]]:
    """Record `session_created` and issue the session's write and read tokens, in one
    transaction."""
    draft = Draft(str(uuid.uuid4()), "session_created", None, catalogue.load("session_created", data))
    tokens = {role: secrets.token_urlsafe(32) for role in ROLES}
    with book.store.connections.writing(draft.id) as tx:
        book.store.tokens.add(tx, draft.id, {r: token_digest(t) for r, t in tokens.items()})
        event = book.store.insert(tx, draft.id, (0, GENESIS), draft, [])
    return event, tokens


def record(book: Book, session_id: str, request: dict) -> tuple[dict, bool]:
    """Append `{id?, type, game_id?, data, expected_version?}`; returns (event, created).

    A resent id is answered with its original, found when the insert collides with the
    (session, id) constraint or before any refusal: a retry never records twice and never
    sees an error the first sending did not get. A writer that loses a race for the version
    starts again."""
    draft = draft_of(request)
    store = book.store
    for attempt in range(ATTEMPTS):
        try:
            with store.connections.writing(session_id) as tx:
                if attempt and (original := store.resent(tx, session_id, draft)):
                    return original, False
                try:
                    head, postings = decide(book, tx, session_id, draft)
                except LedgerError:
                    if original := store.resent(tx, session_id, draft):
                        return original, False
                    raise
                event = store.insert(tx, session_id, head, draft, postings)
        except store.integrity_error:
            with book.states.lock:
                book.states.forget(session_id)  # another writer moved it: read it again
            continue
        with book.states.lock:
            book.states.advance(event)
        return event, True
    raise Conflict("The session is too busy; try again.")


def decide(book: Book, tx: Tx, session_id: str, draft: Draft) -> tuple[tuple[int, str], list[dict]]:
    """Under the write lock: the session's head (version, hash) and the fact's postings, or
    the LedgerError that refuses it."""
    states = book.states
    with states.lock:
        try:
            return _decided(book, tx, session_id, draft)
        except LedgerError:
            if not tx.trusting:
                raise
            tx.trusting = False  # decided on a kept state (PostgreSQL): refuse only on the
            states.forget(session_id)  # store's own, read again
            return _decided(book, tx, session_id, draft)


def _decided(book: Book, tx: Tx, session_id: str, draft: Draft):
    states = book.states
    version, prev_hash = states.catch_up(tx, session_id)
    if version == 0:
        raise NotFound(f"No session {session_id}.", {"session_id": ["unknown session"]})
    if draft.expected_version is not None and draft.expected_version != version:
        raise Conflict(f"Session is at version {version}, not {draft.expected_version}.",
                       {"expected_version": [f"current version is {version}"]},
                       current_version=version)
    state = states.at(tx, session_id, version)
    states.save_if_due(tx, state)
    postings = resolve(state, draft, lambda event_id: book.store.get(tx, session_id, event_id))
    return (version, prev_hash), postings


def draft_of(request: dict) -> Draft:
    """The request validated in one pass (envelope and data) as a draft event."""
    loaded = catalogue.load_request(request)
    event_type, game_id = loaded["type"], loaded["game_id"]
    if event_type == "session_created":
        raise Invalid.field("type", "A session is created with POST /api/v1/sessions.")
    if event_type in SESSION_EVENTS and game_id is not None:
        raise Invalid.field("game_id", f"A {event_type} event does not belong to a game.")
    if loaded["deal"] is not None and (event_type in SESSION_EVENTS or event_type == "event_voided"):
        raise Invalid.field("deal", f"A {event_type} event does not belong to a deal.")
    return Draft(loaded.get("id") or str(uuid.uuid4()), event_type, game_id, loaded["data"],
                 loaded["expected_version"], loaded["deal"])
