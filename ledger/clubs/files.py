"""What an import's file is, and its lines: a CSV (`ledger.clubs.spreadsheet`), an .xlsx's
first sheet whose first line names the columns (`ledger.clubs.workbook`), or a Splitwise
export reshaped to a line per result (`ledger.clubs.splitwise`); anything else refused,
named for what it is."""

from dataclasses import dataclass, field

from ledger.clubs import splitwise
from ledger.clubs.spreadsheet import ImportProblem, columns, decoded, rows
from ledger.clubs.workbook import is_workbook, sheets
from ledger.language import _


@dataclass
class Sheet:
    format: str  # csv, xlsx, splitwise
    delimiter: str
    found: dict[str, int]  # column -> its index
    lines: list[tuple[int, list[str]]]  # (line number, cells) after the header
    sheet: str | None = None  # the worksheet read, of a workbook
    left_out: list[dict] = field(default_factory=list)  # lines that are not results, and why


def read(raw: bytes) -> Sheet:
    if is_workbook(raw):
        return _workbook(raw)
    delimiter, lines = rows(decoded(raw))
    if not lines:
        raise ImportProblem(_("The file is empty."))
    return _sheet("csv", delimiter, lines)


def _workbook(raw: bytes) -> Sheet:
    """The first worksheet whose first line names the columns; if none does, what the first
    one with anything in it lacks."""
    refused = None
    for name, lines in sheets(raw):
        if not lines:
            continue
        try:
            return _sheet("xlsx", ",", lines, name)
        except ImportProblem as problem:
            refused = refused or ImportProblem(_("Sheet %(name)s: %(problem)s", name=repr(name),
                                                 problem=problem), problem.field)
    raise refused or ImportProblem(_("The workbook is empty."))


def _sheet(kind: str, delimiter: str, lines, name: str | None = None) -> Sheet:
    header, body = lines[0][1], lines[1:]
    if splitwise.is_export(header):
        body, left_out = splitwise.reshaped(header, body)
        return Sheet("splitwise", delimiter, columns(splitwise.HEADER), body, name, left_out)
    return Sheet(kind, delimiter, columns(header), body, name)
