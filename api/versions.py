"""Conditional GETs on a session's version: how phones watch a session cheaply.

Every read of a session is a function of its log up to its version and of the code that reads
it. So a read's ETag is weak, `W/"<version>.<build>"`, `build` being a digest of the service's
own code (a deploy changes every tag, and no phone keeps a body shaped by older code). A GET
whose `If-None-Match` holds the current tag answers 304 with no body, without folding the
session or reading its events: after the token check (known tokens are remembered), one
query answered from the (session, version) index. The version comes from the database, not
from a process's cache, so every worker and every app server on one PostgreSQL agree. The
tag is read before the body is built, so it is never newer than the body: at worst a phone
reads once more. `Cache-Control: no-cache, private`: a browser may keep the body but asks
every time, sending `If-None-Match` by itself.

Why polling and not server-sent events or long-polls: gunicorn's sync workers serve one
request at a time, and a held request would keep a worker from appends (bench/live).
"""

import hashlib
from functools import wraps
from pathlib import Path

from flask import Response, g, request

from api.service import ledger
from ledger.errors import NotFound
from ledger.language import _, current

CACHING = "no-cache, private"
ROOT = Path(__file__).resolve().parents[2]


def _build() -> str:
    """A digest of the code that shapes the answers (api/ and ledger/)."""
    digest = hashlib.sha256()
    for package in ("api", "ledger"):
        for path in sorted((ROOT / package).rglob("*.py")):
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


BUILD = _build()


def version_of(sid: str) -> int:
    """The session's current version, asked of the database once per request (404 for none)."""
    known = g.get("session_version")
    if known is None or known[0] != sid:
        version = ledger().sessions.version(sid)
        if version == 0:
            raise NotFound(_("No session %(id)s.", id=sid), {"session_id": [_("unknown session")]})
        g.session_version = known = (sid, version)
    return known[1]


def tag(version: int) -> str:
    """The opaque part of the weak ETag for a session at `version`, in the language of the
    request (its words are: `.de`, `.fr` after it; English has none)."""
    spoken = current()
    return f"{version}.{BUILD}" if spoken == "en" else f"{version}.{BUILD}.{spoken}"


def session_tag(kwargs: dict) -> str:
    """The current tag of the session a request names (`sid`)."""
    return tag(version_of(kwargs["sid"]))


def conditional(view, current=session_tag):
    """Wrap a GET whose answer is a function of `current(kwargs)`, its tag (by default a
    whole session's read, its `sid` the only path argument, so that every request that
    passes the token check would answer 200): 304 when If-None-Match holds the current tag,
    else the view's answer with the tag."""

    @wraps(view)
    def answered(*args, **kwargs):
        now = current(kwargs)
        if request.if_none_match.contains_weak(now):
            return not_modified(now)
        response = view(*args, **kwargs)
        response.set_etag(now, weak=True)
        response.headers["Cache-Control"] = CACHING
        return response

    return answered


def not_modified(current: str) -> Response:
    response = Response(status=304)
    response.set_etag(current, weak=True)
    response.headers["Cache-Control"] = CACHING
    del response.headers["Content-Type"]
    return response
