"""What every answer carries for the browser's protection, and whose address a request is.

The phone keeps recorder tokens in its storage, so the page allows only the service's own
scripts, styles, images and connections (no inline script, no framing by another site), and
tells the browser not to guess types, not to send the page's address onwards, and not to
offer powers the page never uses. HSTS is the public proxy's (`api/deploy/Caddyfile`): on a
table's Wi-Fi the secure link is an address, where browsers ignore it.
"""

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",  # the results card and QR codes are drawn in the page
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
])
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                          "screen-wake-lock=(self)",
}
# The addresses a reverse proxy in front of the service speaks from: only their
# X-Forwarded-For and X-Forwarded-Proto are believed (`LEDGER_TRUSTED_PROXIES`).
TRUSTED_PROXIES = "127.0.0.1,::1"


def install(app: Flask) -> None:
    trusted = app.config.get("TRUSTED_PROXIES", TRUSTED_PROXIES)
    app.wsgi_app = Protected(ForwardedByProxy(app.wsgi_app, frozenset(
        address.strip() for address in str(trusted).split(",") if address.strip())))


class Protected:
    """Every answer leaves with HEADERS (a header the answer set itself is kept), added to
    the WSGI headers as they go out: whatever made the answer (a view, an error handler,
    the static files), and at the cost of a list's extension."""

    NAMES = frozenset(name.lower() for name in HEADERS)
    PAIRS = list(HEADERS.items())

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        def protected_start_response(status, headers, exc_info=None):
            own = {name.lower() for name, _ in headers} & self.NAMES
            headers.extend(self.PAIRS if not own else
                           [(n, v) for n, v in self.PAIRS if n.lower() not in own])
            return start_response(status, headers, exc_info)
        return self.wsgi_app(environ, protected_start_response)


class ForwardedByProxy:
    """The client's address and scheme as the proxy saw them, from a request that comes from
    a trusted proxy (one hop: the proxy sets the header, replacing what a client sent); from
    anyone else the headers are ignored, so a client cannot claim another address."""

    def __init__(self, wsgi_app, proxies: frozenset[str]):
        self.direct = wsgi_app
        self.proxied = ProxyFix(wsgi_app, x_for=1, x_proto=1)
        self.proxies = proxies

    def __call__(self, environ, start_response):
        if environ.get("REMOTE_ADDR") in self.proxies:
            return self.proxied(environ, start_response)
        return self.direct(environ, start_response)
