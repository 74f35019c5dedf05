"""`ledger`: check, rebuild and move a club's evenings (console script).

    ledger init                            create an empty store (or bring one up to date)
    ledger sessions [--json]               every session: id, name, version, last event
    ledger clubs                           every club: id, name, version, evenings
    ledger verify [--session SID]          recompute hash chains (sessions' and clubs')
    ledger rebuild [--session SID]         refold every read model from the log
    ledger export-log ID [-o FILE]         a session, or a club with its evenings, as JSON Lines
    ledger import-log FILE                 load JSON Lines (chain checked; repeatable)
    ledger backup PATH [--force]           a consistent copy of the running store
    ledger restore PATH                    a backup into an empty store, then verify it

The store is --database, or LEDGER_DATABASE_URL, or var/ledger.sqlite3 in the project's folder
(whatever the current directory). Only `init`, `restore` and the service create a store: the
others refuse a missing SQLite file (exit 1), an unknown session, and nothing to verify.
"""

import os
import sys
import time
import unicodedata

import click
import orjson

from ledger.errors import LedgerError
from ledger.events.store import DEFAULT_URL
from ledger.events.store.backup import BackupError, backup as backup_store, restore as restore_store
from ledger.events.store.base import CLUB_TOKENS, SESSION_TOKENS
from ledger.projections.balances import balances, pools
from ledger.projections.settlement import settlement
from ledger.cli_store import Store
from ledger.service.bootstrap import Ledger

FORMAT = 1


@click.group()
@click.option("--database", envvar="LEDGER_DATABASE_URL", default=DEFAULT_URL, show_default=True,
              help="sqlite:///… or postgresql+psycopg://… (before or after the command)")
@click.pass_context
def main(context: click.Context, database: str) -> None:
    context.obj = Store(database)


def _database_here(context: click.Context, _param, value: str | None) -> None:
    """`ledger verify --database …`: the store named after the command, as before it."""
    if value is not None:
        context.obj = Store(value)


# every command takes the store's option after its name too
database = click.option("--database", expose_value=False, is_eager=True, callback=_database_here,
                        help="sqlite:///… or postgresql+psycopg://…")


def _sessions(ledger: Ledger, session: str | None) -> list[str]:
    if session is None:
        return ledger.store.stream_ids()
    if _opened_by(ledger, session) != "session_created":
        raise click.ClickException(f"No session {session}.")
    return [session]


def _opened_by(ledger: Ledger, stream_id: str) -> str | None:
    with ledger.store.reading() as reader:
        return reader.opened_by(stream_id)


def _verified(ledger: Ledger, sessions: list[str]) -> int:
    """Verify each session's chain, one line each; how many are broken."""
    broken = 0
    for sid in sessions:
        result = ledger.sessions.verify(sid)
        broken += not result["ok"]
        status = "ok" if result["ok"] else f"BROKEN at version {result['first_bad_version']}"
        click.echo(f"{sid}  {status}  {result['events']} events  head {result['head_hash']}")
    return broken


@main.command()
@database
@click.pass_obj
def init(store: Store) -> None:
    """Create an empty store (an SQLite file and its folder, or the schema in an existing
    PostgreSQL database); a store already there is brought to the current schema, untouched."""
    created = store.missing() is not None
    contents = _contents(store.created())
    click.echo(f"Created an empty ledger at {store.shown()}" if created
               else f"{store.shown()} is there already: {contents}")


def _contents(ledger: Ledger) -> str:
    """How many sessions and clubs the store holds, in words."""
    counts = {"session": len(ledger.store.stream_ids()),
              "club": len(ledger.store.stream_ids("club_created"))}
    return ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for noun, n in counts.items())


@main.command()
@database
@click.option("--json", "as_json", is_flag=True, help="JSON Lines, one object per session")
@click.pass_obj
def sessions(store: Store, as_json: bool) -> None:
    """List every session: id, name, version (its number of events), time of its last event."""
    rows = store.ledger.store.sessions()
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
@database
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def verify(store: Store, session: str | None) -> None:
    """Recompute each session's and each club's hash chain; exit 1 if any is broken, or if
    there is none to verify."""
    ledger = store.ledger
    streams = _sessions(ledger, session) + ([] if session else ledger.store.stream_ids("club_created"))
    if not streams:  # a clean bill for an empty store would vouch for nothing
        raise click.ClickException(f"Nothing to verify: no session and no club in {store.shown()}.")
    sys.exit(1 if _verified(ledger, streams) else 0)


@main.command()
@database
@click.pass_obj
def clubs(store: Store) -> None:
    """List every club: id, name, version, and how many evenings it holds."""
    ledger = store.ledger
    for cid in ledger.store.stream_ids("club_created"):
        with ledger.clubs.reading(cid) as (club, _evenings):
            click.echo(f"{cid}  {_printable(club.name)}  version {club.version}  "
                       f"{len(club.evenings)} evenings")


@main.command()
@database
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def rebuild(store: Store, session: str | None) -> None:
    """Fold every read model again from the first event (the bulk fold of the store's rows,
    as a new process folds), rewrite each session's snapshot with today's fold, and report
    events per second."""
    ledger = store.ledger
    sessions, folded, started = _sessions(ledger, session), 0, time.perf_counter()
    with click.progressbar(sessions, label="rebuilding", file=sys.stderr) as bar:
        for sid in bar:
            state = ledger.sessions.rebuild(sid)
            folded += state.version
            balances(state), pools(state), settlement(state)
    seconds = time.perf_counter() - started
    click.echo(f"{len(sessions)} sessions, {folded} events in {seconds:.2f} s: "
               f"{folded / seconds if seconds else 0:,.0f} events/s")


@main.command("export-log")
@database
@click.argument("stream")
@click.option("-o", "--output", type=click.File("wb"), default="-")
@click.pass_obj
def export_log(store: Store, stream: str, output) -> None:
    """Write a session as JSON Lines: a header, then every event as stored. A club: its own
    header and events, then each of its evenings the same way."""
    ledger = store.ledger
    opened = _opened_by(ledger, stream)
    if opened not in ("session_created", "club_created"):
        raise click.ClickException(f"No session or club {stream}.")
    if opened == "session_created":
        count = _write_stream(ledger, output, "session_id", stream, SESSION_TOKENS)
        click.echo(f"{count} events of {stream}", err=True)
        return
    count = _write_stream(ledger, output, "club_id", stream, CLUB_TOKENS)
    with ledger.store.reading() as reader:
        evenings = list(reader.evening_versions(stream))
    for sid in evenings:
        count += _write_stream(ledger, output, "session_id", sid, SESSION_TOKENS)
    click.echo(f"{count} events of the club {stream} and its {len(evenings)} evenings", err=True)


def _write_stream(ledger: Ledger, output, key: str, stream: str, whose: str) -> int:
    tokens = ledger.store.tokens_of(whose, stream)
    output.write(orjson.dumps({"format": FORMAT, key: stream, "tokens": tokens}) + b"\n")
    count = 0
    for event in ledger.store.stream(stream):
        output.write(orjson.dumps(event) + b"\n")
        count += 1
    return count


@main.command("import-log")
@database
@click.argument("source", type=click.File("rb"))
@click.pass_obj
def import_log(store: Store, source) -> None:
    """Load a session's (or a club's) JSON Lines; each chain is checked and known events are
    skipped. A club comes with its evenings and its index of them."""
    ledger = store.ledger
    # a club's evenings first: its index names only evenings that are here
    streams = sorted(_streams(source), key=lambda stream: "club_id" in stream[0])
    try:
        for header, events in streams:
            club = "club_id" in header
            added = ledger.imports.log(header["club_id"] if club else header["session_id"],
                                       events, header["tokens"], club)
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


@main.command()
@database
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="overwrite PATH if it exists")
@click.pass_obj
def backup(store: Store, path: str, force: bool) -> None:
    """Copy the store to PATH while the service runs: SQLite's online backup (one
    self-contained file), or pg_dump's custom format."""
    store.refuse_if_missing()
    try:
        size = backup_store(store.url, path, force=force)
    except BackupError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{store.shown()} backed up to {path} ({size:,} bytes)")


@main.command()
@database
@click.argument("path", type=click.Path(dir_okay=False))
@click.pass_obj
def restore(store: Store, path: str) -> None:
    """Load a backup into the store, which must be empty (an SQLite file not there yet is
    created), then verify every session's chain; exit 1 if any is broken."""
    try:
        restore_store(store.url, path)
    except BackupError as error:
        raise click.ClickException(str(error)) from None
    ledger = store.created()
    click.echo(f"{path} restored into {store.shown()}: {_contents(ledger)}")
    streams = ledger.store.stream_ids() + ledger.store.stream_ids("club_created")
    sys.exit(1 if _verified(ledger, streams) else 0)


if __name__ == "__main__":  # pragma: no cover
    main(prog_name=os.path.basename(sys.argv[0]))
