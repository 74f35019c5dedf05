"""Newmarket over HTTP: the books' rules worked by hand (ledger/games/newmarket/).

Four players A, B, C, D at a stake of 1; A deals first and the deal passes to the left. By
the book's defaults (the Official Rules' Michigan) the boodle cards are the ace of hearts,
king of clubs, queen of diamonds and knave of spades; the dealer lays two on each, the others
one: 5 on each card a deal, 20 in all."""

from tests.factories import Club, Table

EMPTY = dict.fromkeys(["ace", "king", "queen", "knave", "kitty"], 0)


def evening(client, **options):
    table = Table(client, players=4)
    game = table.start_game(kind="newmarket", stake=1, options=options)
    return table, game, table.players


def layout(table, game):
    named = next(p["named"] for p in table.get("/pools")["pools"] if p["game_id"] == game)
    return {**EMPTY, **named}


def said(table) -> str:
    return table.get("/events")["events"][-1]["said"]


def first_deal(table, game, players):
    """B plays the ace of hearts, D the queen of diamonds; the king of clubs and the knave of
    spades lie in the spare hand, unplayed. C goes out, A holding 3 cards, B 2, D 4."""
    a, b, c, d = players
    table.record("deal_started", game)  # A: 2 on each card (8); B, C, D: 1 on each (4)
    table.record("boodle_won", game, card="ace", player=b)
    table.record("boodle_won", game, card="queen", player=d)
    table.record("newmarket_out", game, player=c, cards_left={a: 3, b: 2, d: 4})


def test_a_boodle_won_and_two_left_on_the_layout(client):
    table, game, players = evening(client)
    a, b, c, d = players
    first_deal(table, game, players)
    # A: -8 - 3 = -11; B: -4 + 5 - 2 = -1; C: -4 + 9 = +5; D: -4 + 5 - 4 = -3
    assert table.counters() == {a: -11, b: -1, c: 5, d: -3}
    assert layout(table, game) == {**EMPTY, "king": 5, "knave": 5}  # 10 = the players' -10
    assert "took 9 for them" in said(table)


def test_a_boodle_left_to_the_next_deal_is_won_with_that_deal_s_stakes(client):
    table, game, players = evening(client)
    a, b, c, d = players
    first_deal(table, game, players)
    table.record("deal_started", game)  # B deals: 8; the others 4; the king now 5 + 5
    assert table.get(f"/games/{game}/dealing")["current_dealer"] == b
    assert layout(table, game) == {**EMPTY, "ace": 5, "king": 10, "queen": 5, "knave": 10}
    table.record("boodle_won", game, card="king", player=a)
    assert "the king of clubs and took the 10 on it" in said(table)
    table.record("newmarket_out", game, player=d, cards_left={a: 1, b: 0, c: 6})
    # deal 2: A -4 + 10 - 1 = +5; B -8; C -4 - 6 = -10; D -4 + 7 = +3
    assert table.counters() == {a: -6, b: -9, c: -5, d: 0}
    assert layout(table, game) == {**EMPTY, "ace": 5, "queen": 5, "knave": 10}


def test_the_kitty_goes_to_the_first_out_and_every_player_stakes_alike(client):
    """The British game (the Guardian): each puts the agreed stake on each boodle card and
    his stakes in the kitty, here two; the first out takes the kitty with his cards. The
    knave of spades, played by C, comes on the Out's sheet."""
    table, game, (a, b, c, d) = evening(client, dealer_double=False, kitty=2)
    table.record("deal_started", game)  # each: 1 on each card and 2 in the kitty (6)
    assert table.counters() == dict.fromkeys((a, b, c, d), -6)
    assert layout(table, game) == {"ace": 4, "king": 4, "queen": 4, "knave": 4, "kitty": 8}
    table.record("newmarket_out", game, player=b, cards_left={a: 2, c: 1, d: 3},
                 boodles={"knave": c})
    # A: -6 - 2 = -8; B: -6 + 6 + 8 = +8; C: -6 + 4 - 1 = -3; D: -6 - 3 = -9
    assert table.counters() == {a: -8, b: 8, c: -3, d: -9}
    assert layout(table, game) == {**EMPTY, "ace": 4, "king": 4, "queen": 4}
    out = said(table)
    assert "the kitty (8)" in out and "took the knave of spades (4)" in out, out


def test_the_whole_deal_on_the_out_pays_as_each_boodle_recorded_as_it_was_won(client):
    """The first deal again, its boodles sent with the Out (the phone's one sheet at the
    deal's end): the same counters, the same layout, and the deal over."""
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("newmarket_out", game, player=c, cards_left={a: 3, b: 2, d: 4},
                 boodles={"ace": b, "queen": d})
    assert table.counters() == {a: -11, b: -1, c: 5, d: -3}
    assert layout(table, game) == {**EMPTY, "king": 5, "knave": 5}
    late = table.post("boodle_won", game, data={"card": "king", "player": a})
    assert late.status_code == 409 and "is over" in late.get_json()["detail"]


def test_the_american_hoyle_lays_out_the_ace_of_spades(client):
    """The American Hoyle (1885): ace of spades, king of hearts, queen of clubs, knave of
    diamonds; the dealer's stakes, and so the money, as by default."""
    table, game, (a, b, c, d) = evening(client, boodle_cards="ace_of_spades")
    table.record("deal_started", game)
    table.record("boodle_won", game, card="knave", player=d)
    assert "the knave of diamonds and took the 5 on it" in said(table)
    assert table.counters() == {a: -8, b: -4, c: -4, d: 1}


def test_each_boodle_is_won_once_a_deal_and_nothing_of_a_deal_after_its_out(client):
    table, game, (a, b, c, d) = evening(client)
    assert table.post("boodle_won", game, data={"card": "ace", "player": a}).status_code == 409
    table.record("deal_started", game)
    table.record("boodle_won", game, card="ace", player=b)
    again = table.post("boodle_won", game, data={"card": "ace", "player": c})
    assert again.status_code == 409 and "the ace" in again.get_json()["detail"]
    on_the_out = table.post("newmarket_out", game, data={
        "player": c, "cards_left": {a: 1, b: 1, d: 1}, "boodles": {"ace": d}})
    assert on_the_out.status_code == 409
    before = (table.counters(), layout(table, game))
    table.record("newmarket_out", game, player=c, cards_left={a: 1, b: 1, d: 1})
    for fact, data in (("boodle_won", {"card": "king", "player": a}),
                       ("newmarket_out", {"player": a, "cards_left": {b: 1, c: 1, d: 1}})):
        refused = table.post(fact, game, data=data)
        assert refused.status_code == 409 and "is over" in refused.get_json()["detail"], fact
    assert table.counters()[c] == before[0][c] + 3


def test_input_wrong_in_itself_is_422_and_what_the_table_contradicts_409(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    before = table.counters()
    holds = table.post("newmarket_out", game, data={"player": b,
                                                    "cards_left": {a: 1, b: 2, c: 1, d: 1}})
    assert holds.status_code == 422 and "holds no cards" in holds.get_json()["detail"]
    pope = table.post("boodle_won", game, data={"card": "pope", "player": b})
    assert pope.status_code == 422 and "data.card" in pope.get_json()["errors"]
    uncounted = table.post("newmarket_out", game, data={"player": b, "cards_left": {a: 1, c: 1}})
    assert uncounted.status_code == 409 and "Count every other" in uncounted.get_json()["detail"]
    kitty = table.post("boodle_won", game, data={"card": "kitty", "player": b})
    assert kitty.status_code == 422  # the kitty goes with the Out, never played for
    assert table.counters() == before


def test_three_to_eight_players_sit_down(client):
    table = Table(client, players=2)
    answer = client.post(table.url("/games"), json={"kind": "newmarket", "stake": 1,
                                                    "seats": table.players}, headers=table.write)
    assert answer.status_code == 422
    michigan = Table(client, players=3).start_game(kind="michigan", stake=1)
    assert michigan


def test_what_is_due_next_is_the_out_with_the_boodles_still_open(client):
    table, game, (a, b, c, d) = evening(client)
    due = next(g["due"] for g in table.get("")["games"] if g["id"] == game)
    assert due["next"] == "deal_started"
    table.record("deal_started", game)
    table.record("boodle_won", game, card="queen", player=a)
    due = next(g["due"] for g in table.get("")["games"] if g["id"] == game)
    assert due["next"] == "newmarket_out" and due["ending"] == ["newmarket_out"]
    assert due["sheets"]["boodle_won"] == {"card": {"choices": ["ace", "king", "knave"]}}
    assert due["refundable"] == []  # a deal in play: nothing shared back
    table.record("newmarket_out", game, player=a, cards_left={b: 0, c: 0, d: 0})
    due = next(g["due"] for g in table.get("")["games"] if g["id"] == game)
    assert due["next"] == "deal_started"
    assert {p["pool"]: p["counters"] for p in due["refundable"]} == {"ace": 5, "king": 5, "knave": 5}


def test_the_club_counts_each_member_s_outs(client):
    club = Club(client, members=("Ann", "Ben", "Cleo"))
    night = club.evening("Ann", "Ben", "Cleo")
    ann, ben, cleo = night.players
    game = night.start_game(kind="newmarket", stake=1)
    for out, others in ((ann, (ben, cleo)), (ann, (ben, cleo)), (ben, (ann, cleo))):
        night.record("deal_started", game)
        night.record("newmarket_out", game, player=out, cards_left=dict.fromkeys(others, 1))
    last = night.get("/events")["events"][-1]
    night.record("event_voided", event_id=last["id"], reason="recorded by mistake")
    rows = club.standings()
    assert rows["Ann"]["tallies"]["newmarket_outs"] == 2
    assert rows["Ben"]["tallies"].get("newmarket_outs", 0) == 0  # his Out undone
