"""The README's serve command as a host runs it (`python -m api.serve`), for the tests that
use the table's whole stack: gunicorn on loopback behind Caddy with its local authority; and
a club's public recipe (its Caddyfile in front of gunicorn) on plain http."""

import os
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.server import (DIE_WITH_PARENT, START_SECONDS, STOP_SECONDS, Gunicorn, free_port,
                          wait_until)

PUBLIC_CADDYFILE = Path(__file__).resolve().parents[1] / "api" / "deploy" / "Caddyfile"


class AtTheTable:
    """The README's serve command as a host runs it (`python -m api.serve`: gunicorn on
    loopback behind Caddy with its local authority), on free ports and a throwaway store
    and authority; `address` is this machine's network address. Stopped, with everything it
    started, on exit."""

    def __init__(self, where: Path, address: str, workers: int = 1, env: dict | None = None):
        self.where, self.address, self.workers, self.env = where, address, workers, env or {}
        self.http_port, self.https_port, self.upstream_port, self.stream_port = (
            free_port(), free_port(), free_port(), free_port())
        self.authority = where / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.log_path = where / "serve.log"
        self.process: subprocess.Popen | None = None

    @property
    def secure(self) -> str:
        return f"https://{self.address}:{self.https_port}"

    @property
    def plain(self) -> str:
        return f"http://{self.address}:{self.http_port}"

    @property
    def loopback(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def __enter__(self) -> "AtTheTable":
        env = {**os.environ, "LEDGER_DATABASE_URL": f"sqlite:///{self.where}/ledger.sqlite3",
               "LEDGER_ADDRESSES": self.address, "LEDGER_HTTP_PORT": str(self.http_port),
               "LEDGER_HTTPS_PORT": str(self.https_port), "WORKERS": str(self.workers),
               "LEDGER_UPSTREAM": f"127.0.0.1:{self.upstream_port}",
               "LEDGER_STREAM_UPSTREAM": f"127.0.0.1:{self.stream_port}",
               "LEDGER_CADDY_DATA": str(self.where / "caddy"), **self.env}
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [*DIE_WITH_PARENT, str(os.getpid()), sys.executable, "-m", "api.serve"],
                cwd=Path(__file__).resolve().parents[1], env=env, stdout=log, stderr=log,
                start_new_session=True)
        try:
            wait_until(lambda: self.process.poll() is not None or "is serving" in self.log(),
                       START_SECONDS, "the serve command")
            if self.process.poll() is not None:
                raise RuntimeError(f"api.serve exited with {self.process.returncode}:\n"
                                   f"{self.log()[-3000:]}")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()  # the launcher stops gunicorn and Caddy
            try:
                self.process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # whatever is left of its group
        except ProcessLookupError:
            pass
        self.process.wait()


@contextmanager
def public_proxy(tmp_path: Path, timeouts: dict[str, str], workers: int = 1):
    """The public recipe's Caddy (plain http on a free port, its admin endpoint off, the
    `timeouts` given as its environment) in front of gunicorn; yields the proxy's port."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("Caddy is not installed")
    port = free_port()
    caddyfile = tmp_path / "Caddyfile"
    caddyfile.write_text(PUBLIC_CADDYFILE.read_text().replace("{\n", "{\n\tadmin off\n", 1))
    with Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=workers,
                  log_dir=tmp_path) as service:
        env = {**os.environ, **timeouts, "LEDGER_DOMAIN": f"http://127.0.0.1:{port}",
               "LEDGER_ACME_EMAIL": "test@example.org",
               "LEDGER_UPSTREAM": f"127.0.0.1:{service.port}",
               "LEDGER_STREAM_UPSTREAM": f"127.0.0.1:{free_port()}",
               "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path)}
        with open(tmp_path / "caddy.log", "ab") as log:
            proxy = subprocess.Popen([*DIE_WITH_PARENT, str(os.getpid()), caddy, "run",
                                      "--config", str(caddyfile), "--adapter", "caddyfile"],
                                     env=env, stdout=log, stderr=log, start_new_session=True)
        try:
            wait_until(lambda: _answers(f"http://127.0.0.1:{port}/healthz"), 30,
                       "the public recipe's Caddy")
            yield port
        finally:
            proxy.terminate()
            proxy.wait(10)


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False
