"""The message catalogues (`ledger/locale`, the README's "Translating"): the template holds every
message the code marks, and every shipped language translates each of them, with the same
named placeholders, nothing left fuzzy; its compiled catalogue is the one the service loads."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from ledger.language import LANGUAGES, LOCALE, speaking, translations, _

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2)}  # as babel.cfg's extraction
PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w+)\}")  # a message's, a game's `said` template's


def catalogue(path: Path):
    with open(path, "rb") as file:
        return read_po(file)


def marked() -> set:
    """Every message the code marks, and every word of the games' catalogue, extracted as
    `pybabel extract` does with babel.cfg."""
    with open(ROOT / "babel.cfg") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = set()
    for folder in ("ledger", "api"):
        for _file, _line, message, _comments, _context in extract_from_dir(
                ROOT / folder, method_map=method_map, options_map=options_map,
                keywords=KEYWORDS):
            found.add(message)
    return found


def test_the_template_holds_every_message_the_code_marks():
    template = {m.id for m in catalogue(LOCALE / "messages.pot") if m.id}
    assert template == marked(), "run the README's pybabel extract and update"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_translates_every_message_with_its_placeholders(language):
    template = [m for m in catalogue(LOCALE / "messages.pot") if m.id]
    path = LOCALE / language / "LC_MESSAGES" / "messages.po"
    translated = {m.id: m for m in catalogue(path) if m.id}
    assert not catalogue(path).fuzzy
    missing = [m.id for m in template if not (translated.get(m.id) and translated[m.id].string)]
    assert missing == [], f"{language}: not translated"
    fuzzy = [m.id for m in translated.values() if m.fuzzy]
    assert fuzzy == [], f"{language}: fuzzy"
    for message in template:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = translated[message.id].string
        strings = strings if isinstance(strings, tuple) else (strings,)
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) == wanted, (language, message.id, string)
            # a `said` template's optional parts (`[; {winner} won]`) kept, as many
            assert string.count("[") == ids[0].count("["), (language, message.id, string)
    extra = sorted(set(translated) - {m.id for m in template})
    assert extra == [], f"{language}: messages the code no longer marks"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_the_service_loads_each_compiled_catalogue(language):
    path = LOCALE / language / "LC_MESSAGES" / "messages.po"
    one = next(m for m in catalogue(path) if m.id and not PLACEHOLDER.search(str(m.id)))
    assert type(translations(language)).__name__ == "Translations", "run pybabel compile"
    with speaking(language):
        assert _(one.id) == one.string
    assert _(one.id) == one.id  # English outside
