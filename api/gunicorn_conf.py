"""gunicorn settings: sync workers (one request at a time each keeps SQLite writers short)."""

worker_class = "sync"
timeout = 30
graceful_timeout = 10
