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
    started = request.environ.get(STARTED)
    os.write(STDERR, orjson.dumps({
        "method": request.method,
        "path": request.url_rule.rule if request.url_rule else "<unmatched>",
        "status": response.status_code,
        "ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
        "client": request.remote_addr,
    }, option=orjson.OPT_APPEND_NEWLINE))
    return response
