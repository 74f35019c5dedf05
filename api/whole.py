"""A request's body is read whole or not at all: one that ends before its Content-Length, or
a chunked one that ends before its last chunk, is refused (400) whatever its received part
would parse as, and nothing of it is recorded.

A proxy that gives up on a slow client hands on what it had and hangs up: gunicorn's reader
of a body of known length then returns the short part as if it were all (a prefix that is
valid JSON was recorded), and its chunked reader raises its own errors, which reached the
app as a 500 or went unnamed. Every view (the JSON bodies, the club's spreadsheets, the
append's own way in, which hands a short body to Flask) reads through this check.
"""

import io

from werkzeug.exceptions import BadRequest
from werkzeug.wsgi import get_content_length


class CutShort(BadRequest):
    description = ("The body did not arrive whole (it ended before its Content-Length, or "
                   "before its last chunk), so nothing of it was read: send the request again.")


class WholeBody(io.IOBase):
    """The server's `wsgi.input`, refusing a body that ends early (`length`: its
    Content-Length, None when chunked)."""

    def __init__(self, stream, length: int | None):
        super().__init__()
        self.stream, self.length, self.received = stream, length, 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        data = self._received(self.stream.read, size)
        if size is None or size < 0:  # the rest, all of it
            self._check_length()
        return data

    def readline(self, size: int | None = -1) -> bytes:
        return self._received(self.stream.readline, size)

    def _received(self, read, size) -> bytes:
        try:
            data = read(size)
        except Exception as broken:  # noqa: BLE001 - the server's reader: the connection
            raise CutShort() from broken  # ended or the chunks' framing broke off
        self.received += len(data)
        if not data and size != 0:  # at its end
            self._check_length()
        return data

    def _check_length(self) -> None:
        if self.length is not None and self.received < self.length:
            raise CutShort()


class WholeBodies:
    """WSGI: every request with a body reads it through `WholeBody`."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        length = get_content_length(environ)
        if length or environ.get("HTTP_TRANSFER_ENCODING"):
            environ["wsgi.input"] = WholeBody(environ["wsgi.input"], length)
        return self.wsgi_app(environ, start_response)


def install(app) -> None:
    app.wsgi_app = WholeBodies(app.wsgi_app)
