"""The phones of bench/live: threads polling GET …/version with If-None-Match at a fixed
interval, run in a process of their own (so that the appender's timings never wait for the
phones' GIL). Plain http.client: gunicorn's sync workers close every connection anyway."""

import http.client
import json
import random
import threading
import time
from urllib.parse import urlsplit

INTERVAL = 0.5  # the phone's poll while its page is visible
TIMEOUT = 60    # a ceiling for one request, never a measure


def request(base: str, method: str, path: str, headers: dict, body: bytes | None = None):
    """(status, ETag, body) of one request on a new connection; status 0 if it failed."""
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.getheader("ETag"), response.read()
    except OSError:
        return 0, None, b""
    finally:
        connection.close()


def phone(base: str, sid: str, token: str, interval: float, first: float, stop: float) -> dict:
    """Poll the session's version from `first` until `stop`, every `interval` seconds (a poll
    that outlasts the interval skips the ticks it missed). Returns every poll as
    (sent, answered, status) and every version seen as (answered, version)."""
    path = f"/api/v1/sessions/{sid}/version"
    polls, seen, etag = [], [], None
    tick = first
    while tick < stop:
        time.sleep(max(0.0, tick - time.monotonic()))
        headers = {"Authorization": f"Bearer {token}", **({"If-None-Match": etag} if etag else {})}
        sent = time.monotonic()
        status, tag, body = request(base, "GET", path, headers)
        answered = time.monotonic()
        polls.append((sent, answered, status))
        if status == 200:
            etag = tag
            seen.append((answered, json.loads(body)["version"]))
        while tick <= answered:
            tick += interval
    return {"sid": sid, "polls": polls, "seen": seen}


def watch(plan: dict) -> list[dict]:
    """Every phone of `plan` on its own thread: `per_session` phones for each (base, sid,
    read token) of `sessions`, each starting at a random phase of the interval."""
    draw = random.Random(plan.get("seed", 1))
    results, threads = [], []
    for base, sid, token in plan["sessions"]:
        for _ in range(plan["per_session"]):
            first = plan["start"] + draw.uniform(0, plan["interval"])
            thread = threading.Thread(target=lambda *args: results.append(phone(*args)), args=(
                base, sid, token, plan["interval"], first, plan["stop"]), daemon=True)
            threads.append(thread)
            thread.start()
    for thread in threads:
        thread.join()
    return results
