"""Where the log is kept: one interface (`base.Store`), one module per backend (`sqlite`,
`postgres`, `memory`), chosen by the store's URL, and beside them the change watcher
(`changes`) and backups (`backup`). Nothing outside this package writes SQL or asks which
backend it is on."""

from sqlalchemy.engine import make_url

from ledger.events.store.base import Store

DEFAULT_URL = "sqlite:///var/ledger.sqlite3"
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
