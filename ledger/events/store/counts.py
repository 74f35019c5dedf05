"""Counts kept for Flask-Limiter (`api.opening`) in a SQLite file that every process of a
service shares, apart from the ledger's own database: `ledger-sqlite:///path` once this module
is imported."""

import os
import sqlite3
import threading
import time

from limits.storage import Storage


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
