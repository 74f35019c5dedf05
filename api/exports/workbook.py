"""The evening as one spreadsheet file (.xlsx): a cover sheet, then a sheet for each CSV export
with the same columns and rows, each cell of its own type, so that no spreadsheet has to guess
what CSV cannot say.

Written with XlsxWriter in its `constant_memory` mode: each row goes to the sheet's file as it
is written, so a workbook of a long evening (a 50,000-row journal, 700,000 cells) holds a row
in memory, not the sheet. Of the two well-kept writers, each in its streaming mode, it is the
quicker by almost half: that journal's sheet took 3.9 s of CPU with it and 7.0 s
with openpyxl's `write_only` mode, which wrote it before (`bench/exports --writers`); nearly
all of it is each library's own work per cell. Even so that is more than a request should
hold a worker for: a long evening's workbook is written off the request (prepared.py).

Text is a text cell whatever it looks like (a player called `007` or `1e3` stays as typed;
`=1+1` and `#N/A` are text, never a formula or an error); characters XML cannot hold are
written as XLSX's own escape (`_x000B_`), which Excel shows as the character. Whole numbers
(counters, minor units, versions) are integers; money in major units (a `Decimal`) is a
number in the currency's format (`"£"#,##0.00;"−£"#,##0.00`); times are date-times. Each
sheet's header row is bold and frozen, and its columns as wide as their first rows.
"""

import io
import itertools
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

import xlsxwriter

from ledger.projections.money import MINOR_DIGITS, symbol

MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
TIME = "yyyy-mm-dd hh:mm:ss"
DAY = "yyyy-mm-dd"
# Text is written as text: never taken for a number, a formula or a link.
OPTIONS = {"constant_memory": True, "strings_to_numbers": False, "strings_to_formulas": False,
           "strings_to_urls": False}
MEASURED_ROWS = 200  # the rows a column's width is taken from
TICK_EVERY = 2_000  # rows between two words of progress
# A spreadsheet's date-times count days from 1899-12-31, and it takes 1900 for a leap year
# (Lotus 1-2-3's error, kept): a day more after 1900-02-28.
EPOCH, LEAP_BUG_ENDS = datetime(1899, 12, 31), datetime(1900, 3, 1)
WIDTHS = (6, 60)  # narrowest and widest column, in characters


@dataclass
class Sheet:
    """One sheet: its name, header and rows (as the CSV has them), and which columns hold
    times written as text (`2026-11-25T21:16:20`), to be written as date-times."""

    name: str
    header: list[str]
    rows: Iterable[list]
    times: set[int] = field(default_factory=set)
    currency: str | None = None  # its money's, if not the workbook's
    currencies: dict[int, str] = field(default_factory=dict)  # a column's money's, if another


def money_format(currency: str) -> str:
    """The currency's number format: its symbol, thousands grouped, its ISO 4217 decimals,
    and a real minus sign (−) for what is owed."""
    digits = MINOR_DIGITS.get(currency, 2)
    number = "#,##0" + ("." + "0" * digits if digits else "")
    sign = symbol(currency).replace('"', "")
    return f'"{sign}"{number};"−{sign}"{number}'


class Formats:
    """The workbook's cell formats, each added once: bold, a time, a day, a currency's money."""

    def __init__(self, book, currency: str):
        self.book, self.currency, self.money = book, currency, {}
        self.bold = book.add_format({"bold": True})
        self.time = book.add_format({"num_format": TIME})
        self.day = book.add_format({"num_format": DAY})

    def of(self, currency: str | None):
        currency = currency or self.currency
        if currency not in self.money:
            self.money[currency] = self.book.add_format({"num_format": money_format(currency)})
        return self.money[currency]


def workbook(cover: list[tuple[str, object]], sheets: list[Sheet], currency: str,
             front: str = "evening", tick: Callable[[int], None] = lambda written: None) -> bytes:
    """The file: the cover sheet (`front`: a label and a value a row, a list's items in the
    cells after its label), then the sheets; `tick(rows written)` told as it goes."""
    out = io.BytesIO()
    # each sheet's rows wait in a file of XlsxWriter's until the book is closed: in a folder
    # of this writing's own, gone with it also when the writing stops half way
    with tempfile.TemporaryDirectory(prefix="ledger-workbook-") as folder:
        book = xlsxwriter.Workbook(out, {**OPTIONS, "tmpdir": folder})
        formats = Formats(book, currency)
        page = book.add_worksheet(front)
        page.set_column(0, 0, 16)
        page.set_column(1, 1, 66)
        for row, (label, value) in enumerate(cover):
            page.write_string(row, 0, label, formats.bold)
            for column, item in enumerate(value if isinstance(value, list) else [value], 1):
                _write_cell(page, row, column, item, formats, formats.of(None))
        written = 0
        for sheet in sheets:
            written = _write(book.add_worksheet(sheet.name), sheet, formats, tick, written)
        book.close()
    return out.getvalue()


def _write(ws, sheet: Sheet, formats: Formats, tick, written: int) -> int:
    rows = iter(sheet.rows)
    first = list(itertools.islice(rows, MEASURED_ROWS))
    for n, header in enumerate(sheet.header):
        shown = [len(str(row[n])) for row in first if n < len(row)]
        width = max([len(header), *shown]) + 2
        ws.set_column(n, n, min(max(width, WIDTHS[0]), WIDTHS[1]))
    ws.freeze_panes(1, 0)
    for n, name in enumerate(sheet.header):
        ws.write_string(0, n, name, formats.bold)
    money = [formats.of(sheet.currencies.get(n, sheet.currency))
             for n in range(len(sheet.header))]
    times, serials = sheet.times, {}
    number, text = ws.write_number, ws.write_string
    r = 0
    for r, row in enumerate(itertools.chain(first, rows), 1):
        for n, value in enumerate(row):  # the common cells first, without a call of ours
            kind = value.__class__
            if kind is int:
                number(r, n, value)
            elif n in times and (serial := _serial(value, serials)) is not None:
                number(r, n, serial, formats.time)
            elif kind is str:
                if value:
                    text(r, n, value)
            else:
                _write_cell(ws, r, n, value, formats, money[n])
        if r % TICK_EVERY == 0:
            tick(written + r)
    return written + r


def _write_cell(ws, row: int, column: int, value, formats: Formats, money) -> None:
    """A cell of the value's own type (see the module's docstring); none for "" and None."""
    kind = value.__class__
    if kind is str:
        if value:
            ws.write_string(row, column, value)
    elif kind is int:
        ws.write_number(row, column, value)
    elif value is None:
        pass
    elif kind is bool:
        ws.write_string(row, column, "yes" if value else "no")
    elif isinstance(value, Decimal):
        ws.write_number(row, column, value, money)
    elif isinstance(value, datetime):
        ws.write_datetime(row, column, value, formats.time)
    elif isinstance(value, date):
        ws.write_datetime(row, column, value, formats.day)
    elif isinstance(value, int):
        ws.write_number(row, column, value)
    elif str(value):
        ws.write_string(row, column, str(value))


def _serial(value, serials: dict) -> float | None:
    """A time written as text (`2026-11-25T21:16:20`), as the spreadsheet's serial number of
    the date-time it says, each text worked out once (a journal's rows of one event share
    theirs); None for other text. Worked out as XlsxWriter's `write_datetime` does."""
    if value not in serials:
        try:
            moment = datetime.fromisoformat(value) if isinstance(value, str) else value
        except ValueError:
            moment = None
        if not isinstance(moment, datetime) or moment.tzinfo or moment < LEAP_BUG_ENDS:
            serials[value] = None
        else:
            since = moment - EPOCH
            serials[value] = since.days + 1 + (since.seconds + since.microseconds / 1e6) / 86400
    return serials[value]
