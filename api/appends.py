"""The append's own way in: `POST /api/v1/sessions/<sid>/events`, the request a table sends
on every deal, stake and trade, answered without Flask's dispatch when it is an ordinary one.

An ordinary append (no query, a JSON body with its length declared and under the limit, the
session's own write token) is read through the same body gate, recorded by the same handler
(`Sessions.record`), answered with the same JSON, `Vary` and compression, logged on the same
line, and leaves through the same security headers (`api.security` wraps this) as through
Flask (the compression: `api.compressed`); a refusal is answered here too, with the problem document `api.errors` makes for
Flask. What Flask's request context, the blueprint's hooks and flask-smorest's wrappers cost
was half an append's time under gunicorn (bench/README). Any other request goes to Flask as
it came; so does an append that met something unexpected before its commit (a broken
connection replaced: Flask tries it again and answers what it meets). Once a unit of work has
committed, whatever fails after it is not raised (`ledger.service.unit_of_work`): the answer
is what was committed, and nothing runs the intent again. `LEDGER_FAST_APPENDS=false` sends
every append through Flask.
"""

import io
import logging
import re
import time

import orjson
from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES, parse_cookie

from api import requestlog
from api.body import parse
from api.compressed import DONE_HERE, Compression
from api.errors import PROBLEM_JSON, http_problem_parts, ledger_problem_parts
from api.language import COOKIE, chosen
from ledger.errors import LedgerError
from ledger.language import speaking

PATH = re.compile(r"/api/v1/sessions/([^/]+)/events")
TEMPLATE = "/api/v1/sessions/<sid>/events"
JSON = frozenset({"application/json", "application/json; charset=utf-8",
                  "application/json;charset=utf-8", "application/json; charset=utf8"})
STATUS = {code: f"{code} {HTTP_STATUS_CODES[code].upper()}" for code in HTTP_STATUS_CODES}
log = logging.getLogger(__name__)


class Appends:
    """WSGI: ordinary appends answered here, every other request passed to `app`'s own."""

    def __init__(self, app: Flask):
        self.app, self.flask = app, app.wsgi_app
        self.ledger = app.extensions["ledger"]
        self.limit = app.config["MAX_CONTENT_LENGTH"]
        self.logged = app.config.get("REQUEST_LOG", True)
        self.compression = Compression(app.config)

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        ordinary = self._ordinary(environ)
        if ordinary is None:
            return self.flask(environ, start_response)
        sid, length, algorithm = ordinary
        raw = environ["wsgi.input"].read(length)
        cookies = environ.get("HTTP_COOKIE")  # (the page's switch: `api.language`)
        cookie = parse_cookie(cookies).get(COOKIE) if cookies else None
        language = (chosen(cookie, environ.get("HTTP_ACCEPT_LANGUAGE"))
                    or self.ledger.sessions.language(sid))
        with speaking(language):
            answered = len(raw) == length and self._answered(sid, raw)
        if not answered:  # Flask reads the body again, from here
            environ["wsgi.input"] = io.BytesIO(raw)
            return self.flask(environ, start_response)
        status, body, kind, more = answered
        headers = [("Content-Type", kind), ("Content-Length", str(len(body))),
                   ("Vary", "Accept-Encoding, Accept-Language, Cookie")]
        if algorithm is not None and self.compression.applies(status, kind, len(body)):
            body = self.compression.compressed(body, algorithm)
            headers[1] = ("Content-Length", str(len(body)))
            headers.append(("Content-Encoding", algorithm))
        headers += [("Content-Language", language), *more]
        start_response(STATUS[status], headers)
        if self.logged:
            requestlog.write("POST", TEMPLATE, status, started, environ.get("REMOTE_ADDR"))
        return [body]

    def _ordinary(self, environ) -> tuple[str, int, str | None] | None:
        """(session, body length, the answer's compression) of an ordinary append written
        with the session's own write token, else None."""
        if environ["REQUEST_METHOD"] != "POST" or environ.get("QUERY_STRING"):
            return None
        match = PATH.fullmatch(environ.get("PATH_INFO", ""))
        if match is None or environ.get("CONTENT_TYPE", "").lower() not in JSON:
            return None
        declared = environ.get("CONTENT_LENGTH", "")
        if ("HTTP_TRANSFER_ENCODING" in environ or "HTTP_CONTENT_ENCODING" in environ
                or not (declared.isascii() and declared.isdigit())):
            return None
        length = int(declared)
        algorithm = self.compression.chosen(environ.get("HTTP_ACCEPT_ENCODING"))
        if (self.limit is not None and length >= self.limit) or algorithm not in (
                None, *DONE_HERE):
            return None
        scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        sid = match.group(1)
        if self.ledger.tokens.session(token.strip()) != (sid, "write"):
            return None
        return sid, length, algorithm

    def _answered(self, sid: str, raw: bytes):
        """(status, body, content type, headers) of the event recorded or the refusal, or
        None for anything Flask is to answer."""
        try:
            event, created = self.ledger.sessions.record(sid, parse(raw))
        except LedgerError as refused:  # nothing written
            return (*ledger_problem_parts(refused), PROBLEM_JSON, [])
        except HTTPException as refused:  # the body, unreadable
            status, body, headers = http_problem_parts(refused)
            return status, body, PROBLEM_JSON, headers
        except Exception as error:  # noqa: BLE001 - nothing committed (after a commit nothing
            log.warning("append handed to Flask after %r", error)  # is raised): Flask tries
            return None  # it again, and answers what it meets
        return (201 if created else 200), orjson.dumps(event), "application/json", []


def install(app: Flask) -> None:
    if app.config.get("FAST_APPENDS", True):
        app.wsgi_app = Appends(app)
