"""What the store's streams (sessions and clubs) have become, for the phones watching them:
each watched stream's latest version, told to its watchers in this process as soon as the
store has it, by one watcher per process whatever the number of phones.

- PostgreSQL: one connection per process LISTENs on `ledger_events`, which a trigger on the
  events table notifies at each commit (`stream:version`), so an append on any app server
  reaches the watchers of every other. When the connection breaks (the database restarted)
  it is opened again, LISTENs again, and reads the watched streams' versions in one
  statement, so that nothing committed meanwhile is missed.
- SQLite: one loop per process asks, every `interval`, for the store's last position (one
  statement) and, when it moved, for the latest version of each stream written since (one
  more), for all its watchers at once.

A watcher holds a `Watch`: an event set when any of its streams moves, and nothing queued,
so a phone that never reads costs the same as one that does. Plain `threading` primitives:
under gevent's monkey-patching (the stream server's workers) they are cooperative.
"""

import logging
import threading
import time
from collections.abc import Iterable

from ledger.events.store import EventStore

CHANNEL = "ledger_events"
RECONNECT_SECONDS = (0.1, 0.2, 0.5, 1, 2)  # then every 2 s until the database is back
log = logging.getLogger(__name__)


class Watch:
    """A watcher's streams; `moved` is set when any of them has a new version."""

    __slots__ = ("streams", "moved")

    def __init__(self, streams: tuple[str, ...]):
        self.streams = streams
        self.moved = threading.Event()


class Changes:
    def __init__(self, store: EventStore, interval: float = 0.2):
        self.store, self.interval = store, interval
        self._lock = threading.Lock()
        self._versions: dict[str, int] = {}  # watched stream -> latest version known
        self._watches: dict[str, set[Watch]] = {}
        self._loop: threading.Thread | None = None

    def watch(self, streams: Iterable[str]) -> Watch:
        """Watch these streams (a session's, or a club's and its evenings'); `forget` it."""
        watch = Watch(tuple(dict.fromkeys(streams)))
        unknown = []
        with self._lock:
            for stream in watch.streams:
                self._watches.setdefault(stream, set()).add(watch)
                if stream not in self._versions:
                    unknown.append(stream)
            self._start()
        for stream in unknown:  # read once; from then on the loop keeps it
            self._moved({stream: self.store.version(stream)})
        return watch

    def forget(self, watch: Watch) -> None:
        with self._lock:
            for stream in watch.streams:
                watchers = self._watches.get(stream)
                if watchers is not None:
                    watchers.discard(watch)
                    if not watchers:
                        del self._watches[stream]
                        self._versions.pop(stream, None)

    def now(self, streams: Iterable[str]) -> dict[str, int]:
        """The streams' versions read from the store, watching nothing."""
        return {stream: self.store.version(stream) for stream in streams}

    def versions(self, watch: Watch) -> dict[str, int]:
        with self._lock:
            return {stream: self._versions.get(stream, 0) for stream in watch.streams}

    def watched(self) -> int:
        with self._lock:
            return len({w for watchers in self._watches.values() for w in watchers})

    def _moved(self, versions: dict[str, int]) -> None:
        """Streams seen at these versions: the watchers of those that moved are told."""
        told = set()
        with self._lock:
            for stream, version in versions.items():
                if stream in self._watches and version > self._versions.get(stream, -1):
                    self._versions[stream] = version
                    told |= self._watches[stream]
        for watch in told:
            watch.moved.set()

    def _start(self) -> None:
        if self._loop is None or not self._loop.is_alive():
            run = self._listen if not self.store.connections.sqlite else self._poll
            self._loop = threading.Thread(target=run, name="ledger-changes", daemon=True)
            self._loop.start()

    def _poll(self) -> None:
        """SQLite: one statement an interval for every watcher of the process."""
        last = None
        while True:
            try:
                with self.store.connections.reading() as tx:
                    position = tx.one("SELECT MAX(position) FROM events")[0] or 0
                    if last is not None and position > last:
                        self._moved(dict(tx.all(
                            "SELECT session_id, MAX(version) FROM events WHERE position > :last "
                            "AND position <= :position GROUP BY session_id",
                            {"last": last, "position": position})))
                last = position
            except Exception:  # noqa: BLE001 - a busy or missing file: try again next time
                log.exception("watching the store")
            time.sleep(self.interval)

    def _listen(self) -> None:
        """PostgreSQL: LISTEN on one connection; reconnect and catch up when it breaks."""
        failures = 0
        while True:
            try:
                connection = self._listening()
                failures = 0
                self._catch_up()  # what was committed while nobody listened
                while True:  # each notice told as it comes; the timeout lets a broken
                    for notice in connection.notifies(timeout=5):  # connection show itself
                        stream, _, version = notice.payload.rpartition(":")
                        self._moved({stream: int(version)})
                    connection.execute("SELECT 1")
            except Exception:  # noqa: BLE001 - the database went away: reconnect, catch up
                log.warning("listening for appends: connection lost; reconnecting")
                time.sleep(RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)])
                failures += 1

    def _listening(self):
        import psycopg  # PostgreSQL only

        url = self.store.connections.engine.url.set(drivername="postgresql")
        connection = psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    def _catch_up(self) -> None:
        with self._lock:
            streams = list(self._watches)
        if not streams:
            return
        with self.store.connections.reading() as tx:
            rows = tx.all("SELECT session_id, MAX(version) FROM events "
                          "WHERE session_id = ANY(:streams) GROUP BY session_id",
                          {"streams": streams})
        self._moved(dict(rows))
