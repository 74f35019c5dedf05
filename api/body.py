"""Request bodies: one gate that every JSON body passes through, whichever view reads it.

A body must be `application/json` (UTF-8; a leading byte-order mark is ignored, as RFC 8259
allows), no larger than the configured limit however it is framed (Content-Length or chunked),
valid JSON with no key twice in one object, and every string in it valid Unicode.
"""

import json

from flask import current_app, g, request
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from ledger.errors import Invalid
from ledger.events.text import is_unicode
from ledger.language import _

BOM = "\ufeff"
PARSED = "ledger_body"


class DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def parsed_body():
    """The request's JSON body, parsed once per request; the problem when it has one."""
    if PARSED not in g:
        _check_media_type()
        setattr(g, PARSED, parse(_read()))
    return getattr(g, PARSED)


def check_not_encoded() -> None:
    """A body is read as it is sent: one compressed (Content-Encoding: gzip, br, …) is refused
    with 415, as RFC 9110 says, not read as if it were plain (which answered 400 "not UTF-8" to
    gzipped JSON, and recorded a plain body labelled gzip)."""
    coding = request.headers.get("Content-Encoding", "").strip().lower()
    if coding not in ("", "identity"):
        raise UnsupportedMediaType(_("The body must be sent uncompressed, not as "
                                     "Content-Encoding: %(coding)s.", coding=coding))


def _check_media_type() -> None:
    check_not_encoded()
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if request.mimetype != "application/json" or charset not in ("utf-8", "utf8"):
        raise UnsupportedMediaType(_("The body must be JSON, sent as Content-Type: "
                                     "application/json (UTF-8)."))


def _read() -> bytes:
    """The whole body, or 413. A Content-Length over the limit is refused before reading; a
    chunked body (no Content-Length) is read up to the limit and there Werkzeug stops without
    a word, so the server's own stream is asked whether the body goes on."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    data = request.get_data(cache=True)
    if (limit is not None and len(data) >= limit and request.content_length is None
            and request.environ["wsgi.input"].read(1)):
        raise RequestEntityTooLarge()
    return data


def parse(raw: bytes):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(_("The body is not valid JSON: it is not UTF-8.")) from None
    try:
        body = json.loads(text.removeprefix(BOM), object_pairs_hook=_object, parse_int=_whole)
    except DuplicateKey as error:
        raise BadRequest(_("The body is not valid JSON: the key %(key)s appears twice in one "
                           "object.", key=repr(error.key))) from None
    except (ValueError, RecursionError):
        raise BadRequest(_("The body is not valid JSON.")) from None
    fault = next(_faults(body), None)
    if fault is not None:
        raise Invalid.field(*fault)
    return body


LONGEST_NUMBER = 100  # digits: every amount here is at most 10^9; Python refuses over 4,300
NOT_UNICODE = "Not valid Unicode text (an unpaired surrogate)."
TOO_LONG = f"A whole number of more than {LONGEST_NUMBER} digits: none is that large here."


class _TooLong(str):
    """A JSON integer too long to be anything here, kept as its digits until its place is
    named (Python's int() refuses over 4,300 digits, which answered "not valid JSON")."""


def _whole(digits: str):
    return int(digits) if len(digits.lstrip("-")) <= LONGEST_NUMBER else _TooLong(digits)


def _object(pairs: list) -> dict:
    body = {}
    for key, value in pairs:
        if key in body:
            raise DuplicateKey(key)
        body[key] = value
    return body


def _faults(value, path: str = ""):
    """(path, what is wrong) of each string, keys included, that is not Unicode, and of each
    integer too long to be anything here: `data.name`, `seats.2`."""
    if isinstance(value, _TooLong):
        yield path or "body", TOO_LONG
    elif isinstance(value, str):
        if not is_unicode(value):
            yield path or "body", NOT_UNICODE
    elif isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path else key
            if not is_unicode(key):
                yield (path or "body") + ".<key>", NOT_UNICODE
            else:
                yield from _faults(item, here)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _faults(item, f"{path}.{index}" if path else str(index))


class Parser(FlaskParser):
    """Webargs reads JSON bodies through the same gate as every other view, and a query string
    with one value for each of its settings (`?limit=1&limit=1000000` took the first, and
    the import's `currency` its last: which one counts is refused, not guessed)."""

    def load_json(self, req, schema):
        return parsed_body()

    def load_querystring(self, req, schema):
        proxy = super().load_querystring(req, schema)
        for name in req.args:
            if len(req.args.getlist(name)) > 1 and name not in proxy.multiple_keys:
                raise Invalid.field(name, _("Given more than once: give it once."))
        return proxy
