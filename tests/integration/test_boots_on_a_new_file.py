"""Several workers started at once on a new SQLite file always boot: with the project's config
(the app built once in the master, then forked) and without it, as gunicorn's own docs start a
factory (`gunicorn 'api:create_app()' -w 4`: each worker opens the store, one migrates and the
others wait, each puts the file in WAL mode). The file's WAL switch, refused at once while
another process holds its lock, is asked again until the busy timeout."""

import os
from pathlib import Path

import pytest
import requests

from tests.server import CONFIG, REQUEST_SECONDS, Gunicorn

pytestmark = pytest.mark.long
STARTS = 2  # each way, on a new file each time


@pytest.mark.parametrize("workers", [2, 4])
@pytest.mark.parametrize("config", [CONFIG, Path(os.devnull)], ids=["project's config", "none"])
def test_workers_started_together_on_a_new_file_all_boot(tmp_path, workers, config):
    for start in range(STARTS):
        where = tmp_path / f"start-{start}"
        where.mkdir()
        server = Gunicorn(f"sqlite:///{where}/ledger.sqlite3", workers=workers, log_dir=where,
                          config=config)
        with server:
            for _ in range(2 * workers):  # every worker answers (each request may go to any)
                answer = requests.get(f"{server.base}/healthz", timeout=REQUEST_SECONDS)
                assert answer.status_code == 200, answer.text
        log = server.log_path.read_text(errors="replace")
        assert "Worker failed to boot" not in log and "database is locked" not in log, log[-2000:]
