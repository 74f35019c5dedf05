"""Where the log is kept: one interface (`base.Store`), one module per backend (`sqlite`,
`postgres`, `memory`), chosen by the store's URL, and beside them backups (`backup`) and the
small shared counts kept apart from the ledger (`counts`). Nothing outside this package
writes SQL or asks which backend it is on; the HTTP app reaches none of it but through the
service (`ledger.service.bootstrap`)."""

from pathlib import Path

from sqlalchemy.engine import make_url

from ledger.events.store.base import Store

# The project's own folder (the checkout holding `ledger/`), whatever the current directory:
# a command run from elsewhere finds the same file the service writes.
PROJECT = Path(__file__).resolve().parents[3]
DEFAULT_PATH = PROJECT / "var" / "ledger.sqlite3"
DEFAULT_URL = f"sqlite:///{DEFAULT_PATH}"
MEMORY_URL = "memory://"


def open_store(url: str = DEFAULT_URL, migrate: bool = True) -> Store:
    """The store at `url` (`sqlite:///…`, `postgresql+psycopg://…` or `memory://`), its schema
    migrated to the current one unless `migrate` is false."""
    if url == MEMORY_URL:
        from ledger.events.store.memory import MemoryStore
        return MemoryStore()
    backend = make_url(url).get_backend_name()
    if backend == "sqlite":
        from ledger.events.store.sqlite import SQLiteStore
        store = SQLiteStore(url)
    elif backend == "postgresql":
        from ledger.events.store.postgres import PostgresStore
        store = PostgresStore(url)
    else:
        raise ValueError(f"No store for {backend!r}: use sqlite:///…, postgresql+psycopg://… "
                         "or memory://")
    if migrate:
        store.migrate()
    return store


def sqlite_file(url: str) -> Path | None:
    """The absolute path of the file an `sqlite:///…` URL names (a relative one is taken from
    the current directory, as SQLite takes it); None for an in-memory or another store."""
    if url == MEMORY_URL:
        return None
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).absolute()
