"""Counts that expire (fixed windows), kept in a small SQLite file that every process of a
service shares, apart from the ledger's own database: one short transaction a count, never
on the ledger's file. What is counted is its user's business (the HTTP layer's opening limit,
`api.opening`); this is only where and how."""

import hashlib
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from ledger.events.store import sqlite_file


def counts_file(database_url: str, name: str) -> Path:
    """Beside an SQLite ledger (`ledger.sqlite3` → `ledger.<name>.sqlite3`: the service's own
    folder, which goes with it); for another store, one file per ledger in the temporary
    folder (systemd's PrivateTmp keeps it the service's own). Every process of one service
    finds the same."""
    beside = sqlite_file(database_url)
    if beside is not None:
        return beside.with_name(f"{beside.stem}.{name}.sqlite3")
    digest = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"parlour-ledger-{name}-{digest}.sqlite3"


class Counts:
    """Each process opens its own connection (after a fork too), on first use; a count is
    raised in one immediate transaction, so that processes never lose one another's."""

    errors = sqlite3.Error

    def __init__(self, path: Path | str):
        self.path = str(path)
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._pid = None

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

    def add(self, key: str, expiry: float, amount: int = 1) -> int:
        """Raise `key`'s count (a new one expires `expiry` seconds from now); its count."""
        def raise_count(connection):
            now = time.time()
            connection.execute("DELETE FROM counts WHERE expires <= ?", (now,))
            connection.execute("INSERT INTO counts VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                               "SET count = count + excluded.count", (key, amount, now + expiry))
            return connection.execute("SELECT count FROM counts WHERE key = ?",
                                      (key,)).fetchone()[0]
        return self._run(raise_count)

    def get(self, key: str) -> tuple[int, float] | None:
        """(count, when it expires) of a count that has not expired, or None."""
        return self._run(lambda connection: connection.execute(
            "SELECT count, expires FROM counts WHERE key = ? AND expires > ?",
            (key, time.time())).fetchone())

    def clear(self, key: str | None = None) -> int:
        """Forget `key`'s count (every count, if None); how many were forgotten."""
        if key is None:
            return self._run(lambda connection: connection.execute("DELETE FROM counts").rowcount)
        return self._run(lambda connection: connection.execute(
            "DELETE FROM counts WHERE key = ?", (key,)).rowcount)

    def check(self) -> bool:
        """Whether the file can be counted in."""
        return self._run(lambda connection: True)
