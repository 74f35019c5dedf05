"""The costs phase of bench/live: single requests, one at a time, over HTTP and in-process."""

import time

from werkzeug.test import EnvironBuilder

from api import create_app
from bench.live.figures import percentile
from bench.live.phones import request

SINGLE = 400  # requests of each kind over HTTP (five times as many in-process)


def costs(base: str, url: str, session: dict) -> dict:
    """Latency of single requests, over HTTP (new connection each, as gunicorn's sync workers
    close them) and in-process (the WSGI app called directly, request log off), in ms."""
    path = f"/api/v1/sessions/{session['id']}"
    read = {"Authorization": f"Bearer {session['read']}"}
    _, tag, _ = request(base, "GET", f"{path}/version", read)
    fresh = {**read, "If-None-Match": tag}
    kinds = {"version 304": (f"{path}/version", fresh, 304), "healthz": ("/healthz", {}, 200),
             "no route 404": ("/nothing", {}, 404), "summary 304": (path, fresh, 304),
             "summary 200": (path, read, 200)}
    over_http = {name: [] for name in kinds}
    for _ in range(SINGLE):  # in turn, so that a drift of the machine falls on all alike
        for name, (url_path, headers, expected) in kinds.items():
            sent = time.perf_counter()
            status, _, _ = request(base, "GET", url_path, headers)
            over_http[name].append((time.perf_counter() - sent) * 1000)
            assert status == expected, (name, status)
    # The app here has its own tag (the code may have changed since the server started).
    app = create_app({"DATABASE_URL": url, "REQUEST_LOG": False})
    tag = app.test_client().get(f"{path}/version", headers=read).headers["ETag"]
    fresh.update({"If-None-Match": tag})
    in_process = {name: [] for name in kinds}
    environs = {name: EnvironBuilder(path=p, headers=h).get_environ()
                for name, (p, h, _) in kinds.items()}
    for _ in range(SINGLE * 5):  # the first SINGLE rounds warm the app up
        for name, environ in environs.items():
            answered = []
            sent = time.perf_counter()
            answer = app(dict(environ), lambda status, headers: answered.append(status))
            b"".join(answer)
            answer.close()
            in_process[name].append((time.perf_counter() - sent) * 1000)
            assert answered[0].startswith(str(kinds[name][2])), (name, answered)
    app.extensions["ledger"].store.dispose()  # closed by this end, before the run drops it
    measured = {}
    for name in kinds:
        measured[f"{name} p50"] = percentile(over_http[name], .5)
        measured[f"{name} p99"] = percentile(over_http[name], .99)
        measured[f"{name} in-process p50"] = percentile(in_process[name][SINGLE:], .5)
    return measured
