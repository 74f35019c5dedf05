"""An answer given outside Flask's dispatch (`api.appends`), compressed as Flask-Compress
compresses Flask's: the same settings (its documented `COMPRESS_*` keys, its defaults set by
`Compress(app)`), the same libraries (brotli, zlib), the client's choice read by werkzeug.

Flask-Compress's only public way to compress is its `after_request` hook, which needs
Flask's request context: pushing one for each append cost more than the append's own
handling (about 0.26 ms against 0.05 ms for the compression itself), the cost the append's
own way in exists to spare. Where the client's header is out of the ordinary the reading is
RFC 9110's (`br;q=0` refuses brotli; Flask-Compress 1.25 sends it all the same)."""

import gzip
import zlib
from functools import lru_cache

import brotli
from werkzeug.http import parse_accept_header

DONE_HERE = ("br", "gzip", "deflate")


class Compression:
    def __init__(self, config):
        algorithms = config["COMPRESS_ALGORITHM"]
        if isinstance(algorithms, str):
            algorithms = algorithms.split(",")
        self.algorithms = tuple(name.strip() for name in algorithms)
        self.types = frozenset(config["COMPRESS_MIMETYPES"])
        self.smallest = config["COMPRESS_MIN_SIZE"]
        self.config = config

    def chosen(self, accepted: str | None) -> str | None:
        """The algorithm the client's Accept-Encoding takes first (ties: the configured
        order), None for the answer as it is."""
        return _best(self.algorithms, accepted) if accepted else None

    def applies(self, status: int, kind: str, size: int) -> bool:
        return 200 <= status < 300 and kind in self.types and size >= self.smallest

    def compressed(self, body: bytes, algorithm: str) -> bytes:
        config = self.config
        if algorithm == "br":
            return brotli.compress(body, mode=config["COMPRESS_BR_MODE"],
                                   quality=config["COMPRESS_BR_LEVEL"],
                                   lgwin=config["COMPRESS_BR_WINDOW"],
                                   lgblock=config["COMPRESS_BR_BLOCK"])
        if algorithm == "gzip":
            return gzip.compress(body, config["COMPRESS_LEVEL"])
        if algorithm == "deflate":
            return zlib.compress(body, config["COMPRESS_DEFLATE_LEVEL"])
        raise ValueError(f"{algorithm} is not compressed here")


@lru_cache(maxsize=256)  # a browser sends the same header every time: read it once
def _best(algorithms: tuple[str, ...], accepted: str) -> str | None:
    best = parse_accept_header(accepted).best_match([*algorithms, "identity"])
    return None if best == "identity" else best
