"""The app's book, and recording through it from a view."""

import orjson
from flask import Response, current_app

from ledger.book import Book
from ledger.recording import record


def book() -> Book:
    return current_app.extensions["book"]


def record_request(sid: str, event_type: str, body: dict, recorder=record) -> tuple[dict, int]:
    """Record a resource request as its event in a session (or, with the club's `recorder`,
    in a club); 201 when new, 200 for a resend."""
    envelope = {key: body.pop(key) for key in ("id", "expected_version") if key in body}
    event, created = recorder(book(), sid, {"type": event_type, "data": body, **envelope})
    return {"id": event["id"], "version": event["version"], "event": event}, 201 if created else 200


def answer(event: dict, status: int) -> Response:
    """An event as JSON, already in the `Event` schema's shape (the append hot path skips
    marshmallow's dump; the schema still documents it)."""
    return Response(orjson.dumps(event), status=status, mimetype="application/json")

