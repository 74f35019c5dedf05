"""Marshmallow fields for the ledger's numbers, references and text.

Whatever a client sends, what is stored must be text every store keeps and every reader can
show: ids are plain URL-safe tokens, and text typed by a person is valid Unicode (no unpaired
surrogates), NFC-normalised, trimmed, free of control characters and bidi overrides, and never
only invisible characters.
"""

import re
from functools import cache
from zoneinfo import available_timezones

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from ledger.events.text import person_text
from ledger.language import LANGUAGES, N_, _

MAX_AMOUNT = 10**9
# An id travels in URL paths (…/players/<pid>/statement): unreserved URL characters only, and
# not "." or ".." (which a client collapses as a path segment).
REF_PATTERN = r"^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,63}$"
_REF = re.compile(REF_PATTERN)


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


CURRENCY = Pattern(r"^[A-Z]{3}$", error=N_("Must be an ISO 4217 code of three capital letters, "
                                           "e.g. GBP."))  # (translated where it is shown)


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
            raise ValidationError(_("Must be an IANA time zone name, e.g. Europe/London or UTC."))
        return zone


class Language(fields.String):
    """The language people are spoken to in (SPEC §10 amendment 10): a language tag whose
    language this service speaks (`en`, `de`, `fr`; a region or script after it, as a phone
    names its own, `de-AT`), kept as that language alone (`de`)."""

    def __init__(self, **kwargs):
        kwargs["metadata"] = {"pattern": LANGUAGE_PATTERN, "example": "de", **kwargs.get(
            "metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        tag = super()._deserialize(value, attr, data, **kwargs)
        if not re.fullmatch(LANGUAGE_PATTERN.strip("^$"), tag):
            raise ValidationError(_("Must be a language this service speaks: %(languages)s.",
                                    languages=", ".join(LANGUAGES)))
        return tag.split("-", 1)[0]


LANGUAGE_PATTERN = f"^({'|'.join(LANGUAGES)})(-[A-Za-z0-9]{{1,8}})*$"


@cache
def known_zones() -> frozenset[str]:
    """The tz database's zone names (UTC always among them: it needs no database)."""
    return frozenset(available_timezones()) | {"UTC"}


class Flag(fields.Boolean):
    """A JSON true or false and nothing else: marshmallow's Boolean also takes "yes", "on", 1
    and 0 (and `1 in {True}` is true in Python, so its `truthy` cannot narrow it)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise ValidationError(_("Must be true or false."))
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
            raise ValidationError(_("Must be a whole number from %(min)s to %(max)s.",
                                    min=self.minimum, max=self.maximum))
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
            raise ValidationError(_("Must be a whole number from %(min)s to %(max)s, in digits 0-9.",
                                    min=self.minimum, max=self.maximum))
        return int(value)


def Counters(**kwargs) -> WholeNumber:
    """An amount, price or stake: 1 to 10⁹ counters."""
    return WholeNumber(1, **kwargs)


def Count(**kwargs) -> WholeNumber:
    """A count of cards, spades, aces, sweeps or cards left: 0 to 10⁹ (or `maximum`)."""
    return WholeNumber(0, **kwargs)


class RefField(fields.String):
    """A reference to a player, table, game or event by its id (`refers_to`: what it refers
    to, where its name does not say: a club's member paying another on the tab)."""

    def __init__(self, refers_to: str | None = None, **kwargs):
        self.refers_to = refers_to
        kwargs["metadata"] = {"pattern": REF_PATTERN, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        ref = super()._deserialize(value, attr, data, **kwargs)
        if not _REF.fullmatch(ref):  # match() lets "$" pass a final line break ("zed\n")
            raise ValidationError(_("Must be an id of 1 to 64 letters, digits, '-', '_', '.' or "
                                    "'~' (not starting with '.'), e.g. a UUID."))
        return ref


def Ref(**kwargs) -> RefField:
    return RefField(**kwargs)


class RefKey(fields.String):
    """A map's key naming a player. OpenAPI 3.0 cannot constrain a map's keys, so any text is
    well formed here: a key that is no player's id names nobody, and the rules answer it as
    they answer any unknown player (404), or one not seated in the game (409)."""

    refers_to = "player"


class MemberKey(RefKey):
    """A map's key naming a club's member (a starting book's balances)."""

    refers_to = "member"


def referent(field: fields.Field, name: str | None) -> str | None:
    """What a field of a request refers to, if it is a reference: `player` (a reference, a
    list of them or a map keyed by them), `member` (a club's member), `evening` (a club's
    evening brought in), or for a field named `<thing>_id`, `<thing>` (`game`, `table`,
    `event`, `session`); `id`, a new event's own id, refers to nothing."""
    if isinstance(field, fields.List):
        field = field.inner
    elif isinstance(field, fields.Dict):
        return field.key_field.refers_to if isinstance(field.key_field, RefKey) else None
    if not isinstance(field, RefField) or name in (None, "id"):
        return None
    if field.refers_to:
        return field.refers_to
    if name.endswith("_id"):
        return name.removesuffix("_id").rsplit("_", 1)[-1]
    return "member" if name in ("member", "members") else "evening" if name == "evening" \
        else "player"


def players_named(schema: Schema, data: dict) -> list[tuple[str, str]]:
    """Every player a game's fact names (its field, the player's id), in the schema's order:
    references, lists of them and the keys of maps keyed by them."""
    named = []
    for name, field in schema.fields.items():
        value = data.get(name)
        if value is None or referent(field, name) != "player":
            continue
        ids = value if isinstance(value, (list, dict)) else [value]
        named.extend((f"data.{name}", pid) for pid in ids)
    return named


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


def RefList(minimum: int = 0, **kwargs) -> fields.List:
    """A list of distinct references (winners, seats, better hands)."""
    return fields.List(Ref(), validate=[validate.Length(min=minimum, max=64), _distinct], **kwargs)


def _distinct(values: list) -> None:
    if len(set(values)) != len(values):
        raise ValidationError(_("Lists a player twice."))
