"""A spreadsheet's CSV as a person's spreadsheet writes it: its encoding, its delimiter, its
columns found by their headers, and its cells read as dates, numbers, money and names, each
fault noted as a problem of its line (`Row`).

The file: UTF-8 (a byte-order mark or not) or Windows-1252 (what Excel and LibreOffice write
in a Western European locale), or Excel's UTF-16 "Unicode Text"; commas, semicolons or tabs;
cells quoted as CSV quotes them (line breaks inside too). A date is day first when it is not
ISO (25/12/2026, 25.12.2026, 2026-12-25) unless the import says month first
(`ledger.clubs.dates`); money in the file's own decimals (1,50 beside
semicolons), signs −/+ and a currency symbol allowed. A cell that is a formula (=…) is
refused, never evaluated."""

import codecs
import csv
import io
import re
import unicodedata
from decimal import Decimal, InvalidOperation

from babel.numbers import format_decimal
from marshmallow import ValidationError

from ledger.clubs.dates import DAY_FIRST, date
from ledger.events.fields import MAX_AMOUNT
from ledger.events.text import person_text
from ledger.language import N_, _, locale
from ledger.projections.money import MINOR_DIGITS

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 20_000
HEADERS = {  # what a column may be headed, casefolded, without accents or punctuation
    "date": {"date", "day", "datum", "fecha", "data"},
    "evening": {"evening", "soiree", "abend", "name of the evening", "event", "session", "night"},
    "member": {"member", "player", "name", "spieler", "joueur", "mitglied", "who"},
    "counters": {"counters", "result", "points", "chips", "jetons", "zahlmarken", "counters won",
                 "marken"},
    "money": {"money", "amount", "winnings", "betrag", "montant", "euros", "pounds", "cash",
              "geld", "argent"},
    "game": {"game", "spiel", "jeu"},
    "currency": {"currency", "wahrung", "devise"},
}
# each column as a person reads its name (the problems name them), and a number as the
# language writes it
COLUMNS = {"date": N_("date"), "evening": N_("evening"), "member": N_("member"),
           "counters": N_("counters"), "money": N_("money"), "game": N_("game"),
           "currency": N_("currency"), "counters or money": N_("counters or money")}


def column_said(column: str) -> str:
    return _(COLUMNS.get(column, column))


def counted(n) -> str:
    return format_decimal(n, locale=locale())


FORMULA = re.compile(r"^\s*[=@]")
NEWLINE = re.compile(r"\r\n|\r|\n")


class ImportProblem(Exception):
    """The file cannot be read at all (its encoding, its headers)."""

    def __init__(self, message: str, field: str = "file"):
        super().__init__(message)
        self.field = field


def decoded(raw: bytes) -> str:
    """The file's text: UTF-16 after its byte-order mark (Excel's "Unicode Text", tabs between
    the cells), UTF-8 (after a byte-order mark or not), else Windows-1252 (Excel's and
    LibreOffice's CSV on Windows), whatever a UTF-8 byte-order mark claimed: the preview shows
    every name as it was read."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Excel's "Unicode Text"
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise ImportProblem(_("The file says it is UTF-16 but cannot be read as such: save "
                                  "it as CSV UTF-8.")) from None
    raw = raw.removeprefix(codecs.BOM_UTF8)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _plain(header: str) -> str:
    text = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z ]+", " ", text.casefold()).strip()


def columns(header: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, title in enumerate(header):
        plain = _plain(title)
        for column, names in HEADERS.items():
            if plain in names and column in found:
                raise ImportProblem(_("Two columns give the %(column)s: %(one)s and %(other)s; "
                                      "keep one.", column=column_said(column),
                                      one=repr(header[found[column]]), other=repr(title)), "header")
            if plain in names:
                found[column] = index
    missing = [c for c in ("date", "evening", "member") if c not in found]
    if missing or not {"counters", "money"} & set(found):
        needed = missing + ([] if {"counters", "money"} & set(found) else ["counters or money"])
        raise ImportProblem(_("The first line must name the columns: date, evening, member, and "
                              "counters or money (game and currency optional); missing: "
                              "%(missing)s.", missing=", ".join(map(column_said, needed))), "header")
    return found


def rows(text: str) -> tuple[str, list[tuple[int, list[str]]]]:
    """(the delimiter, [(line number, cells)]) of the file after its header line."""
    sample = text[:8192]
    try:
        delimiter = csv.Sniffer().sniff(NEWLINE.split(sample, 1)[0] or sample, ",;\t").delimiter
    except csv.Error:
        delimiter = ";" if sample.count(";") > sample.count(",") else ","
    # Lines end in \n, \r\n or \r (Excel for Mac's "CSV (Macintosh)"): as the csv module
    # asks, the text is handed over with its line ends untranslated.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    found, ended = [], 0
    try:
        for cells in reader:  # numbered by the line each begins on (a quoted cell may span lines)
            if len(found) > MAX_ROWS:
                raise ImportProblem(_("The file has more than %(most)s lines: split it.",
                                      most=counted(MAX_ROWS)))
            found.append((ended + 1, cells))
            ended = reader.line_num
    except csv.Error as error:  # a cell over the csv module's limit (128 KB), a NUL, …
        raise ImportProblem(_("Line %(line)s cannot be read as CSV (%(error)s).",
                              line=reader.line_num, error=error)) from None
    return delimiter, found


# What a money cell may say of its currency: a sign, or the code before or after the amount.
SIGNS = {"£": {"GBP"}, "€": {"EUR"}, "¥": {"JPY", "CNY"}, "₹": {"INR"},
         "$": {"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "MXN"}}
CODE = re.compile(r"^([A-Za-z]{3})(?![A-Za-z])\s*|\s*(?<![A-Za-z])([A-Za-z]{3})$")
# Digits grouped by thousands, English (1,500 · 1,500.25) or European (1.500 · 1.234,50);
# a decimal comma alone (1,50).
GROUPED_COMMAS = re.compile(r"\d{1,3}(,\d{3})+(\.\d+)?")
GROUPED_DOTS = re.compile(r"\d{1,3}(\.\d{3})+(,\d+)?")
DECIMAL_COMMA = re.compile(r"\d+,\d+")
MOST_DECIMALS = 4  # ISO 4217's most minor digits (CLF, UYW)


def number(text: str, delimiter: str, currency: str | None = None) -> Decimal:
    """A spreadsheet's number: `−1,50 €`, `+3`, `£2.25`, `1.234,50` beside semicolons,
    `1,500.00` beside commas. A currency it names (a sign, or a code) must be `currency`.
    Digits grouped by thousands are read as the file's side of Europe writes them: beside
    semicolons `1.500` is fifteen hundred and `1,500` one and a half; beside commas `1,500`
    is fifteen hundred."""
    cleaned = text.strip()
    named = CODE.search(cleaned)
    if named and re.search(r"\d", CODE.sub("", cleaned)):  # "nan" names no currency
        code = (named.group(1) or named.group(2)).upper()
        if currency is not None and code != currency:
            raise ValueError(_("%(text)s is in %(code)s, not %(currency)s", text=repr(text),
                               code=code, currency=currency))
        cleaned = CODE.sub("", cleaned)
    for sign in set(cleaned) & SIGNS.keys():
        if currency is not None and currency not in SIGNS[sign]:
            raise ValueError(_("%(text)s is not in %(currency)s", text=repr(text), currency=currency))
    cleaned = re.sub(r"[\s£€$¥₹'\u00a0\u202f]", "", cleaned).replace("−", "-").replace("–", "-")
    digits = cleaned.lstrip("+-")
    european = delimiter == ";"
    if GROUPED_DOTS.fullmatch(digits) and (european or "," in digits):
        cleaned = cleaned.replace(".", "").replace(",", ".")
    elif GROUPED_COMMAS.fullmatch(digits) and (not european or "." in digits):
        cleaned = cleaned.replace(",", "")
    elif DECIMAL_COMMA.fullmatch(digits):
        cleaned = cleaned.replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(_("%(text)s is not a number", text=repr(text))) from None
    if not value.is_finite():
        raise ValueError(_("%(text)s is not a number", text=repr(text)))
    if not value:
        return value
    # The size and the decimals are read from the digits before any arithmetic: 1e1000000
    # overflows the decimal context, and 1e-9999999999 would round to 0 in it.
    if value.adjusted() > len(str(MAX_AMOUNT)) or abs(value) > MAX_AMOUNT:
        raise ValueError(_("%(text)s is more than the ledger holds (%(most)s at most)",
                           text=repr(text), most=counted(MAX_AMOUNT)))
    if -_exponent(value) > MOST_DECIMALS:
        raise ValueError(_("%(text)s has more decimals than any currency", text=repr(text)))
    return value


def _exponent(value: Decimal) -> int:
    """The exponent of `value`'s last significant digit (1.50 → -1, 1500 → 2)."""
    _, digits, exponent = value.as_tuple()
    trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return exponent + trailing


def _minor(value: Decimal, currency: str) -> int:
    digits = MINOR_DIGITS.get(currency, 2)
    scaled = value * (10 ** digits)
    if scaled != scaled.to_integral_value():
        raise ValueError(_("%(value)s has more than %(digits)s decimals for %(currency)s",
                           value=value, digits=digits, currency=currency))
    return int(scaled)


class Row:
    """One line of the file, read cell by cell; each fault noted as a problem of its line."""

    def __init__(self, line, cells, found, delimiter, problems, order=DAY_FIRST):
        self.line, self.cells, self.found, self.delimiter = line, cells, found, delimiter
        self.problems, self.failed, self.order = problems, False, order

    def problem(self, field: str, message: str) -> None:
        self.problems.append({"line": self.line, "field": field, "message": message})
        self.failed = True

    def cell(self, column: str) -> str | None:
        """The cell's text ("" if empty), or None once refused (a formula) and said so."""
        index = self.found.get(column)
        value = self.cells[index].strip() if index is not None and index < len(self.cells) else ""
        if FORMULA.match(value):
            self.problem(column, _("%(value)s is a formula: type its value instead",
                                   value=repr(value)))
            return None
        return value

    def text(self, column: str, longest: int, optional: bool = False) -> str | None:
        value = self.cell(column)
        if value is None:
            return None
        if not value:
            if not optional:
                self.problem(column, _("no %(column)s", column=column_said(column)))
            return None
        try:
            return person_text(value, longest)
        except ValidationError as error:
            self.problem(column, " ".join(error.messages))
            return None

    def date(self) -> str | None:
        value = self.cell("date")
        if value is None:
            return None
        try:
            return date(value, self.order) if value else self.problem("date", _("no %(column)s", column=column_said("date")))
        except ValueError as error:
            self.problem("date", str(error))
            return None

    def number(self, column: str, currency: str | None = None) -> Decimal | None:
        value = self.cell(column)
        if not value:
            return None
        try:
            return number(value, self.delimiter, currency)
        except ValueError as error:
            self.problem(column, str(error))
            return None
