"""The store a `ledger` command names (`--database`, LEDGER_DATABASE_URL, or the project's
SQLite file), opened only when the command needs it. Only `init`, `restore` and the service
create a store: every other command refuses, in a sentence, a database that holds no ledger
(a missing SQLite file, an empty or another's PostgreSQL database: nothing is written to it),
a URL that is no database's, and a server it cannot reach."""

import click
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from ledger.events.store import open_store, sqlite_file
from ledger.service.bootstrap import Ledger, bootstrap

URLS = "sqlite:///PATH for a file, or postgresql+psycopg://USER@HOST/DATABASE"


class Store:
    """The store named on the command line, opened (and migrated) when a command needs it."""

    def __init__(self, url: str):
        self.url = url
        self._ledger: Ledger | None = None

    @property
    def ledger(self) -> Ledger:
        """The ledger on the store, which must be there already."""
        self.refuse_if_missing()
        return self.created()

    def created(self) -> Ledger:
        """The ledger on the store, created (file, folder, schema) if it is not there."""
        if self._ledger is None:
            self._ledger = self._reached(lambda: bootstrap(self.url))
        return self._ledger

    def missing(self) -> str | None:
        """The whole path of the SQLite file the store names, if it is not there."""
        path = self._reached(lambda: sqlite_file(self.url))
        return str(path) if path is not None and not path.is_file() else None

    def refuse_if_missing(self) -> None:
        """Nothing is created: opening a file that is not there would make an empty ledger
        (and its folder) wherever a mistyped path pointed, and pass it for a clean one; a
        database without the ledger's tables (a mistyped name) is left as it is."""
        if path := self.missing():
            raise click.ClickException(f"No database at {path}: check --database or "
                                       "LEDGER_DATABASE_URL (`ledger init` creates one there).")
        if sqlite_file(self.url) is None and not self._reached(self._holds_a_ledger):
            raise click.ClickException(f"No ledger in {self.shown()}: check --database or "
                                       "LEDGER_DATABASE_URL (`ledger init` creates one there).")

    def _holds_a_ledger(self) -> bool:
        store = open_store(self.url, migrate=False)
        try:
            return store.holds_a_ledger()
        finally:
            store.dispose()

    def _reached(self, opening):
        """What `opening()` returns, or the reason the store cannot be opened, in a sentence."""
        if "://" not in self.url:
            raise click.ClickException(f"{self.url!r} is not a database URL: {URLS}.")
        try:
            return opening()
        except (ArgumentError, ValueError) as error:
            raise click.ClickException(f"{self.url!r} is not a database URL ({error}): "
                                       f"{URLS}.") from None
        except DBAPIError as error:
            reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
            raise click.ClickException(f"Cannot open {self.shown()}: {reason}") from None

    def shown(self) -> str:
        """The store for a message: an SQLite file's whole path, a URL without its password."""
        try:
            path = sqlite_file(self.url)
            return str(path) if path else make_url(self.url).render_as_string(hide_password=True)
        except (ArgumentError, ValueError):
            return self.url
