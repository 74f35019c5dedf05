"""Whose a bearer token is: a session's or a club's, and with which role (`write`, `read`).
Tokens are kept only as their digests (`token_digest`), and the store remembers the ones it
has found (a token never changes once issued)."""

from ledger.events.store.base import CLUB_TOKENS, SESSION_TOKENS, Store
from ledger.service.sessions import token_digest


class Tokens:
    def __init__(self, store: Store):
        self.store = store

    def session(self, token: str) -> tuple[str, str] | None:
        """(session id, role) of a session's token, or None."""
        return self.store.find_token(SESSION_TOKENS, token_digest(token))

    def club(self, token: str) -> tuple[str, str] | None:
        """(club id, role) of a club's token, or None."""
        return self.store.find_token(CLUB_TOKENS, token_digest(token))
