"""The phone page (SPEC §7), served from Flask with no build step and no CDN."""

import hashlib
from pathlib import Path

from flask import Blueprint, Response, render_template, url_for
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


HERE = Path(__file__).parent
# The page's version: its template, its assets and what it is served as data. A new version
# makes a new service worker, which replaces the kept page and assets (SPEC §7: offline).
VERSION = hashlib.sha256(b"".join(
    [path.read_bytes() for path in sorted(HERE.rglob("*")) if path.suffix in (".html", ".js", ".css", ".svg")]
    + [repr((OPTION_FIELDS, GAME_SPECS)).encode()])).hexdigest()[:16]
WORKER = (HERE / "static" / "sw.js").read_text().replace("__VERSION__", VERSION)


@blp.get("/")
def page():
    return render_template("phone.html", option_fields=OPTION_FIELDS, game_specs=GAME_SPECS)


@blp.get("/sw.js")
def service_worker():
    """At the root, so that it controls the page; never kept stale by the browser's cache."""
    return Response(WORKER, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@blp.get("/manifest.webmanifest")
def manifest():
    icon = url_for("phone.static", filename="icon.svg")
    return {"name": "Parlour Ledger", "short_name": "Ledger", "start_url": "/", "scope": "/",
            "display": "standalone", "background_color": "#fbf8f1", "theme_color": "#1f5f3a",
            "description": "Scores and counters for parlour card games, kept at the table.",
            "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}, 200, {
        "Content-Type": "application/manifest+json"}
