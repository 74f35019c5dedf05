"""An event as a client asked for it, and the event it becomes once placed in its stream: its
version after the stream's head, its time, and its place in the hash chain."""

from dataclasses import dataclass
from datetime import UTC, datetime

from ledger.events.hashing import chain_hash, hashed_content
from ledger.events.postings import check_balanced

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Draft:
    """An event validated but not yet placed in the log."""

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


def placed(stream_id: str, head: tuple[int, str], draft: Draft, postings: list[dict]) -> dict:
    """The event `draft` becomes after `head` (the stream's version and hash): the next
    version, now, chained to the head's hash. Its postings must balance."""
    check_balanced(postings)
    version, prev_hash = head
    event = {
        "id": draft.id, "session_id": stream_id, "version": version + 1,
        "type": draft.type, "schema_version": SCHEMA_VERSION, "game_id": draft.game_id,
        "data": draft.data, "postings": postings,
        "recorded_at": datetime.now(UTC).isoformat(timespec="microseconds"),
        "prev_hash": prev_hash,
    }
    event["hash"] = chain_hash(prev_hash, hashed_content(event))
    return event
