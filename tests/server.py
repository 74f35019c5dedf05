"""Start the real service under gunicorn on a loopback port, for tests that need processes."""

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import requests

GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def gunicorn(database_url: str, workers: int = 2, log_dir: Path | None = None,
             app: str = "api:create_app()", env: dict | None = None):
    """Yields the base URL of a gunicorn serving `app` (the service) on `database_url`."""
    port = free_port()
    env = {**os.environ, "LEDGER_DATABASE_URL": database_url, **(env or {})}
    log = open(log_dir / f"gunicorn-{port}.log", "wb") if log_dir else subprocess.DEVNULL
    process = subprocess.Popen(
        [str(GUNICORN), "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
         "--config", "python:api.gunicorn_conf", app],
        env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, process)
        yield base
    finally:
        process.terminate()
        process.wait(20)
        if log_dir:
            log.close()


def _wait_until_up(base: str, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            if requests.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not come up")
