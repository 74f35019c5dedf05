"""Given these events, expect these postings: the generic rules and Commerce's antes."""

import pytest

from ledger.errors import Conflict, Invalid, NotFound
from tests.unit.memory import MemoryLedger


@pytest.fixture
def ledger():
    return MemoryLedger()


def test_commerce_deal_each_player_pays_a_stake_and_the_dealer_double(ledger):
    game = ledger.game("commerce", stake=3)
    ledger.record("deal_started", game)
    assert ledger.held() == [-6, -3, -3, -3]
    assert ledger.state.pool(game) == 15


def test_a_deal_of_kind_other_has_no_antes(ledger):
    game = ledger.game("other")
    assert ledger.record("deal_started", game)["postings"] == []


def test_stake_to_the_pool_or_to_a_player(ledger):
    game = ledger.game()
    a, b, *_ = ledger.players
    ledger.record("stake_paid", game, player=a, amount=4)
    ledger.record("stake_paid", game, player=b, amount=1, to=a)
    assert ledger.held()[:2] == [-3, -1]
    assert ledger.state.pool(game) == 4


def test_pool_won_splits_equally_and_the_remainder_stays(ledger):
    game = ledger.game()
    a, b, c, d = ledger.players
    ledger.record("penalty_paid", game, player=d, amount=7, reason="revoke")
    ledger.record("pool_won", game, winners=[a, b])
    assert ledger.held() == [3, 3, 0, -7]
    assert ledger.state.pool(game) == 1


def test_a_pool_too_small_to_share_is_a_conflict(ledger):
    game = ledger.game()
    with pytest.raises(Conflict):
        ledger.record("pool_won", game, winners=[ledger.players[0]])


def test_carry_over_keeps_the_pool_or_moves_it_to_another_game(ledger):
    first, second = ledger.game(), ledger.game()
    ledger.record("stake_paid", first, player=ledger.players[0], amount=6)
    assert ledger.record("pool_carried_over", first)["postings"] == []
    ledger.record("pool_carried_over", first, to_game_id=second)
    assert (ledger.state.pool(first), ledger.state.pool(second)) == (0, 6)


def test_card_bought_pays_the_dealer_one_stake_by_default(ledger):
    game = ledger.game("commerce", stake=2)
    a, b, *_ = ledger.players
    ledger.record("deal_started", game)
    event = ledger.record("card_bought", game, buyer=b)
    assert event["postings"] == [{"account": f"player:{b}", "amount": -2},
                                 {"account": f"player:{a}", "amount": 2}]


def test_card_bought_before_any_deal_has_no_dealer_to_pay(ledger):
    game = ledger.game()
    with pytest.raises(Conflict):
        ledger.record("card_bought", game, buyer=ledger.players[1])


def test_barter_moves_no_money_but_refuses_oneself(ledger):
    game = ledger.game()
    a, b, *_ = ledger.players
    assert ledger.record("cards_bartered", game, player=a, **{"with": b})["postings"] == []
    with pytest.raises(Invalid):
        ledger.record("cards_bartered", game, player=a, **{"with": a})


def test_deal_sold_once_per_turn(ledger):
    game = ledger.game()
    a, b, c, d = ledger.players
    ledger.record("deal_sold", game, seller=b, buyer=d, price=3)
    assert ledger.held() == [0, 3, 0, -3]
    with pytest.raises(Conflict):
        ledger.record("deal_sold", game, seller=b, buyer=c, price=1)


def test_players_must_exist_and_sit_at_the_game(ledger):
    a, b, c, d = ledger.players
    game = ledger.game(seats=[a, b])
    with pytest.raises(NotFound):
        ledger.record("stake_paid", game, player="nobody", amount=1)
    with pytest.raises(Conflict) as refused:
        ledger.record("stake_paid", game, player=c, amount=1)
    assert "data.player" in refused.value.fields


def test_a_void_reverses_exactly_once_and_never_a_void(ledger):
    game = ledger.game()
    stake = ledger.record("stake_paid", game, player=ledger.players[0], amount=5)
    void = ledger.record("event_voided", event_id=stake["id"], reason="wrong player")
    assert void["postings"] == [{"account": f"player:{ledger.players[0]}", "amount": 5},
                                {"account": f"pool:{game}", "amount": -5}]
    assert ledger.held() == [0, 0, 0, 0]
    with pytest.raises(Conflict):
        ledger.record("event_voided", event_id=stake["id"], reason="again")
    with pytest.raises(Conflict):
        ledger.record("event_voided", event_id=void["id"], reason="undo the undo")


def test_a_void_that_would_empty_a_pool_below_zero_is_refused(ledger):
    game = ledger.game()
    a, b, *_ = ledger.players
    stake = ledger.record("stake_paid", game, player=a, amount=4)
    ledger.record("pool_won", game, winners=[b])
    with pytest.raises(Conflict):
        ledger.record("event_voided", event_id=stake["id"], reason="too late")


def test_creation_events_cannot_be_voided(ledger):
    game = ledger.game()
    with pytest.raises(Conflict):
        ledger.record("event_voided", event_id=game, reason="no")


def test_a_voided_deal_gives_the_turn_back(ledger):
    game = ledger.game("commerce")
    first = ledger.record("deal_started", game)
    ledger.record("event_voided", event_id=first["id"], reason="misdeal")
    assert ledger.held() == [0, 0, 0, 0]
    assert ledger.record("deal_started", game)["postings"][0]["account"] == \
        f"player:{ledger.players[0]}"
