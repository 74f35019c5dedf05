"""The pages' words in the table's language (SPEC §10 amendment 10): each script is served with
its strings in that language, and each page with its own, so that a phone loads the words of
its language only, with no catalogue of its own to fetch and nothing to look up as it draws.

The scripts say their words in English, marked as Babel's JavaScript extractor finds them
(`babel.cfg`): `_("Record")`, `_("Deal {n}", {n})` (named placeholders, filled in by core.js),
`n_("{n} counter", "{n} counters", n)`. Served in a language, `_("Record")` becomes the
string itself, `_("Deal {n}", …)` keeps its call with the string translated, and `n_`'s two
English forms become the language's forms by CLDR plural category (`{"one": …, "other": …}`),
which core.js picks with `Intl.PluralRules` (French has a third, `many`). The templates say
theirs with Jinja's i18n extension (`{{ _("Open an evening") }}`)."""

import json
import re
from functools import cache

from babel import Locale

from ledger.language import LOCALES, _, current, speaking, translations

STRING = r'"(?:[^"\\\n]|\\.)*"'
SAID = re.compile(rf'(?<![\w$.])_\(\s*({STRING})\s*(\)?)')
PLURAL = re.compile(rf'(?<![\w$.])n_\(\s*({STRING})\s*,\s*({STRING})\s*,')
SAMPLES = (0, 1, 2, 3, 5, 11, 21, 22, 100, 101, 1_000_000)  # a number of each plural category


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


@cache
def categories(language: str) -> dict[str, int]:
    """The language's plural categories (CLDR's, as `Intl.PluralRules` names them), each with
    a number of that category."""
    locale = Locale.parse(LOCALES[language])
    found: dict[str, int] = {}
    for n in SAMPLES:
        found.setdefault(locale.plural_form(n), n)
    return found


def in_language(source: str, language: str) -> str:
    """A script's source with its marked strings in `language`."""
    said = translations(language)

    def one(match: re.Match) -> str:
        text = said.gettext(json.loads(match.group(1)))
        return _literal(text) if match.group(2) else f"_({_literal(text)}"

    def forms(match: re.Match) -> str:
        singular, plural = json.loads(match.group(1)), json.loads(match.group(2))
        by = {category: said.ngettext(singular, plural, n)
              for category, n in categories(language).items()}
        return f"n_({json.dumps(by, ensure_ascii=False, separators=(',', ':'))},"

    with speaking(language):
        return SAID.sub(one, PLURAL.sub(forms, source))


def install(app) -> None:
    """The pages' templates say their words with Jinja's i18n extension (`{{ _("Record") }}`,
    newstyle: `{{ _("Link for %(who)s", who=…) }}`), in the request's language."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(
        gettext=_,  # (no values: newstyle Jinja fills in the `%(name)s` itself)
        ngettext=lambda singular, plural, n: translations(current()).ngettext(singular, plural, n),
        newstyle=True)
