"""The whole evening in one file: a spreadsheet (`evening.xlsx`: a cover sheet, then the three
CSV exports as typed sheets) or JSON (`evening.json`: the log and the read models). Each is
of one version of the evening, named like the CSVs (`twelfth-night-2026-11-25.xlsx`), and
read as they are: the read token may, another session's token is a 404."""

import itertools
from datetime import datetime

import orjson
from flask import Response, current_app
from flask.views import MethodView

from api.access import guard
from api.blueprint import Blueprint
from api.exports import schemas
from api.exports.prepared import Progress
from api.exports.resources import evening_stem
from api.exports.workbook import MEDIA_TYPE, Sheet, workbook
from api.reads.resources import moves_renamed, renamed
from api.service import ledger
from ledger import games
from ledger.events.hashing import verify_chain
from ledger.language import _, current
from ledger.games.dealing import dealing
from ledger.projections import exports, words
from ledger.projections.balances import balances, pools
from ledger.projections.money import decimal_money
from ledger.projections.settlement import settlement
from ledger.projections.summary import summary

blp = guard(Blueprint("evening_files", __name__, url_prefix="/api/v1/sessions/<sid>/export",
                      description="The whole evening in one file: a spreadsheet or JSON"))
XLSX_DOC = {"200": {"description": "an .xlsx workbook: the sheet `evening` (name, date, time "
                                   "zone, players, counter value, currency, the log's length "
                                   "and head hash), then `results`, `journal` and "
                                   "`settlement` with the CSVs' columns and rows, each cell "
                                   "typed (text, integers, money in the currency's format, "
                                   "date-times in the evening's zone)",
                    "content": {MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}}}}
PREPARING = ("a long evening's file is being written (off the request, once for every phone "
             "that asks): how far it is; ask again after `Retry-After` seconds for the file")


def attachment(name: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


@blp.route("/evening.xlsx")
class Spreadsheet(MethodView):
    @blp.doc(responses=XLSX_DOC)
    @blp.alt_response(202, schema=schemas.Preparing, description=PREPARING, success=True,
                      headers={"Retry-After": {"description": "seconds", "required": True,
                                               "schema": {"type": "integer"}}})
    @blp.problems(401, 404)
    def get(self, sid):
        """The evening as a spreadsheet file: a cover sheet, then results, the journal and
        the settlement, each cell of its own type. A long evening's is written off the
        request: 202 and how far it is until it is ready, then the file."""
        with ledger().sessions.reading(sid) as state:
            session, version, stem = state.session, state.version, evening_stem(state)
            zone, clock = exports.evening_zone(session.time_zone)
            results, (settled, rows) = exports.results(state), exports.settlement_rows(state)
            told, voided = words.Words(state), frozenset(state.voided)
            players = [player.name for player in state.players.values()]

        def prepare():  # by the one request that writes it: the log read here, written after
            log = list(itertools.takewhile(lambda event: event["version"] <= version,
                                           ledger().sessions.log(sid)))
            cover = cover_sheet(session, zone, clock, players, verify_chain(log))
            sheets = [Sheet("results", *results),
                      Sheet("journal", exports.journal_header(zone),
                            exports.journal(log, told, voided, clock),
                            times={2, len(exports.JOURNAL)}),
                      Sheet("settlement", settled, rows)]
            count = len(results[1]) + sum(len(event["postings"]) for event in log) + len(rows)
            return lambda tick: workbook(cover, sheets, session.currency,
                                         tick=lambda written: tick(written, count))

        files = current_app.extensions["prepared"]
        made = files.fetch(files.key(sid, version, "evening.xlsx", current()), prepare)
        if isinstance(made, Progress):
            return preparing("evening.xlsx", made)
        return Response(made, mimetype=MEDIA_TYPE, headers=attachment(f"{stem}.xlsx"))


def cover_sheet(session, zone: str, clock, players: list[str], chain: dict) -> list[tuple]:
    """The workbook's first sheet: which evening, when, who, and the log it is of."""
    opened = datetime.fromisoformat(exports.spreadsheet_time(session.recorded_at, clock))
    return [
        (_("Evening"), session.name), (_("Date"), opened.date()), (_("Opened at"), opened),
        (_("Time zone"), zone), *((_("Players") if n == 0 else "", name)
                                  for n, name in enumerate(players)),
        (_("Counter value"), decimal_money(session.counter_value, session.currency)),
        (_("Currency"), session.currency), (_("Events in the log"), chain["events"]),
        (_("Head hash"), chain["head_hash"]),
        (_("Chain verified"), _("yes") if chain["ok"] else
         _("no: version %(version)s does not match", version=chain["first_bad_version"])),
    ]


def preparing(name: str, progress: Progress) -> Response:
    """202: the file is being written; ask again after `Retry-After`."""
    body = {"file": name, "written": progress.written, "rows": progress.rows}
    return Response(orjson.dumps(body), status=202, mimetype="application/json",
                    headers={"Retry-After": "1", "Cache-Control": "no-store"})


@blp.route("/evening.json")
class Evening(MethodView):
    @blp.response(200, schemas.EveningFile, headers={"Content-Disposition": {
        "description": 'attachment; filename="<evening>-<day>.json"', "required": True,
        "schema": {"type": "string"}}})
    @blp.problems(401, 404)
    def get(self, sid):
        """The evening as JSON, of one version: every event (as the events read gives them)
        and the read models (summary, balances, pools, settlement, each game's dealing and
        its own reads), with the hash chain verified over those events."""
        with ledger().sessions.reading(sid) as state:
            model = {"version": state.version, "summary": summary(state),
                     "balances": balances(state), "pools": pools(state),
                     "settlement": renamed(settlement(state)),
                     "games": [game_reads(record, state) for record in state.games.values()]}
            stem = evening_stem(state)
        events = ledger().sessions.events(sid, 0, model["version"])
        model["verify"] = verify_chain(events)
        # The events are in their schema's shape already, as the events read gives them: only
        # the read models go through the schema (the log's dump was half the file's time).
        body = {**schemas.EveningFile(exclude=("events",)).dump(model), "events": events}
        return Response(orjson.dumps(body), mimetype="application/json",
                        headers=attachment(f"{stem}.json"))


def game_reads(record, state) -> dict:
    """A game's dealing read and its own (Cassino's scores, Progressive Poker's tallies), in
    the shapes their reads answer."""
    game = games.of(record)
    reads = {"id": record.id, "kind": record.kind,
             "dealing": dealing(record, game.keeps_deal),
             **{name: read(record, state) for name, read in game.reads.items()}}
    if "progressive" in reads:
        moves_renamed(reads["progressive"])
    return reads
