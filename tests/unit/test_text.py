"""Text a person types: the pattern the document publishes accepts exactly what the server
accepts, read by Python's `re` and by the Rust engine schemathesis validates with."""

import re
import unicodedata

import jsonschema_rs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from marshmallow import ValidationError

from ledger.events.text import BIDI_CONTROLS, person_text, shows, text_pattern

# (JSON Schema's `$` is the end of the text; Python's also matches before a last line break)
PATTERN = re.compile(text_pattern().removesuffix("$") + r"\Z")
LONG_ENOUGH = 10**6


def accepted(text: str) -> bool:
    try:
        person_text(text, LONG_ENOUGH)
    except ValidationError:
        return False
    return True


# Any Unicode text (no lone surrogates: JSON Schema's strings are text), with the characters
# the rules are about drawn often.
TEXT = st.text(st.one_of(st.characters(codec="utf-8"),
                         st.sampled_from(["\t", "\n", "\x7f", "\x85", "\u200b", "\u200d", "\u0301",
                                          "\u00a0", "\ufeff", "\U000e0100", "\U0001f600",
                                          *BIDI_CONTROLS])))


@given(TEXT)
@example("Ann")
@example("  Zoe\u0308 ")
@example("\u0301")
@example("\U0001f600")
@example("\u200b\u200d")
@example("Ann\n")
@example("\u202eAnn")
def test_the_pattern_accepts_what_the_server_accepts(text):
    assert bool(PATTERN.search(text)) == accepted(text)


@pytest.mark.parametrize("text, ok", [("Ann", True), ("a\tb", False), ("\U0001f600", True),
                                      ("\U000e0100", False), ("x\u202ey", False), (" ", False),
                                      ("\u0958" * 3, True), ("", False)])
def test_the_rust_engine_reads_the_pattern_as_python_does(text, ok):
    validator = jsonschema_rs.validator_for({"type": "string", "pattern": text_pattern()})
    assert validator.is_valid(text) == ok == bool(PATTERN.search(text))


def test_normalising_never_changes_whether_a_character_shows():
    changed = [hex(point) for point in range(0x110000) if not 0xD800 <= point <= 0xDFFF
               and shows(chr(point)) != any(shows(c) for c in
                                            unicodedata.normalize("NFC", chr(point)))]
    assert changed == []


def test_stored_text_is_normalised_and_trimmed_and_the_limit_is_on_what_is_sent():
    assert person_text("  Zoe\u0308\u200b ", 9) == "Zo\u00eb"
    with pytest.raises(ValidationError):
        person_text("e\u0301" * 5, 9)  # ten characters sent, five stored: too long as sent
    assert person_text("\u0958", 1) == "\u0915\u093c"  # longer in NFC than as sent
