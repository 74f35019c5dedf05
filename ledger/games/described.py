"""The games as a client sees them (`GET /api/v1/games`): each game's options read from its
marshmallow schema, and its facts from its buttons. Compact: a key at its default (none,
false, no text) is left out, so that the catalogue stays small on a phone's slow network;
lists are always given, empty or not."""

from marshmallow import fields, missing, validate

def compact(described: dict) -> dict:
    """`described` without the keys at their default: none, false or no text (a number 0 and
    an empty list are kept)."""
    return {key: value for key, value in described.items()
            if value is not None and value is not False and value != ""}


def option_described(name: str, field: fields.Field) -> dict:
    """One option as a start-game form offers it, read from its marshmallow field: `input` is
    `bool`, `choice` (of `choices`), `number` (from `min`), `seat` (a seated player),
    `tables` (players seated at the session's tables) or `partners` (two sides of two)."""
    choices = next((v.choices for v in field.validators if isinstance(v, validate.OneOf)), None)
    if isinstance(field, fields.Boolean):
        form = {"input": "bool"}
    elif choices is not None:
        form = {"input": "choice", "choices": list(choices)}
    elif isinstance(field, fields.Integer):
        form = {"input": "number", "min": field.metadata.get("minimum", 0)}
    elif isinstance(field, fields.String):
        form = {"input": "seat"}  # a reference among the options is a seated player
    elif isinstance(field, fields.List) and isinstance(field.inner, fields.Nested):
        form = {"input": "tables"}
    else:
        form = {"input": "partners"}
    default = field.load_default
    return compact({"name": name, "label": name.replace("_", " ").capitalize(),
                    "hint": field.metadata.get("description", ""),
                    "default": None if default is missing or callable(default) else default,
                    **form})
