"""The blueprint every resource uses: its body parser, its problem answers, and its
conditional GETs on a session's version; and the answers each status code documents."""

import copy

import flask_smorest

from api import versions
from api.body import Parser

PROBLEM_JSON = "application/problem+json"
REASONS = {
    400: "the request could not be read: a body that is not valid JSON, or a request line or "
         "header the server cannot parse",
    401: "no token, or a token of no session",
    403: "a read token may not write",
    404: "unknown session (or another session's token), player, table, game or event",
    405: "the method is not allowed on this path; `Allow` lists those that are",
    409: "a state conflict: a stale expected_version, a pool too small, an id reused with "
         "other content, a player not seated, a deal settled twice, a name too like another "
         "player's, a table rank taken, a removal of a player or a game something is "
         "recorded of",
    413: "the body is larger than the configured limit",
    414: "the request's address (its path and query) is longer than the server takes "
         "(4,094 bytes for the request line)",
    415: "the body is not sent as Content-Type: application/json (UTF-8)",
    422: "invalid input; `errors` names the fields at fault",
    429: "this client address opened too many evenings or clubs of late; `Retry-After` "
         "says when it may again",
    431: "the request's headers are more or larger than the server takes (100 headers, "
         "8,190 bytes each)",
    500: "an unexpected error of the service",
    502: "the proxy in front of the service could not reach it (it is starting, or stopped)",
    504: "the proxy in front of the service waited too long for its answer",
    503: "the database is unavailable; or a stream past its caps (per server, evening, "
         "address): ask for the version instead, and again after `Retry-After`",
}
HEADERS = {
    401: {"WWW-Authenticate": {"description": "the scheme to authenticate with", "required": True,
                               "schema": {"type": "string", "example": "Bearer"}}},
    405: {"Allow": {"description": "the methods this path answers", "required": True,
                    "schema": {"type": "string", "example": "GET, HEAD, OPTIONS"}}},
    429: {"Retry-After": {"description": "seconds until the client may ask again",
                          "required": True, "schema": {"type": "integer", "minimum": 0}}},
}
CONDITIONAL_HEADERS = {
    "ETag": {"description": "weak; for a session's read `W/\"<version>.<build>\"`: the "
                            "session's version, and the service's code that shaped the "
                            "answer (and `.<language>` after it, `.de` or `.fr`, for words in "
                            "another language than English); send it back in `If-None-Match`",
             "required": True,
             "schema": {"type": "string", "example": 'W/"8.3f9a1c0d27be"'}},
    "Cache-Control": {"description": "a client may keep the answer but must ask again "
                                     "(with If-None-Match) each time", "required": True,
                      "schema": {"type": "string", "example": versions.CACHING}},
}
IF_NONE_MATCH = {
    "name": "If-None-Match", "in": "header", "required": False,
    "description": "the ETag of the answer the client holds: 304 while it is current (a "
                   "session's read: while the session's version has not changed, answered "
                   "without reading the session's events)",
    "schema": {"type": "string", "example": 'W/"8.3f9a1c0d27be"'}}
NOT_MODIFIED = {"description": "the answer If-None-Match names (a session's read: the "
                               "session's version) is still current: no body",
                "headers": CONDITIONAL_HEADERS}
def problem_response(code: int) -> dict:
    response = {"description": REASONS[code],
                "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    if code in HEADERS:
        response["headers"] = copy.deepcopy(HEADERS[code])
    return response


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    def problems(self, *codes: int, resend: str | None = None):
        """Document each code as an application/problem+json answer (405, 500 and 503 are
        added to every operation, 415 to those with a body), and with `resend` the 200 that
        answers a resent request with the original (one wrapper for all)."""
        responses = {str(code): problem_response(code) for code in codes}
        if resend:
            responses["200"] = {"description": "a resend of a recorded request: the original",
                                "content": {"application/json": {
                                    "schema": {"$ref": f"#/components/schemas/{resend}"}}}}
        return self.doc(responses=responses)

    def conditional(self, view, current=versions.session_tag):
        """A GET of a whole session's read, answered 304 while its version is the one
        If-None-Match names (`api.sessions.versions`), or with `current` of another answer
        that has a tag of its own; place it above `response`."""
        return self.doc(responses={200: {"headers": copy.deepcopy(CONDITIONAL_HEADERS)},
                                   304: copy.deepcopy(NOT_MODIFIED)})(
            versions.conditional(view, current))
