"""Session tokens, stored only as their SHA-256 digests (each token carries 256 random bits)."""

from ledger.events.sql import Connections, Tx

KEPT = 10_000


class Tokens:
    def __init__(self, connections: Connections):
        self.connections = connections
        self._known: dict[str, tuple[str, str]] = {}

    def add(self, tx: Tx, session_id: str, digests: dict[str, str]) -> None:
        """Store digests by role (`write`, `read`) in the caller's transaction."""
        for role, digest in digests.items():
            tx.run("INSERT INTO session_tokens (token_hash, session_id, role) "
                   "VALUES (:digest, :session_id, :role)",
                   {"digest": digest, "session_id": session_id, "role": role})

    def roles(self, tx: Tx, session_id: str) -> set[str]:
        rows = tx.all("SELECT role FROM session_tokens WHERE session_id = :sid", {"sid": session_id})
        return {row[0] for row in rows}

    def of_session(self, session_id: str) -> dict[str, str]:
        """The session's digests by role (for moving a ledger; never the tokens)."""
        with self.connections.reading() as tx:
            rows = tx.all("SELECT role, token_hash FROM session_tokens WHERE session_id = :sid",
                          {"sid": session_id})
        return {role: digest for role, digest in rows}

    def find(self, digest: str) -> tuple[str, str] | None:
        """(session id, role) of a digest, or None. A token never changes once issued, so known
        digests are remembered (unknown ones are always looked up)."""
        known = self._known.get(digest)
        if known is not None:
            return known
        with self.connections.reading() as tx:
            row = tx.one("SELECT session_id, role FROM session_tokens WHERE token_hash = :digest",
                         {"digest": digest})
        if row is None:
            return None
        if len(self._known) >= KEPT:
            self._known.clear()
        self._known[digest] = (row[0], row[1])
        return self._known[digest]
