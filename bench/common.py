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
