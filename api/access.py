"""Bearer tokens per session and per club: 401 without a valid token, 404 for another
session's (or club's), 403 when a read token writes. A club's tokens read its evenings."""

from functools import cache

from flask import Blueprint, current_app, request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, NotFound, Unauthorized

from api.language import unasked
from api.service import ledger
from api.versions import version_of
from ledger.errors import Invalid
from ledger.language import _, set_language

READING = frozenset({"GET", "HEAD", "OPTIONS"})


def require_token() -> None:
    """Checked before every view under /sessions/<sid>/…: the session's own tokens, or a
    token of the club the evening belongs to, which may read it (never write)."""
    sid = (request.view_args or {}).get("sid")
    if sid is None:
        return
    service, token = ledger(), bearer_token()
    found = token and service.tokens.session(token)
    if not found:
        club = token and service.tokens.club(token)
        if not club:
            _unauthorized("session")
        if service.clubs.club_of(sid) != club[0]:
            raise NotFound(_("No session %(id)s.", id=sid))
        if unasked():
            set_language(service.sessions.language(sid, version_of(sid)))
        if request.method not in READING:
            raise Forbidden(_("A club's token may only read its evenings: record with the "
                              "evening's own write token."))
        return
    session_id, role = found
    if session_id != sid:
        raise NotFound(_("No session %(id)s.", id=sid))
    if unasked():
        set_language(service.sessions.language(sid, version_of(sid)))
    if role != "write" and request.method not in READING:
        raise Forbidden(_("This is a read token: it may only read."))


def require_club_token() -> None:
    """Checked before every view under /clubs/<cid>/…: the club's tokens only."""
    cid = (request.view_args or {}).get("cid")
    if cid is None:
        return
    token = bearer_token()
    found = token and ledger().tokens.club(token)
    if not found:
        _unauthorized("club")
    club_id, role = found
    if club_id != cid:
        raise NotFound(_("No club %(id)s.", id=cid))
    if unasked():
        set_language(ledger().clubs.language(cid))
    if role != "write" and request.method not in READING:
        raise Forbidden(_("This is a read token: it may only read."))


def bearer_token() -> str | None:
    """The bearer token: from the Authorization header, or (RFC 6750 §2.3) the `access_token`
    query parameter, which only the streams declare (a browser's EventSource sends no header;
    every other operation refuses it as an unknown parameter)."""
    scheme, __, token = request.headers.get("Authorization", "").partition(" ")
    if not token and "access_token" in request.args:
        scheme, token = "bearer", request.args["access_token"]
    return token.strip() if token and scheme.lower() == "bearer" else None


def _unauthorized(of: str):
    raise Unauthorized(_("A bearer token of this session is required.") if of == "session"
                       else _("A bearer token of this club is required."),
                       www_authenticate=WWWAuthenticate("bearer"))


def refuse_unknown_query() -> None:
    """A query parameter the operation does not take is refused (422), never ignored."""
    if not request.args or request.routing_exception is not None:
        return
    unknown = sorted(set(request.args) - _query_names(request.endpoint, request.method))
    if unknown:
        raise Invalid(_("Unknown query parameter: %(names)s.", names=", ".join(unknown)),
                      {name: [_("Unknown query parameter.")] for name in unknown})


@cache
def _query_names(endpoint: str, method: str) -> frozenset[str]:
    """The query parameters an operation declares (flask-smorest keeps them on the view)."""
    view = getattr(current_app.view_functions[endpoint], "view_class", None)
    handler = getattr(view, method.lower(), None)
    parameters = getattr(handler, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    schemas = [parameter["schema"] for parameter in parameters if parameter.get("in") == "query"]
    return frozenset(field.data_key or name for schema in schemas
                     for name, field in (schema() if isinstance(schema, type) else schema).fields.items())


def guard(blueprint: Blueprint, check=require_token) -> Blueprint:
    blueprint.before_request(check)
    blueprint.before_request(refuse_unknown_query)
    return blueprint
