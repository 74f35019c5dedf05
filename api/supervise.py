"""The serve command's children (gunicorn's two servers, Caddy), each watched: started in a
process group of its own, with Linux's parent-death signal, so that nothing outlives the
serve command however it ends (Ctrl-C, a closed terminal, `kill -9`); started again when one
dies; stopped with whatever is left of its group.

A gunicorn master's workers are in its group: a master killed alone leaves no worker
holding its port, since its group is killed before it is started again (and each worker has
a parent-death signal of its own: api/gunicorn_conf.py)."""

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PR_SET_PDEATHSIG = 1
QUICK_DEATHS = 5      # deaths in a row, each soon after its start: then it is given up
QUICK_SECONDS = 10


def die_with_parent(sig: int = signal.SIGTERM) -> None:
    """In a process just forked (or in a gunicorn worker): `sig` when its parent dies."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)


class Child:
    """One supervised process: `command` in `cwd` with `env`, its output to `log`."""

    def __init__(self, command: list[str], cwd: Path, env: dict, log: Path | None = None):
        self.command, self.cwd, self.env, self.log = command, cwd, env, log
        self.name = Path(command[0]).name
        self.process: subprocess.Popen | None = None
        self.started, self.quick_deaths = 0.0, 0

    def start(self) -> None:
        parent = os.getpid()

        def in_child():  # the serve command is single-threaded: safe between fork and exec
            die_with_parent(signal.SIGTERM)
            if os.getppid() != parent:  # the serve command died before the signal was set
                os._exit(1)
        output = open(self.log, "ab") if self.log else None
        try:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, env=self.env,
                                            stdout=output, stderr=output,
                                            start_new_session=True, preexec_fn=in_child)
        finally:
            if output:
                output.close()
        self.started = time.monotonic()

    def died(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def restart(self) -> None:
        """Start again, once what was left of its group is gone; refuse (SystemExit) one
        that keeps dying as it starts."""
        quick = time.monotonic() - self.started < QUICK_SECONDS
        self.quick_deaths = self.quick_deaths + 1 if quick else 0
        if self.quick_deaths >= QUICK_DEATHS:
            raise SystemExit(f"{self.name} keeps stopping as it starts (exit "
                             f"{self.process.returncode}); not started again.")
        print(f"{self.name} stopped (exit {self.process.returncode}): starting it again.",
              file=sys.stderr, flush=True)
        self.kill_group()
        self.start()

    def terminate(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def stop(self, seconds: float) -> None:
        """Wait up to `seconds` for a terminated child, then kill its whole group."""
        if self.process is None:
            return
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            pass
        self.kill_group()

    def kill_group(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # its workers, reaped by init
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.02)
