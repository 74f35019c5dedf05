"""Every figure the log says is a part of what moved. Over random evenings of every registered
game (the facts its module's examples draw, its own the most; voids in any order, undos and
payments between), each game fact's sentence says who paid whom what, part by part
(`Told.pays`): those parts add up, player by player, to what the fact's postings moved for
him (nothing `unsaid`), and each part's figure is in the sentence. A sentence that read a
figure from a player's net, where his parts cancel (he paid for his cards and won a
compartment), fails here."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.errors import LedgerError
from ledger.projections.words import Words
from tests.strategies import kinds
from tests.unit.memory import MemoryLedger
from tests.unit.test_fold_properties import _session_move, two_games, view_of

# a game's own facts (its Outs, stands, hands, counts) drawn most, so that deals are settled
MOVES = ["deal"] * 3 + ["own"] * 6 + ["shared"] * 2 + ["other game", "void", "undo", "payment"]

POPE_JOAN = ["Margaret-Anne", "Ben", "Cleo", "Dot", "Eve", "Fay"]


def evening(data, kind: str) -> MemoryLedger:
    """An evening of one game of `kind` beside another game, its facts drawn from the games'
    examples, its own facts most; voids of any event, undos and payments between."""
    ledger = MemoryLedger()
    tables = [ledger.record("table_added", name=f"Table {n}", rank=n)["id"] for n in (1, 2)]
    first, second, drawn = two_games(data, ledger, kind, tables)
    own = sorted(games.GAMES[kind].facts) or sorted(drawn[first])
    facts = {"deal": ["deal_started"] if games.GAMES[kind].deals else own, "own": own,
             "shared": sorted(set(drawn[first]) - set(own)) or own}
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        move = data.draw(st.sampled_from(MOVES))
        try:
            if move in ("void", "undo", "payment"):
                _session_move(data, ledger, move)
                continue
            game_id = second if move == "other game" else first
            fact_type = data.draw(st.sampled_from(sorted(drawn[second]) if game_id == second
                                                  else facts[move]))
            fact = data.draw(drawn[game_id][fact_type](view_of(ledger, game_id, tables)))
            ledger.record(fact_type, game_id, **fact)
        except LedgerError:
            pass  # refused, nothing recorded
    return ledger


def check_figures(ledger: MemoryLedger) -> int:
    """Each game fact of the log said part by part; how many moved counters."""
    words, moving = Words(ledger.state, strict=True), 0
    for event in ledger.log:
        sentence = words.sentence(event) if event["game_id"] else None
        if sentence is None:
            continue
        told = words.told(event)
        said = sentence(told)
        assert told.unsaid() == {}, (event["type"], event["data"], event["postings"], said)
        for _, _, amount in told.moves:
            assert re.search(rf"(?<!\d){amount}(?!\d)", said), (amount, event["type"], said)
        moving += any(p["account"].startswith("player:") for p in event["postings"])
    return moving


@pytest.mark.parametrize("kind", kinds())
@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_sentence_says_each_part_of_what_its_fact_moved(kind, data):
    check_figures(evening(data, kind))


def pope_joan_out(**options) -> tuple[MemoryLedger, str, dict]:
    """Six at the board, Margaret-Anne dealing; she goes out, the others holding 3, 2, 4, 1
    and 5 cards; the Pope, Matrimony, the King and the Ace won in play, on the same sheet."""
    ledger = MemoryLedger(names=POPE_JOAN)
    out, ben, cleo, dot, eve, fay = ledger.players
    game = ledger.game("pope_joan", stake=1, options=options)
    ledger.record("deal_started", game)
    event = ledger.record("pope_joan_out", game, player=out,
                          cards_left={ben: 3, cleo: 2, dot: 4, eve: 1, fay: 5},
                          compartments={"pope": ben, "matrimony": cleo, "king": cleo, "ace": out})
    said = ledger.service.sessions.events(ledger.session_id, event["version"] - 1)[0]["said"]
    return ledger, said, dict(zip(POPE_JOAN, ledger.players))


def test_a_pope_joan_out_says_the_15_she_received_for_the_cards_and_the_game():
    """Ben paid 3 for his cards and won the Pope (6); Cleo paid 2 and won Matrimony (2) and the
    King (1): their nets hide their payments, which the Out's 15 counts all the same."""
    ledger, said, who = pope_joan_out()
    assert said == (
        "Pope Joan · Deal 1 · Margaret-Anne went out, cards left Ben 3, Cleo 2, Dot 4, Eve 1, "
        "Fay 5: Margaret-Anne took 15 for them, and the Game (1); in play Ben won the Pope (6), "
        "Cleo won Matrimony (2) and the King (1) and Margaret-Anne won the Ace (1)")
    moved = {name: ledger.state.balances.get(f"player:{pid}", 0) for name, pid in who.items()}
    # she dressed the board (15), then took 15, the Game 1 and the Ace 1
    assert moved == {"Margaret-Anne": -15 + 15 + 1 + 1, "Ben": -3 + 6, "Cleo": -2 + 2 + 1,
                     "Dot": -4, "Eve": -1, "Fay": -5}
    assert check_figures(ledger) == 2


def test_the_pope_holder_excused_is_said_apart_from_those_who_paid():
    ledger = MemoryLedger(names=POPE_JOAN[:4])
    out, ben, cleo, dot = ledger.players
    game = ledger.game("pope_joan", stake=1)
    ledger.record("deal_started", game)
    event = ledger.record("pope_joan_out", game, player=out, cards_left={ben: 3, cleo: 2, dot: 4},
                          pope_held_by=dot, compartments={"matrimony": cleo, "king": cleo})
    said = ledger.service.sessions.events(ledger.session_id, event["version"] - 1)[0]["said"]
    assert said == (
        "Pope Joan · Deal 1 · Margaret-Anne went out, cards left Ben 3, Cleo 2: Margaret-Anne "
        "took 5 for them, and the Game (1); in play Cleo won Matrimony (2) and the King (1); "
        "Dot held the Pope unplayed and paid nothing for his 4 cards")
    assert check_figures(ledger) == 2


def test_the_pope_holder_not_excused_pays_for_his_cards_with_the_others():
    ledger = MemoryLedger(names=POPE_JOAN[:3])
    out, ben, cleo = ledger.players
    game = ledger.game("pope_joan", stake=1, options={"pope_holder_excused": False})
    ledger.record("deal_started", game)
    event = ledger.record("pope_joan_out", game, player=out, cards_left={ben: 3, cleo: 2},
                          pope_held_by=cleo)
    said = ledger.service.sessions.events(ledger.session_id, event["version"] - 1)[0]["said"]
    assert said.endswith("Margaret-Anne took 5 for them, and the Game (1); Cleo held the Pope "
                         "unplayed")
