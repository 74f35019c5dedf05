"""gunicorn settings: sync workers (one request at a time each keeps SQLite writers short).

The app is built once, in the master, before the socket is bound (`preload_app`): importing it
and migrating take a second or so of CPU (the OpenAPI document is written when first read:
api.docs), which every worker used to spend after the socket was already listening (the first
request waited for a worker to boot, and two or four workers booting at once shared the
cores). Workers fork ready. Python's cyclic collector is paused while the master builds the
app (a tenth of the build went to collections), and what it built is frozen before the workers
fork (`gc.freeze`: their collections never walk the app's objects again, and the pages holding
them stay shared), as Python's documentation advises for fork without exec. Pass this file by
path (`--config api/gunicorn_conf.py`) so that it runs before the app is imported.

Nothing bound to a process crosses the fork. The master opens one database connection, to
migrate; it is closed before every fork (`pre_fork`), and a worker drops whatever pool it
inherited without touching the sockets (`post_fork`, SQLAlchemy's advice for forked
processes). Both go through the ledger (`Ledger.dispose`, `Ledger.forked`), as everything
the app asks of its database does. The store opens its writer connection and its SQLite
writers' lock file lazily, on a worker's first append, and its caches fill on requests,
which only workers serve.
A HUP re-forks workers from the preloaded app: restart the service to load new code.

A worker dies with its master (Linux's parent-death signal, set as it forks): a master
killed alone (`kill -9`, the OOM killer) leaves no orphan serving on, holding the port
against the master started in its place. SO_REUSEPORT (`reuse_port`) is left off: it would
let such an orphan, or a second server started by mistake, share the port unseen.
gunicorn listens where it is bound, loopback only (the units, api/serve.py): the proxy in
front of it holds slow clients, which its sync workers must never meet.
"""

import ctypes
import gc
import os
import signal
import sys

worker_class = "sync"
timeout = 30
graceful_timeout = 10
preload_app = True
# gunicorn 25.1+ serves a control socket at one path per user ($XDG_RUNTIME_DIR or
# ~/.gunicorn), taken over by each new master and deleted by each one that stops: the app
# and stream servers, a second service or a test's would take it from each other. Unused.
control_socket_disable = True

gc.disable()  # until the app is built: see when_ready


def _ledger(server):
    """The preloaded app's ledger, or None (no preloaded app, or an app without a ledger)."""
    app = getattr(server.app, "callable", None)  # set only once the master has loaded it
    return getattr(app, "extensions", {}).get("ledger")


def when_ready(server):
    """In the master, the app built and the socket bound, before the first worker forks."""
    gc.freeze()
    gc.enable()


def pre_fork(server, worker):
    """In the master: close the connections it opened (the migration's) before forking."""
    ledger = _ledger(server)
    if ledger is not None:
        ledger.dispose()


def die_with_master(server) -> None:
    """SIGKILL when the master dies; at once if it died before this was set."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != server.pid:
            os._exit(1)


def post_fork(server, worker):
    """In the worker: dies with its master; a new pool of its own (inherited connections are
    left to the master)."""
    die_with_master(server)
    gc.enable()
    ledger = _ledger(server)
    if ledger is not None:
        ledger.forked()
