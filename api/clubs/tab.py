"""The club's tab (SPEC amendment 9): what its members owe each other across evenings, per
currency, with the fewest payments that settle it; a member's statement; the tab as CSV,
and the club's spreadsheet (its standings and its tabs). Payments on the tab and the
starting book are the club's facts (`POST …/events`: `tab_paid`, `tab_opened`); an
evening is carried by its own `carried_to_tab`."""

from flask import Response
from flask.views import MethodView

from api.access import guard, require_club_token
from api.blueprint import Blueprint
from api.clubs import tab_schemas
from api.exports.evening import attachment
from api.exports.resources import CSV_DOC, download
from api.exports.workbook import MEDIA_TYPE, Sheet, workbook
from api.service import answer, ledger
from ledger.clubs import standings, tab
from ledger.language import _
from ledger.projections import exports

blp = guard(Blueprint("club_tab", __name__, url_prefix="/api/v1/clubs",
                      description="The club's tab: what members owe each other"),
            require_club_token)
XLSX_DOC = {"200": {"description": "an .xlsx workbook: the sheet `club` (its name, members "
                                   "and version), `standings` with standings.csv's columns, "
                                   "and a sheet `tab <currency>` a currency with tab.csv's, "
                                   "each cell typed",
                    "content": {MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}}}}


@blp.route("/<cid>/tab")
class Tab(MethodView):
    @blp.response(200, tab_schemas.Tab)
    @blp.problems(401, 404)
    def get(self, cid):
        """The tab, a currency each: every member's balance (summing to zero), the fewest
        payments that settle it, and its entries (the club's book, the evenings carried, the
        payments), oldest first."""
        return answer(ledger().views.club_tab(cid), 200)  # (in its schema's shape already)


@blp.route("/<cid>/members/<mid>/tab")
class MemberTab(MethodView):
    @blp.response(200, tab_schemas.MemberTab)
    @blp.problems(401, 404)
    def get(self, cid, mid):
        """A member's statement on the tab, a currency each: every entry that moved his line,
        with his balance after it."""
        return answer(ledger().views.member_tab(cid, mid), 200)


@blp.route("/<cid>/export/tab.csv")
class TabCsv(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, cid):
        """The tab as rows (formula-safe, as the evening's CSVs): per currency, each member's
        balance, the payments that settle it, then each entry a row per member it moved."""
        with ledger().clubs.reading(cid) as (state, evenings):
            header, rows = tab.rows(state, tab.tab(state, evenings))
            stem = exports.file_stem(state.name)
        return download(stem, "tab", header, rows)


@blp.route("/<cid>/export/club.xlsx")
class Spreadsheet(MethodView):
    @blp.doc(responses=XLSX_DOC)
    @blp.problems(401, 404)
    def get(self, cid):
        """The club as a spreadsheet file: its standings, and its tab a sheet a currency,
        each cell of its own type."""
        with ledger().clubs.reading(cid) as (state, evenings):
            table, owed = standings.standings(state, evenings), tab.tab(state, evenings)
            header, rows = standings.rows(table)
            by_column = {n: name.rsplit("_", 1)[1] for n, name in enumerate(header)
                         if name.startswith("money_decimal_")}
            sheets = [Sheet("standings", header, rows, currencies=by_column)]
            sheets += [Sheet(f"tab {line['currency']}", *tab.rows(state, owed, line["currency"]),
                             times={11}, currency=line["currency"])
                       for line in owed["currencies"]]
            cover = [(_("Club"), state.name), *((_("Members") if n == 0 else "", m["name"])
                                                for n, m in enumerate(state.members.values())),
                     (_("Club's version"), state.version)]
            stem = exports.file_stem(state.name)
        return Response(workbook(cover, sheets, "GBP", front="club"), mimetype=MEDIA_TYPE,
                        headers=attachment(f"{stem}.xlsx"))
