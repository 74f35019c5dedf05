"""What gunicorn answers itself, before the service sees the request (a request line or
headers over its limits, a line it cannot parse: 400, 414, 431, 417, 501), as problem+json like
every other answer, not gunicorn's own HTML page. gunicorn writes those answers through one
function (`gunicorn.util.write_error`, called by its workers' `handle_error`); the service puts
its own in its place as the app is built (in gunicorn's master with the project's config, in
each worker without it), so whoever starts gunicorn gets the same answers."""

import json

DETAILS = {
    400: "The request could not be read (its request line or a header is malformed).",
    414: "The request's address is too long: its request line is over 4,094 bytes.",
    431: "The request's headers are too many or too large (at most 100, of 8,190 bytes each).",
    417: "The request's Expect header asks for what the server does not do.",
    501: "The request's transfer coding is not one the server takes.",
}


def write_problem(sock, status: int, reason: str, _said: str) -> None:
    """gunicorn's error answer as a problem document (what gunicorn said of the request, which
    may quote it, is left to its log)."""
    from gunicorn import util

    body = json.dumps({"type": "about:blank", "title": reason, "status": status,
                       "detail": DETAILS.get(status, f"{reason}.")}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nX-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin1")
    util.write_nonblock(sock, head + body)


def install() -> None:
    """gunicorn's error answers as problem documents, if the service runs under gunicorn."""
    try:
        from gunicorn import util
    except ImportError:  # pragma: no cover - another server
        return
    util.write_error = write_problem
