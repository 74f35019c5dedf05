"""Cassino played for stakes (Foster's Complete Hoyle: "so much a game, or so much a point"):
the count that wins the game pays them, partners pairing off with the losers; its sentence
says the result by side and each payment; the counts are undone from the latest back, so
that what was paid always follows the scores. The lowest scorer's deduction is refused
where it cannot apply (two players, two partnerships)."""

import pytest

from ledger.errors import Conflict, Inconsistent
from ledger.games.cassino.scores import scores
from ledger.games.cassino.stakes import stakes_paid
from ledger.games.record import GameRecord
from tests.unit.memory import MemoryLedger
from tests.unit.test_cassino import count, counted

NAMES = ["Zoë", "Bea", "Al", "Cy"]


def swept(winners, losers, sweeps=11) -> dict:
    """A deal one side takes whole (every card, and `sweeps` sweeps): 11 points and the
    sweeps, the other side nothing."""
    first, partner = winners
    return {first: count(52, 13, 4, 1, 1, sweeps), partner: count(),
            **{p: count() for p in losers}}


def partnership(played_for: str = "game", stake: int = 2, target: int = 11):
    ledger = MemoryLedger(names=NAMES)
    zoe, bea, al, cy = ledger.players
    game = ledger.game("cassino", stake=stake, options={
        "partnerships": [[zoe, al], [bea, cy]], "target": target, "played_for": played_for})
    return ledger, game, ledger.players


def said(ledger, event) -> str:
    return ledger.service.sessions.events(ledger.session_id, event["version"] - 1)[0]["said"]


def test_a_partnership_won_22_to_0_reads_so_and_each_loser_pays_a_partner_a_stake():
    ledger, game, (zoe, bea, al, cy) = partnership()
    event = counted(ledger, game, swept([zoe, al], [bea, cy]))
    assert said(ledger, event) == (
        "Cassino · Deal 1 · Counted: Zoë 52 cards, 13 spades, 4 aces, 11 sweeps, Great Cassino "
        "and Little Cassino; Al 0 cards; Bea 0 cards; Cy 0 cards; Zoë and Al score 22; Zoë and "
        "Al won the game 22–0; Bea paid Zoë 2 and Cy paid Al 2 for the game")
    assert ledger.held() == [2, -2, 2, -2]


def test_the_scores_give_each_side_and_the_result_by_side():
    ledger, game, (zoe, bea, al, cy) = partnership()
    counted(ledger, game, swept([zoe, al], [bea, cy]))
    read = scores(ledger.state.games[game])
    assert read["totals"] == {zoe: 22, al: 22, bea: 0, cy: 0}  # partners carry the same total
    assert read["by_side"] == [{"players": [zoe, al], "points": 22},
                               {"players": [bea, cy], "points": 0}]
    assert {k: v for k, v in read["result"].items() if k != "event_id"} == {
        "winners": [zoe, al], "points": 22, "against": 0}


def test_played_for_so_much_a_point_each_loser_pays_the_stake_for_every_point_behind():
    ledger = MemoryLedger(names=NAMES[:3])
    zoe, bea, al = ledger.players
    game = ledger.game("cassino", stake=2, options={"target": 11, "played_for": "point"})
    # Zoë: great 2, little 1, cards 3, spades 1, 2 aces, 4 sweeps = 13; Bea 2 aces = 2; Al 0
    event = counted(ledger, game, {zoe: count(40, 13, 2, 1, 1, 4), bea: count(6, 0, 2),
                                   al: count(6)})
    assert ledger.held() == [2 * 11 + 2 * 13, -2 * 11, -2 * 13]
    assert said(ledger, event).endswith("Zoë won the game 13–2; Bea paid Zoë 22 and Al paid "
                                        "Zoë 26 for the game")


def test_a_count_that_does_not_win_pays_nothing_and_counts_are_undone_latest_first():
    ledger, game, (zoe, bea, al, cy) = partnership(target=30)
    first = counted(ledger, game, swept([zoe, al], [bea, cy]))  # 22 – 0: short of 30
    second = counted(ledger, game, swept([bea, cy], [zoe, al], sweeps=1))  # 22 – 12
    assert first["postings"] == second["postings"] == []
    third = counted(ledger, game, swept([zoe, al], [bea, cy]))  # 44 – 12: won
    assert said(ledger, third).endswith("Zoë and Al won the game 44–12; Bea paid Zoë 2 and Cy "
                                        "paid Al 2 for the game")
    for earlier in (first, second):
        with pytest.raises(Conflict, match="latest"):
            ledger.record("event_voided", event_id=earlier["id"], reason="miscounted")
    ledger.record("event_voided", event_id=third["id"], reason="miscounted")
    assert ledger.held() == [0, 0, 0, 0]  # the stakes go back with the count that paid them
    assert scores(ledger.state.games[game])["result"] is None


def test_a_game_started_before_stakes_were_paid_moves_nothing_when_won():
    """An older log's game has no `played_for`: its points only, as it was recorded."""
    old = GameRecord("g", "cassino", ["a", "b"], 2, options={
        "partnerships": None, "lowest_scorer_deduction": False, "target": 11, "pack": 52,
        "last_take_sweeps": True, "first_dealer": None})
    deal = {"a": count(52, 13, 4, 1, 1, 1), "b": count()}
    assert stakes_paid(old, deal) == []
    assert stakes_paid(GameRecord("g", "cassino", ["a", "b"], 2,
                                  options={**old.options, "played_for": "game"}), deal) == [
        {"account": "player:b", "amount": -2}, {"account": "player:a", "amount": 2}]


@pytest.mark.parametrize("seats, partners", [(2, False), (4, True)])
def test_the_lowest_scorer_deduction_is_refused_where_it_cannot_apply(seats, partners):
    ledger = MemoryLedger(names=NAMES)
    players = ledger.players[:seats]
    options = {"lowest_scorer_deduction": True}
    if partners:
        options["partnerships"] = [[players[0], players[2]], [players[1], players[3]]]
    with pytest.raises(Inconsistent) as refused:
        ledger.game("cassino", seats=players, options=options)
    assert list(refused.value.fields) == ["data.options.lowest_scorer_deduction"]
    assert "three or more" in str(refused.value)
    assert ledger.game("cassino", seats=ledger.players[:3], options={"lowest_scorer_deduction": True})
