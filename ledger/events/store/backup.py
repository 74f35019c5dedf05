"""Backups of a store while the service runs, and restoring one into an empty store.

SQLite: Python's online backup API copies the live file in one step under one read
transaction, so the copy is a single moment of the log (the WAL's committed transactions
included) while the service goes on writing; the copy is then taken out of WAL mode, so it
is one self-contained file, openable as `sqlite:///PATH`. A restore copies it into the target
file with the same API.

PostgreSQL: `pg_dump --format=custom` reads the whole database in one snapshot; a restore
runs `pg_restore` in one transaction. The programs are found on PATH, else as the newest
Debian install under /usr/lib/postgresql/*/bin. The password, if the URL has one, is passed
in the environment (PGPASSWORD), never on a command line.

A restore only goes into an empty store: a file or database without any event, token or
snapshot. The store is brought to the current schema afterwards.
"""

import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from importlib.resources import files
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.engine import URL, make_url

from ledger.events.store import open_store
from ledger.events.store.postgres import PostgresStore
from ledger.events.store.sqlite import BUSY_TIMEOUT_MS

MAGIC = {"sqlite": b"SQLite format 3\x00", "postgresql": b"PGDMP"}
KIND = {"sqlite": "an SQLite", "postgresql": "a PostgreSQL"}
LEDGER_TABLES = ("events", "session_tokens", "snapshots")


class BackupError(Exception):
    """A backup or restore refused or failed; nothing was written at the destination."""


def backup(url: str, path: str | os.PathLike, force: bool = False) -> int:
    """Copy the store at `url` into `path` (refused if it exists, unless `force`); the copy
    is written beside it and renamed into place when complete. Returns its size in bytes."""
    path = Path(path)
    if path.is_dir():
        raise BackupError(f"{path} is a directory.")
    if path.exists() and not force:
        raise BackupError(f"{path} exists: pass --force to overwrite it.")
    if not path.parent.is_dir():
        raise BackupError(f"No directory {path.parent}.")
    parsed = make_url(url)
    backend = _backend(parsed)
    descriptor, partial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial",
                                           dir=path.parent)  # mode 600: a backup is private
    os.close(descriptor)
    try:
        if backend == "sqlite":
            _sqlite_backup(_sqlite_file(parsed), partial)
        else:
            _run([pg_tool("pg_dump"), "--format=custom", f"--file={partial}",
                  f"--dbname={libpq_url(parsed)}"], _libpq_env(parsed))
        os.replace(partial, path)
    finally:
        for leftover in (partial, f"{partial}-journal"):
            if os.path.exists(leftover):
                os.remove(leftover)
    return path.stat().st_size


def restore(url: str, path: str | os.PathLike) -> None:
    """Load the backup at `path` into the empty store at `url`, then migrate it to the
    current schema. Refused when the store holds anything, or the backup is of the other
    kind of store."""
    path = Path(path)
    kind = backup_kind(path)
    parsed = make_url(url)
    backend = _backend(parsed)
    if kind != backend:
        raise BackupError(
            f"{path} is {KIND[kind]} backup and the store is {KIND[backend]} one: restore it "
            f"into {KIND[kind]} store (to move sessions between kinds of store, use "
            f"export-log and import-log).")
    if backend == "sqlite":
        _sqlite_restore(path, _sqlite_file(parsed))
    else:
        _postgres_restore(path, url)
    open_store(url).dispose()  # brought to the current schema


def backup_kind(path: Path) -> str:
    """`sqlite` or `postgresql`, from the file's first bytes."""
    try:
        with open(path, "rb") as backup_file:
            start = backup_file.read(16)
    except FileNotFoundError:
        raise BackupError(f"No backup at {path}.") from None
    except OSError as error:
        raise BackupError(f"Cannot read {path}: {error.strerror}.") from None
    for kind, magic in MAGIC.items():
        if start.startswith(magic):
            return kind
    raise BackupError(f"{path} is not a backup made by `ledger backup`.")


def pg_tool(name: str) -> str:
    """The path of PostgreSQL's `pg_dump` or `pg_restore`."""
    if found := shutil.which(name):
        return found
    installed = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    if not installed:
        raise BackupError(f"{name} not found: install PostgreSQL's client programs "
                          f"(Debian: apt-get install postgresql-client).")
    return max(installed, key=lambda found: _version(Path(found).parent.parent.name))


def libpq_url(parsed: URL) -> str:
    """The SQLAlchemy URL as libpq takes it: `postgresql://`, without the password."""
    return URL.create("postgresql", username=parsed.username, host=parsed.host,
                      port=parsed.port, database=parsed.database,
                      query=parsed.query).render_as_string(hide_password=False)


def _backend(parsed: URL) -> str:
    backend = parsed.get_backend_name()
    if backend not in MAGIC:
        raise BackupError(f"Cannot back up or restore a {backend} store.")
    return backend


def _sqlite_file(parsed: URL) -> str:
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError("An in-memory SQLite database cannot be backed up or restored.")
    return parsed.database


def _read_uri(path: str | Path, mode: str) -> str:
    """A URI that opens an existing file only (never creates one by mistake)."""
    return f"{Path(path).absolute().as_uri()}?mode={mode}"


def _sqlite_backup(database: str, partial: str) -> None:
    if not Path(database).is_file():
        raise BackupError(f"No SQLite database at {database}.")
    try:
        with closing(sqlite3.connect(_read_uri(database, "rw"), uri=True,
                                     timeout=BUSY_TIMEOUT_MS / 1000)) as live, \
                closing(sqlite3.connect(partial)) as copy:
            live.backup(copy)  # every page in one step: one consistent read transaction
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
    except sqlite3.Error as error:
        raise BackupError(f"SQLite backup of {database} failed: {error}.") from None


def _sqlite_restore(backup_path: Path, database: str) -> None:
    try:
        with closing(sqlite3.connect(_read_uri(backup_path, "ro"), uri=True)) as source:
            if not _sqlite_tables(source) >= set(LEDGER_TABLES):
                raise BackupError(f"{backup_path} is not a Parlour Ledger backup.")
            Path(database).parent.mkdir(parents=True, exist_ok=True)  # only for a backup
            with closing(sqlite3.connect(database, timeout=BUSY_TIMEOUT_MS / 1000)) as store:
                # The copy replaces the whole file, so every table must be empty.
                tables = _sqlite_tables(store) - {"alembic_version"}
                for table in [*(t for t in LEDGER_TABLES if t in tables),
                              *sorted(tables - set(LEDGER_TABLES))]:
                    if store.execute(f'SELECT 1 FROM "{table}" LIMIT 1').fetchall():
                        raise _not_empty(database, table)
                source.backup(store)
    except sqlite3.Error as error:
        raise BackupError(f"Restoring {backup_path} into {database} failed: {error}.") from None


def _sqlite_tables(connection: sqlite3.Connection) -> set[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                              "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    return {row[0] for row in rows.fetchall()}


def _postgres_restore(backup_path: Path, url: str) -> None:
    restore_program = pg_tool("pg_restore")
    listing = _run([restore_program, "--list", str(backup_path)], dict(os.environ))
    if not any(line.split()[3:6] == ["TABLE", "public", "events"]
               for line in listing.splitlines() if not line.startswith(";")):
        raise BackupError(f"{backup_path} is not a Parlour Ledger backup.")
    _empty_postgres_schema(url)
    parsed = make_url(url)
    _run([restore_program, "--no-owner", "--no-privileges", "--single-transaction",
          "--exit-on-error", f"--dbname={libpq_url(parsed)}", str(backup_path)],
         _libpq_env(parsed))


def _empty_postgres_schema(url: str) -> None:
    """Refuse a database that holds any event, token or snapshot; an empty ledger schema (the
    service or the `ledger` command may have created one) is taken down by the migrations'
    own downgrade, so that the backup's schema can be restored in its place."""
    store = PostgresStore(url)
    try:
        try:
            store.engine.connect().close()
        except OperationalError as error:
            raise BackupError(f"Cannot open {make_url(url).render_as_string()}: "
                              f"{str(error.orig).strip()}") from None
        with store._exclusive() as connection:  # the lock migrations take
            if connection.execute(text("SELECT to_regclass('events')")).scalar() is None:
                return
            connection.execute(text(f"LOCK TABLE {', '.join(LEDGER_TABLES)} "
                                    "IN ACCESS EXCLUSIVE MODE"))
            for table in LEDGER_TABLES:
                if connection.execute(text(f"SELECT EXISTS (SELECT 1 FROM {table})")).scalar():
                    raise _not_empty(make_url(url).render_as_string(), table)
            config = Config()
            config.set_main_option("script_location", str(files("migrations")))
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
            connection.execute(text("DROP TABLE alembic_version"))  # the downgrade leaves it
    finally:
        store.dispose()


def _not_empty(where: str, table: str) -> BackupError:
    return BackupError(f"Refusing to restore into {where}: it is not empty ({table} has rows). "
                       f"Restore into a new, empty store.")


def _libpq_env(parsed: URL) -> dict[str, str]:
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = parsed.password
    return env


def _run(args: list[str], env: dict[str, str]) -> str:
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    except OSError as error:
        raise BackupError(f"Cannot run {args[0]}: {error.strerror}.") from None
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} failed (exit {done.returncode}): "
                          f"{done.stderr.strip()}")
    return done.stdout


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())
