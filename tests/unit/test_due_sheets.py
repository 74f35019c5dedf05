"""What a game in play offers, as its `due` says it: only what the rules take in that state,
down to a sheet's choices (the stakes still open), the fields asked (no Little Cassino in a
32-card pack), the game's own defaults (the cards dealt when the Pope is turned up) and the
pools that may be shared back."""

import pytest

from ledger.errors import Conflict, Invalid
from ledger.games.pope_joan import cards_dealt
from ledger.projections.summary import summary
from tests.unit.memory import MemoryLedger


def due_of(ledger: MemoryLedger, game_id: str) -> dict:
    """The game's due as the session's summary gives it (its pools as they stand)."""
    return next(g["due"] for g in summary(ledger.state)["games"] if g["id"] == game_id)


def test_a_three_stake_sheet_moves_on_to_the_stakes_still_open():
    ledger = MemoryLedger(players=4)
    game = ledger.game("three_stake_brag", stake=1)
    ledger.record("deal_started", game)
    assert "stake_won" not in due_of(ledger, game)["sheets"]  # every stake open: as catalogued
    ledger.record("stake_won", game, stake="first", winner=ledger.players[1])
    due = due_of(ledger, game)
    assert due["sheets"]["stake_won"] == {"stake": {"choices": ["second", "third"]}}
    assert due["settles_by"]["stake_won"]["stake"]["second"] == ["the second stake (the brag)"]
    ledger.record("stake_carried_over", game, stake="third")
    due = due_of(ledger, game)
    assert due["sheets"]["stake_won"] == {"stake": {"choices": ["second"]}}
    assert "stake_carried_over" not in due["offered"]  # its one choice is settled
    with pytest.raises(Conflict):
        ledger.record("stake_won", game, stake="third", winner=ledger.players[0])


@pytest.mark.parametrize("stake", ["first", "second"])
def test_only_the_third_stake_goes_unwon(stake):
    """Hoyle p. 241: the best card turned up always takes the first (ties to the eldest hand),
    the best brag, or the bragger nobody answers, the second."""
    ledger = MemoryLedger(players=3)
    game = ledger.game("three_stake_brag", stake=1)
    ledger.record("deal_started", game)
    with pytest.raises(Invalid) as refused:
        ledger.record("stake_carried_over", game, stake=stake)
    assert "only the third stake can go unwon" in refused.value.message
    assert [e["type"] for e in ledger.log].count("stake_carried_over") == 0


@pytest.mark.parametrize(("pack", "asked"), [(52, True), (32, False)])
def test_little_cassino_is_asked_only_of_a_pack_that_has_it(pack, asked):
    ledger = MemoryLedger(players=2)
    game = ledger.game("cassino", stake=1, options={"pack": pack})
    ledger.record("deal_started", game)
    sheet = due_of(ledger, game)["sheets"].get("cassino_deal_taken", {})
    assert sheet.get("little_cassino", {}).get("asked", True) is asked
    assert due_of(ledger, game)["whole"] is True  # its deal is recorded whole, one sheet


@pytest.mark.parametrize(("seats", "dealer", "expected"), [
    (6, 0, [8, 7, 7, 7, 7]),    # 50 cards to 7 hands (the extra one last): the eldest one more
    (4, 2, [10, 10, 10]),       # 50 to 5 hands: ten each
    (3, 1, [13, 13]),           # 50 to 4 hands: the two dealt first 13, the dealer 12
])
def test_the_cards_dealt_when_the_pope_is_turned_up_come_from_the_pack(seats, dealer, expected):
    """Hoffmann: the 51 cards (the eight of diamonds out) dealt one at a time from the dealer's
    left, with an extra hand, the last card turned up; each other player's cards, in the order
    dealt."""
    players = [f"p{i}" for i in range(seats)]
    dealt = cards_dealt(players, players[dealer])
    order = [*players[dealer + 1:], *players[:dealer]]
    assert list(dealt) == order and list(dealt.values()) == expected


def test_the_pope_turned_up_with_the_sheets_default_is_taken():
    ledger = MemoryLedger(players=5)
    game = ledger.game("pope_joan", stake=1)
    ledger.record("deal_started", game)
    default = due_of(ledger, game)["sheets"]["trump_turned_up"]["cards_dealt"]["default"]
    dealer = ledger.dealer_of(game)
    assert dealer not in default and sorted(default.values()) == [8, 8, 9, 9]  # 50 to 6 hands
    before = ledger.state.balances[f"player:{dealer}"]
    ledger.record("trump_turned_up", game, card="pope", cards_dealt=default)
    assert ledger.state.balances[f"player:{dealer}"] - before == 6 + 1 + sum(default.values())


def test_a_pool_won_is_offered_only_when_there_is_a_pool_to_win():
    ledger = MemoryLedger(players=3)
    game = ledger.game("other", stake=1)
    ledger.record("deal_started", game)
    assert "pool_won" not in due_of(ledger, game)["offered"]
    with pytest.raises(Conflict):
        ledger.record("pool_won", game, winners=[ledger.players[0]])
    ledger.record("stake_paid", game, player=ledger.players[0], amount=2)
    assert "pool_won" in due_of(ledger, game)["offered"]


def test_going_out_takes_the_jig_pool_so_it_is_never_won_or_carried_by_itself():
    """Seed 001: the player who goes Out "also wins the amount in the pool"."""
    ledger = MemoryLedger(players=3)
    game = ledger.game("snip_snap_snorum", stake=1, options={"pool_ante": 1})
    ledger.record("deal_started", game)
    assert not {"pool_won", "pool_carried_over"} & set(due_of(ledger, game)["offered"])
    for refused in ("pool_won", "pool_carried_over"):
        data = {"winners": [ledger.players[0]]} if refused == "pool_won" else {}
        with pytest.raises(Conflict):
            ledger.record(refused, game, **data)


def test_a_pool_may_be_shared_back_between_deals_in_every_game_of_deals():
    """A pool left on the table is returnable whatever the game (the README's Pig takes no
    `pool_refunded` by name), but not while its deal is in play."""
    ledger = MemoryLedger(players=3)
    game = ledger.game("three_stake_brag", stake=1)
    ledger.record("deal_started", game)
    assert due_of(ledger, game)["refundable"] == []  # in play
    ledger.record("stake_won", game, stake="first", winner=ledger.players[0])
    ledger.record("stake_won", game, stake="second", winner=ledger.players[1])
    ledger.record("stake_carried_over", game, stake="third")
    assert due_of(ledger, game)["refundable"] == [{"pool": "third", "counters": 3}]
    ledger.record("pool_refunded", game, pool="third", shares={p: 1 for p in ledger.players})
    assert due_of(ledger, game)["refundable"] == []
