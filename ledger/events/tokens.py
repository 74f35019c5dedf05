"""Bearer tokens of sessions (`session_tokens`) and of clubs (`club_tokens`), stored only as
their SHA-256 digests (each token carries 256 random bits)."""

from ledger.events.sql import Connections, Tx

KEPT = 10_000
OWNERS = {"session_tokens": "session_id", "club_tokens": "club_id"}


class Tokens:
    def __init__(self, connections: Connections, table: str = "session_tokens"):
        self.connections = connections
        self.table, self.owner = table, OWNERS[table]
        self._known: dict[str, tuple[str, str]] = {}

    def add(self, tx: Tx, owner_id: str, digests: dict[str, str]) -> None:
        """Store digests by role (`write`, `read`) in the caller's transaction."""
        for role, digest in digests.items():
            tx.run(f"INSERT INTO {self.table} (token_hash, {self.owner}, role) "
                   "VALUES (:digest, :owner, :role)",
                   {"digest": digest, "owner": owner_id, "role": role})

    def roles(self, tx: Tx, owner_id: str) -> set[str]:
        rows = tx.all(f"SELECT role FROM {self.table} WHERE {self.owner} = :owner",
                      {"owner": owner_id})
        return {row[0] for row in rows}

    def of(self, owner_id: str) -> dict[str, str]:
        """The session's (or club's) digests by role (for moving a ledger; never the tokens)."""
        with self.connections.reading() as tx:
            rows = tx.all(f"SELECT role, token_hash FROM {self.table} WHERE {self.owner} = :owner",
                          {"owner": owner_id})
        return {role: digest for role, digest in rows}

    def find(self, digest: str) -> tuple[str, str] | None:
        """(session or club id, role) of a digest, or None. A token never changes once issued,
        so known digests are remembered (unknown ones are always looked up)."""
        known = self._known.get(digest)
        if known is not None:
            return known
        with self.connections.reading() as tx:
            row = tx.one(f"SELECT {self.owner}, role FROM {self.table} WHERE token_hash = :digest",
                         {"digest": digest})
        if row is None:
            return None
        if len(self._known) >= KEPT:
            self._known.clear()
        self._known[digest] = (row[0], row[1])
        return self._known[digest]
