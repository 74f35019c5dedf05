"""The unit of work every write goes through (sessions, clubs, imports), as *Architecture
Patterns with Python* has it: one transaction on one stream, holding the stream's write lock
and its kept state; the head read, the state folded up to it, the decision made on it by the
handler, the event appended and committed; then, and only then, the kept state advanced.

A handler is written once, top-down, and the unit of work is tried at most twice:

    for uow in units.attempts(stream, draft):
        with uow:
            state = uow.session()
            uow.append(draft, decide(state, draft))
    return uow.outcome

It is tried again when the insert collided (another writer took the version, or the id was
sent before) or when a refusal was decided on a head this process kept without reading it
(PostgreSQL): the second attempt reads everything afresh under the lock, and first answers
a resent id with its original. A refused fact whose id is known answers the original too: a
retry never records twice and never sees an error the first sending did not get."""

import logging

from ledger.errors import Conflict, LedgerError, NotFound
from ledger.events.draft import Draft
from ledger.events.store.base import Store
from ledger.language import _
from ledger.service.kept import ClubStates, SessionStates


log = logging.getLogger(__name__)


class Units:
    """What a unit of work needs: the store and the states kept beside it."""

    def __init__(self, store: Store, sessions: SessionStates, clubs: ClubStates):
        self.store, self.sessions, self.clubs = store, sessions, clubs

    def attempts(self, stream: str, draft: Draft | None = None, busy: str = "session") -> "Attempts":
        return Attempts(self, stream, draft, busy)

    def unit(self, stream: str) -> "UnitOfWork":
        """One unit of work, not tried again (a new stream, or a write that reads its head)."""
        return UnitOfWork(self, stream, None, once=True)


class Attempts:
    """At most two units of work for one write; `UnitOfWork.outcome` says how it ended."""

    def __init__(self, units: Units, stream: str, draft: Draft | None, busy: str):
        self.units, self.stream, self.draft, self.busy = units, stream, draft, busy

    def __iter__(self):
        for attempt in range(2):
            uow = UnitOfWork(self.units, self.stream, self.draft, retrying=attempt > 0)
            yield uow
            if not uow.again:
                return
        raise Conflict(_("The club is too busy; try again.") if self.busy == "club"
                       else _("The session is too busy; try again."))


class _Resent(Exception):
    def __init__(self, original: dict):
        self.original = original


class UnitOfWork:
    def __init__(self, units: Units, stream: str, draft: Draft | None, retrying: bool = False,
                 once: bool = False):
        self.units, self.stream, self.draft, self.retrying = units, stream, draft, retrying
        self.once = once  # not tried again: whatever goes wrong is raised
        self.outcome: tuple[dict, bool] | None = None
        self.again = False
        self._committed = False
        self._appended: list[tuple[object, object, dict]] = []  # (states, entry, event)

    def __enter__(self) -> "UnitOfWork":
        self._writing = self.units.store.writing(self.stream)
        self.writer = self._writing.__enter__()
        self._locked = []
        return self

    def _entry(self, states, stream: str):
        entry = states.entry(stream)
        if not self._locked or entry not in self._locked:
            entry.lock.acquire()
            self._locked.append(entry)
        return entry

    def session(self, stream: str | None = None):
        """The session's state folded up to its head (its snapshot saved if due). On a retry,
        a resent id ends the unit of work here with its original."""
        stream, sessions = stream or self.stream, self.units.sessions
        if self.retrying:
            self._resent_first()
        entry = self._entry(sessions, stream)
        state, self.head = sessions.caught_up(entry, self.writer, stream)
        if stream == self.stream and state.version - entry.saved >= sessions.snapshot_every:
            sessions.save_if_due(entry, self.writer, state)
        self._states = sessions, entry
        return state

    def rebuilt(self):
        """The session folded afresh from its first event, its snapshot rewritten."""
        entry = self._entry(self.units.sessions, self.stream)
        return self.units.sessions.rebuilt(entry, self.writer, self.stream)

    def club(self):
        """The club's state folded up to its head; 404 for a stream that is not a club."""
        self._resent_first()
        if self.writer.opened_by(self.stream) != "club_created":
            raise NotFound(_("No club %(id)s.", id=self.stream), {"club_id": [_("unknown club")]})
        entry = self._entry(self.units.clubs, self.stream)
        state = self.units.clubs.caught_up(entry, self.writer, self.stream)
        self.head = self.writer.head(self.stream)
        self._states = self.units.clubs, entry
        return state

    def players(self, session: str) -> dict:
        """Another stream's players (an evening's, for a club's links), as this transaction
        sees it."""
        entry = self._entry(self.units.sessions, session)
        state = self.units.sessions.read(entry, self.writer, session)
        if not state.version:
            raise NotFound(_("No session %(id)s.", id=session),
                           {"session_id": [_("unknown session")]})
        return dict(state.players)

    def opened(self, whose: str, tokens: dict[str, str]) -> None:
        """A new stream (a session's or a club's), its tokens kept as digests: its first
        event follows nothing."""
        self.writer.add_tokens(whose, self.stream, tokens)
        self.head = (0, self.writer.head(self.stream)[1])
        self._states = None

    def event(self, event_id: str) -> dict | None:
        """An earlier event of the stream, by its id."""
        return self.writer.get(self.stream, event_id)

    def log(self) -> list[dict]:
        """Every event of the stream, as this transaction sees it (a rare write that must
        know whether anything was ever recorded of what it names)."""
        return self.writer.events(self.stream)

    def place(self, draft: Draft, postings: list[dict], stream: str | None = None) -> dict:
        """Append without committing (a unit of work that writes several events); a stream
        other than the unit's starts at its own head."""
        if stream is not None and stream != self.stream:
            return self.writer.place(stream, self.writer.head(stream), draft, postings)
        event = self.writer.place(self.stream, self.head, draft, postings)
        return self._appended_event(event)

    def append(self, draft: Draft, postings: list[dict]) -> dict:
        """Append the unit's last event and commit (one round trip on PostgreSQL)."""
        event = self.writer.insert(self.stream, self.head, draft, postings)
        self.outcome = event, True
        self.head = event["version"], event["hash"]
        if self._states is not None:
            self._appended.append((*self._states, event))
        return event

    def _appended_event(self, event: dict) -> dict:
        self.head = event["version"], event["hash"]
        if self._states is not None:
            self._appended.append((*self._states, event))
        return event

    def _resent_first(self) -> None:
        if self.retrying and self.draft is not None:
            original = self.writer.get(self.stream, self.draft.id)
            if original is not None:
                raise _Resent(_replayed(original, self.draft))

    def __exit__(self, kind, error, trace) -> bool:
        try:
            if kind is None:  # commit, if the last append did not; then advance the kept states
                try:
                    self._writing.__exit__(None, None, None)
                except Exception:  # noqa: BLE001 - raised on, unless its append had committed
                    if self.outcome is None or not self.outcome[1]:
                        raise
                    log.exception("after a commit on %s", self.stream)
                    self._drop()
                    self._committed = True
                    return False
                self._committed = True
                self._advance()
                return False
            if self.outcome is not None and self.outcome[1]:  # its append had committed: what
                self._writing.__exit__(kind, error, trace)  # failed after it is not the fact's
                self._committed = True
                log.error("after a commit on %s", self.stream, exc_info=(kind, error, trace))
                self._drop()
                return True
            return self._ended(kind, error, trace)
        finally:
            for entry in reversed(self._locked):
                if entry.unconfirmed is not None:  # a snapshot written in this transaction
                    entry.saved = entry.unconfirmed if self._committed else entry.saved
                    entry.unconfirmed = None
                entry.lock.release()

    def _advance(self) -> None:
        """The kept states follow what was committed. Once committed, nothing runs the intent
        again: a kept state that fails to follow is dropped, and the next reader folds the
        stream from the store; the answer is what was committed."""
        for states, entry, event in self._appended:
            try:
                states.advance(entry, event)
            except Exception:  # noqa: BLE001 - the commit stands whatever the state does
                log.exception("the kept state of %s dropped after a commit", self.stream)
                entry.state = None

    def _drop(self) -> None:
        for _stream, entry, _event in self._appended:
            entry.state = None

    def _ended(self, kind, error, trace) -> bool:
        """The unit of work ended by an exception: a resend found, a write to try again, a
        refusal (of a resent id, its original), or something unexpected (raised)."""
        store, writing = self.units.store, self._writing
        if kind is _Resent:
            writing.__exit__(kind, error, trace)
            self.outcome = error.original, False
            return True
        if not self.once and (issubclass(kind, store.integrity_error) or (
                issubclass(kind, LedgerError) and self.writer.unchecked and not self.retrying)):
            writing.__exit__(kind, error, trace)  # another writer moved the stream, or a
            store.forget(self.stream)  # refusal was decided on a head kept unread: read it
            self.again = True  # again
            return True
        original = None
        if issubclass(kind, LedgerError) and self.draft is not None:
            original = self.writer.get(self.stream, self.draft.id)
        writing.__exit__(kind, error, trace)
        if original is None:
            return False
        self.outcome = _replayed(original, self.draft), False
        return True


def _replayed(original: dict, draft: Draft) -> dict:
    """The original of a resent id; 409 if it was recorded with other content."""
    if not draft.same_fact(original):
        raise Conflict(_("Event id %(id)s was already recorded with other content.", id=draft.id),
                       {"id": [_("already used for a different event")]})
    return original
