"""How often one client address may open an evening or found a club: the two requests that
need no token, so anyone who can reach the service can send them (Flask-Limiter).

The address is the client's as the proxy saw it (`api.security.ForwardedByProxy` believes
X-Forwarded-For from a trusted proxy only), so one guest cannot pose as many. This computer's
own loopback addresses are not limited: they reach gunicorn without the proxy anyway, and
the tests and benches open evenings by the hundred from there.

The counts live in one small SQLite file that every gunicorn worker of the host shares
(`counts_file`): a count kept in each worker's memory would let a client open the limit once
per worker, and Flask-Limiter's other shared stores (Redis, Memcached…) are servers this
service does not otherwise need. One short transaction per limited request, on a file apart
from the ledger's. `LEDGER_OPEN_LIMIT` (Flask-Limiter's notation, "20 per minute;200 per
day") sets the limit; `LEDGER_RATELIMIT_STORAGE_URI` another store (`memory://`, redis://…).
"""

import hashlib
import ipaddress
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

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


def counts_file(database_url: str) -> Path:
    """One file per ledger in the temporary folder (systemd's PrivateTmp keeps it the
    service's own; every worker of one service sees the same)."""
    digest = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"parlour-ledger-opening-{digest}.sqlite3"


def install(app: Flask) -> None:
    app.config.setdefault("OPEN_LIMIT", OPEN_LIMIT)
    app.config.setdefault("RATELIMIT_STORAGE_URI",
                          f"ledger-sqlite://{counts_file(app.config['DATABASE_URL'])}")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on the 429
    limiter.init_app(app)


class SQLiteCounts(Storage):
    """Fixed-window counts in a SQLite file (`ledger-sqlite:///path`), shared by processes:
    each process opens its own connection (after a fork too), and a count is raised in one
    immediate transaction."""

    STORAGE_SCHEME = ["ledger-sqlite"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options):
        self.path = uri.split("://", 1)[1]
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._pid = None
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self):
        return sqlite3.Error

    def _run(self, statements):
        """`statements(connection)` in one transaction of this process's connection."""
        with self._lock:
            if self._pid != os.getpid():
                created = not os.path.exists(self.path)
                self._connection = sqlite3.connect(self.path, timeout=5, isolation_level=None,
                                                   check_same_thread=False)
                if created:
                    os.chmod(self.path, 0o600)
                self._connection.execute("CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY "
                                         "KEY, count INTEGER NOT NULL, expires REAL NOT NULL)")
                self._pid = os.getpid()
            connection = self._connection
            connection.execute("BEGIN IMMEDIATE")
            try:
                result = statements(connection)
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
            return result

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        def raise_count(connection):
            now = time.time()
            connection.execute("DELETE FROM counts WHERE expires <= ?", (now,))
            connection.execute("INSERT INTO counts VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                               "SET count = count + excluded.count", (key, amount, now + expiry))
            return connection.execute("SELECT count FROM counts WHERE key = ?",
                                      (key,)).fetchone()[0]
        return self._run(raise_count)

    def _row(self, key: str):
        return self._run(lambda connection: connection.execute(
            "SELECT count, expires FROM counts WHERE key = ? AND expires > ?",
            (key, time.time())).fetchone())

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self) -> bool:
        return self._run(lambda connection: True)

    def reset(self) -> int | None:
        return self._run(lambda connection: connection.execute("DELETE FROM counts").rowcount)

    def clear(self, key: str) -> None:
        self._run(lambda connection: connection.execute("DELETE FROM counts WHERE key = ?",
                                                        (key,)))
