"""Two app servers (each a real gunicorn) on one database: a phone watching a session through
server B sees what another phone recorded through server A, at its next poll."""

import pytest
import requests

from tests.server import REQUEST_SECONDS, gunicorn


@pytest.mark.server
def test_a_watcher_on_server_b_sees_an_append_made_on_server_a(database_url, tmp_path):
    with (gunicorn(database_url, workers=2, log_dir=tmp_path) as server_a,
          gunicorn(database_url, workers=2, log_dir=tmp_path) as server_b):
        http = requests.Session()
        opened = http.post(f"{server_a}/api/v1/sessions", json={"name": "Two rooms"},
                           timeout=REQUEST_SECONDS).json()
        path = f"/api/v1/sessions/{opened['id']}"
        write = {"Authorization": f"Bearer {opened['write_token']}"}
        read = {"Authorization": f"Bearer {opened['read_token']}"}

        def watch(etag: str | None = None) -> requests.Response:
            headers = {**read, **({"If-None-Match": etag} if etag else {})}
            return http.get(f"{server_b}{path}/version", headers=headers,
                            timeout=REQUEST_SECONDS)

        first = watch()
        assert first.status_code == 200 and first.json() == {"version": 1}
        seen = first.headers["ETag"]
        for _ in range(4):  # each poll may land on either of B's workers
            assert watch(seen).status_code == 304
        added = http.post(f"{server_a}{path}/players", json={"name": "Ann"}, headers=write,
                          timeout=REQUEST_SECONDS)
        assert added.status_code == 201
        changed = watch(seen)  # acknowledged on A, so committed: B's next poll sees it
        assert changed.status_code == 200 and changed.json() == {"version": 2}
        assert changed.headers["ETag"] != seen
        summary = http.get(f"{server_b}{path}", headers={**read, "If-None-Match": seen},
                           timeout=REQUEST_SECONDS)
        assert summary.status_code == 200 and [p["name"] for p in summary.json()["players"]] == [
            "Ann"]
        assert summary.headers["ETag"] == changed.headers["ETag"]
        again = http.get(f"{server_a}{path}/version",
                         headers={**read, "If-None-Match": changed.headers["ETag"]},
                         timeout=REQUEST_SECONDS)
        assert again.status_code == 304
