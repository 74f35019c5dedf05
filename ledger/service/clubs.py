"""A club's handlers, each one unit of work as a session's are (`ledger.service.sessions`):
found a club, record its facts, bring an evening into it, open tonight's evening in it (the
new session, its players and tokens, and the club's `evening_attached`, in one transaction),
and read it with its evenings' summaries."""

import hashlib
import threading
import uuid
from contextlib import contextmanager

from ledger import games
from ledger.clubs import facts, rules, words
from ledger.clubs.evening import summary
from ledger.clubs.state import ClubState
from ledger.errors import Conflict, NotFound
from ledger.events.draft import Draft
from ledger.events.store.base import CLUB_TOKENS, SESSION_TOKENS
from ledger.language import _
from ledger.service.copies import club_copy, session_copy
from ledger.service.sessions import derived_tokens, digests, new_tokens, token_digest
from ledger.service.unit_of_work import Units

EVENINGS_KEPT = 20_000


class Clubs:
    def __init__(self, units: Units):
        self.units, self.store = units, units.store
        self._evenings: dict[str, dict] = {}  # session id -> its summary, at its version
        self._evenings_lock = threading.Lock()

    def open(self, data: dict) -> tuple[dict, dict[str, str]]:
        """Record `club_created` and issue the club's write and read tokens, in one transaction."""
        draft = Draft(str(uuid.uuid4()), "club_created", None, facts.load("club_created", data))
        tokens = new_tokens()
        with self.units.unit(draft.id) as uow:
            uow.opened(CLUB_TOKENS, digests(tokens))
            event = uow.append(draft, [])
        return event, tokens

    def record(self, club_id: str, request: dict) -> tuple[dict, bool]:
        """Append `{id?, type, data, expected_version?}` to the club; (event, created). A
        resent id answers its original, as a session's does."""
        loaded = facts.load_request(request)
        draft = Draft(loaded.get("id") or str(uuid.uuid4()), loaded["type"], None,
                      loaded["data"], loaded["expected_version"])
        for uow in self.units.attempts(club_id, draft, busy="club"):
            with uow:
                state = uow.club()
                rules.check_version(state, draft.expected_version)
                linked = draft.data.get("session_id") if draft.type == "player_linked" else None
                players = uow.players(linked) if linked in state.evenings else {}
                rules.decide(state, draft.type, draft.data, players)
                uow.append(draft, [])
        return uow.outcome

    def attach(self, club_id: str, session_id: str, body: dict) -> tuple[dict, bool]:
        """Attach an existing evening, its write token (`write_token`) proving the right to; its
        players may be linked at once (`links`). Again for the same club: the original, 200."""
        proof = body.get("write_token")
        if not isinstance(proof, str) or self.store.find_token(
                SESSION_TOKENS, token_digest(proof)) != (session_id, "write"):
            raise NotFound(_("No evening %(id)s with that write token.", id=session_id),
                           {"write_token": [_("not the evening's write token")]})
        data = facts.load("evening_attached", {"session_id": session_id,
                                               "links": body.get("links", {})})
        draft = Draft(f"attach-{session_id}", "evening_attached", None, data)
        for uow in self.units.attempts(club_id, draft, busy="club"):
            with uow:
                state = uow.club()
                rules.attachable(club_id, uow.writer.club_of(session_id))
                rules.decide(state, draft.type, draft.data, uow.players(session_id))
                uow.writer.index_evening(session_id, club_id)
                uow.append(draft, [])
        return uow.outcome

    def open_evening(self, club_id: str, body: dict, key: str | None = None) -> tuple[dict, bool]:
        """Tonight's evening in the club: a new session (`name`, `counter_value`, `currency`)
        seating the chosen `members` as its players under their names, each linked to his
        member, and the club's `evening_attached`, in one transaction; (answer, created).

        With a client `id`, the same request again answers the original, tokens included,
        and opens nothing: the tokens are made from `key` (the club's write token, which
        the request carried) and the id, and the club's fact is kept under a digest of the
        id, so that neither the log nor the club's token alone can make them again. The
        same id with another request is 409."""
        members, client_id = body.get("members", []), body.get("id")
        opening = games.catalogue().load("session_created", {
            name: value for name, value in body.items() if name not in ("members", "id")})
        fact_id = _fact_id(club_id, client_id) if client_id else str(uuid.uuid4())
        if client_id and not key:
            raise ValueError("An evening opened with a client id needs the club's write token.")
        tokens = derived_tokens(key, club_id, client_id) if client_id else new_tokens()
        for uow in self.units.attempts(club_id, busy="club"):
            with uow:
                state = uow.club()
                spoken = opening if "language" in opening or state.language == "en" else {
                    **opening, "language": state.language}  # without one, the club's
                original = uow.event(fact_id) if client_id else None
                if original is not None:
                    answer = _again(uow.writer, original, spoken, members, client_id)
                else:
                    answer = self._opened(uow, state, spoken, members, fact_id, tokens)
        return {**answer, "language": spoken.get("language", "en"), "write_token": tokens["write"],
                "read_token": tokens["read"]}, original is None

    @staticmethod
    def _opened(uow, state, opening: dict, members: list[str], fact_id: str,
                tokens: dict) -> dict:
        seated = rules.seated_tonight(state, members)
        session = Draft(str(uuid.uuid4()), "session_created", None, opening)
        event = uow.place(session, [], stream=session.id)
        links = {}
        for member in seated:
            added = Draft(str(uuid.uuid4()), "player_added", None, games.catalogue().load(
                "player_added", {"name": member["name"], "group": member["group"]}))
            event = uow.place(added, [], stream=session.id)
            links[added.id] = member["id"]
        uow.writer.add_tokens(SESSION_TOKENS, session.id, digests(tokens))
        uow.writer.index_evening(session.id, uow.stream)
        attached = Draft(fact_id, "evening_attached", None,
                         {"session_id": session.id, "links": links})
        club_event = uow.append(attached, [])
        return _answer(session.id, links, club_event["version"], event["version"])

    def log(self, club_id: str, after: int, limit: int | None) -> list[dict]:
        """A page of the club's log after version `after`, each event with `said`: what it
        did, in words, as the club stands now (`ledger.clubs.words`)."""
        page = self.store.read(club_id, after, limit)
        with self.reading(club_id) as (state, evenings):
            return [{**event, "said": words.said(state, evenings, event)} for event in page]

    def state(self, club_id: str) -> tuple[ClubState, dict[str, dict]]:
        """(the club's state, {session id: evening summary}), the reader's own: the state
        copied under the club's lock, each evening's summary made from a copy taken under the
        evening's (`ledger.service.copies`), and no lock held once they are returned."""
        kept = self.units.clubs.entry(club_id)
        with self.store.reading() as reader:
            with kept.lock:
                if reader.opened_by(club_id) != "club_created":
                    raise NotFound(_("No club %(id)s.", id=club_id), {"club_id": [_("unknown club")]})
                state = club_copy(self.units.clubs.caught_up(kept, reader, club_id))
            return state, self._summaries(reader, reader.evening_versions(club_id))

    def language(self, club_id: str) -> str:
        """The language the club's words are said in when a request asks for none: as its log
        stands (`language_changed`), read from its kept state."""
        kept = self.units.clubs.entry(club_id)
        with self.store.reading() as reader, kept.lock:
            if reader.opened_by(club_id) != "club_created":
                raise NotFound(_("No club %(id)s.", id=club_id), {"club_id": [_("unknown club")]})
            return self.units.clubs.caught_up(kept, reader, club_id).language

    @contextmanager
    def reading(self, club_id: str):
        """`state` as a block: the copies, every lock already released."""
        yield self.state(club_id)

    def club_of(self, session_id: str) -> str | None:
        """The club the evening belongs to, if any."""
        with self.store.reading() as reader:
            return reader.club_of(session_id)

    def evenings(self, club_id: str) -> list[str]:
        """The club's evenings (sessions attached to it or opened in it)."""
        with self.store.reading() as reader:
            return list(reader.evening_versions(club_id))

    def _summaries(self, reader, versions: dict[str, int]) -> dict[str, dict]:
        """Each evening's summary at its version, folded only when it moved."""
        found = {}
        for session_id, version in versions.items():
            with self._evenings_lock:
                kept = self._evenings.get(session_id)
            if kept is None or kept["version"] != version:
                entry = self.units.sessions.entry(session_id)
                with entry.lock:
                    evening = session_copy(self.units.sessions.read(entry, reader, session_id))
                kept = summary(evening)
                with self._evenings_lock:
                    if len(self._evenings) >= EVENINGS_KEPT:
                        self._evenings.clear()
                    self._evenings[session_id] = kept
            found[session_id] = kept
        return found


def _fact_id(club_id: str, client_id: str) -> str:
    """The id the club keeps an evening opened with a client's id under: a digest of it."""
    return "evening-" + hashlib.sha256(f"{club_id}\n{client_id}".encode()).hexdigest()[:48]


def _again(writer, original: dict, opening: dict, members: list[str], client_id: str) -> dict:
    """The answer an evening opened with this id gave, or 409 if the id was used for another
    request (another evening, or members other than these)."""
    links, sid = original["data"].get("links", {}), original["data"].get("session_id")
    opened = writer.get(sid, sid) if original["type"] == "evening_attached" else None
    if opened is None or opened["data"] != opening or list(links.values()) != members:
        raise Conflict(_("Id %(id)s was already used for another evening.", id=client_id),
                       {"id": [_("already used for a different evening")]})
    return _answer(sid, links, original["version"], 1 + len(links))


def _answer(session_id: str, links: dict, club_version: int, version: int) -> dict:
    return {"id": session_id, "players": [{"id": p, "member": m} for p, m in links.items()],
            "club_version": club_version, "version": version}
