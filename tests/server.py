"""Start the real service under gunicorn on a loopback port, for tests that need processes.

Nothing here depends on the machine's speed: every wait polls until a generous deadline
(each attempt bounded by the time left), and every process started is stopped whatever
happens, with its whole process group when it will not stop by itself.
"""

import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
import zlib
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import requests

GUNICORN = Path(sys.executable).with_name("gunicorn")
CONFIG = Path(__file__).resolve().parents[1] / "api" / "gunicorn_conf.py"  # as .ci/serve
STREAM_CONFIG = CONFIG.with_name("gunicorn_stream_conf.py")  # the stream server's
START_SECONDS = 120   # to the first 200 from /healthz: ~1 s idle, far more on a loaded machine
STOP_SECONDS = 30     # for a graceful stop before the group is killed
REQUEST_SECONDS = 60  # a ceiling for one request in a test, never a measure of speed


# Ports handed to servers a test starts. The kernel's free port (a bind to port 0) is free
# only when asked: run side by side, another test process could be handed it too before the
# server binds it. So each process of a run (pytest-xdist's workers) draws in turn from a
# range of its own, below the kernel's ephemeral ports (32768 up), skipping ports in use; a
# run's ranges are placed by its own id, so two runs at once rarely share one either.
PORTS_PER_PROCESS = 500
_RUN = zlib.crc32(os.environ.get("PYTEST_XDIST_TESTRUNUID", uuid.uuid4().hex).encode())
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
_FIRST = 10_000 + (_RUN % 5 * 8 + _WORKER % 8) * PORTS_PER_PROCESS  # (up to 30,000)
_DRAWN = itertools.count()


def free_port(host: str = "127.0.0.1") -> int:
    """A port free now that no other test process of this run is handed."""
    for _ in range(PORTS_PER_PROCESS):
        port = _FIRST + next(_DRAWN) % PORTS_PER_PROCESS
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue  # in use (or not yet released): the next one
            return port
    raise RuntimeError(f"no free port in {_FIRST}–{_FIRST + PORTS_PER_PROCESS - 1}")


def wait_until(condition: Callable[[], object], seconds: float, what: str,
               interval: float = 0.02):
    """Poll `condition` until it returns something true (returned), or fail after `seconds`.
    The pause between polls starts at `interval` and grows to a tenth of a second (or
    `interval`, if longer): a condition asked of a page or a server costs a few milliseconds
    of their CPU each time, which a long wait on a loaded machine took from what it waits for."""
    deadline = time.monotonic() + seconds
    pause, longest = interval, max(interval, 0.1)
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{what}: not within {seconds:g} s")
        time.sleep(pause)
        pause = min(pause * 1.5, longest)


def run_threads(target: Callable[[int], None], count: int,
                seconds: float = 10 * REQUEST_SECONDS) -> None:
    """Run `target(index)` on `count` threads and wait for them all; re-raise the first error
    a thread raised (a thread's exception is otherwise only printed)."""
    errors: list[BaseException] = []

    def guarded(index: int) -> None:
        try:
            target(index)
        except BaseException as error:  # noqa: BLE001 - handed to the test below
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    if errors:
        raise errors[0]
    if any(thread.is_alive() for thread in threads):
        raise TimeoutError(f"threads still running after {seconds:g} s")


class Gunicorn:
    """gunicorn serving `app` on `database_url`, in its own process group.

    The test process binds the port and hands the listening socket to gunicorn (`fd://`), so
    no other process can take the port between choosing it and gunicorn listening, and a
    request sent before a worker is ready waits in the backlog instead of being refused.
    Usable as a context manager (started on entry, stopped on exit). Start it from a thread
    that outlives it: the master is killed when the thread that started it ends."""

    def __init__(self, database_url: str, workers: int = 2, log_dir: Path | None = None,
                 app: str = "api:create_app()", env: dict | None = None,
                 host: str = "127.0.0.1", config: Path = CONFIG, preexec_fn=None):
        self.env = {**os.environ, "LEDGER_DATABASE_URL": database_url, **(env or {})}
        self.workers, self.log_dir, self.app, self.host = workers, log_dir, app, host
        self.config, self.preexec_fn = config, preexec_fn  # e.g. a lower descriptor limit
        self.port = free_port(host)
        self.base = f"http://{host}:{self.port}"
        self.process: subprocess.Popen | None = None

    @property
    def log_path(self) -> Path | None:
        return self.log_dir / f"gunicorn-{self.port}.log" if self.log_dir else None

    def start(self, seconds: float = START_SECONDS) -> str:
        """Start (or, after `kill` or `stop`, restart on the same port) and wait until
        /healthz answers 200; on any failure, nothing started is left running."""
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError("gunicorn is already running")
        deadline = time.monotonic() + seconds
        listener = self._listen(deadline)
        try:
            log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
            try:
                self.process = subprocess.Popen(
                    [*DIE_WITH_PARENT, str(os.getpid()),
                     str(GUNICORN), "--workers", str(self.workers),
                     "--bind", f"fd://{listener.fileno()}",
                     "--config", str(self.config), self.app],
                    env=self.env, stdout=log, stderr=log, pass_fds=[listener.fileno()],
                    start_new_session=True, preexec_fn=self.preexec_fn)
            finally:
                if log is not subprocess.DEVNULL:
                    log.close()
        finally:
            listener.close()  # gunicorn holds it now: the port closes when gunicorn stops
        try:
            self._wait_until_up(deadline)
        except BaseException:
            self._kill_group()
            raise
        return self.base

    def kill(self) -> None:
        """SIGKILL the master and every worker at once, as a power cut of the process would."""
        self._kill_group()

    def stop(self, seconds: float = STOP_SECONDS) -> None:
        """Stop gracefully (SIGTERM to the master); kill the whole group if that fails or
        takes longer than `seconds`, and in any case kill what is left of the group."""
        if self.process is None:
            return
        try:
            if self.process.poll() is None:
                self.process.terminate()
                self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            pass
        finally:
            self._kill_group()

    def __enter__(self) -> "Gunicorn":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def _listen(self, deadline: float) -> socket.socket:
        """A socket listening on our port. After a kill, the port frees once the killed
        processes are gone: retry until then."""
        while True:
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                listener.bind((self.host, self.port))
                listener.listen(128)
                listener.set_inheritable(True)
                return listener
            except OSError:
                listener.close()
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.05)

    def _wait_until_up(self, deadline: float) -> None:
        failure: Exception | None = None
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}"
                                   f"{self._log_tail()}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"gunicorn did not answer /healthz within the deadline "
                                   f"(last: {failure!r}){self._log_tail()}")
            try:
                # a short connect (the socket listens already); the answer waits for a worker
                response = requests.get(f"{self.base}/healthz",
                                        timeout=(min(left, 5), min(left, 10)))
                if response.status_code == 200:
                    return
                failure = RuntimeError(f"/healthz answered {response.status_code}")
            except requests.RequestException as error:
                failure = error
            time.sleep(min(0.05, max(0.0, deadline - time.monotonic())))

    def _kill_group(self, seconds: float = STOP_SECONDS) -> None:
        """SIGKILL every process of the group (the master's pid is its id), reap the master,
        and wait (until a deadline) for the rest of the group to be gone: workers that
        outlive a master killed alone are in the group too."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.01)

    def _log_tail(self, lines: int = 30) -> str:
        if not self.log_path or not self.log_path.exists():
            return ""
        tail = self.log_path.read_text(errors="replace").splitlines()[-lines:]
        return "\n--- gunicorn log ---\n" + "\n".join(tail)


@contextmanager
def gunicorn(database_url: str, workers: int = 2, log_dir: Path | None = None,
             app: str = "api:create_app()", env: dict | None = None):
    """Yields the base URL of a gunicorn serving `app` (the service) on `database_url`."""
    with Gunicorn(database_url, workers, log_dir, app, env) as server:
        yield server.base


# The master is SIGKILLed if the process that started it dies without stopping it (a SIGKILL
# or an unhandled SIGTERM of pytest skips every `finally`); its workers then exit on their own
# when they see their master gone. Linux's parent-death signal, set by a small Python that then
# becomes gunicorn (the signal outlives exec): the tests run threads (Playwright's, the
# helpers'), and Python code run between fork and exec (`preexec_fn`) can deadlock the child on
# a lock another thread held at the fork, leaving Popen waiting for an exec that never comes.
DIE_WITH_PARENT = [sys.executable, "-c", """
import ctypes, os, signal, sys
if sys.platform.startswith("linux"):
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != int(sys.argv[1]):  # the parent died before the signal was set
        sys.exit(1)
os.execv(sys.argv[2], sys.argv[2:])
"""]
