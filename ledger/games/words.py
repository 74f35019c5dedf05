"""The games' catalogue in the table's language (`GET /api/v1/games`): each game's title, its
options' labels and hints, its buttons' labels, fields, outcomes and what the log says while a
fact waits, and a label for each of a choice's values (`choice_labels`), said in the language
asked for by `Game.described()` and `page.Field.described()`; kinds, types, names and values
never change with it.

The words are declared as English in the game modules; Babel's extractor below (`babel.cfg`)
finds them in the registry itself, so that `pybabel extract` puts every one in the template
with no marking in the modules."""

from collections.abc import Iterator

from babel.messages.extract import extract_python

SAID = ("title", "offered_as", "label", "hint", "grid", "said")  # the keys whose text is said


def words(described) -> Iterator[str]:
    """Every word a described game says (in the language it was described in)."""
    if isinstance(described, dict):
        for key, value in described.items():
            if key in SAID and isinstance(value, str):
                yield value
            elif key == "outcomes":
                yield from (label for label, _data in value)
            elif key == "choice_labels":
                yield from value.values()
            else:
                yield from words(value)
    elif isinstance(described, list):
        for value in described:
            yield from words(value)


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for the registry's module (`ledger/games/__init__.py`): its
    own marked messages, then every game's words as the registry describes them."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    if not getattr(fileobj, "name", "").endswith("ledger/games/__init__.py"):
        return  # (api/games/__init__.py: the same name within its folder)
    from ledger import games  # (the registry, whole, as the service has it)

    for game in games.GAMES.values():
        for word in dict.fromkeys(words(game.described())):
            yield 0, None, word, [f"{game.kind}: the game's catalogue"]
