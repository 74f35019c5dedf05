"""A club's import, cell by cell: amounts beyond what the ledger holds, numbers beyond the
decimal context, money in another currency, and digits grouped as each side of Europe groups
them: each a problem of its line, never a 500 or a silent conversion."""

import pytest

from tests.api.test_club_imports import club, problems_of, send  # noqa: F401  (the fixture)


@pytest.mark.parametrize("column", ["counters", "money"])
@pytest.mark.parametrize("amount", ["99999999999999999999", "1e30", "1e999999", "-1e999999",
                                    "1e-999999"])
def test_an_amount_beyond_what_the_ledger_holds_is_a_problem_of_its_line(club, column, amount):
    text = (f"date;evening;member;{column}\n2025-06-24;Midsummer;Zoë;{amount}\n"
            "2025-06-24;Midsummer;Ann;0\n")
    before = club.get()["version"]
    preview = send(club, text)
    assert preview.status_code == 200
    [problem] = preview.get_json()["problems"]
    assert (problem["line"], problem["field"]) == (2, column)
    assert send(club, text, confirm=True).status_code == 422
    assert club.get()["version"] == before


def test_counters_that_make_more_money_than_the_ledger_holds_are_a_problem(club):
    text = "date;evening;member;counters\n2025-06-24;Midsummer;Zoë;1000000000\n" \
           "2025-06-24;Midsummer;Ann;-1000000000\n"
    problems = send(club, text, counter_value=5).get_json()["problems"]
    assert [p["line"] for p in problems] == [2, 3]
    assert "more than the ledger holds" in problems[0]["message"]


@pytest.mark.parametrize("cell", ["1e1000000", "91e999999", "-10e999999", "1e-9999999999",
                                  "0.00001"])
def test_a_number_beyond_the_decimal_context_is_a_problem_of_its_line(club, cell):
    text = f"date,evening,member,money\n2025-01-01,X,Ann,{cell}\n2025-01-01,X,Ben,-1\n"
    before = club.get()["version"]
    [(field, message)] = [(f, m) for line, f, m in problems_of(club, text) if line == 2]
    assert field == "money" and cell in message
    assert send(club, text, confirm=True).status_code == 422
    assert club.get()["version"] == before


@pytest.mark.parametrize("cell, currency", [("5,00 EUR", "GBP"), ("EUR 5", "GBP"), ("$5", "EUR"),
                                            ("-£5", "EUR"), ("5 JPY", "EUR")])
def test_money_written_in_another_currency_is_a_problem_not_a_conversion(club, cell, currency):
    other = cell.replace("5", "-5", 1) if not cell.startswith("-") else cell[1:]
    text = f'date,evening,member,money\n2025-01-01,X,Ann,"{cell}"\n2025-01-01,X,Ben,"{other}"\n'
    found = problems_of(club, text, currency=currency)
    assert found and all(field == "money" and currency in message for _, field, message in found)


def test_an_evening_in_two_currencies_is_a_problem(club):
    text = ("date,evening,member,money,currency\n2025-01-01,X,Ann,1.50,EUR\n"
            "2025-01-01,X,Ben,-150,JPY\n")
    [(field, message)] = [(f, m) for line, f, m in problems_of(club, text) if line == 3]
    assert field == "currency" and "EUR" in message and "JPY" in message


@pytest.mark.parametrize("delimiter, cell, minor", [
    (",", "1,500", 150000), (",", "£1,500.00", 150000), (",", "1,50", 150), (",", "1.5", 150),
    (";", "1,500", 150), (";", "1.500", 150000), (";", "1.234,50", 123450), (";", "2.25", 225),
    (";", "£1,500.25", 150025)])
def test_grouped_digits_read_as_the_files_side_of_europe_writes_them(club, delimiter, cell, minor):
    lines = [["date", "evening", "member", "money"], ["2025-01-01", "X", "Ann", cell],
             ["2025-01-01", "X", "Ben", "-" + cell.lstrip("£")]]
    text = "".join(delimiter.join(f'"{c}"' for c in line) + "\n" for line in lines)
    answer = send(club, text).get_json()
    assert answer["problems"] == [], answer["problems"]
    [evening] = answer["evenings"]
    assert [r["amount_minor"] for r in evening["results"]] == [minor, -minor]


@pytest.mark.parametrize("written, said", [
    ("31.02.2025", "there is no 31 February 2025"),        # the day is the fault, not the form
    ("29/02/2025", "there is no 29 February 2025"),
    ("31/04/26", "there is no 31 April 2026"),
    ("Twelfth Night", "is not a date: write it as 2026-12-25 or 25/12/2026"),
])
def test_a_date_that_is_not_one_is_refused_naming_the_real_fault(club, written, said):
    text = f"date;evening;member;counters\n{written};Midsummer;Zoë;1\n{written};Midsummer;Ann;-1\n"
    problems = problems_of(club, text)
    assert problems and all(said in message and field == "date" for _, field, message in problems)
