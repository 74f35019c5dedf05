"""Never twice: once a write's transaction has committed, nothing runs its intent again. Each
step that follows the commit is made to fail once — the store keeping the stream's new head,
the transaction's end (its queue and lock), the kept state following the event — on SQLite and
PostgreSQL, through the append's own way in and through Flask: the answer is what was
committed, the log holds it once, the kept state is dropped and the next request reads the
evening from the store, so a check on what is recorded (a name taken) still holds."""

import sys

import pytest

from api import create_app
from ledger.events.store.sql_store import SQLStore, _Writing
from ledger.service.kept import SessionStates
from tests.factories import Table


def fails_once(monkeypatch, owner, name: str, after: bool, caller: str | None) -> list:
    """`owner.name` raises the first time it is called (by `caller`, if named; `after`: once
    it has done its work)."""
    original, failed = getattr(owner, name), []

    def failing(*args, **kwargs):
        if failed or (caller and sys._getframe(1).f_code.co_name != caller):
            return original(*args, **kwargs)
        done = original(*args, **kwargs) if after else None
        failed.append(name)
        raise RuntimeError(f"{name} failed after the commit")
    monkeypatch.setattr(owner, name, failing)
    return failed


# (what fails, whether after doing its work, called by what): each a step after a commit
STEPS = [(SQLStore, "_keep_head", False, "committed"), (_Writing, "__exit__", True, None),
         (SessionStates, "advance", False, None)]


@pytest.mark.parametrize("owner, step, after, caller", STEPS,
                         ids=["head kept", "transaction's end", "kept state"])
def test_a_failure_after_the_commit_never_records_twice(database_url, monkeypatch, owner, step,
                                                        after, caller):
    client = create_app({"DATABASE_URL": database_url, "TESTING": True}).test_client()
    table = Table(client, players=2)
    game = table.start_game(kind="other", stake=1)
    before = table.get("")["version"]

    failed = fails_once(monkeypatch, owner, step, after, caller)  # the append's own way in
    answer = client.post(table.url("/events"), headers=table.write, json={
        "type": "stake_paid", "game_id": game, "data": {"player": table.players[0], "amount": 3}})
    assert failed and answer.status_code == 201, answer.get_json()
    assert [e["type"] for e in table.get(f"/events?after={before}")["events"]] == ["stake_paid"]

    failed = fails_once(monkeypatch, owner, step, after, caller)  # through Flask: a new player
    added = client.post(table.url("/players"), json={"name": "Dora"}, headers=table.write)
    assert failed and added.status_code == 201, added.get_json()
    names = [p["name"] for p in table.get("")["players"]]
    assert names.count("Dora") == 1
    again = client.post(table.url("/players"), json={"name": "Dora"}, headers=table.write)
    assert again.status_code in (409, 422), again.get_json()  # the name is taken: read afresh
    assert table.get("")["version"] == before + 2
    assert table.pool(game) == 3 and table.counters()[table.players[0]] == -3
