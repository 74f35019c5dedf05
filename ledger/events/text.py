"""Text a person types (names, groups, reasons): what is accepted, and how it is stored.

Accepted, as sent: valid Unicode (no unpaired surrogate), at most the field's number of
characters (code points, as JSON Schema's `maxLength` counts them, so a character past U+FFFF
counts once), no control character (`Cc`: tabs, line breaks, NUL…) and no bidirectional
embedding, override or isolate anywhere, and at least one character that shows: a letter,
digit, punctuation mark or symbol (a general category of L, N, P or S; not white space, a
format or private-use character, a combining mark alone or an unassigned code point).

That is a regular language, published as the fields' `pattern` (`text_pattern()`), drawn from
the server's own Unicode tables, so the document and the server agree character for
character. The pattern spells every character itself (characters past U+FFFF literally, not
escaped): it reads the same in Python's `re`, Rust's `regex` and ECMA-262 with the `u` flag.

Stored: NFC-normalised, then trimmed of white space and invisible format characters at both
ends. Normalising never changes whether a text shows something (every character's canonical
form shows exactly when the character does; `tests/unit/test_text.py` checks all of them).
A few characters (composition exclusions such as U+0958) are longer in NFC than as sent; the
limit is on what is sent, so such a name may be stored a little longer than `maxLength`.
"""

import re
import unicodedata
from functools import cache

from marshmallow import ValidationError

from ledger.language import _

# Explicit bidi embeddings, overrides and isolates make "Ann pays Ben" display reversed.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_FORBIDDEN = frozenset(BIDI_CONTROLS)


def person_text(value: str, max_length: int) -> str:
    """`value` as it is stored, or a ValidationError saying what is wrong with it."""
    if not is_unicode(value):
        raise ValidationError(_("Not valid Unicode text (an unpaired surrogate)."))
    if len(value) > max_length:
        raise ValidationError(_("Longer than %(most)s characters.", most=max_length))
    if any(unicodedata.category(c) == "Cc" for c in value):
        raise ValidationError(_("Control characters (tabs, line breaks, NUL…) are not allowed."))
    if any(c in _FORBIDDEN for c in value):
        raise ValidationError(_("Bidirectional override characters are not allowed."))
    if not any(shows(c) for c in value):
        raise ValidationError(_("Must show at least one letter, digit or sign."))
    return _trimmed(unicodedata.normalize("NFC", value))


def is_unicode(value: str) -> bool:
    """Whether a string can be stored as UTF-8 (JSON's \\ud800 escapes can make one that can't)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


SHOWING = "LNPS"  # the general categories (by their first letter) of a character that shows


def shows(char: str) -> bool:
    """A letter, digit, punctuation mark or symbol."""
    return unicodedata.category(char)[0] in SHOWING


@cache
def text_pattern() -> str:
    """The accepted texts as one regular expression: any allowed characters around one that
    shows. (Anchored: a JSON Schema `pattern` matches anywhere in the text.)"""
    categories = "".join(map(unicodedata.category, map(chr, range(0x110000))))
    refused = _runs(categories, "(?:Cc)+") + [(ord(c), ord(c)) for c in BIDI_CONTROLS]
    allowed = "[^" + "".join(_class_range(a, b) for a, b in _joined(refused)) + "]"
    shown = _runs(categories, f"(?:[{SHOWING}].)+")
    showing = "[" + "".join(_class_range(a, b) for a, b in shown) + "]"
    return f"^{allowed}*{showing}{allowed}*$"


def _runs(categories: str, run: str) -> list[tuple[int, int]]:
    """The code points whose categories match `run` (a run of two-letter categories, in
    `categories`, every code point's, two letters each), as inclusive ranges. (A category's
    second letter is never a capital: a match starts on a code point's.)"""
    return [(m.start() // 2, m.end() // 2 - 1) for m in re.finditer(run, categories)]


def _joined(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Inclusive ranges, in order, those that touch made one."""
    joined: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if joined and first <= joined[-1][1] + 1:
            joined[-1] = (joined[-1][0], max(last, joined[-1][1]))
        else:
            joined.append((first, last))
    return joined


def _class_range(first: int, last: int) -> str:
    return _class_char(first) if first == last else f"{_class_char(first)}-{_class_char(last)}"


def _class_char(point: int) -> str:
    """A character as a class member: itself, escaped when the class syntax gives it a meaning,
    or a \\u escape for one that does not show (a control or format character) in the BMP."""
    char = chr(point)
    if char in "\\]-^[":
        return "\\" + char
    if not shows(char) and point <= 0xFFFF:
        return f"\\u{point:04x}"
    return char


def _trimmed(text: str) -> str:
    start, end = 0, len(text)
    while start < end and _blank(text[start]):
        start += 1
    while end > start and _blank(text[end - 1]):
        end -= 1
    return text[start:end]


def _blank(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in ("Cf", "Zs")
