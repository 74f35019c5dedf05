"""Start the real service under gunicorn on a loopback port, for tests that need processes."""

import os
import signal
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


class Gunicorn:
    """gunicorn serving `app` on `database_url`, in its own process group."""

    def __init__(self, database_url: str, workers: int = 2, log_dir: Path | None = None,
                 app: str = "api:create_app()", env: dict | None = None):
        self.env = {**os.environ, "LEDGER_DATABASE_URL": database_url, **(env or {})}
        self.workers, self.log_dir, self.app = workers, log_dir, app
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self) -> str:
        log = (open(self.log_dir / f"gunicorn-{self.port}.log", "ab") if self.log_dir
               else subprocess.DEVNULL)
        self.process = subprocess.Popen(
            [str(GUNICORN), "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
             "--config", "python:api.gunicorn_conf", self.app],
            env=self.env, stdout=log, stderr=log, start_new_session=True)
        _wait_until_up(self.base, self.process)
        return self.base

    def kill(self) -> None:
        """SIGKILL the master and every worker at once, as a power cut of the process would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(20)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)


@contextmanager
def gunicorn(database_url: str, workers: int = 2, log_dir: Path | None = None,
             app: str = "api:create_app()", env: dict | None = None):
    """Yields the base URL of a gunicorn serving `app` (the service) on `database_url`."""
    server = Gunicorn(database_url, workers, log_dir, app, env)
    try:
        yield server.start()
    finally:
        server.stop()


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
