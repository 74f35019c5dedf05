"""Two processes' books (two app servers) on one store, SQLite and PostgreSQL, writing in turn
across many evenings: what each keeps between appends (an evening's head and folded state)
is never taken for the store's once the other has written to that evening. On SQLite it is
reused only while the store stands where it stood (data_version); on PostgreSQL it is taken
on trust, the insert's unique version refusing a stale head and a refusal decided on a kept
state being decided again on the store's."""

import pytest

from ledger.book import Book
from ledger.database import make_engine
from ledger.events.store import Draft
from ledger.migrate import migrate
from ledger.projections.balances import balances
from ledger.recording import open_session, record


@pytest.fixture
def books(database_url):
    migrate(make_engine(database_url))
    return [Book(make_engine(database_url)), Book(make_engine(database_url))]


def test_appends_taking_turns_across_evenings_are_all_decided_on_the_store_as_it_is(books):
    evenings = []
    for n in range(30):  # each evening set up by both books in turn
        sid = open_session(books[n % 2], {"name": f"Table {n}"})[0]["session_id"]
        seats = [record(books[(n + i) % 2], sid, {"type": "player_added", "data": {"name": name}})[0]["id"]
                 for i, name in enumerate(("Ann", "Ben"))]
        game = record(books[(n + 1) % 2], sid, {"type": "game_started", "data": {
            "kind": "other", "seats": seats, "stake": 1}})[0]["id"]
        evenings.append((sid, game, seats[0]))
    for k in range(120):  # the same evening is never written twice running by one book
        sid, game, player = evenings[k % len(evenings)]
        record(books[k % 3 % 2], sid, {"type": "stake_paid", "game_id": game,
                                       "data": {"player": player, "amount": 1}})
    for sid, _, player in evenings:
        models = []
        for book in books:
            with book.reading(sid) as state:
                models.append(balances(state))
        assert models[0] == models[1]
        assert models[0]["version"] == 4 + 4  # opened, two players, a game, four stakes


def test_the_store_s_kept_heads_are_never_stale_across_writers(books):
    sids = [open_session(books[0], {"name": f"Table {n}"})[0]["session_id"] for n in range(5)]
    for k in range(40):
        book, sid = books[k % 3 % 2], sids[k % 5]
        with book.store.connections.writing(sid) as tx:
            head = book.store.head(tx, sid)
            event = book.store.insert(tx, sid, head, Draft(f"e{k}", "stake_paid", None, {}), [])
        assert event["version"] == head[0] + 1
    for sid in sids:
        assert books[1].store.verify(sid)["ok"]


def test_a_fact_refused_on_a_kept_state_is_decided_again_on_the_store_s(books):
    first, other = books
    sid = open_session(first, {"name": "Twelfth Night"})[0]["session_id"]
    seats = [record(first, sid, {"type": "player_added", "data": {"name": n}})[0]["id"]
             for n in ("Ann", "Ben")]
    game = record(first, sid, {"type": "game_started", "data": {
        "kind": "commerce", "seats": seats, "stake": 1}})[0]["id"]
    record(first, sid, {"type": "deal_started", "game_id": game, "data": {}, "deal": 1})
    # the other server settles deal 1 and starts deal 2; the first keeps deal 1 in mind
    record(other, sid, {"type": "commerce_stand", "game_id": game, "deal": 1,
                        "data": {"stander": seats[0], "winner": seats[0]}})
    started = record(other, sid, {"type": "deal_started", "game_id": game, "data": {}, "deal": 2})[0]
    bought = record(first, sid, {"type": "card_bought", "game_id": game, "deal": 2,
                                 "expected_version": started["version"],
                                 "data": {"buyer": seats[0]}})[0]  # from Ben, who deals
    assert bought["version"] == started["version"] + 1
