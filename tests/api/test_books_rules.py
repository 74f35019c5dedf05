"""The books' rules to the letter, fact by fact over HTTP: what the books refuse is refused
(409 where it depends on what is recorded, 422 where the request is wrong in itself) and
moves nothing; what they allow is taken."""

import csv
import io

from tests.factories import Table


def refused(table: Table, status: int, event_type: str, game_id: str, **data) -> dict:
    before = table.get("")["version"], table.counters()
    answer = table.post(event_type, game_id, data=data)
    assert answer.status_code == status, answer.get_json()
    assert (table.get("")["version"], table.counters()) == before  # nothing moved
    return answer.get_json()


def test_brag_s_limit_bounds_the_raise_not_the_sum_put_up(client):
    """Seed 004: a limit of 5 and an ante of 3: meeting 3 and raising 5, 8 in all, is taken,
    and a later player meets the 8; a raise of 6 is over the limit."""
    table = Table(client, players=4)
    ann, ben, cleo, dot = table.players
    game = table.start_game(kind="brag", stake=3, options={"betting_limit": 5})
    table.record("deal_started", game)
    table.record("stake_paid", game, player=ben, amount=8)
    table.record("stake_paid", game, player=cleo, amount=8)
    problem = refused(table, 409, "stake_paid", game, player=dot, amount=14)
    assert "data.amount" in problem["errors"] and "raise of 6" in problem["detail"]
    assert "must meet the 8" in refused(table, 409, "stake_paid", game, player=dot, amount=5)["detail"]
    assert table.pool(game) == 3 + 8 + 8


def test_a_brag_ante_seen_cannot_go_unseen(client):
    """Seed 004: "If no one will see the dealer's ante": Ben saw it."""
    table = Table(client, players=3)
    game = table.start_game(kind="brag", stake=2)
    table.record("deal_started", game)
    table.record("stake_paid", game, player=table.players[1], amount=2)
    assert "saw the ante" in refused(table, 409, "brag_ante_unseen", game)["detail"]


def test_commerce_s_ready_money_is_one_stake_paid_to_the_dealer(client):
    """Seed 000: "only one stake recognised"; for ready money he "pays a stake to the dealer"."""
    table = Table(client, players=3)
    ann, ben, cleo = table.players  # Ann deals
    game = table.start_game(kind="commerce", stake=2)
    table.record("deal_started", game)
    assert "data.seller" in refused(table, 409, "card_bought", game, buyer=ben, seller=cleo)["errors"]
    assert "data.price" in refused(table, 409, "card_bought", game, buyer=ben, price=3)["errors"]
    bought = table.record("card_bought", game, buyer=ben)
    assert sorted((p["account"], p["amount"]) for p in bought["postings"]) == sorted(
        [(f"player:{ben}", -2), (f"player:{ann}", 2)])


def test_the_pope_unplayed_is_held_by_a_hand_with_cards(client):
    """Hoyle p. 260: who holds the Pope unplayed still has cards: not the one who went out,
    nor one with none left."""
    table = Table(client, players=4)
    out, ben, cleo, dot = table.players
    game = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", game)
    left = {ben: 3, cleo: 0, dot: 2}
    for holder in (out, cleo):
        problem = refused(table, 422, "pope_joan_out", game, player=out, cards_left=left,
                          pope_held_by=holder)
        assert "data.pope_held_by" in problem["errors"]
    table.record("pope_joan_out", game, player=out, cards_left=left, pope_held_by=dot)


def test_matrimony_and_intrigue_go_with_their_cards(client):
    """Hoffmann: Matrimony is king and queen of trumps in one hand, Intrigue queen and knave:
    who takes Matrimony holds the king and the queen; one player holds the queen for both."""
    table = Table(client, players=4)
    ann, ben, cleo, dot = table.players
    game = table.start_game(kind="pope_joan", stake=1)
    table.record("deal_started", game)
    left = {ben: 1, cleo: 1, dot: 1}
    refused(table, 422, "pope_joan_out", game, player=ann, cards_left=left,
            compartments={"matrimony": ann, "king": cleo})
    refused(table, 422, "pope_joan_out", game, player=ann, cards_left=left,
            compartments={"matrimony": ann, "intrigue": ben})
    table.record("compartment_won", game, compartment="queen", player=cleo)
    problem = refused(table, 409, "compartment_won", game, compartment="intrigue", player=dot)
    assert "Intrigue" in problem["detail"] and "Queen" in problem["detail"]
    table.record("pope_joan_out", game, player=ann, cards_left=left,
                 compartments={"matrimony": cleo, "king": cleo, "intrigue": cleo})


def test_only_the_third_stake_of_three_stake_brag_goes_unwon(client):
    """Hoyle p. 241: the best card turned up always takes the first (ties to the eldest hand);
    the best brag, or the bragger nobody answers, the second."""
    table = Table(client, players=3)
    game = table.start_game(kind="three_stake_brag", stake=1)
    table.record("deal_started", game)
    for stake in ("first", "second"):
        assert "data.stake" in refused(table, 422, "stake_carried_over", game, stake=stake)["errors"]
    table.record("stake_carried_over", game, stake="third")


def test_a_progressive_poker_players_journal_rows_less_the_bank_s_issue_are_his_result(client):
    """The README: a player's rows of a Progressive Poker game sum to the counters he holds;
    less the rows of what the banker issued him (the game's start and each rebuy), they are
    his result, as results.csv has it."""
    table = Table(client, players=4)
    ann, ben, cleo, dot = table.players
    head = client.post(table.url("/tables"), json={"name": "Head", "rank": 1},
                       headers=table.write).get_json()["id"]
    game = table.start_game(kind="progressive_poker", stake=1, options={
        "starting_counters": 5, "tables": [{"table_id": head, "seats": table.players}]})
    table.record("progressive_pot_won", game, table_id=head, winner=ann,
                 contributions={ann: 2, ben: 5, cleo: 2}, callers=[ben])
    table.record("progressive_rebuy", game, player=ben)
    rows = list(csv.DictReader(io.StringIO(
        client.get(table.url("/export/journal.csv"), headers=table.read).get_data(as_text=True)
        .lstrip("\ufeff"))))
    results = {row["player_id"]: int(row["counters"]) for row in csv.DictReader(io.StringIO(
        client.get(table.url("/export/results.csv"), headers=table.read).get_data(as_text=True)
        .lstrip("\ufeff")))}
    for player in table.players:
        mine = [r for r in rows if r["account"] == f"player:{player}" and r["game_id"] == game]
        held = sum(int(r["amount"]) for r in mine)
        issued = sum(int(r["amount"]) for r in mine
                     if r["type"] in ("game_started", "progressive_rebuy"))
        assert held - issued == results[player], (player, held, issued)
    assert results == {ann: 7, ben: -5, cleo: -2, dot: 0}
