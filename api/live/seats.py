"""How many streams this process holds open, and who may open one more: within a cap per
process (below its descriptor limit, so that a refusal, `/healthz` and the store always
have a descriptor left), per evening (or club) and per client address. Past a cap the
stream is refused, 503 with Retry-After, and the phone asks for the version instead.

This computer's own loopback addresses have no cap of their own (the proxy's address when it
does not say the client's, the tests, the benches); a client behind the trusted proxy is the
address the proxy tells (`api.security`). LEDGER_STREAMS_PER_PROCESS, _PER_EVENING and
_PER_ADDRESS set the caps; the first is lowered to what the descriptors allow (the
stream server raises its soft limit to the hard one as it starts: api/gunicorn_stream_conf.py)."""

import ipaddress
import resource
import threading
from collections import Counter

PER_PROCESS = 10_000
PER_EVENING = 200   # a table's phones, and a crowd watching a club's night
PER_ADDRESS = 20    # a phone's tabs, a household behind one address
RETRY_SECONDS = 30


def descriptor_cap(limit: int) -> int:
    """Streams a process may hold with `limit` descriptors: a tenth (at least 100) kept for
    everything else."""
    return max(limit - max(100, limit // 10), 0)


class Seats:
    """Open streams counted per process, per evening and per address (thread-safe)."""

    def __init__(self, per_process: int, per_evening: int, per_address: int):
        self.per_process, self.per_evening, self.per_address = (
            per_process, per_evening, per_address)
        self._lock = threading.Lock()
        self.held = 0
        self._evenings: Counter = Counter()
        self._addresses: Counter = Counter()

    @classmethod
    def configured(cls, config) -> "Seats":
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        cap = int(config.get("STREAMS_PER_PROCESS", PER_PROCESS))
        if limit != resource.RLIM_INFINITY:
            cap = min(cap, descriptor_cap(limit))
        return cls(cap, int(config.get("STREAMS_PER_EVENING", PER_EVENING)),
                   int(config.get("STREAMS_PER_ADDRESS", PER_ADDRESS)))

    def take(self, evening: str, address: str | None) -> str | None:
        """Take a seat for a stream of `evening` from `address`; None, or why there is none."""
        capped = address is not None and not _loopback(address)
        with self._lock:
            if self.held >= self.per_process:
                return "This server holds as many live streams as it can."
            if self._evenings[evening] >= self.per_evening:
                return "This evening has as many live streams as it may."
            if capped and self._addresses[address] >= self.per_address:
                return "This address holds as many live streams as it may."
            self.held += 1
            self._evenings[evening] += 1
            if capped:
                self._addresses[address] += 1
        return None

    def leave(self, evening: str, address: str | None) -> None:
        with self._lock:
            self.held -= 1
            _drop(self._evenings, evening)
            if address is not None and not _loopback(address):
                _drop(self._addresses, address)


def _drop(counter: Counter, key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
