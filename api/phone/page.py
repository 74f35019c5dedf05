"""The phone page (SPEC §7) and the club's, their assets, service worker and manifest, served
from Flask with no build step and no CDN."""

import hashlib
import re
from pathlib import Path

import rcssmin
import rjsmin
from flask import Blueprint, Response, render_template, request, url_for

from api.games.resources import TAG

blp = Blueprint("phone", __name__, template_folder="templates", static_folder="static",
                static_url_path="/phone/static")


HERE = Path(__file__).parent
INDENTATION = re.compile(r"\n\s+")
# The page's version: its template, its assets and the games' catalogue it draws. A new version
# makes a new service worker, which replaces the kept page and assets (SPEC §7: offline).
VERSION = hashlib.sha256(b"".join(
    [path.read_bytes() for path in sorted(HERE.rglob("*")) if path.suffix in (".html", ".js", ".css", ".svg")]
    + [TAG.encode()])).hexdigest()[:16]
WORKER = rjsmin.jsmin((HERE / "static" / "sw.js").read_text().replace("__VERSION__", VERSION))
# The page's script and style as written (readable, commented), served without their comments
# and spaces: a phone on a slow network gets the same code in fewer bytes.
SCRIPTS = ("core.js", "phone.js", "club.js")
ASSETS = {**{name: (rjsmin.jsmin((HERE / "static" / name).read_text()), "text/javascript")
             for name in SCRIPTS},
          "phone.css": (rcssmin.cssmin((HERE / "static" / "phone.css").read_text()), "text/css")}


def served(template: str, **context) -> str:
    """A page without its indentation (the template keeps it): a line's leading white space
    is one space to HTML, and none of the pages holds preformatted text. Its script and style
    are asked for by the page's version, so a page of a new version never runs with the
    script or style an older service worker kept."""
    return INDENTATION.sub("\n", render_template(template, version=VERSION, **context))


@blp.get("/")
def page():
    return served("phone.html", games_tag=TAG)


@blp.get("/phone/<any('core.js', 'phone.js', 'club.js', 'phone.css'):name>")
def asset(name: str):
    """The page's script or style, asked again each time (304 while the version stands)."""
    body, mimetype = ASSETS[name]
    response = Response(body, mimetype=mimetype, headers={"Cache-Control": "no-cache"})
    response.set_etag(VERSION, weak=True)
    return response.make_conditional(request)


@blp.get("/club")
def club_page():
    """A club's page: its standings and chart, tonight's evening, members and seasons."""
    return served("club.html")


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
