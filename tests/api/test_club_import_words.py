"""A club's import said in the club's language: a German club's file, headed in German
(`Datum;Abend;Mitglied;Marken`), previewed with each problem of its lines said in German, a
file that is no spreadsheet refused in German, a French one likewise; the problems' lines and
fields (what machines read) the same in every language."""

import pytest

from tests.english import english_left
from tests.factories import Club

FILE = ("Datum;Abend;Mitglied;Marken;Geld\n"
        "31.02.2025;Heiligabend;Ann;6;0,30\n"        # no such day
        "24.12.2025;Heiligabend;Ben;=1+1;-0,20\n"    # a formula
        "24.12.2025;Heiligabend;Zoë;-2;zwei\n"       # not a number
        "24.12.2025;;Ann;1;0,05\n")                  # no evening


def send(club, raw: bytes, language: str, content_type: str = "text/csv"):
    return club.client.post(club.url("/imports"), data=raw, query_string={"confirm": "false"},
                            headers={**club.write, "Content-Type": content_type,
                                     "Accept-Language": language})


@pytest.mark.parametrize("language, said", [
    ("de", ["Einen 31. Februar 2025 gibt es nicht", "ist eine Formel", "ist keine Zahl",
            "Abend fehlt"]),
    ("fr", ["il n'y a pas de 31 février 2025", "est une formule", "n'est pas un nombre",
            "il manque : soirée"])])
def test_a_files_problems_are_said_in_the_language(client, language, said):
    club = Club(client, members=("Ann", "Ben", "Zoë"))
    preview = send(club, FILE.encode(), language)
    assert preview.status_code == 200, preview.get_json()
    problems = preview.get_json()["problems"]
    english = send(club, FILE.encode(), "en").get_json()["problems"]
    assert [(p["line"], p["field"]) for p in problems] == [(p["line"], p["field"]) for p in english]
    assert [(p["line"], p["field"]) for p in problems] == [(2, "date"), (3, "counters"),
                                                          (4, "money"), (5, "evening")]
    messages = " | ".join(p["message"] for p in problems)
    assert all(words in messages for words in said), messages
    assert english_left(messages, language) == [], messages


@pytest.mark.parametrize("language, start", [("de", "Das ist ein PDF, keine Tabelle"),
                                              ("fr", "C'est un PDF, pas un tableur")])
def test_a_file_that_is_no_spreadsheet_is_refused_in_the_language(client, language, start):
    club = Club(client, members=("Ann",))
    refused = send(club, b"%PDF-1.7 the season", language)
    assert refused.status_code == 422
    detail = refused.get_json()["detail"]
    assert start in detail and english_left(detail, language) == [], detail
    headless = send(club, b"foo;bar\n1;2\n", language).get_json()
    assert list(headless["errors"]) == ["header"]
    assert english_left(headless["detail"], language) == [], headless["detail"]
