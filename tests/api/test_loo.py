"""Loo over HTTP: the books' money worked by hand (ledger/games/loo/).

Four players A, B, C, D seated clockwise; A deals first and the deal passes to the left. By
default (Hoffmann, Peel) the dealer puts up the stake, three tricks share the pool, the odd
counters go to the first tricks, and a loo (limited) costs two stakes: "three counters ... for
the deal, and six for a loo" (Peel)."""

from tests.factories import Club, Table


def evening(client, stake: int = 3, **options):
    table = Table(client, players=4)
    game = table.start_game(kind="loo", stake=stake, options=options)
    return table, game, table.players


def deal(table, game, **outcome) -> str:
    """A deal and its outcome; the outcome as the log says it."""
    table.record("deal_started", game)
    table.record("loo_tricks_taken", game, **outcome)
    return table.get("/events")["events"][-1]["said"]


def test_a_loo_is_paid_into_the_next_pool_and_divided_with_it(client):
    table, game, (a, b, c, d) = evening(client)
    # A deals and puts up 3: a counter a trick. B takes two, C one; D stood and took none:
    # looed, six into the next pool. A threw up his hand: neither paid nor looed.
    deal(table, game, tricks={"first": b, "second": b, "third": c}, looed=[d])
    assert table.counters() == {a: -3, b: 2, c: 1, d: -6}
    assert table.pool(game) == 6
    # B deals: his 3 and D's loo make 9, three a trick. C takes the first, D the other two;
    # A and B stood and took none: six each into the next pool
    deal(table, game, tricks={"first": c, "second": d, "third": d}, looed=[a, b])
    assert table.counters() == {a: -9, b: -7, c: 4, d: 0}
    assert table.pool(game) == 12
    # C deals: 15, five a trick, all to A; nobody else stood: a single, nobody looed
    said = deal(table, game, tricks={"first": a, "second": a, "third": a})
    assert table.counters() == {a: 6, b: -7, c: 1, d: 0} and table.pool(game) == 0
    assert "first, second and third (15)" in said and "nobody looed" in said


def test_a_pool_that_does_not_divide_by_three_gives_its_odd_counters_to_the_first_tricks(client):
    # Hoyle: "every one at dealing should stake": each puts up 2, a pool of 8. Peel: "the
    # division is made as nearly equal as can be, and the winners of the first and second
    # tricks have the preference": 3, 3 and 2
    table, game, (a, b, c, d) = evening(client, stake=2, ante="each")
    deal(table, game, tricks={"first": b, "second": c, "third": b}, looed=[d])
    # B: -2 + 3 + 2; C: -2 + 3; D: -2 and a loo of two stakes, 4
    assert table.counters() == {a: -2, b: 3, c: 1, d: -6}
    assert table.pool(game) == 4


def test_by_agreement_the_odd_counters_stay_in_the_pool(client):
    table, game, (a, b, c, d) = evening(client, stake=2, ante="each", odd_counters="stay")
    deal(table, game, tricks={"first": b, "second": c, "third": b}, looed=[d])
    # 8 is two a trick and 2 over, which stay with D's loo of 4
    assert table.counters() == {a: -2, b: 2, c: 0, d: -6}
    assert table.pool(game) == 6


def test_club_law_when_clubs_are_trumps_everybody_stands(client):
    table, game, (a, b, c, d) = evening(client, club_law=True)
    table.record("deal_started", game)  # A puts up 3
    # clubs turned up: nobody may throw up, so C and D, who took no trick, are looed too
    refused = table.post("loo_tricks_taken", game, data={
        "tricks": {"first": b, "second": b, "third": b}, "looed": [a], "clubs": True})
    assert refused.status_code == 409
    problem = refused.get_json()
    assert "Club law" in problem["detail"] and "data.looed" in problem["errors"]
    names = {p["id"]: p["name"] for p in table.get("/balances")["players"]}
    assert f"{names[c]}, {names[d]} took no trick and are looed" in problem["detail"]
    # the miss is withdrawn (Peel): no trick falls to the pool
    assert table.post("loo_tricks_taken", game, data={
        "tricks": {"first": b, "second": b}, "looed": [a, c, d], "clubs": True}).status_code == 409
    assert table.counters() == {a: -3, b: 0, c: 0, d: 0}  # nothing written
    table.record("loo_tricks_taken", game, tricks={"first": b, "second": b, "third": b},
                 looed=[a, c, d], clubs=True)
    # B takes the 3; A, C and D pay six each into the next pool
    assert table.counters() == {a: -9, b: 3, c: -6, d: -6}
    assert table.pool(game) == 18
    # hearts next: a player may throw up his hand again (D), and is not looed
    deal(table, game, tricks={"first": c, "second": c, "third": a}, looed=[b])
    # B deals, putting up 3: 21, seven a trick; B looed six
    assert table.counters() == {a: -2, b: -6, c: 8, d: -6}
    assert table.pool(game) == 6


def test_unlimited_loo_costs_what_the_pool_held_up_to_an_agreed_limit(client):
    table, game, (a, b, c, d) = evening(client, loo="unlimited")
    deal(table, game, tricks={"first": b, "second": c, "third": c}, looed=[d])
    assert table.counters() == {a: -3, b: 1, c: 2, d: -3}  # the pool held 3
    deal(table, game, tricks={"first": c, "second": d, "third": a}, looed=[b])
    assert table.counters() == {a: -1, b: -8, c: 4, d: -1}  # 6, two a trick; B pays 6
    capped, game2, (a, b, c, d) = evening(client, loo="unlimited", loo_limit=4)
    deal(capped, game2, tricks={"first": b, "second": c, "third": c}, looed=[d])
    deal(capped, game2, tricks={"first": c, "second": d, "third": a}, looed=[b])
    assert capped.counters()[b] == 1 - 3 - 4  # Peel's Mixed Loo: no more than the limit


def test_the_dealer_plays_the_miss_for_the_pool_and_its_tricks_stay_there(client):
    table, game, (a, b, c, d) = evening(client)
    # Only B stood; A took the miss and played it for the pool (Hoffmann): it took two tricks
    said = deal(table, game, tricks={"second": b})
    assert table.counters() == {a: -3, b: 1, c: 0, d: 0}
    assert table.pool(game) == 2 and "share stays in the pool" in said
    # all but the dealer (B) threw up: "the dealer is entitled to the pool", the three tricks
    deal(table, game, tricks={"first": b, "second": b, "third": b})
    assert table.counters() == {a: -3, b: 1 - 3 + 5, c: 0, d: 0}


def test_five_card_loo_a_fifth_a_trick_and_a_flush_sweeps_the_board(client):
    # the old Hoyle: five cards, everyone stakes at dealing, "whoever is looed must put down"
    # a stake; a flush "sweeps the board", and who holds Pam (here A) is not looed by it
    table, game, (a, b, c, d) = evening(client, stake=5, cards=5, ante="each", loo_stakes=1)
    deal(table, game, tricks={"first": b, "second": c, "third": b, "fourth": c, "fifth": b},
         looed=[d])
    assert table.counters() == {a: -5, b: 7, c: 3, d: -10}  # 20, four a trick
    said = deal(table, game, flush=c, looed=[b, d])
    # 5 left over and 20 more: C takes 25; B and D put down a stake each
    assert table.counters() == {a: -10, b: -3, c: 23, d: -20}
    assert table.pool(game) == 10 and "swept the board" in said


def test_what_the_books_refuse_is_refused_and_nothing_is_written(client):
    table, game, (a, b, c, d) = evening(client)
    early = table.post("loo_tricks_taken", game, data={"tricks": {"first": a}})
    assert early.status_code == 409 and "No deal has started" in early.get_json()["detail"]
    table.record("deal_started", game)
    before = (table.counters(), table.pool(game))
    next_deal = table.post("deal_started", game)
    assert next_deal.status_code == 409 and "is not finished" in next_deal.get_json()["detail"]
    for data, status in (
        ({"tricks": {"first": b}, "looed": [b]}, 422),  # looed, yet he took a trick
        ({"tricks": {}, "looed": []}, 422),  # nobody took a trick, nobody was looed
        ({"tricks": {"fourth": b}}, 409),  # three-card Loo has three tricks
        ({"flush": b}, 409),  # only five-card Loo has flushes
        ({"tricks": {"first": "nobody"}}, 404),
        ({"tricks": {"sixth": b}}, 422),
        ({"tricks": {"first": b}, "looed": [c, c]}, 422),
    ):
        answer = table.post("loo_tricks_taken", game, data=data)
        assert answer.status_code == status, (data, answer.get_json())
    assert (table.counters(), table.pool(game)) == before
    table.record("loo_tricks_taken", game, tricks={"first": b, "second": b, "third": b})
    twice = table.post("loo_tricks_taken", game, data={"tricks": {"first": c}})
    assert twice.status_code == 409 and "is over" in twice.get_json()["detail"]
    crowded = Table(client, players=11)
    answer = client.post(crowded.url("/games"), headers=crowded.write, json={
        "kind": "loo", "seats": crowded.players, "stake": 3, "options": {"cards": 5}})
    assert answer.status_code == 422 and "data.options.cards" in answer.get_json()["errors"]


def test_what_is_due_is_the_deal_and_its_tricks_on_one_sheet(client):
    table, game, (a, b, c, d) = evening(client, club_law=True)
    due = next(g["due"] for g in table.get("")["games"] if g["id"] == game)
    assert due["next"] == "deal_started" and due["whole"] is True
    assert due["after_deal"]["next"] == "loo_tricks_taken"
    sheet = due["after_deal"]["sheets"]["loo_tricks_taken"]
    assert sheet["clubs"]["asked"] is True and sheet["flush"]["asked"] is False
    assert sheet["tricks.fourth"]["asked"] is False


def test_the_times_each_member_was_looed_add_up_in_the_club_s_standings(client):
    club = Club(client, members=("Ann", "Ben", "Cleo", "Dora"))
    evening_ = club.evening("Ann", "Ben", "Cleo", "Dora")
    ann, ben, cleo, dora = evening_.players
    game = evening_.start_game(kind="loo", stake=3)
    deal(evening_, game, tricks={"first": ben, "second": ben, "third": cleo}, looed=[dora])
    deal(evening_, game, tricks={"first": cleo, "second": cleo, "third": cleo}, looed=[dora, ann])
    rows = club.standings()
    assert rows["Dora"]["tallies"]["loo_times_looed"] == 2
    assert rows["Ann"]["tallies"]["loo_times_looed"] == 1
    assert rows["Ben"]["tallies"].get("loo_times_looed", 0) == 0
