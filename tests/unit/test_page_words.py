"""A page's script in a language (`api.phone.words`): each marked string said in it, `_("…")`
alone made the string itself, `_("…", values)` kept a call, `n_`'s forms given by the
language's plural categories (as `Intl.PluralRules` names them); what is not marked, or is
another name's `_`, untouched."""

import json
import re

from api.phone.words import categories, in_language

SOURCE = '''const a = _("Language"), b = _("Who went out"), c = _("Cards left {n}", {n});
const d = n_("{n} sweep", "{n} sweeps", n); el.y_("Language"); y._("Language"); "Language";'''


def test_a_marked_string_is_served_in_the_language_and_the_rest_is_left_as_written():
    german = in_language(SOURCE, "de")
    assert 'const a = "Sprache", b = "Wer ging aus"' in german
    assert '_("Cards left {n}", {n})' in german  # a call kept for its values (not translated)
    assert 'el.y_("Language"); y._("Language"); "Language";' in german  # not marks
    english = in_language(SOURCE, "en")
    assert 'const a = "Language", b = "Who went out"' in english


def test_plural_forms_are_given_by_the_language_s_categories():
    forms = {language: json.loads(re.search(r"n_\((\{.*?\}),", in_language(SOURCE, language))
                                  .group(1)) for language in ("en", "fr")}
    assert forms["en"] == {"one": "{n} sweep", "other": "{n} sweeps"}
    assert set(forms["fr"]) == {"one", "many", "other"} == set(categories("fr"))
    assert categories("fr")["many"] == 1_000_000 and categories("de") == {"other": 0, "one": 1}


def test_a_translated_string_is_a_valid_script_literal():
    served = in_language('x = _("Language");', "fr")
    assert served == 'x = "Langue";'
    assert json.loads(served.split("= ")[1].rstrip(";")) == "Langue"


def test_every_word_a_script_marks_is_extracted():
    """Babel's JavaScript extraction reads a script as its lexer can: a regular expression it
    misreads (after `?`) hides every word after it from the catalogues."""
    from pathlib import Path

    from babel.messages.extract import extract

    marked = re.compile(r'(?<![\w$.])n?_\(\s*"')
    for path in sorted((Path(__file__).parents[2] / "api/phone/static").glob("*.js")):
        with open(path, "rb") as script:
            found = list(extract("javascript", script, keywords={"_": None, "n_": (1, 2)}))
        assert len(found) == len(marked.findall(path.read_text())), path.name
