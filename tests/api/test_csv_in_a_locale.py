"""The CSV exports opened by a double-click on a computer set to German or French, where the
decimal sign is a comma: every number is a number there too (LibreOffice Calc, headless)."""

from decimal import Decimal

import openpyxl
import pytest

from tests.api.test_csv_in_a_spreadsheet import (BOM, DECIMALS, NUMBERS, columns, download,
                                                 parsed, pytestmark, saved_by_calc)
from tests.factories import Table

pytestmark = pytestmark  # (a spreadsheet test: LibreOffice, or the reason it is missing)


@pytest.mark.parametrize("locale", ["de_DE.UTF-8", "fr_FR.UTF-8"])
def test_money_opens_as_a_number_where_the_decimal_sign_is_a_comma(client, tmp_path, locale,
                                                                   monkeypatch):
    """A double-click on a computer set to German or French: counters, minor units and money
    in major units are numbers (a SUM over them is the total), as in an English one; money
    written `-0.15` would open as text there, `-15E-2` is a number in every locale."""
    table = Table(client, players=3, counter_value=5)
    a, b, c = table.players
    game = table.start_game(kind="other")
    table.record("stake_paid", game, player=a, amount=3, to=b)
    table.record("stake_paid", game, player=c, amount=2)
    table.record("payment_made", **{"from": a, "to": b, "amount": 1})
    paths = []
    for name in NUMBERS:
        paths.append(tmp_path / f"{name}.csv")
        paths[-1].write_bytes(download(table, name).encode("utf-8"))
    problems = []
    monkeypatch.setenv("LC_ALL", locale)  # the computer Calc runs on, set to that locale
    monkeypatch.setenv("LANG", locale)
    for name, xlsx in saved_by_calc(paths, tmp_path).items():
        text = download(table, name).removeprefix(BOM)
        fields = parsed(text)
        sheet = openpyxl.load_workbook(xlsx).active
        cells = [[(cell.value, cell.data_type) for cell in row] for row in sheet.iter_rows()]
        for column in columns(fields[0], NUMBERS[name] | DECIMALS[name]):
            for row, got in zip(fields[1:], cells[1:]):
                value, kind = got[column]
                if row[column] and (kind != "n" or Decimal(str(value)) != Decimal(row[column])):
                    problems.append(f"{name}.csv {fields[0][column]} ({locale}): "
                                    f"{row[column]} became {kind} {value!r}")
    assert not problems, "\n".join(problems)
