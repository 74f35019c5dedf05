"""Pope Joan over HTTP: the books' rules worked by hand (ledger/games/pope_joan/).

Four players A, B, C, D; A deals first and the deal passes to the left. Compartments:
Pope 6, Matrimony 2, Intrigue 2, Ace, King, Queen, Knave and Game 1 each at every dressing."""

from tests.factories import Table

EMPTY = dict.fromkeys(["pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game"], 0)


def evening(client, **options):
    table = Table(client, players=4)
    game = table.start_game(kind="pope_joan", stake=1, options=options)
    return table, game, table.players


def board(table, game):
    named = next(p["named"] for p in table.get("/pools")["pools"] if p["game_id"] == game)
    return {**EMPTY, **named}


def first_deal(table, game, players):
    """Hearts trumps (4♥ turned up): B plays K♥; C plays J♥ and Q♥ (Intrigue); D plays A♥;
    Matrimony's king and queen fell to two players, so it stays; B goes out, C holding 3
    cards, D 2, and A 4 with the Pope unplayed."""
    a, b, c, d = players
    table.record("deal_started", game)  # A dresses the board alone: -15
    table.record("compartment_won", game, compartment="king", player=b)
    table.record("compartment_won", game, compartment="knave", player=c)
    table.record("compartment_won", game, compartment="queen", player=c)
    table.record("compartment_won", game, compartment="intrigue", player=c)
    table.record("compartment_won", game, compartment="ace", player=d)
    table.record("pope_joan_out", game, player=b, cards_left={c: 3, d: 2, a: 4}, pope_held_by=a)


def test_an_ordinary_deal_matrimony_unwon_and_the_pope_holder_excused(client):
    table, game, players = evening(client)
    a, b, c, d = players
    first_deal(table, game, players)
    # A: -15; B: King 1 + Game 1 + 3 + 2 = +7; C: 1 + 1 + 2 - 3 = +1; D: 1 - 2 = -1
    assert table.counters() == {a: -15, b: 7, c: 1, d: -1}
    assert board(table, game) == {**EMPTY, "pope": 6, "matrimony": 2}  # 8 = the players' -8


def test_the_pope_turned_up_gives_pope_game_and_a_counter_a_card_and_ends_the_deal(client):
    table, game, players = evening(client)
    a, b, c, d = players
    first_deal(table, game, players)
    table.record("deal_started", game)  # B deals and dresses: board 12/4/2/1/1/1/1/1 = 23
    assert table.get(f"/games/{game}/dealing")["current_dealer"] == b
    table.record("trump_turned_up", game, card="pope", cards_dealt={c: 11, d: 10, a: 10})
    # B: -15 + Pope 12 + Game 1 + 31 = +29 this deal; C -11, D -10, A -10
    assert table.counters() == {a: -25, b: 36, c: -10, d: -11}
    assert board(table, game) == {**EMPTY, "matrimony": 4, "intrigue": 2, "ace": 1, "king": 1,
                                  "queen": 1, "knave": 1}
    out = table.post("pope_joan_out", game, data={"player": c, "cards_left": {a: 1, b: 1, d: 1}})
    assert out.status_code == 409  # the deal ended with the turn-up


def test_by_the_1909_book_a_turned_up_pope_takes_the_pope_only_and_play_goes_on(client):
    table, game, (a, b, c, d) = evening(client, pope_turned_up="pope_only")
    table.record("deal_started", game)
    table.record("trump_turned_up", game, card="pope")
    assert table.counters()[a] == -15 + 6
    table.record("pope_joan_out", game, player=c, cards_left={a: 2, b: 1, d: 0})
    assert table.counters()[c] == 1 + 2 + 1  # Game, and A's two cards and B's one


def test_the_board_dressed_by_all_the_dealer_paying_double_and_the_holder_not_excused(client):
    table, game, (a, b, c, d) = evening(client, dressing="shared", pope_holder_excused=False)
    table.record("deal_started", game)  # 15 among five shares: 3 each, the dealer 6
    assert table.counters() == {a: -6, b: -3, c: -3, d: -3}
    assert sum(board(table, game).values()) == 15
    table.record("pope_joan_out", game, player=b, cards_left={c: 3, d: 2, a: 4}, pope_held_by=a)
    assert table.counters() == {a: -10, b: -3 + 1 + 9, c: -6, d: -5}


def test_each_compartment_is_won_once_a_deal_and_a_turned_up_honour_is_the_dealers(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("trump_turned_up", game, card="king")
    assert table.counters()[a] == -15 + 1
    refused = table.post("compartment_won", game, data={"compartment": "king", "player": b})
    assert refused.status_code == 409
    table.record("compartment_won", game, compartment="pope", player=c)
    assert table.post("compartment_won", game, data={"compartment": "pope",
                                                      "player": d}).status_code == 409
    table.record("pope_joan_out", game, player=d, cards_left={a: 0, b: 0, c: 0})
    assert table.post("pope_joan_out", game, data={"player": c, "cards_left": {
        a: 0, b: 0, d: 0}}).status_code == 409
    left = table.get("/settlement")["unsettled_pools"]
    assert {p["pool"]: p["counters"] for p in left} == {
        "matrimony": 2, "intrigue": 2, "ace": 1, "queen": 1, "knave": 1}


def test_one_card_is_turned_up_a_deal(client):
    """Hoyle p. 259: "one turned up for trump"; a second turn-up in the same deal is refused."""
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("trump_turned_up", game, card="king")
    second = table.post("trump_turned_up", game, data={"card": "ace"})
    assert second.status_code == 409 and "the turn-up" in second.get_json()["detail"]
    assert board(table, game)["ace"] == 1  # the second card took nothing


def test_nothing_of_a_deal_is_recorded_after_its_out(client):
    """After the Out the deal is over: no compartment won, no turn-up, no second Out."""
    table, game, players = evening(client)
    a, b, c, d = players
    first_deal(table, game, players)
    before = (table.counters(), board(table, game))
    for fact, data in (("compartment_won", {"compartment": "pope", "player": a}),
                       ("trump_turned_up", {"card": "ace"}),
                       ("pope_joan_out", {"player": c, "cards_left": {a: 1, b: 0, d: 2}})):
        refused = table.post(fact, game, data=data)
        assert refused.status_code == 409, fact
        assert "is over" in refused.get_json()["detail"], fact
    assert (table.counters(), board(table, game)) == before


def test_the_holder_of_a_pope_he_has_played_is_not_excused(client):
    """Hoyle p. 260: "if pope have been played, then the party having held it is not
    excused": once the Pope is played in the deal, nobody is named its holder."""
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("compartment_won", game, compartment="pope", player=c)
    refused = table.post("pope_joan_out", game, data={
        "player": b, "cards_left": {a: 2, c: 1, d: 3}, "pope_held_by": c})
    assert refused.status_code == 409 and "nobody is excused" in refused.get_json()["detail"]
    table.record("pope_joan_out", game, player=b, cards_left={a: 2, c: 1, d: 3})
    # C played the Pope (+6) and pays his card like the others: a counter a card
    assert table.counters() == {a: -15 - 2, b: 1 + 6, c: 6 - 1, d: -3}


def test_the_player_who_went_out_may_be_counted_at_nothing(client):
    """The page counts every seat; the one who went out holds none (more is refused)."""
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("pope_joan_out", game, player=b, cards_left={a: 2, b: 0, c: 1, d: 3})
    assert table.counters()[b] == 1 + 6
    table.record("deal_started", game)
    refused = table.post("pope_joan_out", game, data={
        "player": c, "cards_left": {a: 2, b: 1, c: 4, d: 3}})
    assert refused.status_code == 422 and "holds no cards" in refused.get_json()["detail"]


def test_the_whole_deal_on_the_out_pays_as_each_compartment_recorded_as_it_was_won(client):
    """The first deal again, its compartments sent with the Out (the phone's one sheet at the
    deal's end): the same counters, the same board, and the same deal settled."""
    table, game, players = evening(client)
    a, b, c, d = players
    table.record("deal_started", game)
    out = table.record("pope_joan_out", game, player=b, cards_left={c: 3, d: 2, a: 4},
                       pope_held_by=a, compartments={"king": b, "knave": c, "queen": c,
                                                     "intrigue": c, "ace": d})
    assert table.counters() == {a: -15, b: 7, c: 1, d: -1}
    assert board(table, game) == {**EMPTY, "pope": 6, "matrimony": 2}
    said = table.get("/events")["events"][-1]["said"]
    assert out["type"] == "pope_joan_out" and "in play" in said and "the King (1)" in said
    late = table.post("compartment_won", game, data={"compartment": "matrimony", "player": a})
    assert late.status_code == 409  # the deal is over


def test_a_compartment_already_won_or_a_pope_both_won_and_held_is_refused_on_the_out(client):
    table, game, (a, b, c, d) = evening(client)
    table.record("deal_started", game)
    table.record("compartment_won", game, compartment="king", player=b)
    twice = table.post("pope_joan_out", game, data={
        "player": b, "cards_left": {a: 1, c: 1, d: 1}, "compartments": {"king": c}})
    assert twice.status_code == 409
    held = table.post("pope_joan_out", game, data={
        "player": b, "cards_left": {a: 1, c: 1, d: 1}, "compartments": {"pope": c},
        "pope_held_by": a})
    assert held.status_code == 409 and "data.pope_held_by" in held.get_json()["errors"]
    stranger = table.post("pope_joan_out", game, data={
        "player": b, "cards_left": {a: 1, c: 1, d: 1}, "compartments": {"game": c}})
    assert stranger.status_code == 422  # the Game goes to who went out, never in play
    assert table.counters()[b] == 1  # nothing of the refused Outs
