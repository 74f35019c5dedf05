"""A void walks back only through its own deal (`GameRecord._of_deal`): a deal voided passes
its bets and what settled it to the deal before it, a void in the last deal finds the mark made
before it in that deal, and either gives what never recording it gives."""

from tests.unit.memory import MemoryLedger


def brag_evening() -> tuple[MemoryLedger, str, list[dict]]:
    """Three deals of Brag, each with two bets; the first two won, the third in play."""
    ledger = MemoryLedger()
    game = ledger.game("brag")
    dealer, *others = ledger.players
    deals = []
    for n in range(3):
        deal = {"start": ledger.record("deal_started", game, dealer=dealer)}
        deal["bets"] = [ledger.record("stake_paid", game, player=p, amount=2) for p in others[:2]]
        if n < 2:
            deal["won"] = ledger.record("pool_won", game, winners=[others[0]])
        deals.append(deal)
    return ledger, game, deals


def test_a_deal_voided_passes_its_bets_to_the_deal_before():
    ledger, game, deals = brag_evening()
    ledger.record("event_voided", event_id=deals[2]["start"]["id"], reason="misdeal")
    record = ledger.state.games[game]
    second = deals[1]["start"]["id"]
    assert [record.facts[b["id"]]["deal"] for b in deals[2]["bets"]] == [second, second]
    assert ledger.state.games == ledger.never().games


def test_a_win_voided_reopens_its_deal_and_a_bet_voided_leaves_the_others():
    ledger, game, deals = brag_evening()
    ledger.record("event_voided", event_id=deals[2]["bets"][1]["id"], reason="mistaken")
    ledger.record("event_voided", event_id=deals[2]["bets"][0]["id"], reason="mistaken")
    ledger.record("event_voided", event_id=deals[2]["start"]["id"], reason="misdeal")
    ledger.record("event_voided", event_id=deals[1]["won"]["id"], reason="wrong hand")
    record = ledger.state.games[game]
    assert record.deals[deals[1]["start"]["id"]] == {}
    assert record.deals[deals[0]["start"]["id"]] == {"the pool": deals[0]["won"]["id"]}
    assert [f for f in record.facts] == [b["id"] for d in deals[:2] for b in d["bets"]]
    assert ledger.state.games == ledger.never().games


def test_the_first_deal_voided_takes_its_bets_with_it():
    ledger = MemoryLedger()
    game = ledger.game("brag")
    start = ledger.record("deal_started", game, dealer=ledger.players[0])
    bets = [ledger.record("stake_paid", game, player=p, amount=2) for p in ledger.players[1:3]]
    ledger.record("event_voided", event_id=start["id"], reason="misdeal")
    record = ledger.state.games[game]
    assert not {b["id"] for b in bets} & set(record.facts) and not record.deals
    assert ledger.state.games == ledger.never().games
