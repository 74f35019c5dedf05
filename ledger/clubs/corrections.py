"""A file brought in again with other figures for an evening already brought in: each
member's result that differs is a conflict the preview shows (which evening, which member,
what stands and what the file says), and a confirmation that accepts them records the
club's `evening_corrected` with exactly those differences. Nothing is overwritten: the
evening's first figures stay in its `evening_imported`, each correction in its own fact."""

FIGURES = ("counters", "amount_minor")


def conflicts(standing: dict, held: dict) -> list[dict]:
    """Each difference between an evening as the club has it (`standing`: its results by
    member, as corrected so far) and as the file gives it (`held`: by member id, or
    `new:<name>` for a member the file adds), in the file's order, then those the file no
    longer names."""
    found = []
    for who, result in held["results"].items():
        before = _figures(standing["results"].get(who))
        after = _figures(result)
        if before != after:
            found.append(_conflict(held, who, result["name"], before, after, held["lines"][who]))
    for who, result in standing["results"].items():
        if who not in held["results"]:
            found.append(_conflict(held, who, result["name"], _figures(result), None, None))
    return found


def _figures(result: dict | None) -> dict | None:
    return None if result is None else {key: result[key] for key in FIGURES}


def _conflict(held: dict, who: str, name: str, before, after, line) -> dict:
    return {"evening": held["id"], "date": held["date"], "evening_name": held["name"],
            "member": who, "name": name, "line": line, "before": before, "after": after}


def changes(found: list[dict], made: dict[str, str]) -> dict[str, list[dict]]:
    """The data of each evening's `evening_corrected`: its conflicts, a member the file adds
    by the id he is given (`made`)."""
    by_evening: dict[str, list[dict]] = {}
    for conflict in found:
        by_evening.setdefault(conflict["evening"], []).append({
            "member": made.get(conflict["member"], conflict["member"]), "name": conflict["name"],
            "before": conflict["before"], "after": conflict["after"]})
    return by_evening
