"""The words said to people, in the language asked for (SPEC §10 amendment 10): English, German
or French, from Babel's message catalogues (`ledger/locale/<language>/LC_MESSAGES/messages.po`,
extracted and compiled with `pybabel`, as the README's "Translating" says).

The language is the caller's (`speaking`): the API sets it for a request from
`Accept-Language`, else the evening's or club's `language`, else English; the command line and
the tests speak English unless they say otherwise. What machines read (types, ids, field names,
JSON keys, CSV column headers) is never translated.

A message is English text with named placeholders (`_("%(name)s joined", name=…)`), translated
when it is made; `N_` marks one declared at import (a game's title, a validator's message), to
be translated where it is shown."""

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "de", "fr")  # English first: the words in the code, and the last resort
# the pseudo-locale: English accented and lengthened, each message marked (`Pseudo`), spoken
# when asked for by name only (a translator's or a test's check), never an evening's language
PSEUDO = "en-XA"
SPOKEN = (*LANGUAGES, PSEUDO)
# the locale each is written in (numbers, lists, dates): the English of the books, British
LOCALES = {"en": "en_GB", "de": "de_DE", "fr": "fr_FR", PSEUDO: "en_GB"}
LOCALE = Path(__file__).with_name("locale")
DOMAIN = "messages"
_language: ContextVar[str] = ContextVar("language", default="en")


def current() -> str:
    """The language words are said in here and now."""
    return _language.get()


def locale() -> str:
    """The locale (Babel's) numbers, lists and dates are written in here and now."""
    return LOCALES[_language.get()]


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Say what follows in `language` (English for None or one not shipped)."""
    token = _language.set(_shipped(language))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def set_language(language: str | None) -> Token:
    """Speak `language` for the rest of this context (a request's); the token undoes it."""
    return _language.set(_shipped(language))


def _shipped(language: str | None) -> str:
    return language if language in SPOKEN else "en"


@cache
def translations(language: str) -> NullTranslations:
    """The compiled catalogue of `language` (English, and a catalogue not compiled, say
    the English in the code)."""
    if language == "en":
        return NullTranslations()
    if language == PSEUDO:
        return Pseudo()
    return Translations.load(str(LOCALE), [language], DOMAIN)


class Pseudo(NullTranslations):
    """The pseudo-locale's words: each message ⟦marked⟧, its letters accented and each word
    40% longer (as German's and French's grow), its placeholders (`{name}`, `%(name)s`) and a
    `said` template's `[…]` kept. A word on a page that is not marked so is not a catalogue's."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


ACCENTED = str.maketrans("aeiouycnAEIOUYCN", "áéíóúýçñÁÉÍÓÚÝÇÑ")
KEPT = re.compile(r"(\{\w+\}|%\(\w+\)s|%%|[\[\]])")


def pseudo(message: str) -> str:
    parts = KEPT.split(message)
    for i in range(0, len(parts), 2):  # (the odd ones are kept as they are)
        parts[i] = re.sub(r"[A-Za-z]+", lambda word: word[0].translate(ACCENTED)
                          + "~" * math.ceil(len(word[0]) * 0.4), parts[i])
    return f"⟦{''.join(parts)}⟧"


def _(message: str, **params) -> str:
    """`message` in the current language, its `%(name)s` placeholders filled in."""
    if not message:  # (gettext's "" is the catalogue's header)
        return message
    said = translations(current()).gettext(message)
    return said % params if params else said


def n_(singular: str, plural: str, n: int, **params) -> str:
    """The singular or plural form for `n` (as the language forms plurals), `%(n)s` and the
    other placeholders filled in."""
    said = translations(current()).ngettext(singular, plural, n)
    return said % {"n": n, **params}


def language_name(code: str) -> str:
    """A language the service speaks (`de`) by its name in the current language (Deutsch,
    German, allemand): Babel's, from the CLDR."""
    return Locale.parse(code).get_display_name(LOCALES[current()])


def N_(message: str) -> str:
    """Marks `message` for the catalogue, untranslated here (translated where it is shown)."""
    return message
