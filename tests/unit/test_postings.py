import pytest

from ledger.errors import Conflict
from ledger.events.postings import check_balanced, check_pools, combine, reverse, transfer


def test_transfer_moves_counters_from_payer_to_payee():
    assert transfer("player:a", "pool:g", 3) == [
        {"account": "player:a", "amount": -3}, {"account": "pool:g", "amount": 3}]


def test_transfer_of_nothing_or_to_oneself_posts_nothing():
    assert transfer("player:a", "player:b", 0) == []
    assert transfer("player:a", "player:a", 5) == []


def test_combine_nets_each_account_and_drops_zeros():
    postings = transfer("player:a", "pool:g", 2) + transfer("player:a", "pool:g", 2) \
        + transfer("player:b", "player:a", 4)
    assert combine(postings) == [{"account": "pool:g", "amount": 4},
                                 {"account": "player:b", "amount": -4}]


def test_reverse_undoes_exactly():
    postings = transfer("player:a", "pool:g", 7)
    assert combine(postings + reverse(postings)) == []


def test_unbalanced_or_fractional_postings_are_refused():
    with pytest.raises(ValueError):
        check_balanced([{"account": "player:a", "amount": -3}, {"account": "pool:g", "amount": 2}])
    with pytest.raises(ValueError):
        check_balanced([{"account": "player:a", "amount": -1.5},
                        {"account": "pool:g", "amount": 1.5}])


def test_a_payout_larger_than_the_pool_is_a_conflict():
    with pytest.raises(Conflict):
        check_pools({"pool:g": 3}, transfer("pool:g", "player:a", 4))
    check_pools({"pool:g": 3}, transfer("pool:g", "player:a", 3))
