"""A long game's facts are read once for all that asks of them (`GameRecord.kept`), and
what is read is what reading them afresh gives, after voids too: Progressive Poker's bells
(`rounds_rung`: each bell the round it ended, as the game stood when it rang) and Cassino's
scores (each deal scored once; the next deal's result from the totals so far), the dealing,
Brag's bets and Pope Joan's compartments won in play (by deal)."""

from copy import deepcopy
from dataclasses import replace

from ledger.games.brag import bets
from ledger.games.cassino.scores import deal_points, deciding, result_of, scores, sides
from ledger.games.dealing import dealers_ahead, dealing
from ledger.games.pope_joan.played import won_by_deal
from ledger.games.progressive.tallies import progressive, rounds_rung
from ledger.games.record import GameRecord
from ledger.projections.words import Words
from tests.unit.memory import MemoryLedger

ROUNDS = 5


def evening() -> tuple[MemoryLedger, str, list[str], list[dict]]:
    """Two tables of three, five rounds (a pot at each, then the bell), a rebuy in the third."""
    ledger = MemoryLedger(players=6)
    p = ledger.players
    tables = [ledger.record("table_added", name=f"T{rank}", rank=rank)["id"] for rank in (1, 2)]
    game = ledger.game("progressive_poker", stake=1, options={"tables": [
        {"table_id": t, "seats": p[3 * i:3 * i + 3]} for i, t in enumerate(tables)]})
    bells = []
    for n in range(ROUNDS):
        for table in tables:
            tallies = progressive(ledger.state.games[game])
            seated = tallies["seating"][table]
            winner, stakes = seated[n % 3], {s: 2 + n for s in seated}
            if n == 2 and table == tables[1]:  # one at the second table loses all he holds
                broke = next(s for s in seated if s != winner)
                stakes[broke] = tallies["held"][broke]
            ledger.record("progressive_pot_won", game, table_id=table, winner=winner,
                          contributions=stakes, callers=[])
        if n == 2:
            ledger.record("progressive_rebuy", game, player=broke)
        head = progressive(ledger.state.games[game])["seating"][tables[0]]  # (ties cut)
        bells.append(ledger.record("progressive_round_ended", game,
                                   cuts={s: k + 1 for k, s in enumerate(head)}))
    return ledger, game, tables, bells


def replayed_to(record, bell_id: str) -> dict | None:
    """The round a bell ended, replayed from the first fact up to it."""
    facts = list(record.facts)
    upto = facts[:facts.index(bell_id) + 1]
    return progressive(replace(record, facts={f: record.facts[f] for f in upto}))["last_round"]


def test_each_bell_says_the_round_it_ended_as_a_replay_up_to_it_does():
    ledger, game, __, bells = evening()
    record = ledger.state.games[game]
    rung = rounds_rung(record)
    assert [rung[b["id"]]["round"] for b in bells] == list(range(1, ROUNDS + 1))
    for bell in bells:
        assert rung[bell["id"]] == replayed_to(record, bell["id"])


def test_after_voids_each_bell_says_the_round_as_the_game_now_stands():
    ledger, game, tables, bells = evening()
    kept = ledger.kept.games[game]
    rounds_rung(kept)  # kept on the record: the voids below must not be told from it
    for fact in reversed(list(kept.facts)[-4:]):  # the last bell, its pots, the bell before
        ledger.record("event_voided", event_id=fact, reason="a slip")  # (latest first)
    for record in (ledger.kept.games[game], ledger.state.games[game]):
        rung = rounds_rung(record)
        assert set(rung) == {b["id"] for b in bells[:-2]}
        assert all(rung[b["id"]] == replayed_to(record, b["id"]) for b in bells[:-2])
    head = progressive(ledger.state.games[game])["seating"][tables[0]]
    again = ledger.record("progressive_round_ended", game,  # the pots still on the tables
                          cuts={s: k + 1 for k, s in enumerate(head)})
    assert rounds_rung(ledger.kept.games[game])[again["id"]]["round"] == ROUNDS - 1


def test_the_log_tells_each_bell_its_round():
    ledger, __, ___, bells = evening()
    told = Words(ledger.state)
    for n, bell in enumerate(bells, 1):
        assert f"round {n} ended" in told.say(bell), told.say(bell)


def cassino(deals: int) -> tuple[MemoryLedger, str, list[dict]]:
    """A Cassino game to a target nobody reaches, of `deals` deals counted alike."""
    ledger = MemoryLedger(players=3)
    a, b, c = ledger.players
    game = ledger.game("cassino", stake=1, options={"target": 1000})
    counted = []
    for n in range(deals):
        ledger.record("deal_started", game)
        counted.append(ledger.record("cassino_deal_counted", game, counts={
            a: takes(20, 8, 2, 1, 0, n % 3), b: takes(20, 4, 1, 0, 1, 1),
            c: takes(12, 1, 1, 0, 0, 0)}))
    return ledger, game, counted


def takes(cards, spades, aces, great, little, sweeps) -> dict:
    return {"cards": cards, "spades": spades, "aces": aces, "great_cassino": great,
            "little_cassino": little, "sweeps": sweeps}


def scored_afresh(record) -> list[int]:
    """Each side's total, every deal scored again."""
    totals = [0] * len(sides(record))
    for deal in record.facts.values():
        totals = [t + s for t, s in zip(totals, deal_points(record, deal["counts"])[1])]
    return totals


def test_cassino_s_scores_kept_on_the_record_are_those_read_afresh_after_a_void():
    ledger, game, counted = cassino(6)
    kept = ledger.kept.games[game]
    before = scores(kept)  # kept on the record: the void below must not be read from it
    assert [s["points"] for s in before["by_side"]] == scored_afresh(kept)
    ledger.record("event_voided", event_id=counted[-1]["id"], reason="miscounted")
    for record in (ledger.kept.games[game], ledger.state.games[game]):
        assert len(scores(record)["deals"]) == 5
        assert [s["points"] for s in scores(record)["by_side"]] == scored_afresh(record)
        assert scores(record) == scores(replace(record))  # a copy, read with nothing kept
    again = scores(ledger.kept.games[game])
    count(ledger, game, 1)  # the sixth deal, its count undone, counted again
    assert len(scores(ledger.kept.games[game])["deals"]) == 6
    assert len(again["deals"]) == 5  # what was read stays as it was read
    for n in range(2, 4):  # scored on from what is kept
        ledger.record("deal_started", game)
        count(ledger, game, n)
        record = ledger.kept.games[game]
        assert scores(record) == scores(replace(record)) and len(scores(record)["deals"]) == 5 + n
    last = ledger.find(next(reversed(record.facts)))  # undone, counted again, then read
    ledger.record("event_voided", event_id=last["id"], reason="miscounted")
    count(ledger, game, 9)
    assert scores(record) == scores(replace(record)) and scores(record)["deals"][-1][
        "event_id"] == next(reversed(record.facts)) != last["id"]


def count(ledger: MemoryLedger, game: str, sweeps: int) -> None:
    a, b, c = ledger.players
    ledger.record("cassino_deal_counted", game, counts={
        a: takes(20, 8, 2, 1, 0, 0), b: takes(20, 4, 1, 0, 1, sweeps), c: takes(12, 1, 1, 0, 0, 0)})


def test_the_deal_that_would_win_is_told_so_from_the_totals_so_far():
    ledger, game, __ = cassino(4)
    record = ledger.kept.games[game]
    a, b, c = ledger.players
    for sweeps in (0, 400, 1000):
        counts = {a: takes(20, 8, 2, 1, 0, sweeps), b: takes(20, 4, 1, 0, 1, 1),
                  c: takes(12, 1, 1, 0, 0, 0)}
        totals = [t + s for t, s in zip(scored_afresh(record), deal_points(record, counts)[1])]
        result = result_of(sides(record), totals, 1000, "")
        assert deciding(record, counts) == ((result, totals) if result else None)
    assert deciding(record, counts) is not None  # (the last reaches the target)


def test_the_dealing_kept_on_the_record_is_that_read_afresh_after_a_void():
    ledger = MemoryLedger(players=3)
    game = ledger.game("commerce")
    starts = [ledger.record("deal_started", game) for _ in range(4)]
    kept = ledger.kept.games[game]
    before = dealing(kept)  # kept on the record: the void below must not be read from it
    ledger.record("event_voided", event_id=starts[-1]["id"], reason="misdeal")
    for record in (ledger.kept.games[game], ledger.state.games[game]):
        assert dealing(record) == dealing(replace(record))  # a copy, read with nothing kept
        assert sum(dealing(record)["deals"].values()) == sum(before["deals"].values()) - 1
    for n in range(4):  # folded on from what is kept
        ledger.record("deal_started", game, **({"dealer": ledger.players[2]} if n == 1 else {}))
        record = ledger.kept.games[game]
        assert dealing(record) == dealing(replace(record))
    assert sum(dealing(record)["deals"].values()) == 7 and sum(before["deals"].values()) == 4


def test_who_deals_next_is_folded_on_from_the_dealing_as_it_stands():
    ledger = MemoryLedger(players=3)
    a, b, c = ledger.players
    game = ledger.game("vingt_un", options={"pool_ante": 1, "tie_share": "1/4"})
    ledger.record("deal_sold", game, seller=a, buyer=b, price=3)
    ledger.record("deal_started", game)
    ledger.record("vingt_un_hand_settled", game, player=c, winner="player", natural=True)
    record = ledger.kept.games[game]
    for keeps in (True, False):
        facts, ahead = dict(record.dealing), []
        for n in range(8):  # each next deal dealt by its default dealer, read afresh each time
            ahead.append(dealing(replace(record, dealing=dict(facts)), keeps)["next_dealer"])
            facts[f"ahead-{n}"] = {"type": "deal_started"}
        assert dealers_ahead(record, keeps, 8) == ahead
    assert dealers_ahead(record, True, 2) == [c, c]  # the natural passed the deal to c


def read_on_and_afresh(ledger: MemoryLedger, game: str, read) -> dict:
    """`read` of the game as kept, which must equal a copy's, read with nothing kept."""
    record = ledger.kept.games[game]
    assert read(record) == read(replace(record))
    return read(record)


def test_brag_s_bets_kept_by_deal_are_those_read_afresh_after_voids():
    ledger = MemoryLedger(players=4)
    a, b, c, d = ledger.players
    game = ledger.game("brag", stake=2)
    placed = []
    for n in range(3):
        ledger.record("deal_started", game)
        for k, amount in ((1, 2), (2, 4), (1, 2)):
            placed.append(ledger.record("stake_paid", game, player=ledger.players[(n + k) % 4],
                                        amount=amount))
            read_on_and_afresh(ledger, game, bets)
        if n < 2:
            ledger.record("pool_won", game, winners=[ledger.players[(n + 2) % 4]])
    assert list(read_on_and_afresh(ledger, game, bets).values())[-1] == {d: 4, a: 4}  # d 2 + 2
    ledger.record("event_voided", event_id=placed[-1]["id"], reason="not his turn")
    earlier = read_on_and_afresh(ledger, game, bets)
    before = deepcopy(earlier)
    assert list(before.values())[-1] == {d: 2, a: 4}
    ledger.record("stake_paid", game, player=b, amount=4)  # gone on with from what is kept
    assert list(read_on_and_afresh(ledger, game, bets).values())[-1] == {d: 2, a: 4, b: 4}
    assert earlier == before  # what was read earlier stays as it was read


def test_pope_joan_s_compartments_won_kept_by_deal_are_those_read_afresh_after_voids():
    ledger = MemoryLedger(players=4)
    a, b, c, d = ledger.players
    game = ledger.game("pope_joan", stake=1)
    won = []
    for n, (one, other) in enumerate(((a, b), (c, d))):
        ledger.record("deal_started", game)
        won.append(ledger.record("compartment_won", game, compartment="king", player=one))
        read_on_and_afresh(ledger, game, won_by_deal)
        won.append(ledger.record("compartment_won", game, compartment="ace", player=other))
    assert list(read_on_and_afresh(ledger, game, won_by_deal).values()) == [
        {"king": a, "ace": b}, {"king": c, "ace": d}]
    ledger.record("event_voided", event_id=won[-1]["id"], reason="misread")
    ledger.record("compartment_won", game, compartment="ace", player=a)
    assert list(read_on_and_afresh(ledger, game, won_by_deal).values()) == [
        {"king": a, "ace": b}, {"king": c, "ace": a}]


def test_what_is_kept_holds_for_the_facts_it_was_read_from_and_goes_on_from_their_start():
    record = GameRecord(id="g", kind="other", seats=["a"], stake=1, facts={"f1": {}, "f2": {}})
    assert record.keep("read", ["f1", "f2"]) == ["f1", "f2"] == record.kept("read")
    record.facts["f3"] = {}  # added since: not the read's, but it can go on from it
    assert record.kept("read") is None and record.kept_since("read") == (["f1", "f2"], 2)
    assert record.since(2) == [("f3", {})] and record.since(0) == list(record.facts.items())
    del record.facts["f3"], record.facts["f2"]
    record.facts["f4"] = {}  # as many as were read, but not those
    assert record.kept("read") is None and record.kept_since("read") is None
    record.keep("read", ["f1", "f4"])
    del record.facts["f1"]  # fewer
    assert record.kept_since("read") is None and record.kept("dealt", of="dealing") is None
    assert replace(record).kept_since("read") is None  # a copy keeps nothing
