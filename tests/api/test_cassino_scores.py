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


def test_a_partnership_s_result_is_read_by_side_and_its_stakes_paid(table):
    """Partners carry the same total per player; the sides and the result say it once each:
    won by Zoë & Al 22–0, not 22–22. The count that won paid each loser's stake to a winner."""
    a, b, c, d = table.players
    game = table.start_game(kind="cassino", stake=3, options={"partnerships": [[a, c], [b, d]]})
    table.record("deal_started", game)
    won = table.record("cassino_deal_counted", game, counts={
        a: counts(52, 13, 4, 1, 1, 11), b: counts(0, 0, 0, 0, 0, 0),
        c: counts(0, 0, 0, 0, 0, 0), d: counts(0, 0, 0, 0, 0, 0)})
    scores = table.get(f"/games/{game}/scores")
    assert scores["totals"] == {a: 22, c: 22, b: 0, d: 0}
    assert scores["by_side"] == [{"players": [a, c], "points": 22}, {"players": [b, d], "points": 0}]
    assert scores["result"] == {"winners": [a, c], "points": 22, "against": 0,
                                "event_id": won["id"]}
    assert table.counters() == {a: 3, b: -3, c: 3, d: -3}
    said = table.get("/events")["events"][-1]["said"]
    name = {p["id"]: p["name"] for p in table.get("")["players"]}
    assert said.endswith(f"{name[a]} and {name[c]} won the game 22–0; {name[b]} paid {name[a]} 3 "
                         f"and {name[d]} paid {name[c]} 3 for the game")


def test_the_lowest_scorer_deduction_is_refused_with_partnerships_or_two_players(table):
    """A rule between the request's own fields (its options against its seats): 422, naming
    the option, nothing written; three or more each for himself may take it."""
    a, b, c, d = table.players
    version = table.get("")["version"]
    for seats, options in (([a, b, c, d], {"partnerships": [[a, c], [b, d]]}), ([a, b], {})):
        refused = table.client.post(table.url("/games"), headers=table.write, json={
            "kind": "cassino", "stake": 1, "seats": seats,
            "options": {**options, "lowest_scorer_deduction": True}})
        assert refused.status_code == 422, refused.get_json()
        problem = refused.get_json()
        assert problem["title"] == "Inconsistent input"
        assert list(problem["errors"]) == ["data.options.lowest_scorer_deduction"]
        assert "deduction" in problem["detail"]
    assert table.get("")["version"] == version
    table.start_game(kind="cassino", seats=[a, b, c], options={"lowest_scorer_deduction": True})


def test_the_games_catalogue_says_where_the_deduction_applies_and_what_is_played_for(client):
    cassino = next(g for g in client.get("/api/v1/games").get_json()["games"]
                   if g["kind"] == "cassino")
    options = {o["name"]: o for o in cassino["options"]}
    assert options["lowest_scorer_deduction"]["seats"] == [3, 6]
    assert options["lowest_scorer_deduction"]["without"] == "partnerships"
    assert options["played_for"]["choices"] == ["game", "point"]
    assert options["played_for"]["default"] == "game"
    assert "seats" not in options["target"] and "without" not in options["target"]
