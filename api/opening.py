"""How often one client address may open an evening or found a club: the two requests that
need no token, so anyone who can reach the service can send them (Flask-Limiter).

The address is the client's as the proxy saw it (`api.security.ForwardedByProxy` believes
X-Forwarded-For from a trusted proxy only), so one guest cannot pose as many. This computer's
own loopback addresses are not limited: they reach gunicorn without the proxy anyway, and
the tests and benches open evenings by the hundred from there.

The counts are this module's own (`OpeningCounts`, Flask-Limiter's storage), kept in one
small SQLite file that every gunicorn worker of the host shares, beside an SQLite ledger
(`ledger.opening.sqlite3` beside `ledger.sqlite3`) or, for PostgreSQL, in the temporary
folder: the service's `counts` (`Ledger.counts`; the SQL stays in the store). A count kept in
each worker's memory would let a client open the limit once per worker, and Flask-Limiter's
other shared stores (Redis, Memcached…) are servers this service does not otherwise need.
One short transaction per limited request, on a file apart from the ledger's.
`LEDGER_OPEN_LIMIT` (Flask-Limiter's notation, "20 per minute;200 per day") sets the limit;
`LEDGER_RATELIMIT_STORAGE_URI` another store (`memory://`, redis://…).
"""

import ipaddress
import time

from flask import Flask, current_app, request
from flask_limiter import Limiter
from limits.storage import Storage

OPEN_LIMIT = "20 per minute;200 per day"
limiter = Limiter(key_func=lambda: request.remote_addr or "unknown")


def from_this_computer() -> bool:
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


# shared by sessions' and clubs' creation: opening either counts against the same limit
opening = limiter.shared_limit(lambda: current_app.config["OPEN_LIMIT"], scope="open",
                               exempt_when=from_this_computer)


COUNTS_URI = "ledger-counts://"  # the service's own counts (`OpeningCounts`), the default


class OpeningCounts(Storage):
    """Flask-Limiter's storage on the service's counts (`Ledger.counts`), handed to it by
    `install` as the storage's option `counts` (`ledger-counts://`)."""

    STORAGE_SCHEME = ["ledger-counts"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, counts=None,
                 **options):
        self.counts = counts
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self):
        return self.counts.errors

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return self.counts.add(key, expiry, amount)

    def get(self, key: str) -> int:
        found = self.counts.get(key)
        return found[0] if found else 0

    def get_expiry(self, key: str) -> float:
        found = self.counts.get(key)
        return found[1] if found else time.time()

    def check(self) -> bool:
        return self.counts.check()

    def reset(self) -> int | None:
        return self.counts.clear()

    def clear(self, key: str) -> None:
        self.counts.clear(key)


def _retry_after_only_when_refused(response):
    # (a 429's, a full stream server's 503's stay; and a 202's: a file still being written)
    if response.status_code < 400 and response.status_code != 202:
        response.headers.pop("Retry-After", None)
    return response


def install(app: Flask) -> None:
    app.config.setdefault("OPEN_LIMIT", OPEN_LIMIT)
    app.config.setdefault("RATELIMIT_STORAGE_URI", COUNTS_URI)
    if app.config["RATELIMIT_STORAGE_URI"] == COUNTS_URI:
        app.config["RATELIMIT_STORAGE_OPTIONS"] = {
            "counts": app.extensions["ledger"].counts("opening")}
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on the 429
    # (registered before the limiter's own: Flask runs a later hook first, so this one sees
    # the limiter's headers) Retry-After says when to ask again: only on a refusal
    app.after_request(_retry_after_only_when_refused)
    limiter.init_app(app)
    # Only the two opening routes are limited, and their decorator checks its limit itself
    # (in the view). The check Flask-Limiter also runs before every request is for default
    # and application-wide limits, which this service has none of: it cost every request
    # about 15 µs (a `…/pools` read in process: 252 µs with it, 246 without, 219 with no
    # limiter at all), so it is not run.
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:  # (not there when RATELIMIT_ENABLED is false)
        hooks.remove(limiter._check_request_limit)
