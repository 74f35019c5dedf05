"""Cassino scores over HTTP, with the book's own examples as real counts (seed 001)."""

from tests.factories import Table


def counts(cards, spades, aces, great, little, sweeps):
    return {"cards": cards, "spades": spades, "aces": aces, "great_cassino": great,
            "little_cassino": little, "sweeps": sweeps}


def test_four_independent_players_with_the_lowest_scorer_deduction(table):
    a, b, c, d = table.players
    game = table.start_game(kind="cassino", options={"lowest_scorer_deduction": True,
                                                     "target": 21})
    # cards tied at 13 each (no majority); D has most spades. Raw: A 1, B 2, C 3, D 5.
    table.record("deal_started", game)
    table.record("cassino_deal_counted", game, counts={
        a: counts(13, 3, 0, 0, 0, 1), b: counts(13, 3, 1, 0, 0, 1),
        c: counts(13, 2, 1, 0, 1, 1), d: counts(13, 5, 2, 1, 0, 0)})
    # Raw: A 2, B 2, C 2, D 5.
    table.record("deal_started", game)
    table.record("cassino_deal_counted", game, counts={
        a: counts(13, 3, 0, 0, 0, 2), b: counts(13, 3, 1, 0, 1, 0),
        c: counts(13, 2, 2, 0, 0, 0), d: counts(13, 5, 1, 1, 0, 1)})
    scores = table.get(f"/games/{game}/scores")
    assert [deal["raw"] for deal in scores["deals"]] == [{a: 1, b: 2, c: 3, d: 5},
                                                          {a: 2, b: 2, c: 2, d: 5}]
    assert [deal["scored"] for deal in scores["deals"]] == [{a: 0, b: 1, c: 2, d: 4},
                                                             {a: 0, b: 0, c: 0, d: 3}]
    assert scores["totals"] == {a: 0, b: 1, c: 2, d: 7} and scores["winner"] is None


def test_two_partnerships_score_the_difference_and_partners_share_it(table):
    a, b, c, d = table.players
    game = table.start_game(kind="cassino", options={"partnerships": [[a, c], [b, d]]})
    table.record("deal_started", game)
    table.record("cassino_deal_counted", game, counts={
        a: counts(20, 5, 2, 1, 0, 1), c: counts(10, 4, 1, 0, 1, 0),   # a+c: 30 cards, 9 spades
        b: counts(12, 2, 1, 0, 0, 2), d: counts(10, 2, 0, 0, 0, 0)})  # b+d: 22 cards, 4 spades
    scores = table.get(f"/games/{game}/scores")
    # a+c: great 2 + little 1 + 3 aces + 1 sweep + cards 3 + spades 1 = 11; b+d: 1 ace + 2 = 3
    assert scores["deals"][0]["raw"] == {a: 11, c: 11, b: 3, d: 3}
    assert scores["totals"] == {a: 8, c: 8, b: 0, d: 0}


def test_three_independent_players_without_deduction_and_reaching_the_target(client):
    table = Table(client, players=3)
    a, b, c = table.players
    game = table.start_game(kind="cassino", options={"target": 11})
    table.record("deal_started", game)
    table.record("cassino_deal_counted", game, counts={
        a: counts(40, 13, 4, 1, 1, 3), b: counts(6, 0, 0, 0, 0, 0), c: counts(6, 0, 0, 0, 0, 0)})
    scores = table.get(f"/games/{game}/scores")
    assert scores["totals"] == {a: 14, b: 0, c: 0} and scores["winner"] == a
    refused = table.post("cassino_deal_counted", game, data={"counts": {
        a: counts(40, 13, 4, 1, 1, 3), b: counts(6, 0, 0, 0, 0, 0), c: counts(6, 0, 0, 0, 0, 0)}})
    assert refused.status_code == 409


def test_impossible_counts_are_refused_and_nothing_is_written(table):
    """Counts that contradict the game (its pack, its last-take rule, its seats) are a
    conflict with it (409); a count that is no count, or one player's counts that contradict
    each other, are malformed (422)."""
    a, b, c, d = table.players
    game = table.start_game(kind="cassino")
    table.record("deal_started", game)
    version = table.get("")["version"]
    for bad, status in (
            ({a: counts(52, 13, 4, 1, 1, 0), b: counts(0, 0, 0, 0, 0, 0),     # no sweep
              c: counts(0, 0, 0, 0, 0, 0), d: counts(0, 0, 0, 0, 0, 0)}, 409),
            ({a: counts(50, 13, 4, 1, 1, 1), b: counts(0, 0, 0, 0, 0, 0),     # 50 cards
              c: counts(0, 0, 0, 0, 0, 0), d: counts(0, 0, 0, 0, 0, 0)}, 409),
            ({a: counts(52, 13, 4, 1, 1, 1)}, 409),                           # not all counted
            ({a: counts(52, 12, 4, 1, 1, 1), b: counts(0, 1, 0, 0, 0, 0),     # a spade, no card
              c: counts(0, 0, 0, 0, 0, 0), d: counts(0, 0, 0, 0, 0, 0)}, 422),
            ({a: counts(52, 13, 4, 1, 1, True), b: counts(0, 0, 0, 0, 0, 0),  # boolean count
              c: counts(0, 0, 0, 0, 0, 0), d: counts(0, 0, 0, 0, 0, 0)}, 422)):
        response = table.post("cassino_deal_counted", game, data={"counts": bad})
        assert response.status_code == status, response.get_json()
        assert any(f.startswith("data.counts") for f in response.get_json()["errors"])
    assert table.get("")["version"] == version
    assert table.get(f"/games/{game}/scores")["deals"] == []


def test_scores_are_for_cassino_games_only(table):
    """Another kind's game keeps no scores: a resource that does not exist (SPEC §6, 404)."""
    game = table.start_game(kind="commerce")
    response = table.client.get(table.url(f"/games/{game}/scores"), headers=table.read)
    assert response.status_code == 404 and response.get_json()["errors"] == {
        "gid": ["no scores for this game"]}
