"""gunicorn settings for the stream server (`GET …/stream`, api/live): gevent workers, each
holding thousands of idle streams on one thread, beside the sync workers that record (whose
appends keep their path and guarantees).

The app is loaded in each worker, after gevent has patched the standard library, so that its
locks, sleeps and sockets (the store's watcher among them) are cooperative: no preload. A
stream server answers streams `push` (LEDGER_STREAMS); Caddy sends it the stream paths only.
"""

worker_class = "gevent"
worker_connections = 10_000
preload_app = False
timeout = 30
graceful_timeout = 2  # a phone whose stream ends reconnects by itself
raw_env = ["LEDGER_STREAMS=push"]
control_socket_disable = True  # as the app server's (api/gunicorn_conf.py)
