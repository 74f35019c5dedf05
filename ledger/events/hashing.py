"""Tamper evidence: each event's hash covers its canonical content and the previous hash."""

import hashlib

import orjson

GENESIS = "0" * 64


def canonical(content: dict) -> bytes:
    """Canonical JSON: sorted keys, no whitespace, UTF-8."""
    return orjson.dumps(content, option=orjson.OPT_SORT_KEYS)


def chain_hash(prev_hash: str, content: dict) -> str:
    """sha256(previous hash || canonical content)."""
    return hashlib.sha256(prev_hash.encode("ascii") + canonical(content)).hexdigest()


def hashed_content(event: dict) -> dict:
    """The fields an event's hash covers: everything but its storage position and hashes."""
    return {
        "id": event["id"],
        "session_id": event["session_id"],
        "version": event["version"],
        "type": event["type"],
        "schema_version": event["schema_version"],
        "game_id": event["game_id"],
        "data": event["data"],
        "postings": event["postings"],
        "recorded_at": event["recorded_at"],
    }


def verify_chain(events) -> dict:
    """Recompute a session's chain over its events (oldest first): the first version whose
    number, previous hash or own hash does not match is named."""
    expected_prev, count, first_bad = GENESIS, 0, None
    for event in events:
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
