"""A file brought in as it came, not only as CSV: an Excel workbook (.xlsx, read by openpyxl,
values only: what the sheet shows, never its formulas) read row by row as its CSV would be,
and any other file that is not text named for what it is ("This is a PDF, not a
spreadsheet: …") rather than refused for its first line.

A workbook is a zip: its size is the request's (`MAX_BYTES`), what it unpacks to is capped
before anything is parsed (a zip bomb is refused by its own directory's sizes, which the zip
reader holds each part to), and so are its rows and columns."""

import datetime as dt
import io
import zipfile

from ledger.clubs.spreadsheet import MAX_ROWS, ImportProblem, counted
from ledger.language import N_, _

MAX_UNPACKED = 64 * 1024 * 1024  # a 2 MB workbook of 20,000 rows unpacks to about 15 MB
MAX_PARTS = 1_000
MAX_COLUMNS = 64
# what to do instead, each said with `%(save)s` filled in (`SAVE_AS`), and what a file is
SAVE_AS = N_("save it as .xlsx (Excel Workbook) or as CSV")
MADE_FROM = N_("open the spreadsheet it was made from and %(save)s")
ITSELF = N_("send the spreadsheet itself: %(save)s")
UNPACK = N_("unpack it and send the spreadsheet inside")
COPY = N_("copy its table into a spreadsheet and %(save)s")
SIGNATURES = (  # the first bytes of what people send instead of a spreadsheet
    (b"%PDF", N_("a PDF"), MADE_FROM),
    (b"\x89PNG", N_("a PNG image"), ITSELF),
    (b"\xff\xd8\xff", N_("a JPEG image"), ITSELF),
    (b"GIF8", N_("a GIF image"), ITSELF),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", N_("an Excel 97-2003 workbook (.xls) or a workbook "
                                            "with a password"),
     N_("open it and %(save)s, without a password")),
    (b"\x1f\x8b", N_("a gzip archive"), UNPACK),
    (b"Rar!", N_("a RAR archive"), UNPACK),
    (b"7z\xbc\xaf", N_("a 7-Zip archive"), UNPACK),
    (b"{\\rtf", N_("an RTF document"), COPY),
)
ZIPPED = (  # a zip's part that says what the zip is
    ("word/document.xml", N_("a Word document (.docx)"), COPY),
    ("ppt/presentation.xml", N_("a PowerPoint file (.pptx)"), ITSELF),
    ("Index/Document.iwa", N_("an Apple Numbers file"),
     N_("in Numbers, File › Export To › Excel or CSV")),
)
ODS = b"application/vnd.oasis.opendocument.spreadsheet"


def is_workbook(raw: bytes) -> bool:
    """An .xlsx (a zip with a workbook part); any other binary file is refused, named."""
    head = raw[:8]
    for signature, what, then in SIGNATURES:
        if head.startswith(signature):
            raise ImportProblem(_("This is %(what)s, not a spreadsheet this reads: %(then)s.",
                                  what=_(what), then=_(then, save=_(SAVE_AS))))
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return _zipped(raw)
    if _not_text(raw[:4096]):
        raise ImportProblem(_("This is not a spreadsheet's text (it holds bytes no CSV has): "
                              "%(save)s.", save=_(SAVE_AS)))
    if raw[:512].lstrip().lower().startswith((b"<!doctype html", b"<html")):
        raise ImportProblem(_("This is a web page, not a spreadsheet: download the sheet itself "
                              "(Google Sheets: File › Download › .xlsx or .csv)."))
    return False


def _zipped(raw: bytes) -> bool:
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        names = set(archive.namelist())
        if "xl/workbook.xml" in names:
            return True
        if "mimetype" in names and archive.read("mimetype")[:len(ODS)] == ODS:
            raise ImportProblem(_("This is an OpenDocument spreadsheet (.ods), which is not read "
                                  "here: in LibreOffice, File › Save As… › Excel 2007-365 "
                                  "(.xlsx) or Text CSV."))
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, RuntimeError):
        raise ImportProblem(_("This is a zip archive that cannot be opened, not a spreadsheet: "
                              "%(save)s.", save=_(SAVE_AS))) from None
    for part, what, then in ZIPPED:
        if part in names:
            raise ImportProblem(_("This is %(what)s, not a spreadsheet: %(then)s.", what=_(what),
                                  then=_(then, save=_(SAVE_AS))))
    raise ImportProblem(_("This is a zip archive, not a spreadsheet: unpack it and send the "
                          "spreadsheet inside, as .xlsx or CSV."))


def _not_text(head: bytes) -> bool:
    """Bytes no text file has (NULs, control characters), beyond a stray one or two; text
    in UTF-16 starts with its byte-order mark (`spreadsheet.decoded`)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    odd = sum(b < 9 or 13 < b < 32 for b in head)
    return odd > max(2, len(head) // 20)


def sheets(raw: bytes):
    """Each worksheet of an .xlsx as (its name, [(row number, cells as text)]), the rows
    above its first one with anything in it left out; refused in words if it cannot be read
    or is larger than an import takes."""
    archive = zipfile.ZipFile(io.BytesIO(raw))
    parts = archive.infolist()
    if len(parts) > MAX_PARTS or sum(p.file_size for p in parts) > MAX_UNPACKED:
        raise ImportProblem(_("The workbook unpacks to more than %(most)s MB: save the sheet "
                              "with the results alone, as .xlsx or CSV.",
                              most=MAX_UNPACKED // 2**20))
    import openpyxl  # loaded when a workbook comes, not by every worker at start

    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
        try:
            return [(sheet.title, _rows(sheet)) for sheet in book.worksheets]
        finally:
            book.close()
    except ImportProblem:
        raise
    except Exception as error:  # whatever a damaged part raises, said, never a 500
        raise ImportProblem(_("The workbook cannot be read (%(error)s): open it and save it "
                              "again as .xlsx, or as CSV.", error=type(error).__name__)) from None


def _rows(sheet) -> list[tuple[int, list[str]]]:
    found, started = [], False
    width = min(MAX_COLUMNS, sheet.max_column or MAX_COLUMNS)
    for number, values in enumerate(sheet.iter_rows(max_col=width, values_only=True), 1):
        if number > MAX_ROWS + 1:
            raise ImportProblem(_("The sheet %(name)s has more than %(most)s rows (or rows "
                                  "formatted far below its results): split it, or delete the "
                                  "rows below the results.", name=repr(sheet.title),
                                  most=counted(MAX_ROWS)))
        cells = [_text(value) for value in values]
        started = started or any(cells)
        if started:
            found.append((number, cells))
    return found


def _text(value) -> str:
    """A cell as its CSV would write it: a date as YYYY-MM-DD (never ambiguous), a number
    in plain digits (a float from a formula rounded to 9 decimals: 0.1+0.2 is 0.3)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(round(value, 9))
    return str(value)
