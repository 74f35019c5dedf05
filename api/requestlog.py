"""Structured request logs: one JSON line per request with the method, the path template
(never the URL's ids or query), the status and the latency. Headers, and so tokens, are
never logged."""

import logging
import sys
import time

import orjson
from flask import Flask, request

log = logging.getLogger("ledger.requests")


def install(app: Flask) -> None:
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    app.before_request(_start)
    app.after_request(_record)


def _start() -> None:
    request.environ["ledger.started"] = time.perf_counter()


def _record(response):
    if log.isEnabledFor(logging.INFO):
        started = request.environ.get("ledger.started")
        line = orjson.dumps({
            "method": request.method,
            "path": request.url_rule.rule if request.url_rule else "<unmatched>",
            "status": response.status_code,
            "ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
        }).decode()
        # makeRecord + handle: what log.info does, less the walk up the stack for the caller
        log.handle(log.makeRecord(log.name, logging.INFO, __name__, 0, line, None, None))
    return response
