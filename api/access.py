"""Bearer tokens per session: 401 without a valid token, 404 for another session's, 403 when
a read token writes."""

from flask import Blueprint, current_app, request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, NotFound, Unauthorized

from ledger.recording import token_digest

READING = frozenset({"GET", "HEAD", "OPTIONS"})


def require_token() -> None:
    """Checked before every view under /sessions/<sid>/…"""
    sid = (request.view_args or {}).get("sid")
    if sid is None:
        return
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    found = token and scheme.lower() == "bearer" and current_app.extensions["book"].store.tokens.find(
        token_digest(token.strip()))
    if not found:
        raise Unauthorized("A bearer token of this session is required.",
                           www_authenticate=WWWAuthenticate("bearer"))
    session_id, role = found
    if session_id != sid:
        raise NotFound(f"No session {sid}.")
    if role != "write" and request.method not in READING:
        raise Forbidden("This is a read token: it may only read.")


def guard(blueprint: Blueprint) -> Blueprint:
    blueprint.before_request(require_token)
    return blueprint
