"""Words in the club's language (SPEC §10 amendment 10): what is said to people (the log's
`said`, a refusal's title, detail and field messages, the journal's descriptions) follows
`Accept-Language`, else the evening's or club's `language`, else English; what machines read
(JSON keys, types, ids, field names, CSV headers) is the same in every language."""

import csv
import io
import uuid

import pytest

from tests.factories import Club, Table

GERMAN, FRENCH = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, {"Accept-Language": "fr-CA"}


def asked(headers: dict, language: dict | None) -> dict:
    return {**headers, **(language or {})}


def opened(client, **session) -> Table:
    table = Table(client, players=0, **session)
    table.players = [table.add_player(name=name) for name in ("Ann", "Ben")]
    return table


def said(table: Table, language: dict | None = None) -> list[str]:
    answer = table.client.get(table.url("/events"), headers=asked(table.read, language))
    assert answer.status_code == 200
    return [event["said"] for event in answer.get_json()["events"]]


def keys(value):
    """The shape of a JSON document: its keys, all the way down, without the values."""
    if isinstance(value, dict):
        return {key: keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [keys(item) for item in value]
    return type(value).__name__


def test_the_log_is_said_in_the_language_asked_for(client):
    table = opened(client)
    english, german, french = said(table), said(table, GERMAN), said(table, FRENCH)
    assert english[1:] == ["Ann joined", "Ben joined"]
    assert german[1:] == ["Ann ist dabei", "Ben ist dabei"]
    assert french[1:] == ["Ann nous rejoint", "Ben nous rejoint"]
    answers = [client.get(table.url("/events"), headers=asked(table.read, language))
               for language in (None, GERMAN, FRENCH)]
    assert [a.headers["Content-Language"] for a in answers] == ["en", "de", "fr"]
    assert all("Accept-Language" in a.headers["Vary"] for a in answers)
    assert keys(answers[0].get_json()) == keys(answers[1].get_json()) == keys(answers[2].get_json())


def test_without_a_language_asked_for_the_evenings_own_is_spoken(client):
    table = opened(client, language="fr")
    assert table.get("")["language"] == "fr"
    assert said(table)[1] == "Ann nous rejoint"  # none asked
    assert said(table, {"Accept-Language": "ja, pt-BR;q=0.8"})[1] == "Ann nous rejoint"
    assert said(table, GERMAN)[1] == "Ann ist dabei"  # asked: the reader's own


def test_a_language_the_service_does_not_speak_falls_back_to_english(client):
    table = opened(client)
    assert table.get("")["language"] == "en"
    assert said(table, {"Accept-Language": "ja"})[1] == "Ann joined"


def test_a_regional_tag_is_its_language_and_a_malformed_one_is_refused_by_name(client):
    regional = client.post("/api/v1/sessions", json={"name": "Abend", "language": "de-AT"})
    assert regional.status_code == 201 and regional.get_json()["language"] == "de"
    for bad in ("klingon", "d", "", "de_DE", "DE", "ja", 5, None, ["de"]):
        for path in ("/api/v1/sessions", "/api/v1/clubs"):
            answer = client.post(path, json={"name": "Abend", "language": bad})
            assert answer.status_code == 422, (path, bad)
            assert answer.mimetype == "application/problem+json"
            assert list(answer.get_json()["errors"]) == ["language"], answer.get_json()


def test_a_refusal_is_said_in_the_language_asked_for_with_the_same_fields(client):
    table = opened(client, language="de")
    ann, ben = table.players
    answers = {}
    for name, language in (("en", {"Accept-Language": "en"}), ("de", None), ("fr", FRENCH)):
        body = {"id": str(uuid.uuid4()), "type": "payment_made",
                "data": {"from": ann, "to": ann, "amount": 1}}
        answers[name] = client.post(table.url("/events"), json=body,
                                    headers=asked(table.write, language))
    problems = {name: answer.get_json() for name, answer in answers.items()}
    assert {answer.status_code for answer in answers.values()} == {422}
    assert problems["en"]["detail"] == "data.to: A player cannot pay himself."
    assert problems["de"]["title"] == "Widersprüchliche Eingabe"
    assert problems["de"]["errors"] == {"data.to": ["Ein Spieler kann sich nicht selbst bezahlen."]}
    assert problems["fr"]["errors"] == {"data.to": ["Un joueur ne peut pas se payer lui-même."]}
    assert keys(problems["en"]) == keys(problems["de"]) == keys(problems["fr"])
    assert [a.headers["Content-Language"] for a in answers.values()] == ["en", "de", "fr"]
    missing = client.post(table.url("/players"), json={}, headers=asked(table.write, FRENCH))
    assert missing.status_code == 422
    assert missing.get_json()["errors"] == {"name": ["Champ obligatoire manquant."]}
    long = client.post(table.url("/players"), json={"name": "x" * 101},
                       headers=asked(table.write, GERMAN))
    assert long.get_json()["errors"]["name"] == ["Länger als 100 Zeichen."]


def test_a_conflict_gives_its_figures_in_the_words_of_the_language(client):
    table = opened(client)
    ann, ben = table.players
    body = {"id": str(uuid.uuid4()), "type": "payment_made",
            "data": {"from": ann, "to": ben, "amount": 3}}
    answer = client.post(table.url("/events"), json=body, headers=asked(table.write, GERMAN))
    assert answer.status_code == 409
    assert answer.get_json()["detail"] == "Ann schuldet 0 Marken, nicht 3."


def test_the_journals_descriptions_follow_the_language_its_headers_do_not(client):
    table = opened(client)
    table.record("deal_started", table.start_game(kind="commerce", stake=2))
    texts = [client.get(table.url("/export/journal.csv"), headers=asked(table.read, language))
             .get_data().decode("utf-8-sig") for language in (None, GERMAN, FRENCH)]
    rows = [list(csv.reader(io.StringIO(text, newline=""))) for text in texts]
    assert rows[0][0] == rows[1][0] == rows[2][0]  # the column headers
    column = rows[0][0].index("description"), rows[0][0].index("holder")
    described = [{(row[column[0]].split(" · ")[1], row[column[1]]) for row in r[1:]} for r in rows]
    assert ("Deal 1", "pool of Commerce") in described[0]
    assert ("Runde 1", "Kasse von Commerce") in described[1]
    assert ("Donne 1", "cagnotte de Commerce") in described[2]


@pytest.mark.parametrize("founded, asked_for, expected", [
    ({"language": "de"}, {}, "de"), ({"language": "de"}, {"language": "fr"}, "fr"),
    ({}, {}, "en")])
def test_a_club_evening_speaks_the_clubs_language_unless_it_names_its_own(client, founded,
                                                                          asked_for, expected):
    club = Club.__new__(Club)
    answer = client.post("/api/v1/clubs", json={"name": "Meryton", **founded})
    assert answer.status_code == 201 and answer.get_json()["language"] == founded.get(
        "language", "en")
    club.client, club.id = client, answer.get_json()["id"]
    club.write = {"Authorization": f"Bearer {answer.get_json()['write_token']}"}
    club.read = {"Authorization": f"Bearer {answer.get_json()['read_token']}"}
    club.members = {"Ann": club.add_member("Ann")}
    evening = client.post(club.url("/evenings"), headers=club.write,
                          json={"name": "Tonight", "members": [club.members["Ann"]], **asked_for})
    assert evening.status_code == 201 and evening.get_json()["language"] == expected
    table = Table.opened(client, evening.get_json())
    assert table.get("")["language"] == expected
    assert client.get(club.url(""), headers=club.read).get_json()["language"] == founded.get(
        "language", "en")
    refused = client.get(club.url("/members/none/history"), headers=club.read)
    assert refused.status_code == 404
    assert refused.headers["Content-Language"] == founded.get("language", "en")


def test_an_answer_held_in_one_language_is_not_current_in_another(client):
    table = opened(client)
    german = client.get(table.url("/results"), headers=asked(table.read, GERMAN))
    tag = german.headers["ETag"]
    again = client.get(table.url("/results"), headers={**asked(table.read, GERMAN),
                                                        "If-None-Match": tag})
    english = client.get(table.url("/results"), headers={**table.read, "If-None-Match": tag})
    assert (again.status_code, english.status_code) == (304, 200)
    assert english.headers["ETag"] != tag and english.headers["Content-Language"] == "en"


def test_the_workbook_is_written_in_the_language_asked_for(client):
    import openpyxl

    table = opened(client)
    table.record("deal_started", table.start_game(kind="commerce", stake=2))
    books = {}
    for name, language in (("de", GERMAN), ("fr", FRENCH), ("en", None)):
        answer = client.get(table.url("/export/evening.xlsx"), headers=asked(table.read, language))
        while answer.status_code == 202:  # written off the request: asked again
            answer = client.get(table.url("/export/evening.xlsx"),
                                headers=asked(table.read, language))
        assert answer.status_code == 200
        sheet = openpyxl.load_workbook(io.BytesIO(answer.data))["journal"]
        books[name] = " ".join(str(cell.value) for row in sheet.iter_rows() for cell in row)
    assert "Runde 1" in books["de"] and "Donne 1" in books["fr"] and "Deal 1" in books["en"]


def test_a_games_shared_facts_are_said_in_the_language_asked_for(client):
    table = opened(client)
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    table.record("pool_carried_over", game)
    english, german, french = (said(table, language)[-2:] for language in (None, GERMAN, FRENCH))
    assert english == ["Commerce · Deal 1 · Ann dealt; each paid 2 into the pool, Ann 4",
                       "Commerce · Deal 1 · Nobody won: the pool stays for the next deal"]
    assert german == ["Commerce · Runde 1 · Ann gab; jeder zahlte 2 in die Kasse, Ann 4",
                      "Commerce · Runde 1 · Niemand gewann: Die Kasse bleibt für die nächste Runde"]
    assert french[0] == "Commerce · Donne 1 · Ann a donné; chacun a payé 2 dans la cagnotte, Ann 4"


def test_the_clubs_log_and_refusals_follow_the_language_too(client):
    club = Club(client, members=("Ann", "Ben"))
    log = {name: client.get(club.url("/events"), headers=asked(club.read, language)).get_json()
           for name, language in (("en", None), ("de", GERMAN), ("fr", FRENCH))}
    assert [e["said"] for e in log["en"]["events"]][:2] == ["The club Meryton opened", "Ann joined"]
    assert [e["said"] for e in log["de"]["events"]][:2] == ["Der Club Meryton wurde gegründet",
                                                          "Ann ist dabei"]
    assert [e["said"] for e in log["fr"]["events"]][:2] == ["Le club Meryton a ouvert",
                                                          "Ann nous rejoint"]
    assert keys(log["en"]) == keys(log["de"]) == keys(log["fr"])
    twice = club.post("tab_paid", headers=asked(club.write, FRENCH), **{
        "from": club.members["Ann"], "to": club.members["Ann"], "amount_minor": 5,
        "currency": "GBP"})
    assert twice.status_code == 422
    assert twice.get_json()["errors"]["data.to"] == ["Un membre ne peut pas se payer lui-même."]


def test_a_body_refused_before_it_is_read_is_said_in_the_language_too(client):
    table = opened(client, language="fr")
    broken = client.post(table.url("/events"), data=b'{"type": ', headers={
        **table.write, "Content-Type": "application/json"})  # the append's own way in
    assert broken.status_code == 400 and broken.headers["Content-Language"] == "fr"
    assert broken.get_json()["detail"] == "Le corps n'est pas du JSON valide."
    twice = client.post(table.url("/players"), data=b'{"name": "A", "name": "B"}', headers={
        **table.write, "Content-Type": "application/json", **GERMAN})
    assert twice.status_code == 400
    assert twice.get_json()["detail"] == ("Der Inhalt ist kein gültiges JSON: Der Schlüssel "
                                          "'name' kommt in einem Objekt zweimal vor.")


def test_money_and_numbers_said_to_people_are_written_the_languages_way(client):
    table = opened(client, counter_value=5, currency="EUR")
    assert said(table)[0].endswith("a counter worth 0.05 EUR")
    assert said(table, GERMAN)[0].endswith("eine Marke zu 0,05 EUR")
    club = Club(client, members=("Ann", "Ben"))
    refused = club.post("tab_paid", headers=asked(club.write, GERMAN), **{
        "from": club.members["Ann"], "to": club.members["Ben"], "amount_minor": 123456,
        "currency": "EUR"})
    assert refused.status_code == 409
    assert refused.get_json()["detail"] == ("Ann schuldet 0,00\xa0€ auf der Clubrechnung in EUR, "
                                            "nicht 1.234,56\xa0€.")


def test_the_workbooks_words_follow_the_language_its_sheets_names_do_not(client):
    """evening.xlsx's cover sheet (its labels, "yes") and its journal's descriptions (an event
    undone says so) in the language asked for; its sheets' names and the journal's column
    headers are the same in every language."""
    from openpyxl import load_workbook

    table = opened(client)
    game = table.start_game(kind="commerce", stake=2)
    dealt = table.record("deal_started", game)
    table.record("event_voided", event_id=dealt["id"], reason="misdeal")
    books = [load_workbook(io.BytesIO(client.get(table.url("/export/evening.xlsx"),
                                                  headers=asked(table.read, language)).data))
             for language in (None, GERMAN, FRENCH)]
    assert books[0].sheetnames == books[1].sheetnames == books[2].sheetnames
    covers = [{row[0]: row[1] for row in book.worksheets[0].iter_rows(values_only=True) if row[0]}
              for book in books]
    assert covers[0]["Chain verified"] == "yes"
    assert covers[1]["Kette geprüft"] == "ja" and covers[2]["Chaîne vérifiée"] == "oui"
    journals = [list(book["journal"].iter_rows(values_only=True)) for book in books]
    assert journals[0][0] == journals[1][0] == journals[2][0]  # the column headers
    described = [[row[journals[0][0].index("description")] for row in journal[1:]]
                 for journal in journals]
    assert any(text.endswith(" (undone)") for text in described[0])
    assert any(text.endswith(" (zurückgenommen)") for text in described[1])
    assert any(text.endswith(" (annulé)") for text in described[2])

