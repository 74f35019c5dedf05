"""The session's handlers: open one, record a fact in it, read it. Each write is one unit of
work (`ledger.service.unit_of_work`), top-down: validate, fold the state up, decide, append."""

import base64
import hashlib
import hmac
import secrets
import uuid
from collections.abc import Collection, Iterator
from contextlib import contextmanager

from ledger import games
from ledger.errors import Invalid, NotFound
from ledger.events.draft import Draft
from ledger.events.facts import OF_A_GAME
from ledger.events.hashing import verify_chain
from ledger.events.store.base import LAST_VERSION, SESSION_TOKENS
from ledger.language import _
from ledger.projections.state import SessionState
from ledger.projections.words import Words
from ledger.rules import check_opened, decide
from ledger.rules.mends import READ_THE_LOG
from ledger.service import tab
from ledger.service.copies import session_copy
from ledger.service.kept import SPOKEN
from ledger.service.unit_of_work import Units

ROLES = ("write", "read")


def token_digest(token: str) -> str:
    """Tokens are stored only as their SHA-256 digest (they carry 256 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_tokens() -> dict[str, str]:
    return {role: secrets.token_urlsafe(32) for role in ROLES}


def derived_tokens(key: str, *names: str) -> dict[str, str]:
    """Tokens as strong as `new_tokens`' (256 bits, the same alphabet) made again the same
    from a secret `key` and the names given: HMAC-SHA256 of each role."""
    message = "\n".join(names)
    return {role: base64.urlsafe_b64encode(hmac.new(
        key.encode(), f"{message}\n{role}".encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
        for role in ROLES}


def digests(tokens: dict[str, str]) -> dict[str, str]:
    return {role: token_digest(token) for role, token in tokens.items()}


class Sessions:
    def __init__(self, units: Units):
        self.units, self.store = units, units.store

    def open(self, data: dict) -> tuple[dict, dict[str, str]]:
        """Record `session_created` and issue the session's write and read tokens, in one
        transaction."""
        draft = Draft(str(uuid.uuid4()), "session_created", None,
                      games.catalogue().load("session_created", data))
        tokens = new_tokens()
        with self.units.unit(draft.id) as uow:
            uow.opened(SESSION_TOKENS, digests(tokens))
            event = uow.append(draft, [])
        return event, tokens

    def record(self, session_id: str, request: dict) -> tuple[dict, bool]:
        """Append `{id?, type, game_id?, data, expected_version?, deal?}`; (event, created)."""
        draft = drafted(request)
        for uow in self.units.attempts(session_id, draft):
            with uow:
                state = uow.session()
                check_opened(state, session_id, draft.expected_version)
                target = uow.event(draft.data["event_id"]) if draft.type == "event_voided" else None
                log = uow.log() if draft.type in READ_THE_LOG else None
                club = tab.club_side(uow, session_id, draft, target)
                postings = decide(state, draft, target, log, club.links if club else None)
                note = tab.noted(club, state, draft, postings, target)
                if note is not None:  # the club's tab follows, in the same transaction
                    uow.place(note, [], stream=club.club_id)
                uow.append(draft, postings)
        return uow.outcome

    def state(self, session_id: str, records: Collection[str] | None = None) -> SessionState:
        """The session's current state, the reader's own: copied under its lock, which is
        released before anything is computed on it (`ledger.service.copies`; `records`: the
        games whose whole record the read needs, None for all)."""
        return self._kept(session_id, lambda state: session_copy(state, records))

    def _kept(self, session_id: str, take):
        """`take(state)` of the session's kept state, caught up, under its lock (404 for none)."""
        kept = self.units.sessions.entry(session_id)
        with self.store.reading() as reader, kept.lock:
            state: SessionState = self.units.sessions.read(kept, reader, session_id)
            if state.version == 0:
                raise NotFound(_("No session %(id)s.", id=session_id),
                               {"session_id": [_("unknown session")]})
            return take(state)

    def language(self, session_id: str, version: int | None = None) -> str:
        """The language the evening's words are said in when a request asks for none, as its
        log stands at its current `version` (`language_changed`; read here if not given):
        known at that version, nothing is folded (a 304 stays one query); else read from its
        kept state, and known from then on."""
        version = self.version(session_id) if version is None else version
        known = SPOKEN.get(session_id)
        if known is not None and known[0] == version:
            return known[1]
        version, language = self._kept(session_id, lambda s: (s.version, s.session.language))
        SPOKEN.keep(session_id, version, language)
        return language

    @contextmanager
    def reading(self, session_id: str):
        """`state` as a block: the copy, the lock already released."""
        yield self.state(session_id)

    def version(self, session_id: str) -> int:
        """The session's committed version (0: none), as every app server sees it."""
        return self.store.version(session_id)

    def log(self, session_id: str, upto: int = LAST_VERSION) -> Iterator[dict]:
        """The session's events up to version `upto`, oldest first, read in batches as they
        are used (a long evening's files and statements never hold it all)."""
        return self.store.stream(session_id, upto)

    def events(self, session_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """A page of the log after version `after`, each event with `said`: what it did, in
        words, as the evening stands now (`ledger.projections.words`): by the kept state, if
        it has folded the page, else by the state brought up to date. The sentences need the
        state only for names, games and deals, copied under its lock; they are made after it."""
        upto = LAST_VERSION if limit is None else min(after + limit, LAST_VERSION)
        kept = self.units.sessions.entry(session_id)
        with self.store.reading() as reader:
            events = reader.events(session_id, after, upto)
            if not events:
                return events
            ids = {event["id"] for event in events}
            known = [reader.get(session_id, e["data"]["event_id"]) for e in events
                     if e["type"] == "event_voided" and e["data"]["event_id"] not in ids]
            known = [event for event in known if event is not None]
            with kept.lock:
                state = kept.state  # as recent as the page: no need to ask the store's head
                if state is None or state.version < events[-1]["version"]:
                    state = self.units.sessions.read(kept, reader, session_id)
                told = Words(state, {e["game_id"] for e in [*events, *known] if e["game_id"]})
        told.known = {event["id"]: event for event in [*known, *events]}
        for event in events:
            event["said"] = told.say(event)
        return events

    def rebuild(self, session_id: str) -> SessionState:
        """Fold the session again from its first event with today's fold (the bulk fold of
        the store's rows), and rewrite its snapshot."""
        with self.units.unit(session_id) as uow:
            return uow.rebuilt()

    def verify(self, stream: str) -> dict:
        """Recompute a stream's hash chain; name the first version that does not match."""
        return verify_chain(self.store.stream(stream))


def drafted(request: dict) -> Draft:
    """The request validated in one pass (envelope and data) as a draft event."""
    catalogue = games.catalogue()
    loaded = catalogue.load_request(request)
    event_type, game_id = loaded["type"], loaded["game_id"]
    own = catalogue.session_types
    if event_type == "session_created":
        raise Invalid.field("type", _("A session is created with POST /api/v1/sessions."))
    if event_type in OF_A_GAME and game_id is None:
        raise Invalid.field("game_id", _("A %(type)s event names its game.", type=event_type))
    if event_type in own and event_type not in OF_A_GAME and game_id is not None:
        raise Invalid.field("game_id", _("A %(type)s event does not belong to a game.",
                                         type=event_type))
    if loaded["deal"] is not None and not catalogue.in_a_deal(event_type):
        raise Invalid.field("deal", _("A %(type)s event does not belong to a deal.",
                                      type=event_type))
    return Draft(loaded.get("id") or str(uuid.uuid4()), event_type, game_id, loaded["data"],
                 loaded["expected_version"], loaded["deal"])
