"""Bearer tokens per session: 401 without a valid token, 404 for another session's, 403 when
a read token writes."""

from functools import cache

from flask import Blueprint, current_app, request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, NotFound, Unauthorized

from ledger.errors import Invalid
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


def refuse_unknown_query() -> None:
    """A query parameter the operation does not take is refused (422), never ignored."""
    if not request.args or request.routing_exception is not None:
        return
    unknown = sorted(set(request.args) - _query_names(request.endpoint, request.method))
    if unknown:
        raise Invalid("Unknown query parameter: " + ", ".join(unknown) + ".",
                      {name: ["Unknown query parameter."] for name in unknown})


@cache
def _query_names(endpoint: str, method: str) -> frozenset[str]:
    """The query parameters an operation declares (flask-smorest keeps them on the view)."""
    view = getattr(current_app.view_functions[endpoint], "view_class", None)
    handler = getattr(view, method.lower(), None)
    parameters = getattr(handler, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    schemas = [parameter["schema"] for parameter in parameters if parameter.get("in") == "query"]
    return frozenset(field.data_key or name for schema in schemas
                     for name, field in (schema() if isinstance(schema, type) else schema).fields.items())


def guard(blueprint: Blueprint) -> Blueprint:
    blueprint.before_request(require_token)
    blueprint.before_request(refuse_unknown_query)
    return blueprint
