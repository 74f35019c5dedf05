"""The phone page (SPEC §7) and the club's, their assets, service worker and manifest, served
from Flask with no build step and no CDN."""

import functools
import hashlib
import json
import re
from pathlib import Path

import minify_html
import rcssmin
import rjsmin
from babel import Locale
from flask import Blueprint, Response, abort, render_template, request, url_for

from api.games.resources import TAG, tag
from api.phone.links import page_links
from api.phone.words import in_language
from ledger.language import LANGUAGES, LOCALE, SPOKEN, current

blp = Blueprint("phone", __name__, template_folder="templates", static_folder="static",
                static_url_path="/phone/static")


HERE = Path(__file__).parent
# The page's version: its template, its assets, its words in every language and the games'
# catalogue it draws. A new version makes a new service worker, which replaces the kept page
# and assets (SPEC §7: offline).
VERSION = hashlib.sha256(b"".join(
    [path.read_bytes() for path in sorted(HERE.rglob("*")) if path.suffix in (".html", ".js", ".css", ".svg")]
    + [path.read_bytes() for path in sorted(LOCALE.rglob("*.po"))]  # (the words in each language)
    + [TAG.encode()])).hexdigest()[:10]
# The pages' scripts are ES modules, one per screen or concern, served as written (readable,
# commented) without their comments and spaces: a phone on a slow network gets the same code
# in fewer bytes. Each is asked for under the page's version (`/phone/v/<version>/<name>`), so
# that the modules it imports, named relatively, are of the same version too.
STATIC = HERE / "static"
SCRIPTS = tuple(sorted(path.name for path in STATIC.glob("*.js") if path.name != "sw.js"))
ASSETS = (*SCRIPTS, "phone.css", "print.css")


@functools.cache
def asset_in(name: str, language: str) -> tuple[str, str]:
    """A module (its words in `language`: `api.phone.words`) or the style, as served."""
    if name.endswith(".css"):
        return rcssmin.cssmin((STATIC / name).read_text()), "text/css"
    return rjsmin.jsmin(in_language((STATIC / name).read_text(), language)), "text/javascript"


def version_in(language: str) -> str:
    """The page's version as its assets are asked for in `language` (English's is the version
    itself, `<version>.de` German's): a module imports the others of its own language."""
    return VERSION if language == "en" else f"{VERSION}.{language}"


# a form's submit button, its type dropped by minify-html as HTML's default (`served`)
UNTYPED_BUTTON = re.compile(r"<button(?![^>]*\btype=)")
IMPORTS = re.compile(r'^import [^;]*? from "\./([\w.-]+)";', re.M)


def imported(entry: str) -> list[str]:
    """The modules a page's entry loads at once (what it imports, and what they import), each
    after those it imports, as they run: each preloaded by the page, so that a slow link
    fetches them side by side, not one import after another. Those imported on first use
    (`import("./night.js")`) are not."""
    found: list[str] = []

    def visit(name: str) -> None:
        if name not in found:
            for wanted in IMPORTS.findall((STATIC / name).read_text()):
                visit(wanted)
            found.append(name)

    visit(entry)
    return found


PRELOADED = {"phone.js": imported("phone.js"), "club.js": imported("club.js")}
# Scripts of pages over plain http (the trust page, the table's read-only link for guests),
# where no service worker runs: not kept for opening offline.
PLAIN_HTTP = ("guest.js", "trust.js")
SHELL = ["/", "/club", "/manifest.webmanifest", "/phone/static/icon.svg",
         "/phone/static/vendor/qrcode.js"]
VERSIONED = [name for name in ASSETS if name not in PLAIN_HTTP]


@functools.cache
def worker_in(language: str) -> str:
    """The service worker of the pages in `language`: its own cache (a phone that changes its
    language keeps that language's pages and modules, and drops the other's)."""
    return rjsmin.jsmin((STATIC / "sw.js").read_text().replace("__VERSION__", version_in(language))
                        .replace('["__SHELL__"]', json.dumps(SHELL))
                        .replace('["__VERSIONED__"]', json.dumps(VERSIONED)))


# each language the pages speak, by its own name (the switch at a page's foot)
LANGUAGE_NAMES = {code: Locale.parse(code).get_display_name(code).capitalize() for code in LANGUAGES}


def served(template: str, **context) -> str:
    """A page as its template has it, minified (minify-html: white space, quotes and optional
    tags HTML does without; the closing tags kept). Its script and style are asked for by the
    page's version and language, so a page of a new version never runs with the script or
    style an older service worker kept."""
    html = minify_html.minify(render_template(template, version=version_in(current()),
                                              lang=current(), languages=LANGUAGE_NAMES,
                                              preloaded=PRELOADED, **context),
                              keep_closing_tags=True, keep_html_and_head_opening_tags=True)
    # it drops a submit button's type (HTML's default; every other button says `type=button`):
    # the scripts find a form's button by it (`button[type=submit]`), so it is written back
    return UNTYPED_BUTTON.sub("<button type=submit", html)


@blp.get("/")
def page():
    return served("phone.html", games_tag=tag(current()), **page_links())


@blp.get("/phone/v/<version>/<name>")
def asset(version: str, name: str):
    """A page's module or style. Of the page's own version it never changes (kept a year);
    asked for under another (a page an older service worker kept), it is today's, asked
    again each time (304 while the version stands)."""
    base, _dot, language = version.partition(".")
    if name not in ASSETS or language not in ("", *SPOKEN[1:]):
        abort(404)
    body, mimetype = asset_in(name, language or "en")
    cache = "public, max-age=31536000, immutable" if base == VERSION else "no-cache"
    response = Response(body, mimetype=mimetype, headers={"Cache-Control": cache})
    response.set_etag(VERSION, weak=True)
    return response.make_conditional(request)


@blp.get("/club")
def club_page():
    """A club's page: its standings and chart, tonight's evening, members and seasons."""
    return served("club.html")


@blp.get("/sw.js")
def service_worker():
    """At the root, so that it controls the page; never kept stale by the browser's cache."""
    return Response(worker_in(current()), mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Vary": "Accept-Language, Cookie"})


@blp.get("/manifest.webmanifest")
def manifest():
    icon = url_for("phone.static", filename="icon.svg")
    return {"name": "Parlour Ledger", "short_name": "Ledger", "start_url": "/", "scope": "/",
            "display": "standalone", "background_color": "#fbf8f1", "theme_color": "#1f5f3a",
            "description": "Scores and counters for parlour card games, kept at the table.",
            "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}, 200, {
        "Content-Type": "application/manifest+json"}
