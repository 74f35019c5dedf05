"""The English words a page in another language should not show: the English catalogue's
phrases, checked against what a page or a file says in German or French."""

import functools
import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "ledger" / "locale"
# a message's fixed parts: what is left between its placeholders ({name}, %(name)s) and […]
PLACES = re.compile(r"\{\w+\}|%\(\w+\)s|[\[\]]")


@functools.cache
def phrases(language: str) -> tuple[str, ...]:
    """Each English phrase (of two words or more) or word (of four letters or more) that the
    language says otherwise (one its own words use too, a name such as "Parlour Ledger" or
    "Commerce", is left out)."""
    with open(LOCALE / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po, locale=language)
    english, theirs = set(), []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        theirs.extend(said)
        for text in ids:
            english.update(part.strip(" .,:;·()") for part in PLACES.split(text))
    own = " ".join(theirs)
    # a phrase, or a word of four letters or more ("stake", "deals"), the language never uses
    return tuple(sorted(p for p in english if (" " in p and len(p) >= 6 or re.fullmatch(r"[A-Za-z]{4,}", p))
                        and not re.search(rf"(?<!\w){re.escape(p)}(?!\w)", own)))


def english_left(text: str, language: str) -> list[str]:
    """The English phrases found in `text` (whole words only)."""
    return [p for p in phrases(language) if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]


def said_in(language: str, message: str) -> str:
    """A message of the catalogue as the language says it."""
    with open(LOCALE / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)[message].string
