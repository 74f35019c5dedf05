"""`ledger`: check, rebuild and move a club's evenings (console script).

    ledger sessions [--json]               every session: id, name, version, last event
    ledger verify [--session SID]          recompute hash chains
    ledger rebuild [--session SID]         refold every read model from the log
    ledger export-log SID [-o FILE]        a session as JSON Lines
    ledger import-log FILE                 load JSON Lines (chain checked; repeatable)
    ledger backup PATH [--force]           a consistent copy of the running store
    ledger restore PATH                    a backup into an empty store, then verify it

The store is LEDGER_DATABASE_URL, or --database, or the default SQLite file. An unknown
session is an error (exit 1).
"""

import os
import sys
import time
import unicodedata

import click
import orjson
from sqlalchemy.engine import make_url

from ledger.backup import BackupError, backup as backup_store, restore as restore_store
from ledger.book import Book
from ledger.database import DEFAULT_URL, make_engine
from ledger.errors import LedgerError
from ledger.migrate import migrate
from ledger.projections.balances import balances, pools
from ledger.projections.session import SessionState
from ledger.projections.settlement import settlement

FORMAT = 1


@click.group()
@click.option("--database", envvar="LEDGER_DATABASE_URL", default=DEFAULT_URL, show_default=True,
              help="sqlite:///… or postgresql+psycopg://…")
@click.pass_context
def main(context: click.Context, database: str) -> None:
    context.obj = Store(database)


class Store:
    """The store named on the command line, opened (and migrated) by the commands that use
    the book: `backup` only reads it, and `restore` needs it untouched."""

    def __init__(self, url: str):
        self.url = url
        self._book: Book | None = None

    @property
    def book(self) -> Book:
        if self._book is None:
            engine = make_engine(self.url)
            migrate(engine)
            self._book = Book(engine)
        return self._book

    def shown(self) -> str:
        return make_url(self.url).render_as_string(hide_password=True)


def _sessions(book: Book, session: str | None) -> list[str]:
    if session is None:
        return book.store.session_ids()
    if not book.store.read(session, limit=1):
        raise click.ClickException(f"No session {session}.")
    return [session]


def _verified(book: Book, sessions: list[str]) -> int:
    """Verify each session's chain, one line each; how many are broken."""
    broken = 0
    for sid in sessions:
        result = book.store.verify(sid)
        broken += not result["ok"]
        status = "ok" if result["ok"] else f"BROKEN at version {result['first_bad_version']}"
        click.echo(f"{sid}  {status}  {result['events']} events  head {result['head_hash']}")
    return broken


@main.command()
@click.option("--json", "as_json", is_flag=True, help="JSON Lines, one object per session")
@click.pass_obj
def sessions(store: Store, as_json: bool) -> None:
    """List every session: id, name, version (its number of events), time of its last event."""
    rows = store.book.store.sessions()
    if as_json:
        for row in rows:
            click.echo(orjson.dumps(row).decode())
        return
    if not rows:
        click.echo("No sessions.", err=True)
        return
    lines = [("SESSION", "NAME", "VERSION", "LAST EVENT")] + [
        (row["id"], _printable(row["name"]), str(row["version"]), row["last_recorded_at"])
        for row in rows]
    id_width, name_width, version_width = (max(len(line[n]) for line in lines) for n in range(3))
    for sid, name, version, last in lines:
        click.echo(f"{sid:<{id_width}}  {name:<{name_width}}  {version:>{version_width}}  {last}")


def _printable(name: str | None) -> str:
    """A name as one line of a table: control and format characters shown as `?`."""
    if name is None:
        return "-"
    return "".join("?" if unicodedata.category(c)[0] == "C" else c for c in name)


@main.command()
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def verify(store: Store, session: str | None) -> None:
    """Recompute each session's hash chain; exit 1 if any is broken."""
    book = store.book
    sys.exit(1 if _verified(book, _sessions(book, session)) else 0)


@main.command()
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def rebuild(store: Store, session: str | None) -> None:
    """Fold every read model again from the first event, rewrite each session's snapshot
    with today's fold, and report events per second."""
    book = store.book
    sessions, folded, started = _sessions(book, session), 0, time.perf_counter()
    with click.progressbar(sessions, label="rebuilding", file=sys.stderr) as bar:
        for sid in bar:
            state = SessionState()
            for event in book.store.stream(sid):
                state.apply(event)
                folded += 1
            balances(state), pools(state), settlement(state)
            if state.version:
                book.states.rewrite_snapshot(state)
    seconds = time.perf_counter() - started
    click.echo(f"{len(sessions)} sessions, {folded} events in {seconds:.2f} s: "
               f"{folded / seconds if seconds else 0:,.0f} events/s")


@main.command("export-log")
@click.argument("session")
@click.option("-o", "--output", type=click.File("wb"), default="-")
@click.pass_obj
def export_log(store: Store, session: str, output) -> None:
    """Write a session as JSON Lines: a header, then every event as stored."""
    book = store.book
    _sessions(book, session)  # an unknown session writes nothing, not even an empty file
    header = {"format": FORMAT, "session_id": session, "tokens": book.store.tokens.of(session)}
    output.write(orjson.dumps(header) + b"\n")
    count = 0
    for event in book.store.stream(session):
        output.write(orjson.dumps(event) + b"\n")
        count += 1
    click.echo(f"{count} events of {session}", err=True)


@main.command("import-log")
@click.argument("source", type=click.File("rb"))
@click.pass_obj
def import_log(store: Store, source) -> None:
    """Load a session's JSON Lines; the chain is checked and known events are skipped."""
    book = store.book
    header = orjson.loads(source.readline())
    if header.get("format") != FORMAT:
        raise click.ClickException("Not a Parlour Ledger log (format 1).")
    events = [orjson.loads(line) for line in source if line.strip()]
    try:
        added = book.store.import_events(header["session_id"], events, header["tokens"])
    except LedgerError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"{added} events added, {len(events) - added} already present "
               f"({header['session_id']})")


@main.command()
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="overwrite PATH if it exists")
@click.pass_obj
def backup(store: Store, path: str, force: bool) -> None:
    """Copy the store to PATH while the service runs: SQLite's online backup (one
    self-contained file), or pg_dump's custom format."""
    try:
        size = backup_store(store.url, path, force=force)
    except BackupError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{store.shown()} backed up to {path} ({size:,} bytes)")


@main.command()
@click.argument("path", type=click.Path(dir_okay=False))
@click.pass_obj
def restore(store: Store, path: str) -> None:
    """Load a backup into the store, which must be empty, then verify every session's chain;
    exit 1 if any is broken."""
    try:
        restore_store(store.url, path)
    except BackupError as error:
        raise click.ClickException(str(error)) from None
    book = store.book
    sessions = book.store.session_ids()
    click.echo(f"{path} restored into {store.shown()}: {len(sessions)} "
               f"session{'' if len(sessions) == 1 else 's'}")
    sys.exit(1 if _verified(book, sessions) else 0)


if __name__ == "__main__":  # pragma: no cover
    main(prog_name=os.path.basename(sys.argv[0]))
