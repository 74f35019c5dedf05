"""How a request's fields are described in /openapi.json beyond what apispec says of them:
references marked with what they refer to, text a person types with the pattern of what is
accepted, a map's bounds as numbers of entries, and the fields that take a value from a
closed set (a time zone, Pope Joan's compartments) listing it. Each is an attribute function
of apispec's marshmallow converter (`self`), returning what it adds to the field's schema."""

from marshmallow import fields, validate

from ledger.events import fields as ledger_fields
from ledger.events.text import text_pattern


def references(self, field, ret, **kwargs) -> dict:
    """A reference is marked with what it refers to (`ledger.events.fields.referent`) as a
    format: `player-id`, `member-id`, `game-id`, …. A map keyed by players says so
    (`x-key-format`). A list of distinct references says so. Text a person types is
    `display-text`, with the pattern of what is accepted."""
    if isinstance(field, fields.List) and ledger_fields._distinct in field.validators:
        return {"uniqueItems": True}
    if isinstance(field, ledger_fields.TextField):
        return {"format": "display-text", "pattern": text_pattern(),
                "description": ret.get("description", TEXT)}
    thing = ledger_fields.referent(field, field.name)
    if thing is None or isinstance(field, fields.List):
        return {}
    if isinstance(field, fields.Dict):
        return {"x-key-format": f"{thing}-id"}  # (OpenAPI 3.0 cannot describe keys)
    return {"format": f"{thing}-id"}


TEXT = ("text a person types (`pattern`): no control character or bidirectional override, and "
        "at least one letter, digit, punctuation mark or symbol; stored NFC-normalised and "
        "trimmed")


def map_sizes(self, field, ret, **kwargs) -> dict:
    """A map's bounds are a number of entries (apispec writes a Length as a string's)."""
    if not isinstance(field, fields.Dict):
        return {}
    sizes = {"minLength": "minProperties", "maxLength": "maxProperties"}
    return {sizes[key]: ret.pop(key) for key in list(ret) if key in sizes}


def closed_sets(self, field, ret, **kwargs) -> dict:
    """What a field takes from a closed set says it: a time zone is one of the zones the
    server's tz database knows (`enum`), and a map whose keys are chosen from a few names
    (Pope Joan's compartments) lists them as its properties and takes no other."""
    if isinstance(field, ledger_fields.TimeZone):
        return {"enum": sorted(ledger_fields.known_zones())}
    if not isinstance(field, fields.Dict) or field.key_field is None:
        return {}
    names = next((rule.choices for rule in field.key_field.validators
                  if isinstance(rule, validate.OneOf)), None)
    if names is None:
        return {}
    value = self.field2property(field.value_field) if field.value_field else {}
    return {"properties": {name: value for name in names}, "additionalProperties": False}
