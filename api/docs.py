"""Documenting the problem responses an operation can give."""

from flask_smorest import Blueprint

from api.errors import Problem

REASONS = {
    400: "the body is not valid JSON",
    401: "no token, or a token of no session",
    403: "a read token may not write",
    404: "unknown session (or another session's token), player, table, game or event",
    409: "a state conflict: version mismatch, pool too small, reused event id, not seated",
    413: "the body is larger than the configured limit",
    422: "invalid input; `errors` names the fields at fault",
    503: "the database is unavailable",
}


def problems(blp: Blueprint, *codes: int):
    """Document each code as an application/problem+json answer."""
    def decorate(view):
        for code in (*codes, 503):
            view = blp.alt_response(
                code, schema=Problem, description=REASONS[code],
                content_type="application/problem+json")(view)
        return view
    return decorate
