"""The evening's and the club's language changed as a fact (`language_changed`, SPEC §10
amendment 10): their own language from then on, for a request that asks for none."""

from api import create_app
from tests.api.test_languages import GERMAN, opened, said
from tests.factories import Club, Table


def test_an_evenings_language_changed_as_a_fact_is_spoken_by_every_process(app, tmp_path):
    """`language_changed`: from then on the evening's own language when none is asked for,
    in a process that read the old one before it too (another worker on the same database);
    said in the log, set-up (no postings), not undone but changed again."""
    client = app.test_client()
    other = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3",
                        "TESTING": True}).test_client()
    table = opened(client, language="de")
    elsewhere = Table.__new__(Table)
    elsewhere.__dict__.update(table.__dict__, client=other)
    assert said(elsewhere)[1] == "Ann ist dabei"  # read there in German first
    changed = table.record("language_changed", language="fr-CA")
    assert changed["data"] == {"language": "fr"} and changed["postings"] == []
    assert table.get("")["language"] == "fr"
    for reader in (table, elsewhere):
        assert said(reader)[1] == "Ann nous rejoint"
        assert said(reader)[-1] == "Les mots de la soirée désormais en français"
        assert said(reader, GERMAN)[-1] == "Die Worte des Abends jetzt auf Französisch"
        assert said(reader, {"Accept-Language": "en"})[-1] == "The evening's words now in French"
    refused = table.post("event_voided", data={"event_id": changed["id"], "reason": "oops"})
    assert refused.status_code == 409 and refused.headers["Content-Language"] == "fr"
    for bad in ("klingon", "", None, 5):
        answer = table.post("language_changed", data={"language": bad})
        assert answer.status_code == 422
        assert list(answer.get_json()["errors"]) == ["data.language"], answer.get_json()
    assert table.get("")["language"] == "fr"


def test_a_clubs_language_changed_as_a_fact_is_its_own_from_then_on(client):
    club = Club(client, members=("Ann",))
    assert client.get(club.url("/events"), headers=club.read).get_json()["events"][1]["said"] \
        == "Ann joined"
    changed = club.post("language_changed", language="de")
    assert changed.status_code == 201, changed.get_json()
    summary = client.get(club.url(""), headers=club.read)
    assert summary.get_json()["language"] == "de" and summary.headers["Content-Language"] == "de"
    events = client.get(club.url("/events"), headers=club.read).get_json()["events"]
    assert [e["said"] for e in events][1:] == ["Ann ist dabei",
                                               "Die Worte des Clubs jetzt auf Deutsch"]
    evening = client.post(club.url("/evenings"), headers=club.write,
                          json={"name": "Heute", "members": [club.members["Ann"]]})
    assert evening.get_json()["language"] == "de"  # a new evening speaks it too
    assert club.post("language_changed", language="ja").status_code == 422
