"""Shared by the bench scripts: medians of repeated runs, and a printed table."""

import atexit
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path


def median_rate(run, count: int, repeats: int = 3) -> tuple[float, list[float]]:
    """Run `run(count)` `repeats` times; the median of count/seconds, and every rate."""
    rates = []
    for _ in range(repeats):
        started = time.perf_counter()
        run(count)
        rates.append(count / (time.perf_counter() - started))
    return statistics.median(rates), rates


def rates_in_turn(runs: dict, count: int, repeats: int = 3) -> dict:
    """Each `run(count)` of `runs` (by name) once per round, `repeats` rounds, so that a drift
    of the machine falls on every case alike; by name, as `median_rate` returns."""
    rates: dict = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            started = time.perf_counter()
            run(count)
            rates[name].append(count / (time.perf_counter() - started))
    return {name: (statistics.median(each), each) for name, each in rates.items()}


def header(title: str) -> None:
    print(f"# {title}  (cores: {os.cpu_count()})")


def row(name: str, median: float, rates: list[float], unit: str = "events/s") -> None:
    shown = ", ".join(f"{r:,.0f}" for r in rates)
    print(f"{name:<58} {median:>12,.0f} {unit}   runs: {shown}")


def scratch(prefix: str) -> Path:
    """A folder in the temporary folder for a bench's databases and logs, removed when the
    bench ends: a bench leaves nothing behind."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def cpu_seconds(pid: int) -> float:
    """The CPU (user and system) process `pid` has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants_cpu(kinds: dict[str, str]) -> dict[str, float]:
    """The CPU seconds used so far by this process's descendants alive now, summed by kind:
    `kinds` maps a kind to a word its command line holds (the first that matches)."""
    parents, lines = {}, {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit():
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(stat[1])
                lines[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue  # (gone meanwhile)
    mine, used = {os.getpid()}, dict.fromkeys(kinds, 0.0)
    while new := {pid for pid, parent in parents.items() if parent in mine} - mine:
        mine |= new
    for pid in mine - {os.getpid()}:
        kind = next((k for k, word in kinds.items() if word in lines.get(pid, "")), None)
        if kind:
            try:
                used[kind] += cpu_seconds(pid)
            except OSError:
                pass
    return used
