"""Recording a fact: validate it by its schema, decide its postings by the rules, append it."""

import hashlib
import secrets
import uuid

from ledger.book import Book
from ledger.errors import Invalid, NotFound
from ledger.events import catalogue
from ledger.events.catalogue import SESSION_EVENTS
from ledger.events.sql import Tx
from ledger.events.store import Draft
from ledger.rules import resolve

ROLES = ("write", "read")


def token_digest(token: str) -> str:
    """Tokens are stored only as their SHA-256 digest (they carry 256 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(book: Book, data: dict) -> tuple[dict, dict[str, str]]:
    """Record `session_created` and issue the session's write and read tokens."""
    draft = Draft(str(uuid.uuid4()), "session_created", None, catalogue.load("session_created", data))
    tokens = {role: secrets.token_urlsafe(32) for role in ROLES}

    def issue_tokens(tx: Tx, _version: int) -> list[dict]:
        book.store.tokens.add(tx, draft.id, {r: token_digest(t) for r, t in tokens.items()})
        return []

    event, _ = book.store.append(draft.id, draft, 0, issue_tokens)
    return event, tokens


def record(book: Book, session_id: str, request: dict) -> tuple[dict, bool]:
    """Append `{id?, type, game_id?, data, expected_version?}`; returns (event, created)."""
    draft = draft_of(request)
    store, states = book.store, book.states

    def head(tx: Tx) -> tuple[int, str]:
        with states.lock:
            return states.catch_up(tx, session_id)

    def decide(tx: Tx, version: int) -> list[dict]:
        if version == 0:
            raise NotFound(f"No session {session_id}.", {"session_id": ["unknown session"]})
        with states.lock:
            state = states.at(tx, session_id, version)
            states.save_if_due(tx, state)
            return resolve(state, draft, lambda event_id: store.get(tx, session_id, event_id))

    event, created = store.append(session_id, draft, draft.expected_version, decide, head)
    if created:
        with states.lock:
            states.advance(event)
    return event, created


def draft_of(request: dict) -> Draft:
    """The request validated in one pass (envelope and data) as a draft event."""
    loaded = catalogue.load_request(request)
    event_type, game_id = loaded["type"], loaded["game_id"]
    if event_type == "session_created":
        raise Invalid.field("type", "A session is created with POST /api/v1/sessions.")
    if event_type in SESSION_EVENTS and game_id is not None:
        raise Invalid.field("game_id", f"A {event_type} event does not belong to a game.")
    return Draft(loaded.get("id") or str(uuid.uuid4()), event_type, game_id, loaded["data"],
                 loaded["expected_version"])
