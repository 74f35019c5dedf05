"""Marshmallow fields for the ledger's numbers, references and text.

Whatever a client sends, what is stored must be text every store keeps and every reader can
show: ids are plain URL-safe tokens, and text typed by a person is valid Unicode (no unpaired
surrogates), NFC-normalised, trimmed, free of control characters and bidi overrides, and never
only invisible characters.
"""

import re
import unicodedata
from functools import cache
from zoneinfo import available_timezones

from marshmallow import RAISE, Schema, ValidationError, fields, validate

MAX_AMOUNT = 10**9
# An id travels in URL paths (…/players/<pid>/statement): unreserved URL characters only, and
# not "." or ".." (which a client collapses as a path segment).
REF_PATTERN = r"^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,63}$"
_REF = re.compile(REF_PATTERN)
# Explicit bidi embeddings, overrides and isolates make "Ann pays Ben" display reversed.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class EventData(Schema):
    """The data of an event type: unknown fields are refused, never ignored."""

    class Meta:
        unknown = RAISE


class Pattern(validate.Regexp):
    """validate.Regexp (its pattern is shown in the OpenAPI document) that the whole value
    must match: Regexp's `re.match` lets `$` match before a final line break, so "GBP\n"
    passed `^[A-Z]{3}$`."""

    def __call__(self, value: str) -> str:
        if not isinstance(value, str) or self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


CURRENCY = Pattern(r"^[A-Z]{3}$", error="Must be an ISO 4217 code of three capital letters, "
                                        "e.g. GBP.")


class TimeZone(fields.String):
    """An IANA time zone name the tz database knows (`Europe/London`, `UTC`), exactly as it
    spells it: the zone an evening's times are written in. The OpenAPI document marks it
    `format: time-zone`."""

    def __init__(self, **kwargs):
        kwargs["metadata"] = {"format": "time-zone", "example": "Europe/London",
                              **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        zone = super()._deserialize(value, attr, data, **kwargs)
        if zone not in known_zones():
            raise ValidationError("Must be an IANA time zone name, e.g. Europe/London or UTC.")
        return zone


@cache
def known_zones() -> frozenset[str]:
    """The tz database's zone names (UTC always among them: it needs no database)."""
    return frozenset(available_timezones()) | {"UTC"}


class Flag(fields.Boolean):
    """A JSON true or false and nothing else: marshmallow's Boolean also takes "yes", "on", 1
    and 0 (and `1 in {True}` is true in Python, so its `truthy` cannot narrow it)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise ValidationError("Must be true or false.")
        return value


class WholeNumber(fields.Integer):
    """A JSON integer and nothing else: no strings, fractions or booleans."""

    def __init__(self, minimum: int, maximum: int = MAX_AMOUNT, **kwargs):
        self.minimum, self.maximum = minimum, maximum
        # the bounds are shown in the OpenAPI document; _validated enforces them
        kwargs["metadata"] = {"minimum": minimum, "maximum": maximum, **kwargs.get("metadata", {})}
        super().__init__(strict=True, **kwargs)

    def _validated(self, value):
        if isinstance(value, bool) or not isinstance(value, int) or not (
            self.minimum <= value <= self.maximum
        ):
            raise ValidationError(f"Must be a whole number from {self.minimum} to {self.maximum}.")
        return value


class QueryNumber(fields.Integer):
    """A whole number in a query string: ASCII digits only (no sign, `_`, spaces or other
    scripts' digits, all of which Python's int() would accept)."""

    def __init__(self, minimum: int, maximum: int, **kwargs):
        self.minimum, self.maximum = minimum, maximum
        kwargs["metadata"] = {"minimum": minimum, "maximum": maximum, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not value.isascii() or not value.isdigit() or (
            len(value) > 10 or not self.minimum <= int(value) <= self.maximum
        ):
            raise ValidationError(f"Must be a whole number from {self.minimum} to {self.maximum}, "
                                  "in digits 0-9.")
        return int(value)


def Counters(**kwargs) -> WholeNumber:
    """An amount, price or stake: 1 to 10⁹ counters."""
    return WholeNumber(1, **kwargs)


def Count(**kwargs) -> WholeNumber:
    """A count of cards, spades, aces, sweeps or cards left: 0 to 10⁹ (or `maximum`)."""
    return WholeNumber(0, **kwargs)


class RefField(fields.String):
    """A reference to a player, table, game or event by its id."""

    def __init__(self, **kwargs):
        kwargs["metadata"] = {"pattern": REF_PATTERN, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        ref = super()._deserialize(value, attr, data, **kwargs)
        if not _REF.fullmatch(ref):  # match() lets "$" pass a final line break ("zed\n")
            raise ValidationError("Must be an id of 1 to 64 letters, digits, '-', '_', '.' or '~' "
                                  "(not starting with '.'), e.g. a UUID.")
        return ref


def Ref(**kwargs) -> RefField:
    return RefField(**kwargs)


class TextField(fields.String):
    """Free text typed by a person (names, groups, reasons), normalised as it is stored."""

    def __init__(self, max_length: int, **kwargs):
        self.max_length = max_length
        kwargs["metadata"] = {"minLength": 1, "maxLength": max_length, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        return person_text(super()._deserialize(value, attr, data, **kwargs), self.max_length)


def Text(max_length: int, **kwargs) -> TextField:
    return TextField(max_length, **kwargs)


def person_text(value: str, max_length: int) -> str:
    """NFC-normalised and trimmed of white space and invisible characters at both ends;
    refused when it is not valid Unicode, holds control characters or bidi overrides, is
    longer than `max_length` as sent (the document's `maxLength`) or as stored, or shows
    nothing at all."""
    if not is_unicode(value):
        raise ValidationError("Not valid Unicode text (an unpaired surrogate).")
    if len(value) > max_length:
        raise ValidationError(f"Longer than {max_length} characters.")
    text = _trimmed(unicodedata.normalize("NFC", value))
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise ValidationError("Control characters (tabs, line breaks, NUL…) are not allowed.")
    if any(c in _BIDI_CONTROLS for c in text):
        raise ValidationError("Bidirectional override characters are not allowed.")
    if not any(_visible(c) for c in text):
        raise ValidationError("Must show at least one letter, digit or sign.")
    if len(text) > max_length:
        raise ValidationError(f"Longer than {max_length} characters.")
    return text


def is_unicode(value: str) -> bool:
    """Whether a string can be stored as UTF-8 (JSON's \\ud800 escapes can make one that can't)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] not in "ZCM"


def _trimmed(text: str) -> str:
    start, end = 0, len(text)
    while start < end and _blank(text[start]):
        start += 1
    while end > start and _blank(text[end - 1]):
        end -= 1
    return text[start:end]


def _blank(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in ("Cf", "Zs")


def RefList(minimum: int = 0, **kwargs) -> fields.List:
    """A list of distinct references (winners, seats, better hands)."""
    return fields.List(Ref(), validate=[validate.Length(min=minimum, max=64), _distinct], **kwargs)


def _distinct(values: list) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("Lists a player twice.")
