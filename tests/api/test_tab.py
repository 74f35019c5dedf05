"""The club's tab (SPEC amendment 9): an evening carried by its own `carried_to_tab`, refused
in the table's words where it cannot be, closed to money once carried and reopened by its
undoing; the club's starting book and payments on the tab; the tab per currency with its
fewest payments and entries, a member's statement, and the tab's files."""

import csv
import io
import uuid

import pytest
from openpyxl import load_workbook

from tests.factories import Club


@pytest.fixture
def club(client):
    return Club(client, members=("Ann", "Ben", "Cat", "Dan"))


def week(club, name="Week 3", currency="GBP", counter_value=2, wins=None, members=None):
    """An evening of the club's members (by name), in which each pays (−) or takes (+) his
    win from a pool of Another game, the pool left empty."""
    evening = club.evening(*(members or ("Ann", "Ben", "Cat", "Dan")), name=name,
                           currency=currency, counter_value=counter_value)
    seats = dict(zip(members or ("Ann", "Ben", "Cat", "Dan"), evening.players))
    game = evening.start_game(kind="other")
    for who, n in (wins or {"Ann": -3, "Cat": 5, "Dan": -2}).items():
        if n < 0:
            evening.record("stake_paid", game, player=seats[who], amount=-n)
    for who, n in (wins or {"Ann": -3, "Cat": 5, "Dan": -2}).items():
        if n > 0:
            evening.record("pool_won", game, winners=[seats[who]] * 1)
    evening.seats, evening.game = seats, game
    return evening


def lines(club, currency="GBP") -> dict[str, int]:
    tab = next(t for t in club.get("/tab")["currencies"] if t["currency"] == currency)
    return {line["name"]: line["balance_minor"] for line in tab["members"]}


def said(club) -> list[str]:
    return [event["said"] for event in club.get("/events")["events"]]


def test_an_evening_carried_puts_each_members_balance_on_the_tab(club):
    evening = week(club)
    carried = evening.post("carried_to_tab")
    assert carried.status_code == 201, carried.get_json()
    assert {p["amount"] for p in carried.get_json()["postings"]} == {3, -5, 2}
    assert lines(club) == {"Ann": -6, "Cat": 10, "Dan": -4}
    assert said(club)[-1] == "Week 3 carried to the tab: Ann −£0.06, Cat +£0.10, Dan −£0.04"
    tab = club.get("/tab")["currencies"][0]
    assert tab["transfers"] == [
        {"from": club.members["Ann"], "to": club.members["Cat"], "amount_minor": 6},
        {"from": club.members["Dan"], "to": club.members["Cat"], "amount_minor": 4}]
    assert [(e["type"], e["evening"], e["session_id"]) for e in tab["entries"]] == [
        ("evening_carried", "Week 3", evening.id)]
    # the evening: results as they were, nothing owed in it, the carry listed
    night = evening.get("/results")
    assert {p["name"]: (p["result_counters"], p["outstanding_counters"], p["carried_counters"])
            for p in night["players"]} == {"Ann": (-3, 0, -3), "Ben": (0, 0, 0),
                                           "Cat": (5, 0, 5), "Dan": (-2, 0, -2)}
    assert night["transfers"] == [] and night["all_square"]
    assert night["carried"]["event_id"] == carried.get_json()["id"]
    assert evening.get("/settlement")["carried"] == night["carried"]
    assert evening.get("/events")["events"][-1]["said"] == \
        "Carried to the club's tab: Ann −3, Cat +5, Dan −2"
    settled = evening.client.get(evening.url("/export/settlement.csv"), headers=evening.read)
    rows = list(csv.reader(io.StringIO(settled.get_data(as_text=True).lstrip("\ufeff"))))
    assert [(r[0], r[1], r[5], r[7]) for r in rows[1:]] == [
        ("Ann", "the club's tab", "6", "carried_to_tab"),
        ("the club's tab", "Cat", "10", "carried_to_tab"),
        ("Dan", "the club's tab", "4", "carried_to_tab")]
    standings = club.standings()  # the standings keep the games' results
    assert (standings["Ann"]["counters"], standings["Cat"]["counters"]) == (-3, 5)


def test_after_the_carry_nothing_that_moves_money_is_taken_until_it_is_undone(club):
    evening = week(club)
    carry = evening.record("carried_to_tab")
    ann, cat = evening.seats["Ann"], evening.seats["Cat"]
    paid = evening.post("payment_made", data={"from": ann, "to": cat, "amount": 1})
    assert paid.status_code == 409
    assert "carried to the club's tab on" in paid.get_json()["detail"]
    staked = evening.post("stake_paid", evening.game, data={"player": ann, "amount": 1})
    assert staked.status_code == 409 and "carried to the club's tab" in staked.get_json()["detail"]
    stake = evening.get("/events")["events"][-3]  # (Dan's stake, before the wins)
    voided = evening.post("event_voided", data={"event_id": stake["id"], "reason": "slip"})
    assert voided.status_code == 409
    assert evening.post("carried_to_tab").status_code == 409  # carried already
    # what moves nothing is taken still
    assert evening.post("deal_started", evening.game).status_code == 201
    undone = evening.post("event_voided", data={"event_id": carry["id"], "reason": "too soon"})
    assert undone.status_code == 201, undone.get_json()
    assert lines(club) == {"Ann": 0, "Cat": 0, "Dan": 0}
    assert said(club)[-1] == "Week 3 taken off the tab again — too soon"
    assert club.get("/tab")["currencies"][0]["entries"] == []
    assert evening.post("payment_made", data={"from": ann, "to": cat, "amount": 1}).status_code == 201
    assert evening.get("/results")["carried"] is None
    assert evening.post("carried_to_tab").status_code == 201  # carried again, after the payment
    assert lines(club) == {"Ann": -4, "Cat": 8, "Dan": -4}


def test_a_carry_is_refused_in_the_tables_words_where_it_cannot_be(client, club, table):
    alone = table.post("carried_to_tab")
    assert alone.status_code == 409 and "in no club" in alone.get_json()["detail"]

    pooled = club.evening("Ann", "Ben")
    game = pooled.start_game(kind="other")
    pooled.record("stake_paid", game, player=pooled.players[0], amount=3)
    refused = pooled.post("carried_to_tab")
    assert refused.status_code == 409
    assert refused.get_json()["detail"].startswith("The pool of Game still holds 3 counters:")

    square = club.evening("Cat", "Dan")
    nothing = square.post("carried_to_tab")
    assert nothing.status_code == 409 and "nothing to carry" in nothing.get_json()["detail"]

    guests = week(club, name="With a guest", members=("Ann", "Ben"), wins={"Ann": -2, "Ben": 2})
    zoe = guests.add_player(name="Zoë")
    game = guests.start_game(kind="other", seats=[guests.seats["Ann"], zoe])
    guests.record("stake_paid", game, player=zoe, amount=1)
    guests.record("pool_won", game, winners=[guests.seats["Ann"]])
    refused = guests.post("carried_to_tab")
    assert refused.status_code == 409
    assert refused.get_json()["detail"].startswith("Zoë still owes £0.02, and he is no member")
    assert refused.get_json()["errors"] == {"type": ["Zoë is no member"]}
    guests.record("payment_made", **{"from": zoe, "to": guests.seats["Ben"], "amount": 1})
    assert guests.post("carried_to_tab").status_code == 201
    assert lines(club) == {"Ann": -2, "Ben": 2}
    # a refusal changed nothing in the club
    assert [e["type"] for e in club.get("/events")["events"]].count("evening_carried") == 1


def test_only_the_evenings_write_token_carries_it(club):
    evening = week(club)
    assert evening.post("carried_to_tab", headers=evening.read).status_code == 403
    assert evening.post("carried_to_tab", headers=club.write).status_code == 403
    assert club.get("/tab")["currencies"] == []


def test_a_resent_carry_is_recorded_once(club):
    evening = week(club)
    body = {"id": str(uuid.uuid4()), "type": "carried_to_tab", "data": {}}
    first = evening.client.post(evening.url("/events"), json=body, headers=evening.write)
    again = evening.client.post(evening.url("/events"), json=body, headers=evening.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert lines(club) == {"Ann": -6, "Cat": 10, "Dan": -4}


def test_the_starting_book_sums_to_zero_names_members_and_opens_a_currency_once(club):
    ann, ben = club.members["Ann"], club.members["Ben"]
    uneven = club.post("tab_opened", currency="GBP", balances={ann: 100, ben: -90})
    assert uneven.status_code == 422 and uneven.get_json()["title"] == "Inconsistent input"
    assert uneven.get_json()["errors"] == {"data.balances": [
        "A starting book sums to zero: this one comes to +10 minor units."]}
    assert club.post("tab_opened", currency="GBP", balances={"nobody": 5, ben: -5}).status_code == 404
    assert club.post("tab_opened", currency="GBP", balances={ann: 100, ben: -100}).status_code == 201
    again = club.post("tab_opened", currency="GBP", balances={ann: 1, ben: -1})
    assert again.status_code == 409 and "opened from the club's book already" in again.get_json()["detail"]
    assert club.post("tab_opened", currency="EUR", balances={ann: -7, ben: 7}).status_code == 201
    assert lines(club) == {"Ann": 100, "Ben": -100}
    assert lines(club, "EUR") == {"Ann": -7, "Ben": 7}
    assert said(club)[-2] == "The tab in GBP opened from the club's book: Ann +£1.00, Ben −£1.00"


def test_a_payment_on_the_tab_is_never_more_than_owed_nor_to_himself(club):
    week(club).record("carried_to_tab")
    ann, cat, dan = (club.members[n] for n in ("Ann", "Cat", "Dan"))

    def pay(payer, payee, amount, **more):
        return club.post("tab_paid", **{"from": payer, "to": payee, "currency": "GBP",
                                        "amount_minor": amount, **more})

    over = pay(ann, cat, 7)
    assert over.status_code == 409
    assert over.get_json()["detail"] == "Ann owes £0.06 on the tab in GBP, not £0.07."
    assert pay(cat, ann, 1).status_code == 409  # Cat owes nothing
    assert pay(ann, dan, 1).status_code == 409  # Dan is owed nothing
    itself = pay(ann, ann, 1)
    assert itself.status_code == 422 and itself.get_json()["errors"] == {
        "data.to": ["A member cannot pay himself."]}
    assert club.post("tab_paid", **{"from": ann, "to": cat, "currency": "EUR",
                                    "amount_minor": 1}).status_code == 409  # no such tab
    assert pay("nobody", cat, 1).status_code == 404
    assert club.post("tab_paid", headers=club.read, **{
        "from": ann, "to": cat, "currency": "GBP", "amount_minor": 1}).status_code == 403
    body = {"id": str(uuid.uuid4()), "type": "tab_paid", "data": {
        "from": ann, "to": cat, "currency": "GBP", "amount_minor": 4, "note": "cash"}}
    first = club.client.post(club.url("/events"), json=body, headers=club.write)
    again = club.client.post(club.url("/events"), json=body, headers=club.write)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["version"] == first.get_json()["version"]
    assert lines(club) == {"Ann": -2, "Cat": 6, "Dan": -4}
    assert said(club)[-1] == "Ann paid Cat £0.04 on the tab (cash)"
    assert pay(ann, cat, 2).status_code == 201 and pay(dan, cat, 4).status_code == 201
    tab = club.get("/tab")["currencies"][0]
    assert lines(club) == {"Ann": 0, "Cat": 0, "Dan": 0} and tab["transfers"] == []


def test_pence_are_never_added_to_cents(club):
    week(club).record("carried_to_tab")
    week(club, name="In Paris", currency="EUR", counter_value=10,
         wins={"Ann": 1, "Ben": -1}, members=("Ann", "Ben")).record("carried_to_tab")
    assert [t["currency"] for t in club.get("/tab")["currencies"]] == ["EUR", "GBP"]
    assert lines(club, "EUR") == {"Ann": 10, "Ben": -10}
    assert lines(club) == {"Ann": -6, "Cat": 10, "Dan": -4}


def test_a_week_owed_one_way_and_the_next_the_other_way_needs_no_payment(club):
    week(club, name="Week 1", wins={"Ann": -15, "Ben": 15}, members=("Ann", "Ben")
         ).record("carried_to_tab")
    week(club, name="Week 2", wins={"Ann": 15, "Ben": -15}, members=("Ann", "Ben")
         ).record("carried_to_tab")
    tab = club.get("/tab")["currencies"][0]
    assert lines(club) == {"Ann": 0, "Ben": 0} and tab["transfers"] == [] and tab["exact"]
    assert [e["evening"] for e in tab["entries"]] == ["Week 1", "Week 2"]


def test_a_members_statement_runs_his_balance_entry_by_entry(club):
    ann, ben, cat = (club.members[n] for n in ("Ann", "Ben", "Cat"))
    club.record("tab_opened", currency="GBP", balances={ann: 50, ben: -50})
    week(club).record("carried_to_tab")
    club.record("tab_paid", **{"from": ben, "to": ann, "currency": "GBP", "amount_minor": 20})
    statement = club.get(f"/members/{ann}/tab")
    assert statement["member"]["name"] == "Ann"
    (gbp,) = statement["currencies"]
    assert [(e["type"], e["amount_minor"], e["balance_minor"]) for e in gbp["entries"]] == [
        ("tab_opened", 50, 50), ("evening_carried", -6, 44), ("tab_paid", -20, 24)]
    assert gbp["balance_minor"] == 24 == lines(club)["Ann"]
    assert club.get(f"/members/{cat}/tab")["currencies"][0]["balance_minor"] == 10
    assert club.client.get(club.url("/members/nobody/tab"), headers=club.read).status_code == 404


def test_beyond_twenty_members_the_payments_say_their_bound(client):
    names = tuple(f"Member {n}" for n in range(24))
    club = Club(client, members=names)
    figures = [n * 7 % 11 + 1 for n in range(23)]
    book = {club.members[name]: n for name, n in zip(names, figures)}
    book[club.members[names[-1]]] = -sum(figures)
    club.record("tab_opened", currency="GBP", balances=book)
    tab = club.get("/tab")["currencies"][0]
    assert not tab["exact"]
    assert tab["bound"].startswith("More than 20 members owe or are owed here")
    assert len(tab["transfers"]) <= 23


def test_the_tab_as_csv_and_in_the_clubs_spreadsheet(client, club):
    week(club).record("carried_to_tab")
    ann, cat = club.members["Ann"], club.members["Cat"]
    club.record("tab_paid", **{"from": ann, "to": cat, "currency": "GBP", "amount_minor": 6,
                               "note": "=cash"})
    answer = client.get(club.url("/export/tab.csv"), headers=club.read)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.headers["Content-Disposition"] == 'attachment; filename="meryton-tab.csv"'
    header, *rows = csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff")))
    assert header[:2] == ["currency", "kind"]
    assert [row[1] for row in rows] == ["balance"] * 3 + ["transfer"] + ["entry"] * 5
    by_member = {}
    for row in rows:
        if row[1] == "entry":
            by_member[row[3]] = by_member.get(row[3], 0) + int(row[8])
    balances = {row[3]: int(row[8]) for row in rows if row[1] == "balance"}
    assert by_member == balances  # a member's entry rows sum to his balance
    book = load_workbook(io.BytesIO(client.get(club.url("/export/club.xlsx"),
                                               headers=club.read).data), read_only=True)
    assert book.sheetnames == ["club", "standings", "tab GBP"]
    sheet = [(*row, *[None] * 14)[:14] for row in book["tab GBP"].iter_rows(values_only=True)]
    assert sheet[0][:2] == ("currency", "kind") and len(sheet) == len(rows) + 1
    said_paid = [row[12] for row in sheet if row[10] == "tab_paid"]
    assert said_paid == ["Ann paid Cat £0.06 on the tab (=cash)"] * 2


def test_the_evening_shows_what_a_carry_would_carry_or_why_it_cannot(client, club, table):
    assert table.get("/tab") == {"club": None, "currency": "GBP", "carried": None,
                                 "players": [], "refused": table.post("carried_to_tab").get_json()[
                                     "detail"]}
    evening = week(club)
    preview = evening.get("/tab")
    assert preview["club"] == {"id": club.id, "name": "Meryton"} and preview["refused"] is None
    assert [(p["name"], p["member"], p["amount_minor"]) for p in preview["players"]] == [
        ("Ann", club.members["Ann"], -6), ("Cat", club.members["Cat"], 10),
        ("Dan", club.members["Dan"], -4)]
    carry = evening.record("carried_to_tab")
    after = evening.get("/tab")
    assert after["carried"]["event_id"] == carry["id"] and after["players"] == []
    assert after["refused"].startswith("This evening was carried to the club's tab on")
