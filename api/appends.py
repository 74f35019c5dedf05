"""The append's own way in: `POST /api/v1/sessions/<sid>/events`, the request a table sends
on every deal, stake and trade, answered without Flask's dispatch when it is an ordinary one.

An ordinary append (no query, a JSON body with its length declared and under the limit, the
session's own write token) is read through the same body gate, recorded by the same
`record()`, answered with the same JSON, `Vary` and compression, logged on the same line, and
leaves through the same security headers (`api.security` wraps this) as through Flask. What
Flask's request context, the blueprint's hooks and flask-smorest's wrappers cost was half an
append's time under gunicorn (bench/README). Anything else, and every refusal, goes to
Flask as it came (the body put back), which answers it as before: a refusal here wrote
nothing, and Flask decides it again and renders it in the one place problems are rendered.
`LEDGER_FAST_APPENDS=false` sends every append through Flask.
"""

import io
import logging
import re
import time

import orjson
from flask import Flask
from werkzeug.exceptions import HTTPException

from api import requestlog
from api.body import _parse
from ledger.errors import LedgerError
from ledger.recording import record, token_digest

try:  # Flask-Compress's own choice and compression; under other names, appends go via Flask
    from flask_compress.flask_compress import _choose_algorithm, _compress_data, _format
except ImportError:  # pragma: no cover - another Flask-Compress
    _choose_algorithm = _compress_data = _format = None

PATH = re.compile(r"/api/v1/sessions/([^/]+)/events")
TEMPLATE = "/api/v1/sessions/<sid>/events"
JSON = frozenset({"application/json", "application/json; charset=utf-8",
                  "application/json;charset=utf-8", "application/json; charset=utf8"})
STATUS = {201: "201 CREATED", 200: "200 OK"}
log = logging.getLogger(__name__)


class Appends:
    """WSGI: ordinary appends answered here, every other request passed to `app`'s own."""

    def __init__(self, app: Flask):
        self.app, self.flask = app, app.wsgi_app
        self.book = app.extensions["book"]
        self.limit = app.config["MAX_CONTENT_LENGTH"]
        self.logged = app.config.get("REQUEST_LOG", True)
        self.algorithms = _format(app.config["COMPRESS_ALGORITHM"])
        self.compressed_from = app.config.get("COMPRESS_MIN_SIZE", 500)
        self.compressed = "application/json" in app.config["COMPRESS_MIMETYPES"]

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        ordinary = self._ordinary(environ)
        if ordinary is None:
            return self.flask(environ, start_response)
        sid, length = ordinary
        raw = environ["wsgi.input"].read(length)
        answered = len(raw) == length and self._recorded(sid, raw)
        if not answered:  # Flask reads the body again, from here
            environ["wsgi.input"] = io.BytesIO(raw)
            return self.flask(environ, start_response)
        event, created = answered
        status = 201 if created else 200
        body = orjson.dumps(event)
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                   ("Vary", "Accept-Encoding")]
        algorithm = self._algorithm(environ, body)
        if algorithm is not None:
            body = _compress_data(self.app, body, algorithm)
            headers[1] = ("Content-Length", str(len(body)))
            headers.append(("Content-Encoding", algorithm))
        start_response(STATUS[status], headers)
        if self.logged:
            requestlog.write("POST", TEMPLATE, status, started, environ.get("REMOTE_ADDR"))
        return [body]

    def _ordinary(self, environ) -> tuple[str, int] | None:
        """(session, body length) of an ordinary append written with the session's own write
        token, else None."""
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
        if self.limit is not None and length >= self.limit:
            return None
        scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        sid = match.group(1)
        if self.book.store.tokens.find(token_digest(token.strip())) != (sid, "write"):
            return None
        return sid, length

    def _recorded(self, sid: str, raw: bytes):
        """(event, created), or None for anything Flask is to answer."""
        try:
            return record(self.book, sid, _parse(raw))
        except (LedgerError, HTTPException):  # refused, nothing written: Flask answers it
            return None
        except Exception as error:  # noqa: BLE001 - nothing committed (a broken connection is
            log.warning("append handed to Flask after %r", error)  # replaced): Flask tries it
            return None  # again, and answers what it meets

    def _algorithm(self, environ, body: bytes) -> str | None:
        """As Flask-Compress chooses for an answer of this size and type."""
        accepted = environ.get("HTTP_ACCEPT_ENCODING")
        if not accepted or not self.compressed or len(body) < self.compressed_from:
            return None
        return _choose_algorithm(self.algorithms, accepted)


def install(app: Flask) -> None:
    if app.config.get("FAST_APPENDS", True) and _compress_data is not None:
        app.wsgi_app = Appends(app)
