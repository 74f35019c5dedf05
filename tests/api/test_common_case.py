"""The common case needs no more than it says (issue 31): a beaten stander's winner is the one
better hand; the player who went out need not be counted."""

from tests.factories import Table


def test_a_stands_winner_is_the_one_better_hand_or_the_stander_unless_named(table):
    a, b, c, d = table.players
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    beaten = table.record("commerce_stand", game, stander=b, better_hands=[c])
    assert beaten["data"]["winner"] == c  # stored as the stand resolved it
    table.record("deal_started", game)
    stood = table.record("commerce_stand", game, stander=d)
    assert stood["data"] == {"stander": d, "better_hands": [], "winner": d}
    table.record("deal_started", game)
    several = table.post("commerce_stand", game, data={"stander": a, "better_hands": [b, c]})
    assert several.status_code == 422
    assert "say whose was best" in several.get_json()["errors"]["data.winner"][0]


def test_the_player_who_went_out_may_be_left_out_or_counted_at_nothing(client):
    table = Table(client, players=3)
    a, b, c = table.players
    game = table.start_game(kind="jig", options={"pool_ante": 1})
    table.record("deal_started", game)
    table.record("jig_out", game, player=b, cards_left={a: 2, c: 1})
    table.record("deal_started", game)
    table.record("jig_out", game, player=c, cards_left={a: 1, b: 3, c: 0})
    # each deal: everyone antes 1; the one out takes a counter a card left, and the pool of 3
    assert table.counters() == {a: -1 - 2 - 1 - 1, b: -1 + 3 + 3 - 1 - 3, c: -1 - 1 - 1 + 4 + 3}
