#!/usr/bin/env python
"""Phones watching sessions by polling: what it costs the appends, and how soon a change shows.

The real service under gunicorn as .ci/serve starts it (WORKERS sync workers, default 2,
api/gunicorn_conf.py), on a new SQLite file per run, or with --postgres on a new database of
LEDGER_BENCH_POSTGRES_URL (without it, a throwaway cluster with durable commits, started by
.ci/postgres for the bench). Each run opens 10 sessions and takes, one after the other:

  costs    one request at a time: GET …/version answered 304, GET /healthz, a path with no
           route (404: the floor of any request), the summary answered 304 and 200 (a
           fold and a dump), over HTTP in turn, and the same calls to the app in this
           process (no HTTP and no gunicorn);
  alone    one appender posting stake_paid as fast as it can, round robin over the sessions;
  watched  the same while 50 phones (5 a session) poll GET …/version with If-None-Match
           every 500 ms (every answer a 200: the version moves between two polls);
  idle     the phones alone: every answer a 304;
  paced    one append every 100 ms (each session one a second) while the phones poll;
  across   (--postgres) as paced, the appends sent to server A and the phones polling
           server B, a second gunicorn on the same database.

Propagation: for every append and every phone of its session, the time from the append's 201
to that phone's first answer showing the version (0 if the phone saw it first); appends in
the last second of a phase are left out. Worker cores: the CPU the gunicorn workers spent
in a phase (/proc) per second of it, and per request answered. The phones run in a process
of their own. Prints each run, then the medians of the runs.
Usage: bench/live [--postgres] [--seconds N (per phase, default 10)] [--runs N (default 3)]
"""

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from bench.common import header, scratch  # noqa: E402
from bench.live.costs import costs  # noqa: E402
from bench.live.figures import SHOWN, figures, shown  # noqa: E402
from bench.live.phones import INTERVAL, request, watch  # noqa: E402
from tests.server import Gunicorn  # noqa: E402

SESSIONS, PHONES_PER_SESSION = 10, 5
PACE = 0.1      # paced: one append every 100 ms over the ten sessions
WORKERS = int(os.environ.get("WORKERS", "2"))  # as .ci/serve
SETTLE = 1.0    # the phones' process is told to start this long after it is asked


def options():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--runs", type=int, default=3)
    return parser.parse_args()


def with_a_cluster() -> int:
    """Run this bench again inside a throwaway PostgreSQL cluster (.ci/postgres, fsync on),
    stopped when it ends."""
    env = {**os.environ, "PG_FSYNC": "on"}  # on a free port
    script = 'source .ci/postgres && LEDGER_BENCH_POSTGRES_URL=$LEDGER_TEST_POSTGRES_URL "$@"'
    return subprocess.call(["bash", "-c", script, "bash", sys.executable,
                            str(ROOT / "bench" / "live"), *sys.argv[1:]], cwd=ROOT, env=env)


class Database:
    """A new, empty database for one run, dropped afterwards on PostgreSQL."""

    def __init__(self, postgres_url: str | None):
        self.admin_url, self.name = postgres_url, f"ledger_live_{uuid.uuid4().hex[:12]}"
        if postgres_url is None:
            self.url = f"sqlite:///{scratch('ledger-live-')}/ledger.sqlite3"
            return
        self._admin(f'CREATE DATABASE "{self.name}"')
        self.url = postgres_url.rsplit("/", 1)[0] + f"/{self.name}"

    def drop(self) -> None:
        if self.admin_url is not None:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def _admin(self, statement: str) -> None:
        admin = create_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(statement))
        admin.dispose()


def call(base: str, method: str, path: str, token: str | None = None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    status, _, answer = request(base, method, path, headers, json.dumps(body).encode())
    assert status in (200, 201), (status, answer)
    return json.loads(answer)


def open_session(base: str, number: int) -> dict:
    opened = call(base, "POST", "/api/v1/sessions", body={"name": f"Table {number}"})
    path, token = f"/api/v1/sessions/{opened['id']}", opened["write_token"]
    players = [call(base, "POST", f"{path}/players", token, {"name": name})["id"]
               for name in ("Ann", "Ben")]
    game = call(base, "POST", f"{path}/games", token,
                {"kind": "other", "stake": 1, "seats": players})["id"]
    return {"id": opened["id"], "write": token, "read": opened["read_token"],
            "game": game, "player": players[0]}


def append_until(base: str, sessions: list[dict], start: float, stop: float,
                 pace: float | None) -> list[tuple]:
    """Append stake_paid round robin from `start` to `stop`, back to back or one every
    `pace` seconds; every append as (sid, version, sent, answered, status)."""
    appended, tick, number = [], start, 0
    time.sleep(max(0.0, start - time.monotonic()))
    while time.monotonic() < stop:
        if pace is not None:
            time.sleep(max(0.0, tick - time.monotonic()))
            tick += pace
        session = sessions[number % len(sessions)]
        number += 1
        body = json.dumps({"id": str(uuid.uuid4()), "type": "stake_paid",
                           "game_id": session["game"],
                           "data": {"player": session["player"], "amount": 1}}).encode()
        sent = time.monotonic()
        status, _, answer = request(base, "POST", f"/api/v1/sessions/{session['id']}/events",
                                    {"Authorization": f"Bearer {session['write']}",
                                     "Content-Type": "application/json"}, body)
        answered = time.monotonic()
        version = json.loads(answer)["version"] if status == 201 else None
        appended.append((session["id"], version, sent, answered, status))
    return appended


def worker_seconds(servers: list[Gunicorn]) -> float:
    """CPU seconds (user and system) the servers' workers have spent so far (Linux /proc)."""
    total = 0
    for server in servers:
        master = server.process.pid
        for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def phase(pool, servers: list[Gunicorn], append_to: str | None, watch_on: str | None,
          sessions: list[dict], seconds: float, pace: float | None = None) -> dict:
    """One phase: appends to `append_to` and phones polling `watch_on` (either may be None),
    over the same `seconds`; with the CPU the servers' workers spent meanwhile."""
    start = time.monotonic() + SETTLE
    stop = start + seconds
    watching = watch_on and pool.submit(watch, {
        "sessions": [(watch_on, s["id"], s["read"]) for s in sessions],
        "per_session": PHONES_PER_SESSION, "interval": INTERVAL, "start": start, "stop": stop})
    time.sleep(max(0.0, start - time.monotonic()))
    spent = worker_seconds(servers)
    appended = append_until(append_to, sessions, start, stop, pace) if append_to else []
    phones = watching.result() if watching else []
    time.sleep(max(0.0, stop - time.monotonic()))
    spent = worker_seconds(servers) - spent
    measured = figures(appended, phones, seconds, stop)
    measured["worker cores"] = spent / seconds
    measured["worker CPU per request"] = spent / max(1, len(appended) + sum(
        len(each["polls"]) for each in phones))
    return measured


def one_run(pool, postgres_url: str | None, seconds: float) -> dict:
    database = Database(postgres_url)
    try:
        with ExitStack() as stack:
            server = stack.enter_context(Gunicorn(database.url, workers=WORKERS))
            base, servers = server.base, [server]
            sessions = [open_session(base, n) for n in range(SESSIONS)]
            run = {"costs": costs(base, database.url, sessions[0]),
                   "alone": phase(pool, servers, base, None, sessions, seconds),
                   "watched": phase(pool, servers, base, base, sessions, seconds),
                   "idle": phase(pool, servers, None, base, sessions, seconds),
                   "paced": phase(pool, servers, base, base, sessions, seconds, PACE)}
            if postgres_url is not None:
                other = stack.enter_context(Gunicorn(database.url, workers=WORKERS))
                run["across"] = phase(pool, [server, other], base, other.base, sessions,
                                      seconds, PACE)
            return run
    finally:
        database.drop()


def main() -> int:
    args = options()
    postgres_url = os.environ.get("LEDGER_BENCH_POSTGRES_URL") if args.postgres else None
    if args.postgres and not postgres_url:
        return with_a_cluster()
    store = "PostgreSQL" if args.postgres else "SQLite"
    header(f"bench/live: {store}, gunicorn {WORKERS} sync workers, {SESSIONS} sessions, "
           f"{SESSIONS * PHONES_PER_SESSION} phones polling every {INTERVAL * 1000:.0f} ms, "
           f"{args.seconds:g} s per phase, median of {args.runs} runs")
    runs = []
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pool.submit(time.sleep, 0).result()  # the phones' process started and ready
        for number in range(1, args.runs + 1):
            runs.append(one_run(pool, postgres_url, args.seconds))
            for name, values in runs[-1].items():
                print(f"run {number} {name:<8} " + "  ".join(
                    f"{key} {shown(key, values[key])}" for key in SHOWN[name]), flush=True)
    print("medians:")
    for name in runs[0]:
        print(f"  {name:<8} " + "  ".join(
            f"{key} {shown(key, statistics.median(run[name][key] for run in runs))}"
            for key in SHOWN[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
