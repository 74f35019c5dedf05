"""The README's serve command as a host runs it (`python -m api.serve`), for the tests that
use the table's whole stack: gunicorn on loopback behind Caddy with its local authority."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.server import DIE_WITH_PARENT, START_SECONDS, STOP_SECONDS, free_port, wait_until


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
