"""The whole evening in one file: a spreadsheet (`evening.xlsx`: a cover sheet, then the three
CSV exports as typed sheets) or JSON (`evening.json`: the log and the read models). Each is
of one version of the evening, named like the CSVs (`twelfth-night-2026-11-25.xlsx`), and
read as they are: the read token may, another session's token is a 404."""

import itertools
from datetime import datetime

from flask import Response
from flask.views import MethodView

from api.access import guard
from api.blueprint import Blueprint
from api.exports import schemas
from api.exports.resources import evening_stem
from api.exports.workbook import MEDIA_TYPE, Sheet, workbook
from api.reads.resources import moves_renamed, renamed
from api.service import ledger
from ledger import games
from ledger.events.hashing import verify_chain
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


def attachment(name: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


@blp.route("/evening.xlsx")
class Spreadsheet(MethodView):
    @blp.doc(responses=XLSX_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """The evening as a spreadsheet file: a cover sheet, then results, the journal and
        the settlement, each cell of its own type."""
        with ledger().sessions.reading(sid) as state:
            session, version, stem = state.session, state.version, evening_stem(state)
            zone, clock = exports.evening_zone(session.time_zone)
            results, (settled, rows) = exports.results(state), exports.settlement_rows(state)
            told, voided = words.Words(state), frozenset(state.voided)
            players = [player.name for player in state.players.values()]
        log = list(itertools.takewhile(lambda event: event["version"] <= version,
                                       ledger().sessions.log(sid)))
        opened = datetime.fromisoformat(exports.spreadsheet_time(session.recorded_at, clock))
        chain = verify_chain(log)
        cover = [
            ("Evening", session.name), ("Date", opened.date()), ("Opened at", opened),
            ("Time zone", zone), *(("Players" if n == 0 else "", name)
                                   for n, name in enumerate(players)),
            ("Counter value", decimal_money(session.counter_value, session.currency)),
            ("Currency", session.currency), ("Events in the log", chain["events"]),
            ("Head hash", chain["head_hash"]),
            ("Chain verified", "yes" if chain["ok"] else
             f"no: version {chain['first_bad_version']} does not match"),
        ]
        sheets = [Sheet("results", *results),
                  Sheet("journal", exports.journal_header(zone),
                        exports.journal(log, told, voided, clock),
                        times={2, len(exports.JOURNAL)}),
                  Sheet("settlement", settled, rows)]
        return Response(workbook(cover, sheets, session.currency), mimetype=MEDIA_TYPE,
                        headers=attachment(f"{stem}.xlsx"))


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
        model["events"] = ledger().sessions.events(sid, 0, model["version"])
        model["verify"] = verify_chain(model["events"])
        return model, 200, attachment(f"{stem}.json")


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
