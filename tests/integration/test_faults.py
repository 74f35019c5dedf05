"""Racing writers and a killed server: every acknowledged event is there exactly once."""

import threading
import uuid
from collections import Counter, defaultdict

import pytest
import requests

from tests.server import REQUEST_SECONDS, Gunicorn, gunicorn, run_threads, wait_until

ACKNOWLEDGED_BEFORE_KILL = 25
WAIT_SECONDS = 120  # for the writers to reach a point: a deadline, never a measure of speed


def open_evening(base: str, players: int = 4):
    http = requests.Session()
    opened = http.post(f"{base}/api/v1/sessions", json={"name": "Busy night"},
                       timeout=REQUEST_SECONDS).json()
    url, auth = f"{base}/api/v1/sessions/{opened['id']}", {
        "Authorization": f"Bearer {opened['write_token']}"}
    seats = [http.post(f"{url}/players", json={"name": f"P{i}"}, headers=auth,
                       timeout=REQUEST_SECONDS).json()["id"] for i in range(players)]
    game = http.post(f"{url}/games", json={"kind": "other", "stake": 1, "seats": seats},
                     headers=auth, timeout=REQUEST_SECONDS).json()["id"]
    return url, auth, seats, game


def stake(game, player, amount, event_id=None):
    return {"id": event_id or str(uuid.uuid4()), "type": "stake_paid", "game_id": game,
            "data": {"player": player, "amount": amount}}


def check_the_books(url, auth, acknowledged: dict[str, int]):
    """Every acknowledged id once, versions 1…n, the chain verifies, counters conserved."""
    get = dict(headers=auth, timeout=REQUEST_SECONDS)
    events = requests.get(f"{url}/events", **get).json()["events"]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    ids = Counter(e["id"] for e in events)
    assert all(ids[event_id] == 1 for event_id in acknowledged)
    assert all(sum(p["amount"] for p in e["postings"]) == 0 for e in events)
    assert requests.get(f"{url}/verify", **get).json()["ok"] is True
    balances = requests.get(f"{url}/balances", **get).json()
    paid = sum(e["data"]["amount"] for e in events if e["type"] == "stake_paid")
    assert balances["pools_counters"] == paid
    assert sum(p["counters"] for p in balances["players"]) == -paid
    # an event committed while its answer was lost is paid but not acknowledged
    assert paid >= sum(acknowledged.values())
    return events


@pytest.mark.server
def test_racing_and_resending_writers_on_four_workers(database_url, tmp_path):
    with gunicorn(database_url, workers=4, log_dir=tmp_path) as base:
        url, auth, seats, game = open_evening(base)
        shared = [stake(game, seats[i % 4], 1 + i % 3) for i in range(12)]
        statuses, failures = defaultdict(list), []
        start = threading.Barrier(8, timeout=WAIT_SECONDS)

        def writer(index: int) -> None:
            client = requests.Session()
            start.wait()
            for n in range(12):
                mine = stake(game, seats[(index + n) % 4], 1 + n % 2)
                for body in [mine, shared[n]] + ([mine] if n % 3 == 0 else []):
                    response = client.post(f"{url}/events", json=body, headers=auth,
                                           timeout=REQUEST_SECONDS)
                    statuses[body["id"]].append(response.status_code)
                    if response.status_code not in (200, 201):
                        failures.append(response.text)

        run_threads(writer, 8)
        assert failures == []
        assert all(codes.count(201) == 1 for codes in statuses.values())
        assert all(len(statuses[body["id"]]) == 8 for body in shared)  # raced by all eight
        events = check_the_books(url, auth, {i: 0 for i in statuses})
        assert sum(e["data"]["amount"] for e in events if e["type"] == "stake_paid") == sum(
            body["data"]["amount"] for body in shared) + 8 * sum(1 + n % 2 for n in range(12))
        assert len([e for e in events if e["type"] == "stake_paid"]) == len(statuses) == 8 * 12 + 12


@pytest.mark.server
def test_a_server_killed_mid_load_loses_no_acknowledged_event(database_url, tmp_path):
    with Gunicorn(database_url, workers=2, log_dir=tmp_path) as server:
        url, auth, seats, game = open_evening(server.base)
        acknowledged, lock = {}, threading.Lock()
        stop, killed, cut_off, errors = threading.Event(), threading.Event(), set(), []

        def writer(index: int) -> None:
            try:
                write(index)
            except BaseException as error:  # noqa: BLE001 - asserted on below
                errors.append(error)
                cut_off.add(index)  # no longer waited for

        def write(index: int) -> None:
            client = requests.Session()
            n = 0
            while not stop.is_set():
                body = stake(game, seats[(index + n) % 4], 1 + n % 3)
                n += 1
                try:
                    response = client.post(f"{url}/events", json=body, headers=auth,
                                           timeout=REQUEST_SECONDS)
                except requests.RequestException:  # the server is gone: not acknowledged
                    if killed.is_set():
                        with lock:
                            cut_off.add(index)
                    stop.wait(0.01)
                    continue
                if response.status_code in (200, 201):
                    with lock:
                        acknowledged[body["id"]] = body["data"]["amount"]

        threads = [threading.Thread(target=writer, args=(i,), daemon=True) for i in range(6)]
        try:
            for thread in threads:
                thread.start()
            # kill mid-load once enough events are acknowledged, however long that takes
            enough = ACKNOWLEDGED_BEFORE_KILL
            wait_until(lambda: errors or len(acknowledged) >= enough, WAIT_SECONDS,
                       f"{enough} events acknowledged")
            server.kill()
            killed.set()
            wait_until(lambda: len(cut_off) == len(threads), WAIT_SECONDS,
                       "every writer finding the server gone")
        finally:
            stop.set()
            for thread in threads:
                thread.join(REQUEST_SECONDS + 10)
        assert errors == [] and not any(thread.is_alive() for thread in threads)
        assert len(acknowledged) >= ACKNOWLEDGED_BEFORE_KILL
        server.start()
        events = check_the_books(url, auth, acknowledged)
        assert set(acknowledged) <= {e["id"] for e in events}
        after = requests.post(f"{url}/events", json=stake(game, seats[0], 1), headers=auth,
                              timeout=REQUEST_SECONDS)
        assert after.status_code == 201 and after.json()["version"] == len(events) + 1
