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
