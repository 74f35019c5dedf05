"""The phone page (SPEC §7), served from Flask with no build step and no CDN."""

from flask import Blueprint, render_template
from marshmallow import fields, missing, validate

from ledger import games

blp = Blueprint("phone", __name__, template_folder="templates", static_folder="static",
                static_url_path="/phone/static")


def described(name: str, field: fields.Field) -> dict:
    """One option as the start-game form shows it, read from its marshmallow field."""
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
        form = {"input": "tables"}  # players seated at the session's tables
    else:
        form = {"input": "partners"}  # two sides of two players each
    default = field.load_default
    return {"name": name, "label": name.replace("_", " ").capitalize(),
            "hint": field.metadata.get("description", ""),
            "default": None if default is missing or callable(default) else default, **form}


OPTION_FIELDS = {kind: [described(name, field) for name, field in game.options().fields.items()]
                 for kind, game in games.GAMES.items()}
GAME_SPECS = {kind: game.described() for kind, game in games.GAMES.items()}


@blp.get("/")
def page():
    return render_template("phone.html", option_fields=OPTION_FIELDS, game_specs=GAME_SPECS)
