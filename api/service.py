"""The app's ledger (`ledger.service.bootstrap`), and recording a resource's request through it."""

import orjson
from flask import Response, current_app

from ledger.service.bootstrap import Ledger


def ledger() -> Ledger:
    return current_app.extensions["ledger"]


def record_request(record, stream: str, event_type: str, body: dict) -> tuple[dict, int]:
    """Record a resource request as its event in a session (`record`: the sessions' handler)
    or a club (the clubs'); 201 when new, 200 for a resend."""
    envelope = {key: body.pop(key) for key in ("id", "expected_version") if key in body}
    event, created = record(stream, {"type": event_type, "data": body, **envelope})
    return {"id": event["id"], "version": event["version"], "event": event}, 201 if created else 200


def answer(event: dict, status: int) -> Response:
    """An event as JSON, already in the `Event` schema's shape (the append hot path skips
    marshmallow's dump; the schema still documents it)."""
    return Response(orjson.dumps(event), status=status, mimetype="application/json")
