"""An import's dates as a person's spreadsheet writes them: ISO (2026-12-25), or day and month
in the order the import says (25/12/2026, 25.12.2026, 25-12-2026, 25/12/26; day first unless
told month first, or month first is the only way every date reads). A file whose every such date reads both ways (03/04/2025: all days and
months 12 or less) is ambiguous, and the preview asks which reading it is instead of
assuming one (`readings`). A date the calendar has not is said as such ("there is no 31
February 2025"), not as a fault of its form."""

import datetime as dt
import re
from collections.abc import Iterable

from babel.dates import get_month_names

from ledger.language import N_, _, locale

DAY_FIRST, MONTH_FIRST = "day_first", "month_first"
ORDERS = (DAY_FIRST, MONTH_FIRST)
ISO = "%Y-%m-%d"
DAY_FIRST_FORMATS = ("%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%d/%m/%y", "%d.%m.%y")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
SHAPES = {"%Y": r"(?P<year>\d{4})", "%y": r"(?P<year>\d{2})", "%m": r"(?P<month>\d{1,2})",
          "%d": r"(?P<day>\d{1,2})"}
ORDER_WORDS = {DAY_FIRST: N_("day/month/year"), MONTH_FIRST: N_("month/day/year")}


def formats(order: str = DAY_FIRST) -> tuple[str, ...]:
    if order == MONTH_FIRST:
        return ISO, *(f.replace("%d", "%D").replace("%m", "%d").replace("%D", "%m")
                      for f in DAY_FIRST_FORMATS)
    return ISO, *DAY_FIRST_FORMATS


def date(text: str, order: str = DAY_FIRST) -> str:
    """The day a cell names, as YYYY-MM-DD (ValueError naming the fault)."""
    for pattern in formats(order):
        try:
            return dt.datetime.strptime(text.strip(), pattern).date().isoformat()
        except ValueError:
            continue
    example = "25/12/2026" if order == DAY_FIRST else "12/25/2026"
    raise ValueError(_no_such_day(text.strip(), order) or _(
        "%(text)s is not a date: write it as 2026-12-25 or %(example)s", text=repr(text),
        example=example))


def _no_such_day(text: str, order: str) -> str | None:
    """A date written the right way round that names a day the calendar has not: the fault
    is the day ("there is no 31 February 2025"), not how it is written."""
    for pattern in formats(order):
        shape = re.escape(pattern)
        for code, group in SHAPES.items():
            shape = shape.replace(re.escape(code), group)
        found = re.fullmatch(shape, text)
        if not found:
            continue
        day, month, year = (int(found[name]) for name in ("day", "month", "year"))
        year += 2000 if len(found["year"]) == 2 else 0
        if not 1 <= month <= 12:
            return _("%(text)s: there is no month %(month)s (%(order)s, or year-month-day)",
                     text=repr(text), month=month, order=_(ORDER_WORDS[order]))
        return _("%(text)s: there is no %(day)s %(month)s %(year)s", text=repr(text), day=day,
                 month=get_month_names("wide", locale=locale())[month], year=year)
    return None


def _reading(text: str, order: str) -> str | None:
    try:
        return date(text, order)
    except ValueError:
        return None


def readings(cells: Iterable[tuple[int, str]], chosen: str | None) -> dict:
    """What the file's dates say of their order: `ambiguous` when every date that is not ISO
    reads both ways and one at least reads two days (03/04/2025; 04/04/2025 is the same
    either way); `evident` the one order every date fits, if only one does; `asked` when
    the preview must ask (ambiguous, or readable only month first, and not chosen); an
    `example` whenever it may: a line, its date and how each order reads it."""
    fits = {DAY_FIRST: True, MONTH_FIRST: True}
    both = month_only = None
    for line, text in cells:
        read = {order: _reading(text, order) for order in ORDERS}
        if not any(read.values()):
            continue  # no date either way: a problem of its line, which tells no order
        fits = {order: fits[order] and read[order] is not None for order in ORDERS}
        example = {"line": line, "text": text.strip(), "readings": read}
        if both is None and None not in read.values() and read[DAY_FIRST] != read[MONTH_FIRST]:
            both = example
        if month_only is None and read[DAY_FIRST] is None and read[MONTH_FIRST]:
            month_only = example
    ambiguous = all(fits.values()) and both is not None
    evident = next((order for order in ORDERS if fits[order]), None) \
        if list(fits.values()).count(True) == 1 else None
    open_to_question = ambiguous or evident == MONTH_FIRST
    return {"choice": chosen, "ambiguous": ambiguous, "evident": evident,
            "asked": chosen is None and open_to_question,
            "example": (both if ambiguous else month_only) if open_to_question else None}
