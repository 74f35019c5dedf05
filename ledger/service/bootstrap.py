"""The composition root: the service built once on a store (as cosmicpython's `bootstrap`),
for the HTTP app, the `ledger` command, the benches and the tests alike. The HTTP app reaches
the store through nothing else: its writes and reads through the handlers and views, whose
bearer tokens are through `tokens`, and the process's life (a worker forked, the database
down) through the methods below."""

from dataclasses import dataclass

from ledger.events.store import DEFAULT_URL, MEMORY_URL, open_store
from ledger.events.store.base import Store
from ledger.events.store.counts import Counts, counts_file
from ledger.service.changes import Changes
from ledger.service.clubs import Clubs
from ledger.service.imports import Imports
from ledger.service.kept import SNAPSHOT_EVERY, ClubStates, SessionStates
from ledger.service.sessions import Sessions
from ledger.service.tokens import Tokens
from ledger.service.unit_of_work import Units
from ledger.service.views import Views

__all__ = ["DEFAULT_URL", "Ledger", "bootstrap"]


@dataclass
class Ledger:
    store: Store
    units: Units
    sessions: Sessions
    views: Views
    clubs: Clubs
    imports: Imports
    tokens: Tokens
    changes: Changes
    url: str | None = None  # the store's, when the ledger opened it

    def healthy(self) -> str:
        """The database's kind (`sqlite`, `postgresql`, `memory`) once it has answered;
        raises if it does not."""
        self.store.healthy()
        return self.store.name

    def unavailable(self, error: Exception) -> bool:
        """Whether `error` is the database being down or busy (worth trying again)."""
        return isinstance(error, self.store.unavailable)

    def counts(self, name: str) -> Counts:
        """Counts that expire, kept apart from the ledger in a small file of their own that
        every process of the service shares (`name`: what they count, as the HTTP layer's
        opening limit its `opening`): beside an SQLite ledger, else in the temporary folder."""
        return Counts(counts_file(self.url or MEMORY_URL, name))

    def dispose(self) -> None:
        """Close the database connections this process opened (before it forks)."""
        self.store.dispose()

    def forked(self) -> None:
        """In a process just forked: let go of the parent's connections without closing
        them (they are the parent's)."""
        self.store.forked()


def bootstrap(url: str = DEFAULT_URL, store: Store | None = None,
              snapshot_every: int = SNAPSHOT_EVERY) -> Ledger:
    """The ledger on the store at `url` (migrated to the current schema), or on `store`."""
    opened = store is None
    store = open_store(url) if opened else store
    units = Units(store, SessionStates(snapshot_every), ClubStates())
    sessions, clubs = Sessions(units), Clubs(units)
    return Ledger(store=store, units=units, sessions=sessions, views=Views(sessions, clubs),
                  clubs=clubs, imports=Imports(units), tokens=Tokens(store),
                  changes=Changes(store), url=url if opened else None)
