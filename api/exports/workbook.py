"""The evening as one spreadsheet file (.xlsx, written with openpyxl): a cover sheet, then a
sheet for each CSV export with the same columns and rows, each cell of its own type, so that
no spreadsheet has to guess what CSV cannot say.

Text is a text cell whatever it looks like (a player called `007` or `1e3` stays as typed;
`=1+1` and `#N/A` are text, never a formula or an error: openpyxl would write them as such,
so their type is set); whole numbers (counters, minor units, versions) are integers; money in major units (a `Decimal`)
is a number in the currency's format (`"£"#,##0.00;"−£"#,##0.00`); times are date-times.
Each sheet's header row is bold and frozen, and its columns as wide as their first rows.
"""

import io
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from ledger.projections.money import MINOR_DIGITS, symbol

MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
TIME = "yyyy-mm-dd hh:mm:ss"
DAY = "yyyy-mm-dd"
BOLD = Font(bold=True)
# Characters XML 1.0 cannot hold (openpyxl refuses them): written as XLSX's own escape, which
# Excel shows as the character (a log imported from elsewhere may hold any text).
UNWRITABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
MEASURED_ROWS = 200  # the rows a column's width is taken from
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


def workbook(cover: list[tuple[str, object]], sheets: list[Sheet], currency: str,
             front: str = "evening") -> bytes:
    """The file: the cover sheet (`front`: a label and a value a row, a list's items in the
    cells after its label), then the sheets."""
    book = Workbook(write_only=True)
    money = money_format(currency)
    front = book.create_sheet(front)
    front.column_dimensions["A"].width = 16
    front.column_dimensions["B"].width = 66
    for label, value in cover:
        values = value if isinstance(value, list) else [value]
        front.append([_header(front, label), *(_cell(front, v, money) for v in values)])
    for sheet in sheets:
        _write(book.create_sheet(sheet.name), sheet,
               money_format(sheet.currency) if sheet.currency else money)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _write(ws, sheet: Sheet, money: str) -> None:
    rows = iter(sheet.rows)
    first = list(itertools.islice(rows, MEASURED_ROWS))
    for n, header in enumerate(sheet.header):
        shown = [len(str(row[n])) for row in first if n < len(row)]
        width = max([len(header), *shown]) + 2
        ws.column_dimensions[get_column_letter(n + 1)].width = min(max(width, WIDTHS[0]), WIDTHS[1])
    ws.freeze_panes = "A2"
    ws.append([_header(ws, name) for name in sheet.header])
    formats = [money_format(sheet.currencies[n]) if n in sheet.currencies else money
               for n in range(len(sheet.header))]
    for row in itertools.chain(first, rows):
        ws.append([_cell(ws, _time(value) if n in sheet.times else value, formats[n])
                   for n, value in enumerate(row)])


def _header(ws, name: str) -> WriteOnlyCell:
    cell = _text(ws, UNWRITABLE.sub(lambda m: f"_x{ord(m[0]):04X}_", name))
    cell.font = BOLD
    return cell


def _cell(ws, value, money: str):
    """A cell of the value's own type (see the module's docstring); empty for "" and None.
    Integers and plain text go as they are (openpyxl makes their cells: most of a journal's);
    only what needs a format, or text openpyxl would take for a formula or an error, gets a
    cell of its own."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return _formatted(ws, value, money)
    if isinstance(value, datetime):
        return _formatted(ws, value, TIME)
    if isinstance(value, date):
        return _formatted(ws, value, DAY)
    text = UNWRITABLE.sub(lambda m: f"_x{ord(m[0]):04X}_", str(value))
    return _text(ws, text) if text.startswith("=") or text in ERROR_CODES else text


def _formatted(ws, value, number_format: str) -> WriteOnlyCell:
    cell = WriteOnlyCell(ws, value)
    cell.number_format = number_format
    return cell


def _text(ws, text: str) -> WriteOnlyCell:
    """A text cell, whatever the text looks like (`=1+1`, `#N/A`)."""
    cell = WriteOnlyCell(ws, text)
    cell.data_type = "s"
    return cell


def _time(value):
    """A time written as text, as the date-time it says; other text left as it is."""
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else value
    except ValueError:
        return value
