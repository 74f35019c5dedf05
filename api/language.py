"""The language a request is answered in (SPEC §10 amendment 10): the one a phone's page was
switched to (its `lang` cookie), else the one `Accept-Language` asks for among those the service
speaks, else the evening's or the club's (`unasked`: set by `api.access` once the request's token
is checked), else English. Every answer says which (`Content-Language`) and that it varies with
the header and the cookie (`Vary`)."""

from flask import Flask, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ledger.language import SPOKEN, current, set_language

COOKIE = "lang"  # the language a phone's page was switched to (its requests carry it)


def from_header(header: str | None) -> str | None:
    """The language an `Accept-Language` header asks for that the service speaks (`de-AT`
    is German; `*` or only others, none)."""
    return parse_accept_header(header, LanguageAccept).best_match(SPOKEN) if header else None


def chosen(cookie: str | None, header: str | None) -> str | None:
    """The language of a page's switch (its cookie), else the one `header` asks for."""
    return cookie if cookie in SPOKEN else from_header(header)


def asked() -> None:
    """Before anything else: the language asked for, if the service speaks one: the one a
    phone's page was switched to (its `lang` cookie), else `Accept-Language`'s."""
    tag = chosen(request.cookies.get(COOKIE), request.headers.get("Accept-Language"))
    g.language_asked = tag is not None
    g.language_before = set_language(tag)


def ended(_error=None) -> None:
    """After the request: the language as it was before it (a request served in the caller's
    own context, as a test client's is, leaves nothing behind)."""
    before = g.pop("language_before", None)
    if before is not None:
        before.var.reset(before)


def unasked() -> bool:
    """Whether the request asked for no language the service speaks (the evening's or the
    club's is then spoken, once its token is checked)."""
    return not g.get("language_asked", True)


def said_in(response):
    response.headers["Content-Language"] = current()
    response.vary.update(("Accept-Language", "Cookie"))
    return response


def install(app: Flask) -> None:
    app.before_request_funcs.setdefault(None, []).insert(0, asked)
    app.after_request(said_in)
    app.teardown_request(ended)
