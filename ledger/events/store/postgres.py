"""The store on a PostgreSQL server (a club's several app servers in front of one database).

Appends to a stream are serialised by a transaction-scoped advisory lock on the stream's id.
The writer binds parameters on the client (psycopg's `ClientCursor`, which quotes each value
itself) so that several statements go as one query in one round trip: the transaction's BEGIN
and the stream's lock travel with its first statement, and an append's insert with its COMMIT
(a query stops at its first error, leaving the transaction to be rolled back). The connection
is in autocommit, so psycopg sends no BEGIN of its own.

Nothing tells a process that another app server wrote: the head a process wrote last is taken
on trust (`TRUSTED`), the unique (stream, version) refusing an insert after a head that moved.
Appends reach every app server's watchers by a trigger on the events table that notifies
`ledger_events` at each commit (migration 0004)."""

import logging
import re
import time
from contextlib import contextmanager
from functools import cache

from sqlalchemy import create_engine, text

from ledger.events.store.sql import TRUSTED, Tx
from ledger.events.store.sql_store import SQLStore

CHANNEL = "ledger_events"
RECONNECT_SECONDS = (0.1, 0.2, 0.5, 1, 2)  # then every 2 s until the database is back
_NAMED = re.compile(r"(?<!:):(\w+)")
log = logging.getLogger(__name__)


@cache
def _pyformat(sql: str) -> str:
    """The store's `:name` parameters as psycopg's `%(name)s`."""
    return _NAMED.sub(r"%(\1)s", sql)


class PostgresTx(Tx):
    def __init__(self, connection, cursor=None, queued: list | None = None):
        self.connection = connection
        self.cursor = cursor or connection.cursor()
        self._queued = queued or []  # sent ahead of the next statement (BEGIN and the lock)

    def run(self, sql, params=None):
        if self._queued:
            return self._together([(sql, params or {})])
        self.cursor.execute(_pyformat(sql), params or {})
        return self.cursor

    def _together(self, statements: list[tuple[str, dict]], result: int = -1):
        """The queued statements and `statements` as one query, one round trip; the cursor at
        the result of `statements[result]`."""
        statements, self._queued = [*self._queued, *statements], []
        merged: dict = {}
        for _, params in statements:
            merged.update(params)
        self.cursor.execute("; ".join(_pyformat(sql) for sql, _ in statements), merged)
        for _ in range(result % len(statements)):
            self.cursor.nextset()
        return self.cursor

    def stream(self, sql, params, batch=2000):
        """Through a server-side cursor."""
        with self.connection.driver_connection.cursor(name="ledger_stream") as cursor:
            cursor.execute(_pyformat(sql), params)
            while rows := cursor.fetchmany(batch):
                yield from rows

    def insert_and_commit(self, sql, params):
        """The insert and the COMMIT (and the BEGIN and the lock, if not sent yet) as one query."""
        position = self._together([(sql, params), ("COMMIT", {})], result=-2).fetchone()[0]
        self.committed = True
        return position

    def commit(self):
        self._queued = []  # nothing was asked: nothing was begun (psycopg commits only an
        self.connection.commit()  # open transaction)
        self.committed = True

    def rollback(self):
        self.connection.rollback()


class PostgresStore(SQLStore):
    name = "postgresql"

    def __init__(self, url: str):
        super().__init__(create_engine(url, pool_size=4, max_overflow=8, pool_pre_ping=True))
        self._cursor = None

    def _begin(self, stream):
        if self._writer is None:
            self._connect_writer()
        tx = PostgresTx(self._writer, self._cursor, [("BEGIN", {}), (
            "SELECT pg_advisory_xact_lock(hashtextextended(:ledger_lock, 0))",
            {"ledger_lock": stream})])
        tx.seen = TRUSTED
        return tx

    def _connect_writer(self) -> None:
        """The connection in autocommit, with one client-binding cursor (the docstring)."""
        import psycopg

        self._pooled = self._writer = self.engine.raw_connection()
        driver = self._pooled.driver_connection
        driver.autocommit = True
        self._cursor = psycopg.ClientCursor(driver)

    def _read_tx(self, connection):
        return PostgresTx(connection)

    def _autocommit(self):
        connection = self.engine.raw_connection()
        connection.driver_connection.autocommit = True
        return connection

    def _statement(self, sql):
        return _pyformat(sql)

    @contextmanager
    def _exclusive(self):
        with self.engine.connect() as connection:
            with connection.begin():
                connection.execute(text("SELECT pg_advisory_xact_lock(7461532)"))
                yield connection

    def follow(self, watched, told, interval: float) -> None:
        """Told, not asked (`interval` unused): LISTEN on one connection; when it breaks (the database restarted), open it again,
        LISTEN again, and read the watched streams' versions, so that nothing committed
        meanwhile is missed."""
        failures = 0
        while True:
            try:
                connection = self._listening()
                failures = 0
                self._catch_up(watched(), told)
                while True:  # each notice told as it comes; the timeout lets a broken
                    for notice in connection.notifies(timeout=5):  # connection show itself
                        stream, _, version = notice.payload.rpartition(":")
                        told({stream: int(version)})
                    connection.execute("SELECT 1")
            except Exception:  # noqa: BLE001 - the database went away: reconnect, catch up
                log.warning("listening for appends: connection lost; reconnecting")
                time.sleep(RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)])
                failures += 1

    def _listening(self):
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        connection = psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    def _catch_up(self, streams: list[str], told) -> None:
        if not streams:
            return
        with self.reading() as reader:
            rows = reader.tx.all("SELECT session_id, MAX(version) FROM events "
                                 "WHERE session_id = ANY(:streams) GROUP BY session_id",
                                 {"streams": streams})
        told(dict(rows))
