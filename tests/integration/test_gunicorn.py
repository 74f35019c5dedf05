"""The real gunicorn with two workers, appended to from several threads at once."""

import os
import threading
import uuid
from collections import Counter
from pathlib import Path

import pytest
import requests

from tests.server import (REQUEST_SECONDS, START_SECONDS, STREAM_CONFIG, Gunicorn, gunicorn,
                          run_threads, wait_until)

THREADS, EACH = 8, 20


@pytest.mark.server
def test_concurrent_writers_lose_duplicate_and_reorder_nothing(database_url, tmp_path):
    with gunicorn(database_url, workers=2, log_dir=tmp_path) as base:
        http = requests.Session()
        opened = http.post(f"{base}/api/v1/sessions", json={"name": "Busy night"},
                           timeout=REQUEST_SECONDS).json()
        sid, auth = opened["id"], {"Authorization": f"Bearer {opened['write_token']}"}
        waits = {"headers": auth, "timeout": REQUEST_SECONDS}
        url = f"{base}/api/v1/sessions/{sid}"
        players = [http.post(f"{url}/players", json={"name": n}, **waits).json()["id"]
                   for n in ("Ann", "Bob", "Cat", "Dan")]
        game = http.post(f"{url}/games", json={"kind": "other", "stake": 1, "seats": players},
                         **waits).json()["id"]
        acknowledged, statuses, failures, lock = [], Counter(), [], threading.Lock()

        def writer(index: int) -> None:
            client = requests.Session()
            for n in range(EACH):
                body = {"id": str(uuid.uuid4()), "type": "stake_paid", "game_id": game,
                        "data": {"player": players[(index + n) % 4], "amount": 1 + n % 3}}
                for _ in range(2 if n % 4 == 0 else 1):  # every fourth event is sent twice
                    response = client.post(f"{url}/events", json=body, **waits)
                    with lock:  # Counter's += is a read and a write
                        statuses[response.status_code] += 1
                    if response.status_code not in (200, 201):
                        failures.append(response.text)
                acknowledged.append(body["id"])

        run_threads(writer, THREADS)

        assert failures == []
        assert statuses == {201: THREADS * EACH, 200: THREADS * EACH // 4}
        events = http.get(f"{url}/events", **waits).json()["events"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        stakes = [e["id"] for e in events if e["type"] == "stake_paid"]
        assert sorted(stakes) == sorted(acknowledged)
        assert http.get(f"{url}/verify", **waits).json()["ok"] is True
        balances = http.get(f"{url}/balances", **waits).json()
        paid = sum(1 + n % 3 for n in range(EACH)) * THREADS
        assert balances["pools_counters"] == paid
        assert sum(p["counters"] for p in balances["players"]) == -paid


def _open_files(pid: int) -> set[str]:
    names = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            names.add(os.readlink(fd))
        except OSError:  # closed meanwhile
            pass
    return names


@pytest.mark.server
@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="reads Linux's /proc")
def test_the_preloading_master_hands_no_database_file_to_its_workers(tmp_path):
    """The app is built in the master (it migrates there); what a worker writes with, its
    connections and the writers' lock file, must be its own, not inherited across fork."""
    database = tmp_path / "ledger.sqlite3"
    with Gunicorn(f"sqlite:///{database}", workers=2, log_dir=tmp_path) as server:
        master = server.process.pid
        children = Path(f"/proc/{master}/task/{master}/children")

        def both_workers() -> list[int]:
            pids = [int(pid) for pid in children.read_text().split()]
            return pids if len(pids) == 2 else []

        # the first worker answers /healthz while the master may still be forking the second
        workers = wait_until(both_workers, START_SECONDS, "both workers forked")
        http = requests.Session()
        for n in range(8):  # writes, likely on both workers
            opened = http.post(f"{server.base}/api/v1/sessions", json={"name": f"Night {n}"},
                               timeout=REQUEST_SECONDS)
            assert opened.status_code == 201
        assert not {name for name in _open_files(master) if name.startswith(str(database))}
        held = set().union(*(_open_files(pid) for pid in workers))
        assert f"{database}-writers.lock" in held  # opened by a worker, after the fork


@pytest.mark.server
def test_the_servers_leave_no_control_socket_for_another_to_take(tmp_path):
    """gunicorn 25.1+ serves a control socket at one path per user, which each new master
    takes over and each stopping one deletes: the service's app and stream servers (and a
    second service on the machine) would take it from each other. Their settings turn it off."""
    runtime, home = tmp_path / "run", tmp_path / "home"
    runtime.mkdir()
    home.mkdir()
    env = {"XDG_RUNTIME_DIR": str(runtime), "HOME": str(home)}
    database_url = f"sqlite:///{tmp_path}/ledger.sqlite3"  # the store is not what is tested
    with (Gunicorn(database_url, workers=1, env=env) as app,
          Gunicorn(database_url, workers=1, env=env, config=STREAM_CONFIG) as streams):
        for server in (app, streams):
            assert requests.get(f"{server.base}/healthz", timeout=REQUEST_SECONDS).ok
        assert list(runtime.iterdir()) == []
        assert list(home.iterdir()) == []
