"""Every error leaves as application/problem+json (RFC 9457), naming the fields at fault."""

import logging

import orjson
from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException, InternalServerError, ServiceUnavailable

from ledger.errors import Conflict, Invalid, LedgerError, NotFound
from ledger.language import _
from ledger.refusals import translated

STATUS = {Invalid: 422, NotFound: 404, Conflict: 409}
log = logging.getLogger(__name__)


PROBLEM_JSON = "application/problem+json"


def problem_body(status: int, title: str, detail: str, errors: dict | None = None,
                 **extra) -> bytes:
    """The problem document, as JSON, its words in the request's language: a title, a detail
    or a field's message the catalogue has (marshmallow's own among them, `ledger.refusals`)
    is translated here; one the ledger made was said in that language already."""
    body = {"type": "about:blank", "title": translated(str(title)), "status": status,
            "detail": translated(str(detail))}
    if errors:
        body["errors"] = {field: [translated(str(m)) for m in messages]
                          for field, messages in errors.items()}
    body.update(extra)
    return orjson.dumps(body)


def problem(status: int, title: str, detail: str, errors: dict | None = None, **extra):
    return Response(problem_body(status, title, detail, errors, **extra), status=status,
                    mimetype=PROBLEM_JSON)


def flatten(messages, prefix: str = "") -> dict[str, list[str]]:
    """Webargs' nested messages as {"field.path": [messages]}; the location is dropped."""
    if isinstance(messages, list):
        return {prefix or "body": [str(m) for m in messages]}
    flat: dict[str, list[str]] = {}
    for key, value in messages.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if not prefix and key in ("json", "query", "path", "headers", "form", "view_args"):
            path = ""
        flat.update(flatten(value, path))
    return flat


def http_problem(error: HTTPException):
    status, body, headers = http_problem_parts(error)
    response = Response(body, status=status, mimetype=PROBLEM_JSON)
    for name, value in headers:
        response.headers[name] = value
    return response


def http_problem_parts(error: HTTPException) -> tuple[int, bytes, list[tuple[str, str]]]:
    """(status, body, headers) of an HTTP error's problem document."""
    data = getattr(error, "data", None) or {}
    errors = flatten(data["messages"]) if "messages" in data else None
    if error.code == 422 and errors:
        detail = _("Invalid input.") + " " + "; ".join(
            f"{field}: {' '.join(translated(m) for m in msgs)}" for field, msgs in errors.items())
    else:
        detail = error.description or error.name
    if error.code == 400 and errors:
        detail = _("The body is not valid JSON.")
    headers = list((data.get("headers") or {}).items())
    headers += [(name, value) for name, value in error.get_headers()  # Allow on 405,
                if name.lower() != "content-type"]  # WWW-Authenticate on 401, …
    return error.code, problem_body(error.code, error.name, detail, errors), headers


def ledger_problem_parts(error: LedgerError) -> tuple[int, bytes]:
    """(status, body) of a refusal's problem document."""
    status = next(code for cls, code in STATUS.items() if isinstance(error, cls))
    return status, problem_body(status, error.title, error.message, error.fields, **error.extra)


def ledger_problem(error: LedgerError):
    status, body = ledger_problem_parts(error)
    return Response(body, status=status, mimetype=PROBLEM_JSON)


def unexpected_problem(error: Exception):
    if current_app.extensions["ledger"].unavailable(error):
        log.warning("database unavailable: %s", error)
        return http_problem(ServiceUnavailable("The database is busy; try again."))
    log.exception("unexpected error")
    return http_problem(InternalServerError())


def register(app: Flask) -> None:
    app.register_error_handler(LedgerError, ledger_problem)
    app.register_error_handler(HTTPException, http_problem)
    app.register_error_handler(Exception, unexpected_problem)
