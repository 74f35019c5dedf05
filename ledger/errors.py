"""Domain errors. The API maps each class to one HTTP status in one place."""


class LedgerError(Exception):
    """A request the ledger refuses; nothing has been written."""

    title = "Refused"

    def __init__(self, message: str, fields: dict[str, list[str]] | None = None, **extra):
        super().__init__(message)
        self.message = message
        self.fields = fields or {}
        self.extra = extra


class Invalid(LedgerError):
    """Malformed or inconsistent input (HTTP 422)."""

    title = "Invalid input"

    @classmethod
    def field(cls, name: str, message: str) -> "Invalid":
        return cls(f"{name}: {message}", {name: [message]})


class NotFound(LedgerError):
    """An unknown session, player, table, game or event (HTTP 404)."""

    title = "Not found"


class Conflict(LedgerError):
    """A request that contradicts the current state of the session (HTTP 409)."""

    title = "Conflict"
