"""A long evening's journal sheet written by each of the two well-kept .xlsx writers, in this
process, with the same cells typed alike: XlsxWriter in its `constant_memory` mode (the
service's, api/exports/workbook.py) and openpyxl in its `write_only` mode (the service's until
then). CPU seconds of each, in turn, so that a drift of the machine falls on both alike
(`bench/exports --writers`)."""

import io
import itertools
import statistics
import time
from datetime import datetime
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from api import create_app
from api.exports.workbook import TIME, Sheet, money_format, workbook
from api.service import ledger
from ledger.projections import exports, words


def journal(database_url: str, session_id: str) -> tuple[list[str], list[list], set[int]]:
    """The journal's header and rows as the workbook's sheet has them, and its time columns."""
    app = create_app({"DATABASE_URL": database_url, "REQUEST_LOG": False})
    with app.app_context():
        with ledger().sessions.reading(session_id) as state:
            told, voided = words.Words(state), frozenset(state.voided)
            zone, clock = exports.evening_zone(state.session.time_zone)
            version = state.version
        log = itertools.takewhile(lambda event: event["version"] <= version,
                                  ledger().store.stream(session_id))
        rows = list(exports.journal(log, told, voided, clock))
    return exports.journal_header(zone), rows, {2, len(exports.JOURNAL)}


def with_xlsxwriter(header: list[str], rows: list[list], times: set[int]) -> bytes:
    return workbook([("Evening", "bench")], [Sheet("journal", header, rows, times=times)], "GBP")


def with_openpyxl(header: list[str], rows: list[list], times: set[int]) -> bytes:
    book = Workbook(write_only=True)
    sheet, money = book.create_sheet("journal"), money_format("GBP")

    def typed(n: int, value):
        if n in times:
            value, shown = datetime.fromisoformat(value), TIME
        elif isinstance(value, Decimal):
            shown = money
        else:
            return None if value == "" else value
        cell = WriteOnlyCell(sheet, value)
        cell.number_format = shown
        return cell

    bold = []
    for name in header:
        bold.append(WriteOnlyCell(sheet, name))
        bold[-1].font = Font(bold=True)
    sheet.append(bold)
    for row in rows:
        sheet.append([typed(n, value) for n, value in enumerate(row)])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def compare(database_url: str, session_id: str, runs: int) -> None:
    header, rows, times = journal(database_url, session_id)
    writers = {"XlsxWriter, constant_memory": with_xlsxwriter, "openpyxl, write_only": with_openpyxl}
    seconds: dict[str, list[float]] = {name: [] for name in writers}
    sizes: dict[str, int] = {}
    for _ in range(runs):
        for name, write in writers.items():
            started = time.process_time()
            sizes[name] = len(write(header, rows, times))
            seconds[name].append(time.process_time() - started)
    for name, each in seconds.items():
        print(f"{len(rows):,} rows, {name:<28} {statistics.median(each):>6.2f} s of CPU   runs: "
              f"{', '.join(f'{s:.2f}' for s in each)}   ({sizes[name]:,} bytes)")
