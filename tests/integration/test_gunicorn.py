"""The real gunicorn with two workers, appended to from several threads at once."""

import threading
import uuid
from collections import Counter

import pytest
import requests

from tests.server import gunicorn

THREADS, EACH = 8, 20


@pytest.mark.server
def test_concurrent_writers_lose_duplicate_and_reorder_nothing(database_url, tmp_path):
    with gunicorn(database_url, workers=2, log_dir=tmp_path) as base:
        http = requests.Session()
        opened = http.post(f"{base}/api/v1/sessions", json={"name": "Busy night"}).json()
        sid, auth = opened["id"], {"Authorization": f"Bearer {opened['write_token']}"}
        url = f"{base}/api/v1/sessions/{sid}"
        players = [http.post(f"{url}/players", json={"name": n}, headers=auth).json()["id"]
                   for n in ("Ann", "Bob", "Cat", "Dan")]
        game = http.post(f"{url}/games", json={"kind": "other", "stake": 1, "seats": players},
                         headers=auth).json()["id"]
        acknowledged, statuses, failures = [], Counter(), []

        def writer(index: int) -> None:
            client = requests.Session()
            for n in range(EACH):
                body = {"id": str(uuid.uuid4()), "type": "stake_paid", "game_id": game,
                        "data": {"player": players[(index + n) % 4], "amount": 1 + n % 3}}
                for _ in range(2 if n % 4 == 0 else 1):  # every fourth event is sent twice
                    response = client.post(f"{url}/events", json=body, headers=auth, timeout=30)
                    statuses[response.status_code] += 1
                    if response.status_code not in (200, 201):
                        failures.append(response.text)
                acknowledged.append(body["id"])

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert failures == []
        assert statuses == {201: THREADS * EACH, 200: THREADS * EACH // 4}
        events = http.get(f"{url}/events", headers=auth).json()["events"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        stakes = [e["id"] for e in events if e["type"] == "stake_paid"]
        assert sorted(stakes) == sorted(acknowledged)
        assert http.get(f"{url}/verify", headers=auth).json()["ok"] is True
        balances = http.get(f"{url}/balances", headers=auth).json()
        paid = sum(1 + n % 3 for n in range(EACH)) * THREADS
        assert balances["pools_counters"] == paid
        assert sum(p["counters"] for p in balances["players"]) == -paid
