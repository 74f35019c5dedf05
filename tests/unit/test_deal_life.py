"""A deal's life as each game declares it (SPEC amendment 7), tested for every registered game
from its declaration and its examples: nothing of a deal before the first deal; once a deal
has ended, nothing of it (409, naming the rule); voiding what ended it reopens it; and what
is due next follows the deal."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.errors import Conflict, LedgerError
from ledger.games.due import due
from ledger.projections.balances import pools_by_game
from tests.strategies import TableView, examples_of, options_of
from tests.unit.memory import MemoryLedger, fold

ENDING = sorted(kind for kind, game in games.GAMES.items() if game.life and game.life.ends)
DEALT = sorted(kind for kind, game in games.GAMES.items() if game.deals and game.life.settles)


def evening(data, kind: str) -> tuple[MemoryLedger, str]:
    ledger = MemoryLedger()
    game = games.GAMES[kind]
    options = data.draw(options_of(game, TableView(seats=ledger.players)), label="options")
    return ledger, ledger.game(kind, options=options)


def view(ledger: MemoryLedger, game_id: str) -> TableView:
    state = ledger.state
    return TableView(seats=state.games[game_id].seats, dealer=ledger.dealer_of(game_id),
                     pools=pools_by_game(state)[game_id], games=list(state.games))


def of_the_deal(kind: str) -> list[str]:
    life = games.GAMES[kind].life
    return sorted({*life.play, *life.settles})


def now_due(ledger: MemoryLedger, game_id: str) -> dict:
    record = ledger.state.games[game_id]
    return due(games.of(record), record)


def try_fact(data, ledger, game_id, kind_of):
    fact = data.draw(examples_of(games.of(ledger.state.games[game_id]))[kind_of](
        view(ledger, game_id)), label=kind_of)
    return ledger.record(kind_of, game_id, **fact)


def play_to_the_end(data, ledger, game_id) -> dict | None:
    """Record the deal's facts, as drawn, until the deal has ended; the fact that ended it."""
    game = games.of(ledger.state.games[game_id])
    for _ in range(60):
        kind_of = data.draw(st.sampled_from(of_the_deal(game.kind)))
        try:
            event = try_fact(data, ledger, game_id, kind_of)
        except LedgerError:
            continue
        if not now_due(ledger, game_id)["open"]:
            return event
    return None


def by_life(message: str) -> bool:
    """A refusal by the deal's life (`ledger.games.life.check`)."""
    return any(words in message for words in (
        "No deal has started in this", "is over (", "This deal has been settled", "is not finished"))


SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("kind", DEALT)
@SETTINGS
@given(data=st.data())
def test_nothing_of_a_deal_before_the_first_deal(kind, data):
    ledger, game_id = evening(data, kind)
    assert now_due(ledger, game_id)["next"] == "deal_started"
    for kind_of in of_the_deal(kind):
        with pytest.raises(Conflict) as refused:
            try_fact(data, ledger, game_id, kind_of)
        assert "No deal has started" in refused.value.message
    assert len(ledger.log) == 6  # the session, four players, the game: nothing more


@pytest.mark.parametrize("kind", ENDING)
@SETTINGS
@given(data=st.data())
def test_nothing_of_a_deal_once_it_has_ended_and_its_void_reopens_it(kind, data):
    ledger, game_id = evening(data, kind)
    ledger.record("deal_started", game_id)
    ending = play_to_the_end(data, ledger, game_id)
    if ending is None:
        return  # the draws never ended the deal: nothing to check in this example
    shown = now_due(ledger, game_id)
    assert shown["next"] == ("deal_started" if not shown["over"] else None)
    before = (len(ledger.log), dict(ledger.state.balances))
    for kind_of in of_the_deal(kind):
        with pytest.raises(Conflict) as refused:
            try_fact(data, ledger, game_id, kind_of)
        assert "is over" in refused.value.message and "next deal" in refused.value.message
    assert (len(ledger.log), dict(ledger.state.balances)) == before
    ledger.record("event_voided", event_id=ending["id"], reason="recorded in error")
    assert now_due(ledger, game_id)["open"] is True
    assert ending["type"] in now_due(ledger, game_id)["offered"]


@pytest.mark.parametrize("kind", DEALT)
@SETTINGS
@given(data=st.data())
def test_what_is_due_is_what_the_rules_accept(kind, data):
    """A fact the deal's life refuses is never offered by `due`, whatever its data; one whose
    data names what it settles (a player's hand, a stake) is offered while any is open."""
    ledger, game_id = evening(data, kind)
    for _ in range(data.draw(st.integers(0, 12))):
        shown = now_due(ledger, game_id)
        kind_of = data.draw(st.sampled_from(["deal_started", *of_the_deal(kind)]))
        try:
            try_fact(data, ledger, game_id, kind_of)
        except Conflict as refused:
            settles = games.GAMES[kind].life.settles.get(kind_of)
            twice = refused.message.startswith("This deal has been settled")
            # settled twice by what the fact settles whatever its data (a Pope turned up once
            # the Pope's compartment is won is refused by its card, not as a second turn-up)
            always = getattr(settles, "what", None)
            if by_life(refused.message) and (not twice or always and f"({always})" in
                                             refused.message):
                assert kind_of not in shown["offered"], (kind_of, refused.message)
        except LedgerError:
            pass


def test_any_other_game_makes_the_next_deal_due_once_a_pool_is_won_and_refuses_nothing():
    """`marks`: a pool won in a game of no book closes its deal for the page (the next deal is
    due, the Win pool sheet no longer offered) without refusing a second pool won."""
    ledger = MemoryLedger()
    game_id = ledger.game("other")
    ledger.record("deal_started", game_id)
    ledger.record("stake_paid", game_id, player=ledger.players[0], amount=4)
    assert now_due(ledger, game_id)["open"] and now_due(ledger, game_id)["next"] == "pool_won"
    assert "pool_won" in now_due(ledger, game_id)["ending"]
    won = ledger.record("pool_won", game_id, winners=[ledger.players[1]])
    after = now_due(ledger, game_id)
    assert not after["open"] and after["next"] == "deal_started"
    ledger.record("stake_paid", game_id, player=ledger.players[0], amount=2)
    ledger.record("pool_won", game_id, winners=[ledger.players[2]])  # a second: taken
    ledger.record("event_voided", event_id=won["id"], reason="the wrong pool")
    assert not now_due(ledger, game_id)["open"]  # the second still marks the deal


def test_what_is_due_names_what_the_deal_has_settled_and_a_new_deal_nothing():
    ledger = MemoryLedger()
    game_id = ledger.game("pope_joan")
    ledger.record("deal_started", game_id)
    ledger.record("compartment_won", game_id, compartment="king", player=ledger.players[1])
    due_now = now_due(ledger, game_id)
    assert due_now["settled"] == ["the king"] and due_now["after_deal"]["settled"] == []
    assert due_now["after_end"]["settled"] == ["the king"]


def test_a_voided_deal_leaves_its_bets_and_settlements_to_the_deal_before_it():
    """As if it had never been started: a bet made while a deal later voided was in play is of
    the deal before (what each has put up, whether the ante was seen), folded or rebuilt."""
    ledger = MemoryLedger()
    a, b, c, d = ledger.players
    game = ledger.game("brag", stake=2)
    first = ledger.record("deal_started", game)["id"]
    second = ledger.record("deal_started", game)["id"]
    bet = ledger.record("stake_paid", game, player=c, amount=2)["id"]
    ledger.record("event_voided", event_id=second, reason="dealt twice")
    record = ledger.state.games[game]
    assert record.facts[bet]["deal"] == first and list(record.deals) == [first]
    never = fold(e for e in ledger.log if e["id"] != second and e["type"] != "event_voided")
    assert record == never.games[game]
    with pytest.raises(Conflict):  # Cleo's bet met the first deal's ante: it was seen
        ledger.record("brag_ante_unseen", game)
