"""Old seasons brought into a club from a spreadsheet: files as Excel and LibreOffice write
them in a European locale or not, every problem named by its line, nothing recorded until
confirmed (nor then, while a problem is left), each evening recorded once, and the standings
after an import the sums of the file's rows."""

import codecs

import pytest

from tests.factories import Club

HEADER = "date;evening;member;counters;money\n"


def send(club, text, encoding="utf-8", confirm=False, **query):
    raw = text if isinstance(text, bytes) else text.encode(encoding)
    params = {"confirm": "true" if confirm else "false", **query}
    return club.client.post(club.url("/imports"), data=raw, query_string=params,
                            headers={**club.write, "Content-Type": "text/csv"})


@pytest.fixture
def club(client):
    return Club(client, members=("Ann", "Ben", "Zoë"))


def problems_of(club, text, **query) -> list[tuple[int, str, str]]:
    answer = send(club, text, **query)
    assert answer.status_code == 200, answer.get_json()
    return [(p["line"], p["field"], p["message"]) for p in answer.get_json()["problems"]]



def test_a_european_file_previews_then_records_and_the_standings_add_its_rows(club):
    text = (HEADER + "24.12.2025;Christmas Eve;Ann;6;0,30\n24.12.2025;Christmas Eve;Ben;-4;-0,20\n"
            "24.12.2025;Christmas Eve;Zoë;-2;-0,10\n31/12/2025;Hogmanay;Ann;-3;-0,15\n"
            "31/12/2025;Hogmanay;Zoë;3;0,15\n")
    before = club.get()["version"]
    preview = send(club, text, encoding="cp1252", currency="EUR").get_json()
    assert preview["ready"] and preview["new"] == 2 and preview["problems"] == []
    assert [(e["date"], e["name"]) for e in preview["evenings"]] == [
        ("2025-12-24", "Christmas Eve"), ("2025-12-31", "Hogmanay")]
    assert club.get()["version"] == before  # a preview records nothing
    done = send(club, text, encoding="cp1252", confirm=True, currency="EUR").get_json()
    assert done["recorded"] == 2
    standings = club.standings()
    assert {name: (row["counters"], row["money"]) for name, row in standings.items()} == {
        "Ann": (3, {"EUR": 15}), "Ben": (-4, {"EUR": -20}), "Zoë": (1, {"EUR": 5})}
    evenings = club.get("/standings")["evenings"]
    assert [e["brought_in"] for e in evenings] == [True, True]
    again = send(club, text, encoding="cp1252", confirm=True, currency="EUR").get_json()
    assert again["recorded"] == 0 and again["new"] == 0  # the same file twice: nothing new
    assert all(e["already"] for e in again["evenings"])
    assert club.standings() == standings


def test_the_same_file_again_records_nothing_and_leaves_the_club_s_version(club):
    """Confirmed again as the page confirms (a new id a tap) or with no id: nothing new to
    record, so no fact, and every club phone is left as it is."""
    text = HEADER + "2025-11-05;Guy Fawkes;Zoë;5;\n2025-11-05;Guy Fawkes;Ann;-5;\n"
    first = send(club, text, confirm=True, id="3f1c2b7a-0d4e-4a5b-9c8d-1e2f3a4b5c6d")
    assert first.get_json()["recorded"] == 1
    version, log = club.get()["version"], club.get("/events")["events"]
    for tap in ("7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d", None):
        again = send(club, text, confirm=True, **({"id": tap} if tap else {}))
        assert again.status_code == 200 and again.get_json()["recorded"] == 0
        assert club.get()["version"] == version
    assert club.get("/events")["events"] == log
    resent = send(club, text, confirm=True, id="3f1c2b7a-0d4e-4a5b-9c8d-1e2f3a4b5c6d")
    assert resent.get_json()["recorded"] == 1  # the first tap's answer, as it was
    assert club.get()["version"] == version


@pytest.mark.parametrize("encoding,bom,delimiter", [
    ("utf-8", True, ","), ("utf-8", False, ";"), ("cp1252", False, ";"), ("utf-8", False, "\t"),
    ("cp1252", True, ";")])  # a byte-order mark before Windows-1252 text: read as the text is
def test_files_in_every_encoding_and_separator_read_alike(club, encoding, bom, delimiter):
    lines = ["Date,Evening,Member,Counters", "2025-11-05,Guy Fawkes,Zoë,5",
             "2025-11-05,Guy Fawkes,Ann,-5"]
    text = "\n".join(line.replace(",", delimiter) for line in lines) + "\n"
    raw = (codecs.BOM_UTF8 if bom else b"") + text.encode(encoding)
    preview = send(club, raw).get_json()
    assert preview["ready"], preview
    [evening] = preview["evenings"]
    assert [r["name"] for r in evening["results"]] == ["Zoë", "Ann"]  # the file's order


def test_every_problem_is_named_by_its_line_and_nothing_is_recorded(club):
    text = (HEADER
            + "2025-13-45;Nonsense;Ann;1;\n"                 # 2: no such date
            + "2025-01-06;Twelfth Night;Ann;=SUM(A1:A3);\n"  # 3: a formula
            + "2025-01-06;Twelfth Night;Ben;-2;\n"           # 4
            + "2025-01-06;Twelfth Night;Ben;1;\n"            # 5: Ben twice
            + '2025-01-07;"Two\nlines";Ann;1;\n'             # 6-7: a line break in a name
            + "2025-01-08;Epiphany;Ann;5;\n"                 # 8
            + "2025-01-08;Epiphany;Ben;-3;\n"                # 9: sums to +2
            + "2025-01-09;Plough Monday;Dot;0;\n")           # 10: no such member
    before = club.get()["version"]
    preview = send(club, text).get_json()
    by_line = {p["line"]: p for p in preview["problems"]}
    assert "there is no month 13" in by_line[2]["message"] and by_line[2]["field"] == "date"
    assert "formula" in by_line[3]["message"]
    assert "two results" in by_line[5]["message"] and "lines 4 and 5" in by_line[5]["message"]
    assert "Control characters" in by_line[6]["message"]  # the line its record begins on
    assert "sum to +2 counters" in by_line[8]["message"]
    assert preview["unknown_members"] == [{"name": "Dot", "line": 10, "added": False}]
    assert not preview["ready"]
    refused = send(club, text, confirm=True)
    assert refused.status_code == 422 and "line 2" in refused.get_json()["detail"]
    assert club.get()["version"] == before


def test_a_name_the_club_lacks_is_added_or_linked_as_the_officer_says(club):
    text = "date,evening,member,counters\n2025-02-14,Valentine's,Dot,4\n2025-02-14,Valentine's,Annie,-4\n"
    ann = club.members["Ann"]
    preview = send(club, text, link=f"Annie={ann}").get_json()
    assert [u["name"] for u in preview["unknown_members"]] == ["Dot"] and not preview["ready"]
    done = send(club, text, confirm=True, link=f"Annie={ann}", new="Dot").get_json()
    assert done["members_added"] == 1 and done["recorded"] == 1
    standings = club.standings()
    assert standings["Dot"]["counters"] == 4 and standings["Ann"]["counters"] == -4


def test_a_file_without_its_columns_or_too_large_is_refused_in_words(club):
    answer = send(club, "when,where,what\n1,2,3\n")
    assert answer.status_code == 422 and "missing: date, evening, member" in answer.get_json()["detail"]
    big = HEADER + "2025-03-01;Lady Day;Ann;1;\n" * 300_000  # about 10 MB
    answer = send(club, big)
    assert answer.status_code == 413 and "at most 2 MB" in answer.get_json()["detail"]
    assert send(club, "").status_code == 422
    wrong = club.client.post(club.url("/imports"), data="x", headers={
        **club.write, "Content-Type": "application/json"})
    assert wrong.status_code == 415
    read = club.client.post(club.url("/imports"), data=HEADER, headers={
        **club.read, "Content-Type": "text/csv"})
    assert read.status_code == 403


def test_ten_thousand_rows_preview_and_record(club):
    rows = []
    for n in range(5_000):  # 5,000 evenings of two
        day = f"20{10 + n // 365 % 15:02d}-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
        rows += [f"{day};Evening {n};Ann;{n % 7 + 1};", f"{day};Evening {n};Ben;-{n % 7 + 1};"]
    text = HEADER + "\n".join(rows) + "\n"
    preview = send(club, text).get_json()
    assert preview["ready"] and preview["new"] == 5_000
    assert send(club, text, confirm=True).get_json()["recorded"] == 5_000
    assert club.standings()["Ann"]["evenings"] == 5_000


def test_lines_ending_in_a_carriage_return_alone_read_as_lines(club):
    """Excel for Mac's "CSV (Macintosh)" ends its lines in \r: read as any other file."""
    text = "date;evening;member;counters\r2025-04-23;St George;Ann;2\r2025-04-23;St George;Ben;-2\r"
    preview = send(club, text).get_json()
    assert preview["ready"], preview
    [evening] = preview["evenings"]
    assert [(r["name"], r["counters"]) for r in evening["results"]] == [("Ann", 2), ("Ben", -2)]


@pytest.mark.parametrize("text", [
    HEADER + "2025-05-01;May Day;Ann;1\r_\"x;\n",            # a lone \r inside a line
    'g:^\U000f5cab\tÆ\U000afcad\u00c5\r_"',                   # as a fuzzer sent it
    HEADER + "2025-05-01;" + "x" * 200_000 + ";Ann;1;\n",     # a cell over the csv module's limit
    HEADER + "2025-05-01;May\x00Day;Ann;1;\n",               # a NUL
])
def test_a_file_the_csv_module_cannot_read_is_answered_in_words(club, text):
    before = club.get()["version"]
    answer = send(club, text)
    assert answer.status_code in (200, 422), answer.get_json()
    if answer.status_code == 422:
        assert answer.get_json()["detail"]
    assert club.get()["version"] == before


def test_an_id_the_import_would_make_already_taken_by_another_fact_is_a_conflict(client):
    """An import's ids are made from the club and the names; a client may have chosen one of
    them for another fact: 409, nothing recorded (it was a 500)."""
    from ledger.clubs.imports import evening_id
    text = "date,evening,member,counters\n2025-01-01,X,Ann,1\n2025-01-01,X,Newbie,-1\n"
    evening_taken, member_taken = Club(client, members=("Ann",)), Club(client, members=("Ann",))
    squatter = client.post(evening_taken.url("/members"), headers=evening_taken.write, json={
        "id": evening_id(evening_taken.id, "2025-01-01", "X"), "name": "Squatter"})
    assert squatter.status_code == 201, squatter.get_json()
    declared = client.post(member_taken.url("/events"), headers=member_taken.write, json={
        "id": evening_id(member_taken.id, "member", "Newbie").replace("imported-", "member-"),
        "type": "season_declared",
        "data": {"name": "W", "starts": "2026-01-01", "ends": "2026-12-31"}})
    assert declared.status_code == 201, declared.get_json()
    for club, taken_by in ((evening_taken, "member_added"), (member_taken, "season_declared")):
        before = club.get()["version"]
        answer = send(club, text, confirm=True, new="Newbie")
        assert answer.status_code == 409, answer.get_json()
        assert "file" in answer.get_json()["errors"] and taken_by in answer.get_json()["detail"]
        assert club.get()["version"] == before


@pytest.mark.parametrize("coding", ["gzip", "br", "deflate"])
def test_a_compressed_file_is_refused_as_such_not_misread(club, coding):
    import gzip
    text = "date,evening,member,counters\n2025-01-01,X,Ann,1\n2025-01-01,X,Ben,-1\n".encode()
    for raw in (gzip.compress(text), text):  # compressed, or plain but labelled so
        answer = club.client.post(club.url("/imports"), data=raw, query_string={"confirm": "true"},
                                  headers={**club.write, "Content-Type": "text/csv",
                                           "Content-Encoding": coding})
        assert answer.status_code == 415, answer.get_json()
        assert coding in answer.get_json()["detail"]
    assert club.standings()["Ann"]["evenings"] == 0


def test_excels_unicode_text_utf16_with_tabs_reads_as_its_csv_does(club):
    text = "Date\tEvening\tMember\tCounters\n2025-11-05\tGuy Fawkes\tZoë\t5\n" \
           "2025-11-05\tGuy Fawkes\tAnn\t-5\n"
    for encoding in ("utf-16", "utf-16-be"):
        raw = text.encode(encoding) if encoding == "utf-16" else codecs.BOM_UTF16_BE + \
            text.encode(encoding)
        preview = send(club, raw).get_json()
        assert preview["ready"], preview
        [evening] = preview["evenings"]
        assert [(r["name"], r["counters"]) for r in evening["results"]] == [("Zoë", 5), ("Ann", -5)]


@pytest.mark.parametrize("text, said", [
    ("date,evening,member,counters\n", "no results"),
    ("date,evening,member,counters\n\n,,,\n", "no results"),
    ("date,evening,member,counters,result\n2025-01-01,X,Ann,1,1\n", "Two columns give the counters"),
    ("date,evening,member,member,counters\n2025-01-01,X,Ann,Ben,1\n", "Two columns give the member"),
])
def test_a_file_with_no_results_or_a_column_twice_is_refused_in_words(club, text, said):
    answer = send(club, text)
    assert answer.status_code == 422 and said in answer.get_json()["detail"], answer.get_json()


def test_a_new_member_too_like_another_is_a_problem_of_the_preview_not_a_late_409(club):
    """"Аnn" (a Cyrillic А) beside the member Ann, and "Cat" beside "Cаt" both new: the
    preview names each look-alike by its line, and the confirmation records nothing (422:
    the file's own names cannot be told apart; with only "Аnn", 409: the club's member)."""
    text = ("date,evening,member,counters\n2025-01-01,X,\u0410nn,1\n2025-01-01,X,Cat,1\n"
            "2025-01-01,X,C\u0430t,-2\n")
    query = {"new": ["\u0410nn", "Cat", "C\u0430t"]}
    before = club.get()["version"]
    answer = send(club, text, **query).get_json()
    assert not answer["ready"]
    assert [(p["line"], p["field"]) for p in answer["problems"]] == [(2, "member"), (4, "member")]
    assert "too like 'Ann'" in answer["problems"][0]["message"]
    assert "too like 'Cat'" in answer["problems"][1]["message"]
    assert send(club, text, confirm=True, **query).status_code == 422
    assert [p["book"] for p in answer["problems"]] == [True, False]
    alone = "date,evening,member,counters\n2025-01-01,X,\u0410nn,1\n2025-01-01,X,Ben,-1\n"
    assert send(club, alone, confirm=True, new=["\u0410nn"]).status_code == 409
    assert club.get()["version"] == before


def test_a_problem_names_the_line_its_record_begins_on_and_a_formula_is_said_once(club):
    text = ('date,evening,member,counters,notes\n2025-01-01,X,Ann,x,"a note\nof two lines"\n'
            "2025-01-01,X,=HYPERLINK(1),1,\n")
    found = problems_of(club, text)
    assert [(line, field) for line, field, _ in found] == [(2, "counters"), (4, "member")]
    assert "formula" in found[1][2]


def test_a_new_member_under_the_name_of_one_renamed_since_is_a_new_member(client):
    """Zed came in with an import and was renamed Zachary; a later file names a new Zed: he is
    added, with his own results (they went to Zachary, and none was added)."""
    club = Club(client, members=("Ann",))
    first = "date,evening,member,counters\n2025-01-01,X,Ann,1\n2025-01-01,X,Zed,-1\n"
    assert send(club, first, confirm=True, new="Zed").get_json()["members_added"] == 1
    zed = next(m["id"] for m in club.get()["members"] if m["name"] == "Zed")
    club.record("member_renamed", member=zed, name="Zachary")
    later = "date,evening,member,counters\n2025-02-01,Y,Ann,2\n2025-02-01,Y,Zed,-2\n"
    preview = send(club, later, new="Zed").get_json()
    assert preview["ready"] and preview["unknown_members"][0]["added"]
    done = send(club, later, confirm=True, new="Zed").get_json()
    assert done["members_added"] == 1 and done["recorded"] == 1
    standings = club.standings()
    assert (standings["Zachary"]["counters"], standings["Zed"]["counters"]) == (-1, -2)
    assert send(club, later, confirm=True).get_json()["recorded"] == 0  # the same file again
