"""CSV downloads: results, the journal, and the settlement."""

import csv
import io
import itertools

from flask import Response, stream_with_context
from flask.views import MethodView

from api.access import guard
from api.book import book
from api.docs import Blueprint
from ledger.projections import exports

blp = guard(Blueprint("exports", __name__, url_prefix="/api/v1/sessions/<sid>/export",
                      description="CSV exports that open cleanly in a spreadsheet"))
CSV_DOC = {"200": {"description": "text/csv; charset=utf-8, with a header row",
                   "content": {"text/csv": {"schema": {"type": "string"}}}}}
RISKY = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """OWASP's advice against formula injection: a text cell that a spreadsheet would read as
    a formula gets a leading apostrophe. Numbers stay numbers (a result of -4 can be summed)."""
    if isinstance(value, str) and value.startswith(RISKY):
        return "'" + value
    return value


def lines(header: list[str], rows):
    """The CSV text, a row at a time (the journal streams from the log)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in itertools.chain([header], rows):
        writer.writerow([cell(value) for value in row])
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def download(sid: str, name: str, header, rows) -> Response:
    response = Response(stream_with_context(lines(header, rows)),
                        mimetype="text/csv", content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="parlour-{sid[:8]}-{name}.csv"')
    return response


@blp.route("/results.csv")
class Results(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """One row per player: name, group, counters, money, Cassino points."""
        with book().reading(sid) as state:
            header, rows = exports.results(state)
        return download(sid, "results", header, rows)


@blp.route("/journal.csv")
class Journal(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """One row per posting, in log order, with its event's id."""
        return download(sid, "journal", exports.JOURNAL,
                        exports.journal(book().store.stream(sid)))


@blp.route("/settlement.csv")
class Settlement(MethodView):
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404)
    def get(self, sid):
        """The transfers that settle the evening: from, to, counters, money, currency."""
        with book().reading(sid) as state:
            header, rows = exports.settlement_rows(state)
        return download(sid, "settlement", header, rows)
