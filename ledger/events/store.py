"""The event store: the only code that writes the `events` table.

The recording service (ledger.recording) drives an append as one unit of work in a write
transaction (`Connections.writing`): it reads the head, lets the game decide, and has the store
`insert` the event with `head + 1`. The unique (session, version) and (session, event id)
constraints are the last word: an insert that collides raises `integrity_error`, and the
service looks the id up (`resent`) or tries again.
"""

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from datetime import UTC, datetime

import orjson
from sqlalchemy import Engine

from ledger.errors import Conflict
from ledger.events.catalogue import SCHEMA_VERSION
from ledger.events.hashing import GENESIS, chain_hash, hashed_content, verify_chain
from ledger.events.sql import Connections, Tx
from ledger.events.tokens import Tokens
from ledger.postings import check_balanced

COLUMNS = ("position, session_id, version, event_id, type, schema_version, game_id, data, "
           "postings, recorded_at, hash, prev_hash")
BY_ID = f"SELECT {COLUMNS} FROM events WHERE session_id = :session_id AND event_id = :event_id"
HEAD = ("SELECT version, hash FROM events WHERE session_id = :session_id "
        "ORDER BY version DESC LIMIT 1")
# Answered from the (session_id, version) unique index alone, on SQLite and PostgreSQL.
VERSION = "SELECT MAX(version) FROM events WHERE session_id = :session_id"
RANGE = (f"SELECT {COLUMNS} FROM events WHERE session_id = :session_id "
         "AND version > :after AND version <= :upto ORDER BY version")
INSERT = ("INSERT INTO events (session_id, version, event_id, type, schema_version, game_id, "
          "data, postings, recorded_at, hash, prev_hash) VALUES (:session_id, :version, "
          ":event_id, :type, :schema_version, :game_id, :data, :postings, :recorded_at, "
          ":hash, :prev_hash) RETURNING position")
# A fold reads the data only of the types it names, and the time only of the first event
# (the session's opening): fetching unused text columns costs more than decoding postings,
# and each CASE costs a little on every row (the ids are short and fetched plainly).
FOLD = ("SELECT version, type, postings, event_id, game_id, {detail} data END, "
        "CASE WHEN version = 1 THEN recorded_at END{hashed} "
        "FROM events WHERE session_id = :session_id AND version > :after AND version <= :upto "
        "ORDER BY version")
LAST_VERSION = 2**31 - 1
HEADS_KEPT = 4096
# What a PostgreSQL writer keeps of a stream has no data_version to check it by: the record
# path (ledger.states) may take it on trust, the unique (session, version) refusing an insert
# after a head that moved; the store's own `head` always reads it.
TRUSTED = "trusted"


@dataclass(frozen=True)
class Draft:
    """An event as a client asked for it, validated but not yet placed in the log."""

    id: str
    type: str
    game_id: str | None
    data: dict
    expected_version: int | None = None
    deal: int | None = None  # the game's deal it was recorded in (a precondition, not stored)

    def same_fact(self, event: dict) -> bool:
        return (event["type"], event["game_id"], event["data"]) == (
            self.type, self.game_id, self.data
        )


def to_event(row) -> dict:
    """A stored row as the API and the folds see it."""
    return {
        "id": row[3], "session_id": row[1], "version": row[2], "position": row[0],
        "type": row[4], "schema_version": row[5], "game_id": row[6],
        "data": orjson.loads(row[7]), "postings": orjson.loads(row[8]),
        "recorded_at": row[9], "hash": row[10], "prev_hash": row[11],
    }


class EventStore:
    def __init__(self, engine: Engine):
        self.connections = Connections(engine)
        self.tokens = Tokens(self.connections)
        self.club_tokens = Tokens(self.connections, "club_tokens")
        self._watching = None  # held for `version`, opened on first use (after any fork)
        self._heads: dict[str, tuple] = {}  # streams' heads this process committed, and when
        self._watching_lock = threading.Lock()

    @property
    def integrity_error(self) -> type[Exception]:
        """What the driver raises when an insert collides with a unique constraint: the id is
        known in the session, or another writer took the version."""
        return self.connections.integrity_error

    def insert(self, tx: Tx, session_id: str, head: tuple[int, str], draft: Draft,
               postings: list[dict]) -> dict:
        """Place the event after `head` (the session's version and hash, read in `tx`), insert
        it and commit the transaction (one round trip on PostgreSQL)."""
        event = _placed(session_id, *head, draft, postings)
        self._heads_after(tx, event)
        try:
            event["position"] = tx.insert_and_commit(INSERT, _row(event))
        except self.integrity_error:
            self._heads.pop(session_id, None)  # another writer's, or a resent id: read it again
            raise
        return event

    def place(self, tx: Tx, stream_id: str, head: tuple[int, str], draft: Draft,
              postings: list[dict]) -> dict:
        """As `insert`, leaving the transaction open: for a unit of work that writes several
        streams at once (an evening opened in a club), committed by its last `insert`."""
        event = _placed(stream_id, *head, draft, postings)
        self._heads_after(tx, event)
        event["position"] = tx.one(INSERT, _row(event))[0]
        return event

    def _heads_after(self, tx: Tx, event: dict) -> None:
        """The stream's head is this event once the transaction commits (until then, and if
        it fails, it is not known)."""
        stream = event["session_id"]
        seen = tx.data_version if tx.data_version is not None else TRUSTED
        self._heads.pop(stream, None)
        tx.after_commit(lambda: self._keep_head(stream, (event["version"], event["hash"]), seen))

    def _keep_head(self, stream: str, head: tuple[int, str], seen) -> None:
        self._heads[stream] = head, seen
        if len(self._heads) > HEADS_KEPT:
            del self._heads[next(iter(self._heads))]

    def resent(self, tx: Tx, session_id: str, draft: Draft) -> dict | None:
        """The original of a resent id (409 if it was recorded with other content)."""
        original = self.get(tx, session_id, draft.id)
        return original and _replayed(original, draft)

    def head(self, tx: Tx, session_id: str) -> tuple[int, str]:
        """The session's current version and the hash the next event chains to: the head
        this process wrote last, while the store stands where it stood then (`data_version`)."""
        kept = self._heads.get(session_id)
        if kept is not None and tx.data_version is not None and kept[1] == tx.data_version:
            return kept[0]
        row = tx.one(HEAD, {"session_id": session_id})
        return (row[0], row[1]) if row else (0, GENESIS)

    def version(self, session_id: str) -> int:
        """The session's current version (0 if it has no events), committed, as every app
        server sees it: what a phone watching the session asks for, without any fold.

        One statement on a connection the process holds in autocommit: one round trip,
        where a pooled transaction costs PostgreSQL three more (the pool's ping, BEGIN and
        ROLLBACK). A connection that fails is dropped and the statement tried once on a
        new one (as the pool's ping would have replaced it)."""
        with self._watching_lock:
            try:
                return self._held_version(session_id)
            except Exception:  # noqa: BLE001 - a broken connection is replaced, never reused
                broken, self._watching = self._watching, None
                if broken is not None:
                    broken.invalidate()
            return self._held_version(session_id)

    def _held_version(self, session_id: str) -> int:
        if self._watching is None:
            self._watching = self._autocommit_connection()
        row = Tx(self._watching, self.connections.sqlite).one(VERSION, {"session_id": session_id})
        return row[0] or 0

    def _autocommit_connection(self):
        connection = self.connections.engine.raw_connection()
        if not self.connections.sqlite:  # SQLite's connections are in autocommit already
            connection.driver_connection.autocommit = True
        return connection

    def get(self, tx: Tx, session_id: str, event_id: str) -> dict | None:
        """The session's event with that id (ids are unique within a session only)."""
        row = tx.one(BY_ID, {"session_id": session_id, "event_id": event_id})
        return to_event(row) if row else None

    def rows(self, tx: Tx, session_id: str, after: int, upto: int, detailed: frozenset[str]):
        """What a fold reads of the events with `after < version <= upto`, oldest first:
        (version, type, postings, id, game_id, data, recorded_at), undecoded; the data only
        for the types in `detailed`, the time only of the first event."""
        return tx.run(_fold_query(detailed), {"session_id": session_id, "after": after,
                                              "upto": upto})

    def tail(self, tx: Tx, session_id: str, after: int, detailed: frozenset[str]) -> list:
        """`rows` from `after` to the head, each with the event's hash last: in one statement,
        what a writer needs to bring a state up to date and chain the next event."""
        return tx.all(_fold_query(detailed, hashed=True),
                      {"session_id": session_id, "after": after, "upto": LAST_VERSION})

    def events(self, tx: Tx, stream_id: str, after: int, upto: int = LAST_VERSION) -> list[dict]:
        """The stream's events with `after < version <= upto`, decoded, in `tx`."""
        params = {"session_id": stream_id, "after": after, "upto": upto}
        return [to_event(row) for row in tx.run(RANGE, params)]

    def read(self, session_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """The events with a version above `after`, at most `limit` of them (versions have
        no gaps, so a page is a range of versions)."""
        upto = LAST_VERSION if limit is None else min(after + limit, LAST_VERSION)
        params = {"session_id": session_id, "after": after, "upto": upto}
        with self.connections.reading() as tx:
            return [to_event(row) for row in tx.run(RANGE, params)]

    def stream(self, session_id: str) -> Iterator[dict]:
        """Every event of a session, oldest first, fetched in batches."""
        with self.connections.reading() as tx:
            params = {"session_id": session_id, "after": 0, "upto": LAST_VERSION}
            for row in tx.stream(RANGE, params):
                yield to_event(row)

    def verify(self, session_id: str) -> dict:
        """Recompute the session's hash chain; name the first version that does not match."""
        return verify_chain(self.stream(session_id))

    def import_events(self, session_id: str, events: list[dict], digests: dict[str, str],
                      tokens: Tokens | None = None, extra=None) -> int:
        """Copy a session's (or a club's) events verbatim (ids, versions, times, postings,
        hashes) after checking their chain; events already here with the same hash are
        skipped, so an import can be repeated. `extra(tx)` runs in the same transaction (a
        club's index of evenings). Returns how many were added."""
        added, tokens = 0, tokens or self.tokens
        with self.connections.writing(session_id) as tx:
            self.connections.forget_kept()  # written here without `insert`: read it again
            version, prev_hash = self.head(tx, session_id)
            for event in events:
                if event["session_id"] != session_id:
                    raise Conflict("An event of another session.", {"session_id": [event["id"]]})
                if chain_hash(event["prev_hash"], hashed_content(event)) != event["hash"]:
                    raise Conflict(f"Event version {event['version']} does not match its hash.",
                                   {"hash": [str(event["version"])]})
                if event["version"] <= version:
                    here = tx.one("SELECT hash FROM events WHERE session_id = :sid "
                                  "AND version = :version",
                                  {"sid": session_id, "version": event["version"]})
                    if here[0] != event["hash"]:
                        raise Conflict(f"Version {event['version']} differs from the one here.",
                                       {"version": [str(event["version"])]})
                    continue
                if event["version"] != version + 1 or event["prev_hash"] != prev_hash:
                    raise Conflict(f"Version {event['version']} does not follow {version}.",
                                   {"version": [str(event["version"])]})
                tx.run(INSERT.replace(" RETURNING position", ""), _row(event))
                version, prev_hash, added = event["version"], event["hash"], added + 1
            known = tokens.roles(tx, session_id)
            tokens.add(tx, session_id, {r: d for r, d in digests.items() if r not in known})
            if extra is not None:
                extra(tx)
        return added

    def session_ids(self, opened_by: str = "session_created") -> list[str]:
        """Every session's id, oldest first (or every club's, opened by `club_created`)."""
        with self.connections.reading() as tx:
            rows = tx.all("SELECT session_id FROM events WHERE version = 1 AND type = :opened "
                          "ORDER BY position", {"opened": opened_by})
        return [row[0] for row in rows]

    def opened_by(self, tx: Tx, stream_id: str) -> str | None:
        """The type of a stream's first event (`session_created`, `club_created`), or None."""
        row = tx.one("SELECT type FROM events WHERE session_id = :sid AND version = 1",
                     {"sid": stream_id})
        return row[0] if row else None

    def club_of(self, session_id: str) -> str | None:
        """The club an evening belongs to, if any."""
        with self.connections.reading() as tx:
            row = tx.one("SELECT club_id FROM club_evenings WHERE session_id = :sid",
                         {"sid": session_id})
        return row[0] if row else None

    def evening_versions(self, tx: Tx, club_id: str) -> dict[str, int]:
        """Each evening of the club with its current version: one statement, an index lookup
        per evening (never a scan of their events)."""
        rows = tx.all("SELECT c.session_id, (SELECT MAX(e.version) FROM events AS e "
                      "WHERE e.session_id = c.session_id) FROM club_evenings AS c "
                      "WHERE c.club_id = :club", {"club": club_id})
        return {sid: version or 0 for sid, version in rows}

    def sessions(self) -> list[dict]:
        """Every session, oldest first: id, name, version (its number of events) and when its
        last event was recorded, in one statement."""
        with self.connections.reading() as tx:
            rows = tx.all(
                "SELECT opened.session_id, opened.data, latest.version, latest.recorded_at "
                "FROM events AS opened JOIN events AS latest "
                "ON latest.session_id = opened.session_id AND latest.version = (SELECT "
                "MAX(version) FROM events AS head WHERE head.session_id = opened.session_id) "
                "WHERE opened.version = 1 AND opened.type = 'session_created' "
                "ORDER BY opened.position")
        return [{"id": sid, "name": orjson.loads(data).get("name"), "version": version,
                 "last_recorded_at": recorded_at} for sid, data, version, recorded_at in rows]


@cache
def _fold_query(detailed: frozenset[str], hashed: bool = False) -> str:
    names = ", ".join(f"'{name}'" for name in sorted(detailed) if name.isidentifier())
    return FOLD.format(detail=f"CASE WHEN type IN ({names}) THEN",
                       hashed=", hash" if hashed else "")


def _placed(session_id, version, prev_hash, draft: Draft, postings: list[dict]) -> dict:
    check_balanced(postings)
    event = {
        "id": draft.id, "session_id": session_id, "version": version + 1,
        "type": draft.type, "schema_version": SCHEMA_VERSION, "game_id": draft.game_id,
        "data": draft.data, "postings": postings,
        "recorded_at": datetime.now(UTC).isoformat(timespec="microseconds"),
        "prev_hash": prev_hash,
    }
    event["hash"] = chain_hash(prev_hash, hashed_content(event))
    return event


def _row(event: dict) -> dict:
    return {
        "session_id": event["session_id"], "version": event["version"], "event_id": event["id"],
        "type": event["type"], "schema_version": event["schema_version"],
        "game_id": event["game_id"], "data": orjson.dumps(event["data"]).decode(),
        "postings": orjson.dumps(event["postings"]).decode(),
        "recorded_at": event["recorded_at"], "hash": event["hash"],
        "prev_hash": event["prev_hash"],
    }


def _replayed(original: dict, draft: Draft) -> dict:
    if not draft.same_fact(original):
        raise Conflict(
            f"Event id {draft.id} was already recorded with other content.",
            {"id": ["already used for a different event"]},
        )
    return original
