"""The HTTP service: `gunicorn 'api:create_app()'`."""

from flask import Flask
from flask_compress import Compress

from api import (appends, docs, errors, language, opening, requestlog, security, server_problems,
                 whole)
from api.health import blp as health_blp
from api.exports.prepared import Preparations
from ledger.service.bootstrap import DEFAULT_URL, bootstrap

DEFAULTS = {
    "DATABASE_URL": DEFAULT_URL,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "API_TITLE": "Parlour Ledger",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    # Compressed on the way, for a phone on a slow network (the page, its catalogue and the
    # reads); streamed answers go as they are.
    "COMPRESS_MIMETYPES": ["text/html", "text/css", "text/javascript", "application/json",
                           "application/manifest+json", "image/svg+xml", "text/csv"],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_STREAMS": False,
    # A file that takes longer (a long evening's workbook) is written off the request: the
    # request waits this many seconds for it, then answers 202 (api/exports/prepared.py);
    # written files are kept in EXPORTS_DIR (if None, beside the SQLite file or in the
    # temporary folder).
    "EXPORT_WAIT": 2.0,
    "EXPORTS_DIR": None,
    # `push` on the stream server (gevent workers): streams held open and pushed; `poll` on
    # the sync workers, which must not be held: a stream says so and ends (api.live)
    "STREAMS": "poll",
    "API_SPEC_OPTIONS": {
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "security": [{"bearer": []}],
    },
}


def _as_it_is(function):
    return function


def create_app(config: dict | None = None) -> Flask:
    """Build the app; reads LEDGER_* environment variables (LEDGER_DATABASE_URL, …)."""
    app = Flask(__name__)
    app.ensure_sync = _as_it_is  # no view or hook is async: spare the check on each call
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("LEDGER")
    app.config.update(config or {})
    app.extensions["ledger"] = bootstrap(app.config["DATABASE_URL"])
    app.extensions["prepared"] = Preparations(app.config["EXPORTS_DIR"],
                                              app.config["DATABASE_URL"], app.config["EXPORT_WAIT"])

    api = docs.Api(app)
    errors.register(app)
    requestlog.install(app)
    language.install(app)
    from api.events.resources import blp as events_blp
    from api.clubs.resources import blp as clubs_blp
    from api.clubs.tab import blp as club_tab_blp
    from api.exports.evening import blp as evening_files_blp
    from api.exports.resources import blp as exports_blp
    from api.games.resources import blp as games_blp
    from api.live.resources import blp as live_blp, club_blp as club_live_blp
    from api.phone import blp as phone_blp, words as phone_words
    from api.reads.resources import blp as reads_blp
    from api.reads.tab import blp as evening_tab_blp
    from api.sessions.resources import blp as sessions_blp
    for blueprint in (sessions_blp, events_blp, reads_blp, evening_tab_blp, exports_blp, evening_files_blp,
                      clubs_blp, club_tab_blp, games_blp, live_blp, club_live_blp, health_blp):
        api.register_blueprint(blueprint)
    app.register_blueprint(phone_blp)
    phone_words.install(app)
    opening.install(app)
    Compress(app)
    whole.install(app)  # within the append's own way in, which hands a short body to Flask
    appends.install(app)  # within the security headers' wrapper
    security.install(app)
    server_problems.install()  # gunicorn's own answers (414, 431…) as problem documents too
    return app
