"""Structured request logs: one JSON line per request on the worker's standard error, which
gunicorn passes on. Each line has the method, the path template (never the URL's ids or
query), the status, the latency and the client's address (the phone's, as the proxy in
front saw it: `api.security`). Headers, and so tokens, are never logged.

A line is written with a single `write(2)`, atomic for lines this short, so threads of one
worker never interleave. It skips the `logging` module: building and handling a LogRecord
costs several times the line itself, on every append. `LEDGER_REQUEST_LOG=false` turns the
lines off."""

import os
import time

import orjson
from flask import Flask, request

STARTED = "ledger.started"
STDERR = 2


def install(app: Flask) -> None:
    if app.config.get("REQUEST_LOG", True):
        app.before_request(_start)
        app.after_request(_record)


def _start() -> None:
    request.environ[STARTED] = time.perf_counter()


def _record(response):
    write(request.method, request.url_rule.rule if request.url_rule else "<unmatched>",
          response.status_code, request.environ.get(STARTED), request.remote_addr)
    return response


def write(method: str, path: str, status: int, started: float | None, client: str | None):
    """One request's line (`started`: its `time.perf_counter()`), in one write(2)."""
    os.write(STDERR, orjson.dumps({
        "method": method,
        "path": path,
        "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
        "client": client,
    }, option=orjson.OPT_APPEND_NEWLINE))
