"""`ledger`: check, rebuild and move a club's evenings (console script).

    ledger sessions [--json]               every session: id, name, version, last event
    ledger clubs                           every club: id, name, version, evenings
    ledger verify [--session SID]          recompute hash chains (sessions' and clubs')
    ledger rebuild [--session SID]         refold every read model from the log
    ledger export-log ID [-o FILE]         a session, or a club with its evenings, as JSON Lines
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
from ledger.errors import Conflict, LedgerError, NotFound
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
    if _opened_by(book, session) != "session_created":
        raise click.ClickException(f"No session {session}.")
    return [session]


def _opened_by(book: Book, stream_id: str) -> str | None:
    with book.store.connections.reading() as tx:
        return book.store.opened_by(tx, stream_id)


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
    """Recompute each session's and each club's hash chain; exit 1 if any is broken."""
    book = store.book
    streams = _sessions(book, session) + ([] if session else book.store.session_ids("club_created"))
    sys.exit(1 if _verified(book, streams) else 0)


@main.command()
@click.pass_obj
def clubs(store: Store) -> None:
    """List every club: id, name, version, and how many evenings it holds."""
    book = store.book
    for cid in book.store.session_ids("club_created"):
        with book.store.connections.reading() as tx, book.clubs.lock:
            club = book.clubs.at(tx, cid)
            click.echo(f"{cid}  {_printable(club.name)}  version {club.version}  "
                       f"{len(club.evenings)} evenings")


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
@click.argument("stream")
@click.option("-o", "--output", type=click.File("wb"), default="-")
@click.pass_obj
def export_log(store: Store, stream: str, output) -> None:
    """Write a session as JSON Lines: a header, then every event as stored. A club: its own
    header and events, then each of its evenings the same way."""
    book = store.book
    opened = _opened_by(book, stream)
    if opened not in ("session_created", "club_created"):
        raise click.ClickException(f"No session or club {stream}.")
    if opened == "session_created":
        count = _write_stream(book, output, "session_id", stream, book.store.tokens)
        click.echo(f"{count} events of {stream}", err=True)
        return
    count = _write_stream(book, output, "club_id", stream, book.store.club_tokens)
    with book.store.connections.reading() as tx:
        evenings = list(book.store.evening_versions(tx, stream))
    for sid in evenings:
        count += _write_stream(book, output, "session_id", sid, book.store.tokens)
    click.echo(f"{count} events of the club {stream} and its {len(evenings)} evenings", err=True)


def _write_stream(book: Book, output, key: str, stream: str, tokens) -> int:
    output.write(orjson.dumps({"format": FORMAT, key: stream, "tokens": tokens.of(stream)}) + b"\n")
    count = 0
    for event in book.store.stream(stream):
        output.write(orjson.dumps(event) + b"\n")
        count += 1
    return count


@main.command("import-log")
@click.argument("source", type=click.File("rb"))
@click.pass_obj
def import_log(store: Store, source) -> None:
    """Load a session's (or a club's) JSON Lines; each chain is checked and known events are
    skipped. A club comes with its evenings and its index of them."""
    book = store.book
    # a club's evenings first: its index names only evenings that are here
    streams = sorted(_streams(source), key=lambda stream: "club_id" in stream[0])
    try:
        for header, events in streams:
            if "club_id" in header:
                added = _import_club(book, header, events)
            else:
                added = book.store.import_events(header["session_id"], events, header["tokens"])
            click.echo(f"{added} events added, {len(events) - added} already present "
                       f"({header.get('club_id') or header['session_id']})")
    except LedgerError as error:
        raise click.ClickException(error.message) from None


def _streams(source) -> list[tuple[dict, list[dict]]]:
    """(header, events) for each stream in the file; every header names the format."""
    streams: list[tuple[dict, list[dict]]] = []
    for line in source:
        if not line.strip():
            continue
        item = orjson.loads(line)
        if "format" in item:
            if item["format"] != FORMAT:
                raise click.ClickException("Not a Parlour Ledger log (format 1).")
            streams.append((item, []))
        elif streams:
            streams[-1][1].append(item)
    if not streams:
        raise click.ClickException("Not a Parlour Ledger log (format 1).")
    return streams


def _import_club(book: Book, header: dict, events: list[dict]) -> int:
    """A club's events, and its index of evenings rebuilt from them in the same transaction."""
    club_id = header["club_id"]
    attached = [e["data"]["session_id"] for e in events if e["type"] == "evening_attached"]

    def index(tx) -> None:
        for sid in attached:
            if book.store.opened_by(tx, sid) != "session_created":
                raise NotFound(f"The club names an evening {sid} that is not here.",
                               {"session_id": [sid]})
            owner = tx.one("SELECT club_id FROM club_evenings WHERE session_id = :sid", {"sid": sid})
            if owner is None:
                tx.run("INSERT INTO club_evenings (session_id, club_id) VALUES (:sid, :club)",
                       {"sid": sid, "club": club_id})
            elif owner[0] != club_id:
                raise Conflict(f"Evening {sid} belongs to another club here.",
                               {"session_id": [sid]})

    return book.store.import_events(club_id, events, header["tokens"],
                                    tokens=book.store.club_tokens, extra=index)


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
    sessions, clubs = book.store.session_ids(), book.store.session_ids("club_created")
    click.echo(f"{path} restored into {store.shown()}: {len(sessions)} "
               f"session{'' if len(sessions) == 1 else 's'}, {len(clubs)} "
               f"club{'' if len(clubs) == 1 else 's'}")
    sys.exit(1 if _verified(book, sessions + clubs) else 0)


if __name__ == "__main__":  # pragma: no cover
    main(prog_name=os.path.basename(sys.argv[0]))
