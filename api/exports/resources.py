"""CSV downloads: results, the journal, and the settlement.

Each is UTF-8 with a byte-order mark. Excel reads a CSV without one in the PC's ANSI code
page ("Zoë" becomes "ZoÃ«"), and LibreOffice's import dialog preselects UTF-8 when it sees
one; an explicit UTF-8 import drops it. LibreOffice 7.4 opened headless without import
options reads every CSV as Windows-1252, with or without the mark (its API default,
checked by tests/api/test_csv_in_a_spreadsheet.py); later versions default to UTF-8 there.
"""

import csv
import io
import itertools
import unicodedata
from decimal import Decimal

from flask import Response, stream_with_context
from flask.views import MethodView

from api.access import guard
from api.service import ledger
from api.blueprint import Blueprint
from ledger.language import current, speaking
from ledger.projections import exports, words
from ledger.projections.days import evening_day

blp = guard(Blueprint("exports", __name__, url_prefix="/api/v1/sessions/<sid>/export",
                      description="CSV exports that open cleanly in a spreadsheet"))
CSV_DOC = {"200": {"description": "text/csv; charset=utf-8, with a byte-order mark and a "
                                  "header row",
                   "content": {"text/csv": {"schema": {"type": "string"}}}}}
# What a spreadsheet may take for the start of a formula: OWASP's = + - @, and the minus
# sign; compared after compatibility normalisation (NFKC), so the full-width (＝ ＋ － ＠),
# small (﹦ ﹢ ﹣ ﹫), superscript and subscript forms count as the sign they stand for, and so
# does ー, which Japanese Excel is reported to read as a minus (OWASP www-community #1088).
FORMULA_SIGNS = frozenset("=+-@\u2212\u30fc")
# OWASP: a cell that begins with a tab or a line break is neutralised whatever follows.
LINE_CONTROLS = ("\t", "\r", "\n")
# Letters that draw nothing (Hangul fillers); with white space, marks and format and control
# characters (Unicode categories Z*, M*, C*) they may hide what a cell really begins with.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


def looks_like_a_formula(text: str) -> bool:
    """Whether a spreadsheet might run `text` as a formula (CSV or formula injection).

    LibreOffice runs a cell that begins with `=`, and one that begins with spaces then `=`
    when "Trim spaces" is ticked in its import dialog, which remembers it (checked with
    LibreOffice 7.4 by tests/api/test_csv_in_a_spreadsheet.py); OWASP adds + - @, which Excel
    runs, and full-width signs are reported to run in Japanese Excel. So text is suspect when
    its first visible character, past any white space, invisible format characters (zero-width
    space, BOM, LRM/RLM, bidi overrides and isolates) and controls, is such a sign or a
    look-alike; or when it begins with a tab or a line break at all."""
    first = text[:1]
    if first.isascii() and first.isalnum():  # most cells (ids, names, types): decided at once
        return False
    if text.startswith(LINE_CONTROLS):
        return True
    for char in text:
        if unicodedata.category(char)[0] in "ZMC" or char in BLANK_LETTERS:
            continue
        return unicodedata.normalize("NFKC", char)[:1] in FORMULA_SIGNS
    return False


class Decimals(Decimal):
    """Money in major units as every spreadsheet's import reads a number, whatever its locale:
    `-145E-2` for −1.45. Written `-1.45`, a spreadsheet in a locale whose decimal sign is a
    comma (German, French) opens it as text, or a date, and a SUM over it gives 0; the
    exponent form has no decimal sign to read, so it is −1,45 there and −1.45 here."""

    def __str__(self) -> str:
        sign, digits, exponent = self.as_tuple()
        figures = "".join(map(str, digits)).lstrip("0") or "0"
        return ("-" if sign else "") + figures + (f"E{exponent}" if exponent else "")


def cell(value):
    """OWASP's advice against formula injection: text a spreadsheet might run as a formula gets
    a leading apostrophe, so it opens as text (LibreOffice shows the apostrophe); every other
    character is kept, so it still reads as it was typed. Numbers stay numbers (a result of -4
    can be summed), money in major units in a form every locale reads (`Decimals`)."""
    kind = value.__class__
    if kind is int:  # most of a journal's cells: decided at once
        return value
    if kind is str or isinstance(value, str):
        return "'" + value if looks_like_a_formula(value) else value
    if isinstance(value, Decimal):
        return Decimals(value)
    return value


PART = 64 * 1024  # characters of CSV sent at a time


def lines(header: list[str], rows):
    """The CSV text in parts of about 64 KB (the journal streams from the log; a part a row
    was a write to the socket a row). Every text field is quoted: LibreOffice's import dialog
    splits on semicolons and tabs as well as commas until told otherwise, and a name may hold
    either. Numbers are left bare, so they open as numbers; the header's plain names too (a
    quote after the byte-order mark would show where the mark is not understood)."""
    buffer = io.StringIO()
    csv.writer(buffer).writerow([cell(value) for value in header])
    quoted = csv.writer(buffer, quoting=csv.QUOTE_NONNUMERIC).writerow
    for row in rows:
        quoted([cell(value) for value in row])
        if buffer.tell() >= PART:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


BOM = "\ufeff"


def spoken(language: str, *parts):
    """The parts, each made in `language` as it is sent: a streamed file's rows are made after
    the request's own language has ended with it (`api.language.ended`)."""
    with speaking(language):
        yield from itertools.chain(*parts)


def evening_stem(state) -> str:
    """The evening's name and the day it opened, in its time zone."""
    return exports.file_stem(state.session.name, evening_day(state.session))


def download(stem: str, name: str, header, rows) -> Response:
    """A CSV download named by what it is of (`twelfth-night-2026-11-25-results.csv`)."""
    response = Response(stream_with_context(spoken(current(), [BOM], lines(header, rows))),
                        mimetype="text/csv", content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{stem}-{name}.csv"')
    return response


@blp.route("/results.csv")
class Results(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """One row per player: his result from the games (payments apart) in counters and
        money, the counter value, Cassino points and yellow chips."""
        with ledger().sessions.reading(sid) as state:
            header, rows = exports.results(state)
            stem = evening_stem(state)
        return download(stem, "results", header, rows)


@blp.route("/journal.csv")
class Journal(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """One row per posting, in log order, with its event's id, the account's holder, the
        event in words and its money, and its time in UTC (`recorded_at`) and in the
        evening's time zone (`local_time (<zone>)`)."""
        with ledger().sessions.reading(sid) as state:
            told, voided, stem = words.Words(state), frozenset(state.voided), evening_stem(state)
            zone, clock = exports.evening_zone(state.session.time_zone)
        return download(stem, "journal", exports.journal_header(zone),
                        exports.journal(ledger().sessions.log(sid), told, voided, clock))


@blp.route("/settlement.csv")
class Settlement(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """What settles the evening, a row each with its kind: the transfers still owed, the
        unsettled pools, and the payments already made."""
        with ledger().sessions.reading(sid) as state:
            header, rows = exports.settlement_rows(state)
            stem = evening_stem(state)
        return download(stem, "settlement", header, rows)
