"""Domain errors. The API maps each class to one HTTP status in one place."""

from ledger.language import N_


class LedgerError(Exception):
    """A request the ledger refuses; nothing has been written."""

    title = N_("Refused")

    def __init__(self, message: str, fields: dict[str, list[str]] | None = None, **extra):
        super().__init__(message)
        self.message = message
        self.fields = fields or {}
        self.extra = extra

    @classmethod
    def field(cls, name: str, message: str) -> "LedgerError":
        return cls(f"{name}: {message}", {name: [message]})


class Invalid(LedgerError):
    """Malformed input, or a request whose own fields contradict each other (HTTP 422): what
    the request says, whatever the session holds."""

    title = N_("Invalid input")


class Inconsistent(Invalid):
    """A request well formed field by field whose fields together are not a fact the rules
    allow (HTTP 422, as SPEC §6 has it): a player paying himself, a stand whose winner holds
    no better hand, four aces that are not four, a round's end without the cuts its tie
    needs. JSON Schema cannot say these; each type's description does."""

    title = N_("Inconsistent input")


class NotFound(LedgerError):
    """An unknown session, player, table, game or event (HTTP 404)."""

    title = N_("Not found")


class Conflict(LedgerError):
    """A request well formed in itself that contradicts the current state of the session
    (HTTP 409): its version, or what a game it names is (its kind, options, seats, dealer,
    pools), as a player not seated in the game is."""

    title = N_("Conflict")
