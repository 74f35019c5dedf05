"""Old seasons brought into a club from a spreadsheet: past evenings' results as a CSV, an
.xlsx or a Splitwise export (`ledger.clubs.files`), read as a person's spreadsheet writes
them, previewed with every problem by line, recorded only when confirmed, and never twice.

A CSV is read as `ledger.clubs.spreadsheet` reads one. Its columns are found by their
headers, in any order and case: the date, the evening's name, the member, the result in
counters and/or in money, and optionally the game and the currency. One line a member's
result; the lines of one evening (same date and name) make it. An evening's results must sum
to zero (in counters, and in money).

Each evening is recorded as the club's `evening_imported`, its id made from the club, its
date and its name, so the same evening from the same file (or another) is recorded once;
the same evening with other figures is a conflict of the preview, recorded as a correction
when confirmed so (`ledger.clubs.corrections`).
"""


import hashlib
import re
import unicodedata

from ledger.clubs import corrections, files
from ledger.clubs.dates import DAY_FIRST, readings
from ledger.clubs.rules import twin_of
from ledger.clubs.spreadsheet import MAX_AMOUNT, MAX_BYTES, ImportProblem, Row, _minor, counted
from ledger.language import _

def evening_id(club_id: str, date: str, name: str) -> str:
    """The id of an imported evening's fact: the same club, date and name, the same id."""
    key = f"{club_id}\n{date}\n{unicodedata.normalize('NFC', name).casefold()}"
    return "imported-" + hashlib.sha256(key.encode()).hexdigest()[:40]


def member_id(club_id: str, name: str, members: dict) -> str:
    """The id of a member an import adds: made from the club and the name, so that the same
    file sent twice adds him once; if a member who came in under that name was renamed since
    (Zed, now Zachary), the new Zed gets an id of his own, not Zachary's results."""
    made = evening_id(club_id, "member", name).replace("imported-", "member-")
    candidate, n = made, 1
    while candidate in members and _key(members[candidate]["name"]) != _key(name):
        n += 1
        candidate = f"{made}-{n}"
    return candidate


def preview(state, raw: bytes, currency: str = "GBP", counter_value: int = 1,
            members: dict[str, str] | None = None, dates: str | None = None) -> dict:
    """What the file would record in the club (`state`): its evenings with their results, the
    members it names that the club does not have (`members` may say, by name, "new" or the
    id of the member a name stands for), and every problem by line. `ready` when it can be
    recorded as it is; `new`: the evenings not imported already; `conflicts`: each result the
    file gives otherwise for an evening imported already (recorded, as corrections, only
    when the confirmation says so); `dates`: how its dates read, and whether the import
    must say which way (`dates`: day_first or month_first). Unsaid, the dates are read the
    only way they all can be, if there is one (a file readable only month first is shown
    month first, and still asked about), else day first."""
    if len(raw) > MAX_BYTES:
        raise ImportProblem(_("The file is %(size)s MB: at most %(most)s MB; split it by season.",
                              size=counted(round(len(raw) / 1e6, 1)),
                              most=MAX_BYTES // (1024 * 1024)))
    sheet = files.read(raw)
    order = readings([(line, cells[sheet.found["date"]]) for line, cells in sheet.lines
                      if sheet.found["date"] < len(cells)], dates)
    chosen = {_key(name): choice for name, choice in (members or {}).items()}
    known = {_key(m["name"]): m["id"] for m in state.members.values()}
    problems, evenings, unknown = [], {}, {}
    for line, cells in sheet.lines:
        if not any(cell.strip() for cell in cells):
            continue
        read = Row(line, cells, sheet.found, sheet.delimiter, problems,
                   dates or order["evident"] or DAY_FIRST)
        _line(state, read, evenings, unknown, known, chosen, currency, counter_value)
    found = _sums_and_conflicts(state, evenings, problems)
    if not evenings and not problems:
        raise ImportProblem(_("The file has no results under its first line."))
    _new_names_told_apart(state, unknown, problems)
    missing = [u for u in unknown.values() if u["chosen"] != "new"]
    listed = sorted(evenings.values(), key=lambda e: (e["date"], e["line"]))
    for held in listed:  # each member's result with its line, in the file's order
        held["results"] = [{"member": who, **result, "line": held["lines"][who]}
                           for who, result in held["results"].items()]
    return {"format": sheet.format, "sheet": sheet.sheet, "dates": order,
            "evenings": [{k: v for k, v in e.items() if k != "lines"} for e in listed],
            "unknown_members": [{"name": u["name"], "line": u["line"], "added": u["chosen"] == "new"}
                                for u in unknown.values()],
            "problems": sorted(problems, key=lambda p: p["line"]), "left_out": sheet.left_out,
            "conflicts": found, "corrections": len({c["evening"] for c in found}),
            "new": sum(not e["already"] for e in listed),
            "ready": not problems and not missing and not order["asked"]}


def _line(state, read: Row, evenings: dict, unknown: dict, known: dict, chosen: dict,
          currency: str, counter_value: int) -> None:
    """One line of the file read into its evening, or its problems noted."""
    line = read.line
    day, evening, name = read.date(), read.text("evening", 200), read.text("member", 100)
    spent = (read.cell("currency") or currency).upper()
    if not re.fullmatch(r"[A-Z]{3}", spent):
        read.problem("currency", _("%(text)s is not a currency code such as GBP or EUR",
                                   text=repr(spent)))
    counters, game = read.number("counters"), read.text("game", 100, optional=True)
    money = read.number("money", spent)
    if counters is None and money is None and not read.failed:
        read.problem("counters", _("no result: give the counters or the money"))
    if read.failed or None in (day, evening, name):
        return
    member = known.get(_key(name)) or chosen.get(_key(name))
    if member is None or member == "new":
        unknown.setdefault(_key(name), {"name": name, "line": line, "chosen": member})
    if member is not None and member != "new" and member not in state.members:
        return read.problem("member", _("%(name)s is linked to no member of the club", name=name))
    try:
        counters, minor = _amounts(counters, money, spent, counter_value)
    except ValueError as error:
        return read.problem("money" if money is not None else "counters", str(error))
    held = evenings.setdefault((day, _key(evening)), {
        "id": evening_id(state.id, day, evening), "date": day, "name": evening,
        "game": game, "currency": spent, "line": line, "results": {}, "lines": {}})
    who = member if member not in (None, "new") else f"new:{_key(name)}"
    if held["currency"] != spent:
        return read.problem("currency", _(
            "%(evening)s (%(day)s) is in %(currency)s (line %(line)s), not %(spent)s",
            evening=evening, day=day, currency=held["currency"], line=held["line"], spent=spent))
    if who in held["results"]:
        return read.problem("member", _(
            "%(name)s has two results on %(evening)s (%(day)s): lines %(first)s and %(second)s",
            name=name, evening=evening, day=day, first=held["lines"][who], second=line))
    held["results"][who] = {"name": name, "counters": counters, "amount_minor": minor}
    held["lines"][who] = line


def _sums_and_conflicts(state, evenings: dict, problems: list) -> list[dict]:
    """Each evening's results sum to 0 (the first that does not says it, money after
    counters); one brought in already is `already` (and `withdrawn` if it was), and what
    the file gives otherwise for it is listed as conflicts."""
    found = []
    for held in evenings.values():
        for what, unit in (("counters", _("counters")), ("amount_minor", held["currency"])):
            total = sum(r[what] for r in held["results"].values())
            if total:
                problems.append({"line": held["line"], "field": "counters" if what == "counters" else "money",
                                 "message": _("%(name)s on %(date)s: the results sum to %(total)s "
                                              "%(unit)s, not 0", name=held["name"], date=held["date"],
                                              total=f"{total:+}", unit=unit)})
                break
        standing = state.imported.get(held["id"])
        held["already"] = standing is not None
        held["withdrawn"] = bool(standing and standing["withdrawn"])
        if standing is None or held["withdrawn"]:
            continue
        if standing["currency"] != held["currency"]:
            problems.append({"line": held["line"], "field": "currency", "book": True, "message": _(
                "%(name)s on %(date)s was brought in in %(currency)s: a correction keeps its "
                "currency", name=held["name"], date=held["date"], currency=standing["currency"])})
            continue
        found += corrections.conflicts(standing, held)
    return found


def _new_names_told_apart(state, unknown: dict, problems: list) -> None:
    """A name to be added must be told apart from every member's and from every other name
    the file adds, as the club's rule for a new member says (ledger.clubs.rules): a look-alike
    is a problem of its line in the preview, not a refusal at the confirmation."""
    members = [m["name"] for m in state.members.values()]
    taken = list(members)
    for name in (u["name"] for u in unknown.values() if u["chosen"] == "new"):
        twin = twin_of(name, taken)
        if twin is not None:  # (like a member: the book's; like another new name: the file's)
            line = unknown[_key(name)]["line"]
            problems.append({"line": line, "field": "member", "book": twin in members, "message": _(
                "%(name)s is too like %(twin)s: link it to that member, or name the new one so "
                "that the club can tell them apart", name=repr(name), twin=repr(twin))})
        taken.append(name)


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def _amounts(counters, money, currency: str, value: int) -> tuple[int, int]:
    """(counters, minor units) from what the line gives, each within what the ledger holds."""
    made = _made(counters, money, currency, value)
    if any(abs(amount) > MAX_AMOUNT for amount in made):
        raise ValueError(_("%(counters)s counters, %(minor)s in minor units: more than the ledger "
                           "holds (%(most)s at most)", counters=counted(made[0]),
                           minor=counted(made[1]), most=counted(MAX_AMOUNT)))
    return made


def _made(counters, money, currency: str, value: int) -> tuple[int, int]:
    """(counters, minor units): either makes the other by the counter's value."""
    if counters is not None and counters != counters.to_integral_value():
        raise ValueError(_("%(counters)s counters: counters are whole numbers", counters=counters))
    if money is not None:
        minor = _minor(money, currency)
        if counters is None:
            if minor % value:
                raise ValueError(_("%(money)s is not a whole number of counters worth %(value)s "
                                   "minor units: give the counters too", money=money, value=value))
            return minor // value, minor
        return int(counters), minor
    return int(counters), int(counters) * value
