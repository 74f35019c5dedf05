"""Two processes' services (two app servers) on one store, SQLite and PostgreSQL, writing in turn
across many evenings: what each keeps between appends (an evening's head and folded state)
is never taken for the store's once the other has written to that evening. On SQLite it is
reused only while the store stands where it stood (data_version); on PostgreSQL it is taken
on trust, the insert's unique version refusing a stale head and a refusal decided on a kept
state being decided again on the store's."""

import pytest

from ledger.events.draft import Draft
from ledger.projections.balances import balances
from ledger.service.bootstrap import bootstrap


@pytest.fixture
def servers(database_url):
    """Two processes' services on one store, each with its own connections, kept states and
    heads (`bootstrap` on the URL: the first migrates it)."""
    ledgers = [bootstrap(database_url), bootstrap(database_url)]
    yield ledgers
    for ledger in ledgers:
        ledger.store.dispose()


def test_appends_taking_turns_across_evenings_are_all_decided_on_the_store_as_it_is(servers):
    evenings = []
    for n in range(30):  # each evening set up by both servers in turn
        sid = servers[n % 2].sessions.open({"name": f"Table {n}"})[0]["session_id"]
        seats = [servers[(n + i) % 2].sessions.record(
                     sid, {"type": "player_added", "data": {"name": name}})[0]["id"]
                 for i, name in enumerate(("Ann", "Ben"))]
        game = servers[(n + 1) % 2].sessions.record(sid, {"type": "game_started", "data": {
            "kind": "other", "seats": seats, "stake": 1}})[0]["id"]
        evenings.append((sid, game, seats[0]))
    for k in range(120):  # the same evening is never written twice running by one server
        sid, game, player = evenings[k % len(evenings)]
        servers[k % 3 % 2].sessions.record(sid, {"type": "stake_paid", "game_id": game,
                                                 "data": {"player": player, "amount": 1}})
    for sid, _, player in evenings:
        models = []
        for server in servers:
            with server.sessions.reading(sid) as state:
                models.append(balances(state))
        assert models[0] == models[1]
        assert models[0]["version"] == 4 + 4  # opened, two players, a game, four stakes


def test_the_store_s_kept_heads_are_never_stale_across_writers(servers):
    sids = [servers[0].sessions.open({"name": f"Table {n}"})[0]["session_id"] for n in range(5)]
    for k in range(40):
        server, sid = servers[k % 3 % 2], sids[k % 5]
        with server.store.writing(sid) as writer:
            head = writer.head(sid)
            event = writer.insert(sid, head, Draft(f"e{k}", "stake_paid", None, {}), [])
        assert event["version"] == head[0] + 1
    for sid in sids:
        assert servers[1].sessions.verify(sid)["ok"]


def test_a_fact_refused_on_a_kept_state_is_decided_again_on_the_store_s(servers):
    first, other = servers
    sid = first.sessions.open({"name": "Twelfth Night"})[0]["session_id"]
    seats = [first.sessions.record(sid, {"type": "player_added", "data": {"name": n}})[0]["id"]
             for n in ("Ann", "Ben")]
    game = first.sessions.record(sid, {"type": "game_started", "data": {
        "kind": "commerce", "seats": seats, "stake": 1}})[0]["id"]
    first.sessions.record(sid, {"type": "deal_started", "game_id": game, "data": {}, "deal": 1})
    # the other server settles deal 1 and starts deal 2; the first keeps deal 1 in mind
    other.sessions.record(sid, {"type": "commerce_stand", "game_id": game, "deal": 1,
                                "data": {"stander": seats[0], "winner": seats[0]}})
    started = other.sessions.record(sid, {"type": "deal_started", "game_id": game, "data": {},
                                          "deal": 2})[0]
    bought = first.sessions.record(sid, {"type": "card_bought", "game_id": game, "deal": 2,
                                         "expected_version": started["version"],
                                         "data": {"buyer": seats[0]}})[0]  # from Ben, who deals
    assert bought["version"] == started["version"] + 1
