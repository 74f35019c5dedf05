"""gunicorn settings for the stream server (`GET …/stream`, api/live): gevent workers, each
holding thousands of idle streams on one thread, beside the sync workers that record (whose
appends keep their path and guarantees).

The app is loaded in each worker, after gevent has patched the standard library, so that its
locks, sleeps and sockets (the store's watcher among them) are cooperative: no preload. A
stream server answers streams `push` (LEDGER_STREAMS); Caddy sends it the stream paths only.

Its soft limit of open descriptors is raised to the hard one as it starts (a shell's default
is often 1,024), and the app holds no more streams than that allows (api/live/seats.py,
LEDGER_STREAMS_PER_PROCESS): past it a stream is refused at once, 503. gevent's pool is
as large as the descriptors, so that a connection past the cap is accepted and answered,
never left waiting in the backlog.
"""

import ctypes
import os
import resource
import signal
import sys


def raise_descriptor_limit() -> int:
    """Raise the soft limit of open descriptors to the hard one; the limit now. (Nothing of
    the app is imported here: it is loaded in each worker, after gevent's patching.)"""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


worker_class = "gevent"
worker_connections = raise_descriptor_limit()
preload_app = False
timeout = 30
graceful_timeout = 2  # a phone whose stream ends reconnects by itself
raw_env = ["LEDGER_STREAMS=push"]
control_socket_disable = True  # as the app server's (api/gunicorn_conf.py)


def post_fork(server, worker):
    """The worker dies with its master, as the app server's do (api/gunicorn_conf.py)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != server.pid:
            os._exit(1)
