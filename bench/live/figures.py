"""What bench/live prints: percentiles, each phase's figures, and the propagation of appends
to the phones."""

import bisect
import math
from collections import defaultdict

from bench.live.phones import INTERVAL


def percentile(values: list[float], share: float) -> float:
    """Nearest rank; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def figures(appended: list[tuple], phones: list[dict], seconds: float, stop: float) -> dict:
    ms = [(answered - sent) * 1000 for _, _, sent, answered, status in appended if status == 201]
    polls = [poll for each in phones for poll in each["polls"]]
    by_status = defaultdict(list)
    for sent, answered, status in polls:
        by_status[status].append((answered - sent) * 1000)
    delays, missed = propagation(appended, phones, stop)
    return {
        "appends/s": len(ms) / seconds, "append p50": percentile(ms, .5),
        "append p95": percentile(ms, .95), "append p99": percentile(ms, .99),
        "append failures": sum(1 for *_, status in appended if status != 201),
        "polls/s": len(polls) / seconds,
        "304 share": len(by_status[304]) / len(polls) if polls else math.nan,
        "304 p50": percentile(by_status[304], .5), "304 p99": percentile(by_status[304], .99),
        "200 p50": percentile(by_status[200], .5), "200 p99": percentile(by_status[200], .99),
        "poll failures": sum(len(v) for status, v in by_status.items() if status not in (200, 304)),
        "propagation p50": percentile(delays, .5), "propagation p95": percentile(delays, .95),
        "propagation max": max(delays, default=math.nan), "unseen": missed,
    }


def propagation(appended: list[tuple], phones: list[dict], stop: float):
    """For every append and every phone of its session: ms from the 201 to the phone's first
    answer at or past the append's version (0 if before the 201 arrived)."""
    watching = defaultdict(list)
    for each in phones:
        watching[each["sid"]].append(([v for _, v in each["seen"]], [t for t, _ in each["seen"]]))
    delays, missed = [], 0
    for sid, version, _, answered, status in appended:
        if status != 201 or answered > stop - 2 * INTERVAL:
            continue
        for versions, times in watching[sid]:
            index = bisect.bisect_left(versions, version)
            if index == len(versions):
                missed += 1
            else:
                delays.append(max(0.0, times[index] - answered) * 1000)
    return delays, missed


SHOWN = {
    "costs": [f"{name} {what}" for name in ("version 304", "healthz", "no route 404",
                                            "summary 304", "summary 200")
              for what in ("p50", "p99", "in-process p50")],
    "alone": ["appends/s", "append p50", "append p95", "append p99", "append failures",
              "worker cores", "worker CPU per request"],
    "watched": ["appends/s", "append p50", "append p95", "append p99", "append failures",
                "polls/s", "304 share", "200 p50", "200 p99", "propagation p50",
                "propagation p95", "propagation max", "unseen", "poll failures",
                "worker cores"],
    "idle": ["polls/s", "304 share", "304 p50", "304 p99", "poll failures", "worker cores",
             "worker CPU per request"],
    "paced": ["appends/s", "append p50", "append p99", "polls/s", "304 share", "304 p50",
              "304 p99", "200 p50", "200 p99", "propagation p50", "propagation p95",
              "propagation max", "unseen", "poll failures", "worker cores"],
}
SHOWN["across"] = SHOWN["paced"]


def shown(name: str, value: float) -> str:
    if "share" in name:
        return f"{value:.0%}"
    if name.endswith("in-process p50"):
        return f"{value * 1000:.0f} µs"
    if name == "worker CPU per request":
        return f"{value * 1e6:.0f} µs"
    if name == "worker cores":
        return f"{value:.2f}"
    if name.endswith("/s"):
        return f"{value:,.1f}"
    if "failures" in name or name == "unseen":
        return f"{value:.0f}"
    return f"{value:.2f} ms"
