"""What the store's streams (sessions and clubs) have become, for the phones watching them:
each watched stream's latest version, told to its watchers in this process as soon as the
store has it, by one loop per process whatever the number of phones (the backend's `follow`:
PostgreSQL's LISTEN, SQLite's poll of the last position).

A watcher holds a `Watch`: an event set when any of its streams moves, and nothing queued,
so a phone that never reads costs the same as one that does. Plain `threading` primitives:
under gevent's monkey-patching (the stream server's workers) they are cooperative.
"""

import threading
from collections.abc import Iterable

from ledger.events.store.base import Store


class Watch:
    """A watcher's streams; `moved` is set when any of them has a new version."""

    __slots__ = ("streams", "moved")

    def __init__(self, streams: tuple[str, ...]):
        self.streams = streams
        self.moved = threading.Event()


class Changes:
    def __init__(self, store: Store, interval: float = 0.2):
        self.store, self.interval = store, interval  # how often a store that is asked is asked
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
            self._loop = threading.Thread(target=self.store.follow, name="ledger-changes",
                                          args=(self._streams, self._moved, self.interval),
                                          daemon=True)
            self._loop.start()

    def _streams(self) -> list[str]:
        """The streams watched now (the store reads them again after losing its link)."""
        with self._lock:
            return list(self._watches)
