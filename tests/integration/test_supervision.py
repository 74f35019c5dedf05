"""The serve command (`python -m api.serve`) keeps the table answering: `kill -9` of the app
server's master, of one of its workers, of the stream server and of Caddy, one after the
other, and each time the table answers again within 10 s by itself, with no process left
outside the serve command's tree; SIGHUP (the terminal closed) leaves no process at all.
Processes are found in /proc: the stack's are those whose environment names its folder."""

import os
import signal
import time
from pathlib import Path

import pytest
import requests

from tests.server import Gunicorn, wait_until
from tests.table_server import AtTheTable

pytestmark = pytest.mark.server
RECOVERY_SECONDS = 10


def stat(pid: int) -> tuple[int, str] | None:
    """(parent, command line) of a process, or None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        return int(fields[1]), command
    except (OSError, IndexError):
        return None


def stack(where: Path) -> dict[int, tuple[int, str]]:
    """Every live process whose environment names `where`: {pid: (parent, command line)}."""
    marker = str(where).encode()
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if marker not in Path(f"/proc/{entry}/environ").read_bytes():
                continue
        except OSError:
            continue
        if (state := stat(int(entry))) and "<defunct>" not in state[1]:
            if Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found[int(entry)] = state
    return found


def orphans(where: Path, serve: int) -> list[str]:
    """The stack's processes that are not the serve command's descendants."""
    found = stack(where)
    lost = []
    for pid, (parent, command) in found.items():
        while parent not in (serve, 0, 1) and parent in found:
            parent = found[parent][0]
        if pid != serve and parent != serve:
            lost.append(f"{pid}: {command}")
    return lost


def one(where: Path, *words: str, master: bool = True) -> int:
    """The pid of the stack's process whose command has `words`: a master (its parent the
    serve command's tree root) or a worker (its parent a gunicorn)."""
    found = stack(where)
    for pid, (parent, command) in found.items():
        parent_command = found.get(parent, (0, ""))[1]
        is_worker = all(word in parent_command for word in words)
        if all(word in command for word in words) and is_worker != master:
            return pid
    raise LookupError(f"no {' '.join(words)} {'master' if master else 'worker'}")


class Answers:
    """Whether the table answers through its proxy: the app, and a stream's first event."""

    def __init__(self, table: AtTheTable):
        self.base = table.loopback
        opened = requests.post(f"{self.base}/api/v1/sessions", json={"name": "Kept"},
                               timeout=10).json()
        self.stream = (f"{self.base}/api/v1/sessions/{opened['id']}/stream"
                       f"?access_token={opened['read_token']}")

    def __call__(self) -> bool:
        try:
            if requests.get(f"{self.base}/healthz", timeout=1).status_code != 200:
                return False
            if requests.post(f"{self.base}/api/v1/sessions", json={"name": "Again"},
                             timeout=1).status_code != 201:
                return False
            with requests.get(self.stream, stream=True, timeout=1) as answer:
                return answer.status_code == 200 and next(answer.iter_lines()) == b"event: hello"
        except (requests.RequestException, StopIteration):
            return False


def test_kill_9_of_any_server_is_recovered_and_a_hangup_leaves_nothing(tmp_path):
    with AtTheTable(tmp_path, "127.0.0.1", workers=2) as table:
        serve, answers = table.process.pid, Answers(table)
        assert answers() and not orphans(tmp_path, serve)
        targets = {"app master": lambda: one(tmp_path, "gunicorn_conf.py"),
                   "app worker": lambda: one(tmp_path, "gunicorn_conf.py", master=False),
                   "stream master": lambda: one(tmp_path, "gunicorn_stream_conf.py"),
                   "stream worker": lambda: one(tmp_path, "gunicorn_stream_conf.py",
                                                master=False),
                   "caddy": lambda: one(tmp_path, "caddy")}
        for name, find in targets.items():
            os.kill(find(), signal.SIGKILL)
            started = time.monotonic()
            time.sleep(0.2)
            wait_until(answers, RECOVERY_SECONDS, f"the table answering after kill -9 of {name}",
                       0.1)
            print(f"kill -9 of the {name}: answering again in "
                  f"{time.monotonic() - started:.2f} s")
            assert not orphans(tmp_path, serve), name

        os.kill(serve, signal.SIGHUP)
        started = time.monotonic()
        wait_until(lambda: not stack(tmp_path), 20, "every process gone after SIGHUP")
        print(f"SIGHUP: every process gone in {time.monotonic() - started:.2f} s")


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_worker_dies_with_its_master_and_leaves_the_port(tmp_path):
    def workers_of(master: int) -> list[int]:
        return [pid for pid, (parent, _) in stack(tmp_path).items() if parent == master]
    server = Gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=2, log_dir=tmp_path)
    with server:
        master = server.process.pid
        workers = wait_until(lambda: len(workers_of(master)) == 2 and workers_of(master), 10,
                             "both workers")
        os.kill(master, signal.SIGKILL)
        server.process.wait()
        started = time.monotonic()
        wait_until(lambda: all(gone(pid) for pid in workers), 2, "the orphaned workers' exit")
        print(f"workers gone {time.monotonic() - started:.3f} s after their master")
        server.start()  # on the same port, at once
