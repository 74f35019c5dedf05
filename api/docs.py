"""The blueprint every resource uses: its body parser, and its problem responses' docs."""

import json

import flask_smorest
from webargs.flaskparser import FlaskParser

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


class Parser(FlaskParser):
    """A body nested too deeply to decode is unparseable JSON (400), like any other."""

    def _raw_load_json(self, req):
        try:
            return super()._raw_load_json(req)
        except RecursionError:
            error = json.JSONDecodeError("nested too deeply", "", 0)
            return self._handle_invalid_json_error(error, req)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    def problems(self, *codes: int, resend: str | None = None):
        """Document each code as an application/problem+json answer, and with `resend` the 200
        that answers a resent request with the original (one wrapper for all)."""
        problem = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
        responses = {str(code): {"description": REASONS[code], "content": problem}
                     for code in (*codes, 503)}
        if resend:
            responses["200"] = {"description": "a resend of a recorded request: the original",
                                "content": {"application/json": {
                                    "schema": {"$ref": f"#/components/schemas/{resend}"}}}}
        return self.doc(responses=responses)
