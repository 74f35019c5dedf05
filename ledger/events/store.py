"""The event store: the only code that writes the `events` table.

An append runs under the session's write lock: the id is looked up first (idempotency),
then the head version is read, `expected_version` checked, the rules consulted through
`decide`, and the event inserted with `head + 1`. The unique (session, version) and unique
event id constraints are the last word: a writer that loses a race retries from the top.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import orjson
from sqlalchemy import Connection, Engine, bindparam, select
from sqlalchemy.exc import IntegrityError

from ledger.database import writing
from ledger.errors import Conflict
from ledger.events.catalogue import SCHEMA_VERSION
from ledger.events.hashing import GENESIS, chain_hash, hashed_content
from ledger.events.tables import events, session_tokens
from ledger.postings import check_balanced

COLUMNS = (
    events.c.position, events.c.session_id, events.c.version, events.c.event_id,
    events.c.type, events.c.schema_version, events.c.game_id, events.c.data,
    events.c.postings, events.c.recorded_at, events.c.hash, events.c.prev_hash,
)
_BY_ID = select(*COLUMNS).where(events.c.event_id == bindparam("event_id"))
_HEAD = (
    select(events.c.version, events.c.hash)
    .where(events.c.session_id == bindparam("session_id"))
    .order_by(events.c.version.desc())
    .limit(1)
)
RETRIES = 8


@dataclass(frozen=True)
class Draft:
    """An event as a client asked for it, validated but not yet placed in the log."""

    id: str
    type: str
    game_id: str | None
    data: dict

    def same_fact(self, event: dict) -> bool:
        return (event["type"], event["game_id"], event["data"]) == (
            self.type, self.game_id, self.data
        )


# decide(connection, head_version) -> postings; raises LedgerError to refuse the event.
Decide = Callable[[Connection, int], list[dict]]
Recorded = Callable[[Connection, dict], None]


def to_event(row) -> dict:
    """A stored row as the API and the folds see it."""
    return {
        "id": row.event_id, "session_id": row.session_id, "version": row.version,
        "position": row.position, "type": row.type, "schema_version": row.schema_version,
        "game_id": row.game_id, "data": orjson.loads(row.data),
        "postings": orjson.loads(row.postings), "recorded_at": row.recorded_at,
        "hash": row.hash, "prev_hash": row.prev_hash,
    }


class EventStore:
    def __init__(self, engine: Engine):
        self.engine = engine

    def append(
        self, session_id: str, draft: Draft, expected_version: int | None,
        decide: Decide, recorded: Recorded | None = None,
    ) -> tuple[dict, bool]:
        """Append one event atomically; returns (event, created). A known id returns the original."""
        for _ in range(RETRIES):
            try:
                with writing(self.engine, session_id) as connection:
                    original = self.get(connection, draft.id)
                    if original is not None:
                        return _replayed(original, session_id, draft), False
                    version, prev_hash = self.head(connection, session_id)
                    if expected_version is not None and expected_version != version:
                        raise Conflict(
                            f"Session is at version {version}, not {expected_version}.",
                            {"expected_version": [f"current version is {version}"]},
                            current_version=version,
                        )
                    postings = decide(connection, version)
                    event = self._insert(connection, session_id, version, prev_hash, draft, postings)
                    if recorded is not None:
                        recorded(connection, event)
                return event, True
            except IntegrityError:
                continue  # another writer took this version or this id: look again
        raise Conflict("The session is too busy; try again.")

    def _insert(self, connection, session_id, version, prev_hash, draft, postings) -> dict:
        check_balanced(postings)
        event = {
            "id": draft.id, "session_id": session_id, "version": version + 1,
            "type": draft.type, "schema_version": SCHEMA_VERSION, "game_id": draft.game_id,
            "data": draft.data, "postings": postings,
            "recorded_at": datetime.now(UTC).isoformat(timespec="microseconds"),
            "prev_hash": prev_hash,
        }
        event["hash"] = chain_hash(prev_hash, hashed_content(event))
        result = connection.execute(events.insert(), {
            "session_id": session_id, "version": event["version"], "event_id": draft.id,
            "type": draft.type, "schema_version": SCHEMA_VERSION, "game_id": draft.game_id,
            "data": orjson.dumps(draft.data).decode(), "postings": orjson.dumps(postings).decode(),
            "recorded_at": event["recorded_at"], "hash": event["hash"], "prev_hash": prev_hash,
        })
        event["position"] = result.inserted_primary_key[0]
        return event

    def head(self, connection: Connection, session_id: str) -> tuple[int, str]:
        """The session's current version and the hash the next event chains to."""
        row = connection.execute(_HEAD, {"session_id": session_id}).first()
        return (row.version, row.hash) if row else (0, GENESIS)

    def get(self, connection: Connection, event_id: str) -> dict | None:
        row = connection.execute(_BY_ID, {"event_id": event_id}).first()
        return to_event(row) if row else None

    def rows(self, connection: Connection, session_id: str, after: int = 0, upto: int | None = None):
        """The session's stored rows with `after < version <= upto`, oldest first (undecoded)."""
        query = select(*COLUMNS).where(events.c.session_id == session_id, events.c.version > after)
        if upto is not None:
            query = query.where(events.c.version <= upto)
        return connection.execute(query.order_by(events.c.version))

    def read(self, session_id: str, after: int = 0) -> list[dict]:
        with self.engine.connect() as connection:
            return [to_event(row) for row in self.rows(connection, session_id, after)]

    def stream(self, session_id: str) -> Iterator[dict]:
        """Every event of a session, oldest first, fetched in batches."""
        with self.engine.connect() as connection:
            result = self.rows(connection.execution_options(yield_per=2000), session_id)
            for row in result:
                yield to_event(row)

    def verify(self, session_id: str) -> dict:
        """Recompute the session's hash chain; name the first version that does not match."""
        expected_prev, count, first_bad = GENESIS, 0, None
        for event in self.stream(session_id):
            count += 1
            good = (
                event["version"] == count
                and event["prev_hash"] == expected_prev
                and chain_hash(expected_prev, hashed_content(event)) == event["hash"]
            )
            if not good and first_bad is None:
                first_bad = count
            expected_prev = event["hash"]
        return {"ok": first_bad is None, "events": count, "first_bad_version": first_bad,
                "head_hash": expected_prev if count else None}

    def add_tokens(self, connection: Connection, session_id: str, hashes: dict[str, str]) -> None:
        connection.execute(session_tokens.insert(), [
            {"token_hash": digest, "session_id": session_id, "role": role}
            for role, digest in hashes.items()
        ])

    def token(self, token_hash: str) -> tuple[str, str] | None:
        """(session id, role) of a token digest, or None."""
        query = select(session_tokens.c.session_id, session_tokens.c.role).where(
            session_tokens.c.token_hash == token_hash)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return (row.session_id, row.role) if row else None

    def session_ids(self) -> list[str]:
        query = select(events.c.session_id).where(events.c.version == 1).order_by(events.c.position)
        with self.engine.connect() as connection:
            return [row.session_id for row in connection.execute(query)]


def _replayed(original: dict, session_id: str, draft: Draft) -> dict:
    if original["session_id"] != session_id or not draft.same_fact(original):
        raise Conflict(
            f"Event id {draft.id} was already recorded with other content.",
            {"id": ["already used for a different event"]},
        )
    return original
