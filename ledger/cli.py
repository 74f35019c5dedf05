"""`ledger`: check, rebuild and move a club's evenings (console script).

    ledger verify [--session SID]          recompute hash chains
    ledger rebuild [--session SID]         refold every read model from the log
    ledger export-log SID [-o FILE]        a session as JSON Lines
    ledger import-log FILE                 load JSON Lines (chain checked; repeatable)

The store is LEDGER_DATABASE_URL, or --database, or the default SQLite file.
"""

import os
import sys
import time

import click
import orjson

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
    engine = make_engine(database)
    migrate(engine)
    context.obj = Book(engine)


def _sessions(book: Book, session: str | None) -> list[str]:
    return [session] if session else book.store.session_ids()


@main.command()
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def verify(book: Book, session: str | None) -> None:
    """Recompute each session's hash chain; exit 1 if any is broken."""
    broken = 0
    for sid in _sessions(book, session):
        result = book.store.verify(sid)
        broken += not result["ok"]
        click.echo(f"{sid}  {'ok' if result['ok'] else 'BROKEN at version ' + str(result['first_bad_version'])}"
                   f"  {result['events']} events  head {result['head_hash']}")
    sys.exit(1 if broken else 0)


@main.command()
@click.option("--session", help="one session (default: all)")
@click.pass_obj
def rebuild(book: Book, session: str | None) -> None:
    """Fold every read model again from the first event, and report events per second."""
    sessions, folded, started = _sessions(book, session), 0, time.perf_counter()
    with click.progressbar(sessions, label="rebuilding", file=sys.stderr) as bar:
        for sid in bar:
            state = SessionState()
            for event in book.store.stream(sid):
                state.apply(event)
                folded += 1
            balances(state), pools(state), settlement(state)
    seconds = time.perf_counter() - started
    click.echo(f"{len(sessions)} sessions, {folded} events in {seconds:.2f} s: "
               f"{folded / seconds if seconds else 0:,.0f} events/s")


@main.command("export-log")
@click.argument("session")
@click.option("-o", "--output", type=click.File("wb"), default="-")
@click.pass_obj
def export_log(book: Book, session: str, output) -> None:
    """Write a session as JSON Lines: a header, then every event as stored."""
    header = {"format": FORMAT, "session_id": session, "tokens": book.store.tokens.of_session(session)}
    output.write(orjson.dumps(header) + b"\n")
    count = 0
    for event in book.store.stream(session):
        output.write(orjson.dumps(event) + b"\n")
        count += 1
    click.echo(f"{count} events of {session}", err=True)


@main.command("import-log")
@click.argument("source", type=click.File("rb"))
@click.pass_obj
def import_log(book: Book, source) -> None:
    """Load a session's JSON Lines; the chain is checked and known events are skipped."""
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


if __name__ == "__main__":  # pragma: no cover
    main(prog_name=os.path.basename(sys.argv[0]))
