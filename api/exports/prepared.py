"""Files that may take longer to write than a request should last (a long evening's workbook):
prepared off the request, once per version of what they are of, and fetched when ready.

A request for one claims its writing (a claim file made with O_EXCL, so that two workers
asked at once write it once), writes it on a thread of its own and waits for it a while
(`EXPORT_WAIT`, 2 s): a file written by then is the answer, as for any evening of a few
thousand rows. Else the answer says how far the writing is (the claim holds the rows
written and the rows in all), the worker is free for the next request, and the thread
leaves the finished file in the folder, where the next request, on any worker, finds it.
A request that finds another's claim waits the same while for its file. A file is kept ten
minutes (for another phone's tap) and until a later version of the same evening is ready;
a claim whose writing stopped (its worker killed) lapses after `STALE` seconds unchanged.
The folder is `EXPORTS_DIR`, or one beside the SQLite file (`ledger.sqlite3` → `ledger.files`), or one
in the temporary folder for PostgreSQL.
"""

import contextvars
import hashlib
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

STALE = 30.0  # seconds a claim may go unchanged while its file is written (it ticks often)
KEPT = 600.0  # seconds a ready file is kept
LOOK_EVERY = 0.1  # seconds between looks at another worker's claim

Write = Callable[[Callable[[int, int], None]], bytes]  # write(tick) → the file; tick(rows written, rows)


@dataclass
class Progress:
    """A file being written: `written` of its `rows` so far (0 of 0 until it knows)."""

    written: int
    rows: int


def beside(database_url: str) -> Path:
    """The folder of a service's files unless told: beside its SQLite file (where its WAL is
    written), or else in the temporary folder."""
    if database_url.startswith("sqlite:///") and ":memory:" not in database_url:
        database = Path(database_url.removeprefix("sqlite:///").split("?", 1)[0])
        return database.with_name(f"{database.stem}.files")
    return Path(tempfile.gettempdir()) / "parlour-ledger-files"


class Job:
    """One file written on this worker: its bytes go to the request waiting for them or, once
    that request has answered without them, into the folder."""

    def __init__(self):
        self.lock, self.done = threading.Lock(), threading.Event()
        self.body: bytes | None = None
        self.error: BaseException | None = None
        self.unwatched = False


class Preparations:
    """The folder of prepared files, shared by a service's workers."""

    def __init__(self, folder: Path | str | None, database_url: str, wait: float):
        self.folder = Path(folder) if folder else beside(database_url)
        self.database, self.wait = database_url, wait

    def key(self, stream: str, version: int, name: str, language: str = "en") -> str:
        """A file's name in the folder: of this database's stream at this version, in this
        language (its words are)."""
        family = hashlib.sha256(f"{self.database}\0{stream}\0{language}".encode()).hexdigest()[:32]
        return f"{family}-{version}-{name}"

    def fetch(self, key: str, prepare: Callable[[], Write]) -> bytes | Progress:
        """The file's bytes if ready within the wait, else how far its writing is. `prepare()`
        is called here only by the request that is to write it, and returns what writes it."""
        deadline = time.monotonic() + self.wait
        while True:
            try:
                return (self.folder / key).read_bytes()
            except FileNotFoundError:
                pass
            claim = self._claim(key)
            if claim is not None:
                return self._write(key, claim, prepare(), deadline)
            progress = self._progress(key)
            if progress is not None and time.monotonic() >= deadline:
                return progress
            time.sleep(LOOK_EVERY)

    def _claim(self, key: str) -> int | None:
        """The claim's descriptor if this request is to write the file, else None."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        part = self.folder / f"{key}.part"
        for _ in range(2):
            try:
                claim = os.open(part, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            except FileExistsError:
                if not self._lapsed(part):
                    return None
                part.unlink(missing_ok=True)
                continue
            self._sweep()
            return claim
        return None

    def _write(self, key: str, claim: int, write: Write, deadline: float) -> bytes | Progress:
        job = Job()

        def tick(written: int, rows: int) -> None:
            os.pwrite(claim, f"{written} {rows}".encode().ljust(40), 0)

        threading.Thread(target=contextvars.copy_context().run,  # (in the request's language)
                         args=(self._run, key, claim, write, tick, job), daemon=True,
                         name=f"writing {key}").start()
        job.done.wait(max(deadline - time.monotonic(), 0))
        with job.lock:
            if not job.done.is_set():
                job.unwatched = True
                return self._progress(key) or Progress(0, 0)
        if job.error is not None:
            raise job.error
        return job.body

    def _run(self, key: str, claim: int, write: Write, tick, job: Job) -> None:
        body = error = None
        try:
            body = write(tick)
        except BaseException as failed:  # told to the request waiting, or logged
            error = failed
        with job.lock:
            job.body, job.error = body, error
            kept = job.unwatched
            try:
                if not kept:  # the claim goes before the request waiting for the file answers,
                    self._release(key, claim)  # and an older version kept for a slower ask
                    if body is not None:
                        self._drop_older(key)
            finally:
                job.done.set()
        if not kept:
            return
        try:  # kept: in the folder before the claim goes, so that no one writes it again
            if body is not None:
                self._keep(key, body)
            else:
                logging.getLogger(__name__).error("%s not written", key, exc_info=error)
        finally:
            self._release(key, claim)

    def _release(self, key: str, claim: int) -> None:
        os.close(claim)
        (self.folder / f"{key}.part").unlink(missing_ok=True)

    def _keep(self, key: str, body: bytes) -> None:
        """The file in the folder whole (written aside, then renamed), and no older version's."""
        new = self.folder / f"{key}.new"
        with open(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(body)  # (the service's own: an evening's every figure)
        os.replace(new, self.folder / key)
        self._drop_older(key)

    def _drop_older(self, key: str) -> None:
        family, version, name = key.split("-", 2)
        for other in self.folder.glob(f"{family}-*-{name}"):
            if int(other.name.split("-", 2)[1]) < int(version):
                other.unlink(missing_ok=True)

    def _progress(self, key: str) -> Progress | None:
        try:
            said = (self.folder / f"{key}.part").read_text().split()
        except FileNotFoundError:
            return None
        try:
            return Progress(*map(int, said))
        except (TypeError, ValueError):  # a claim not yet ticked
            return Progress(0, 0)

    def _lapsed(self, part: Path) -> bool:
        try:
            return time.time() - part.stat().st_mtime > STALE
        except FileNotFoundError:
            return True

    def _sweep(self) -> None:
        """Files kept past their time, and what a killed worker left, removed."""
        now = time.time()
        for path in self.folder.iterdir():
            try:
                if now - path.stat().st_mtime > (STALE if path.suffix == ".new" else KEPT):
                    path.unlink(missing_ok=True)
            except FileNotFoundError:
                pass
