"""Two processes' books on one SQLite file, writing in turn across many evenings: what each
keeps between appends (an evening's head and folded state, reused while the store stands
where it stood) is never taken for the store's once the other has written to that evening,
even when the other wrote long before this book's last write to another evening."""

import pytest

from ledger.book import Book
from ledger.database import make_engine
from ledger.events.store import Draft
from ledger.migrate import migrate
from ledger.projections.balances import balances
from ledger.recording import open_session, record


@pytest.fixture
def books(tmp_path):
    url = f"sqlite:///{tmp_path}/ledger.sqlite3"
    migrate(make_engine(url))
    return [Book(make_engine(url)), Book(make_engine(url))]


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
