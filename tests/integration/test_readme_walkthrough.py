"""The README's "Recording an evening over HTTP" runs as written, with bash and curl, against
the real service under gunicorn: an evening opened, three players, a game, a deal appended at
the version read just before, and the balances it comes to; and so does its example of the
club's tab."""

import json
import re
import subprocess
from pathlib import Path

from tests.server import gunicorn

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough() -> str:
    text = README.read_text()
    section = text[text.index("## Recording an evening over HTTP"):]
    return re.search(r"```bash\n(.*?)```", section, re.S).group(1)


def answers(printed: str) -> list[dict]:
    """The JSON answers curl printed one after the other."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(printed.rstrip()):
        answer, at = decoder.raw_decode(printed, at)
        found.append(answer)
        at += len(printed[at:]) - len(printed[at:].lstrip())
    return found


def test_the_readme_s_walkthrough_runs_as_written(tmp_path):
    script = walkthrough()
    assert script.startswith("API=http://localhost:8000/api/v1\n")
    with gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1) as base:
        ran = subprocess.run(["bash", "-euo", "pipefail", "-c", script.replace(
            "http://localhost:8000", base, 1)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    event, balances = answers(ran.stdout)
    assert event["type"] == "deal_started" and event["version"] == 6  # after 5: opened, 3, game
    players = balances["players"]
    assert [p["name"] for p in players] == ["Mrs Bennet", "Mr Collins", "Mr Darcy"]
    stakes = [-p["counters"] for p in players]  # each one's stake in the pool, the dealer's more
    assert stakes[0] > stakes[1] == stakes[2] > 0 and balances["pools_counters"] == sum(stakes)


def club_walkthrough() -> str:
    text = README.read_text()
    section = text[text.index("**The club's tab.**"):text.index("## On the internet")]
    return re.search(r"```bash\n(.*?)```", section, re.S).group(1)


def test_the_readme_s_tab_example_runs_as_written(tmp_path):
    """Clubs across evenings: an evening of the club carried to its tab, a payment on the
    tab, and the tab it comes to."""
    script = club_walkthrough()
    assert script.startswith("API=http://localhost:8000/api/v1\n")
    with gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1) as base:
        ran = subprocess.run(["bash", "-euo", "pipefail", "-c", script.replace(
            "http://localhost:8000", base, 1)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    (tab,) = answers(ran.stdout)
    (gbp,) = tab["currencies"]
    assert [(m["name"], m["balance_minor"]) for m in gbp["members"]] == [("Ann", -2), ("Cat", 2)]
    ann, cat = (m["member"] for m in gbp["members"])
    assert gbp["transfers"] == [{"from": ann, "to": cat, "amount_minor": 2}]
    assert [e["said"] for e in gbp["entries"]] == [
        "Week 3 carried to the tab: Ann −£0.06, Cat +£0.06", "Ann paid Cat £0.04 on the tab (cash)"]
