"""A refusal's words in the request's language, for the messages made outside this code:
marshmallow's and webargs' own (`Missing data for required field.`, `Must be one of: en, de,
fr.`) and the HTTP statuses' titles. Each is listed here in English, as its library writes
it, with its figures as named placeholders, so that `pybabel extract` puts it in the
catalogue; `translated` finds the one a message is and says it in the current language.
The ledger's own refusals are translated where they are made (`ledger.language._`)."""

import re
from functools import cache

from ledger.language import N_, _, current

MESSAGES = (
    # marshmallow's fields and validators
    N_("Missing data for required field."), N_("Unknown field."), N_("Field may not be null."),
    N_("Invalid input type."), N_("Invalid input."), N_("Invalid type."), N_("Invalid value."),
    N_("Not a valid integer."), N_("Not a valid string."), N_("Not a valid boolean."),
    N_("Not a valid list."), N_("Not a valid mapping type."), N_("Not a valid number."),
    N_("Not a valid UUID."), N_("Not a valid date."), N_("Not a valid utf-8 string."),
    N_("Number too large."), N_("String does not match expected pattern."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("Length must be between %(min)s and %(max)s."), N_("Length must be %(equal)s."),
    N_("Longer than maximum length %(max)s."), N_("Shorter than minimum length %(min)s."),
    N_("Must be one of: %(choices)s."),
    N_("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
    N_("Must be greater than or equal to %(min)s."), N_("Must be less than or equal to %(max)s."),
    N_("Must be greater than %(min)s."), N_("Must be less than %(max)s."),
    # the statuses' titles (werkzeug's names) and the ledger's refusals'
    N_("Bad Request"), N_("Unauthorized"), N_("Forbidden"), N_("Not Found"),
    N_("Method Not Allowed"), N_("Not Acceptable"), N_("Conflict"), N_("Precondition Failed"),
    N_("Request Entity Too Large"), N_("Request-URI Too Long"), N_("Unsupported Media Type"),
    N_("Unprocessable Entity"), N_("Precondition Required"), N_("Too Many Requests"),
    N_("Request Header Fields Too Large"), N_("Internal Server Error"), N_("Bad Gateway"),
    N_("Service Unavailable"), N_("Gateway Timeout"), N_("Not Modified"),
)


@cache
def _patterns() -> tuple[tuple[re.Pattern, str], ...]:
    """Each message with placeholders as the pattern its English text matches."""
    made = []
    for message in MESSAGES:
        if "%(" in message:
            pattern = re.escape(message)
            for name in re.findall(r"%\\\((\w+)\\\)s", pattern):
                pattern = pattern.replace(rf"%\({name}\)s", rf"(?P<{name}>.+?)", 1)
            made.append((re.compile(pattern), message))
    return tuple(made)


def translated(message: str) -> str:
    """`message` in the current language: a message of the catalogue as it is, or one of
    `MESSAGES` with its figures; anything else as it came."""
    if current() == "en" or not message:
        return message
    said = _(message)
    if said != message:
        return said
    for pattern, template in _patterns():
        found = pattern.fullmatch(message)
        if found:
            return _(template, **found.groupdict())
    return message
