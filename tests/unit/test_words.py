"""The log in words, walked over the whole catalogue: every fact of every registered game (and
the shared facts, and the session's own) drawn from the examples the game modules declare,
recorded through the service, and read back with its sentence (`said`, as the events read
answers it). Each sentence names every player its data mentions (and whoever it paid), says
the numbers and the choices of its data, holds no id, no field's name and nothing of
Python's, and says more than the fact's bare label; the journal says the same. A game that
declares a fact without its words is refused as it is declared."""

import os
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.errors import LedgerError
from ledger.events.fields import EventData, Ref
from ledger.games import generic
from ledger.games.base import Game
from ledger.games.shared_words import SHARED
from ledger.projections import exports, words
from ledger.projections.words import Words
from tests.strategies import kinds
from tests.unit.languages import check_languages
from tests.unit.memory import MemoryLedger
from tests.unit.test_fold_properties import two_games, view_of

NAMES = ["Ann", "Ben", "Cleo", "Dot"]
TABLES = ["Oak", "Elm"]
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
UNSAID = ("_", "{", "}", "[", "]", "None", "True", "False")
HOLDINGS = {"great_cassino": "Great Cassino", "little_cassino": "Little Cassino"}
# data a sentence need not repeat, and why
BESIDE_THE_POINT = {
    ("vingt_un_hand_settled", "winner"),  # said as who beat whom ("Ann beat Ben, the dealer")
    ("event_voided", "event_id"),  # the undone event is told in full instead
}
# facts a random evening seldom reaches, each said in a test of its own below (by `check`)
SAID_APART = {"progressive_rebuy": "test_progressive_poker_says_pots_bells_and_rebuys"}
EXAMPLES = os.environ.get("WORDS_EXAMPLES")  # more, and at random, when asked for
SETTINGS = settings(max_examples=int(EXAMPLES or 20), deadline=None, derandomize=not EXAMPLES,
                    database=None,
                    suppress_health_check=list(HealthCheck))


def evening(data, kind: str, said: dict) -> MemoryLedger:
    """An evening of one game of `kind` (and another game beside it), its facts drawn from
    the games' examples, deals, voids and payments between them, each fact's sentence checked
    as it is recorded and all of them again at the end (voids renumber deals)."""
    ledger = MemoryLedger(names=NAMES)
    tables = [ledger.record("table_added", name=name, rank=n)["id"] for n, name in enumerate(TABLES, 1)]
    first, second, drawn = two_games(data, ledger, kind, tables)
    starts = ["deal_started"] * 4 if games.GAMES[kind].deals else []
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        move = data.draw(st.sampled_from(["first"] * 8 + ["second", "undo", "payment"]))
        try:
            if move == "undo":
                last = ledger.log[-1]
                ledger.record("event_voided", event_id=last["id"], reason="recorded by mistake")
            elif move == "payment":
                pay(ledger)
            else:
                game_id = first if move == "first" else second
                fact_type = data.draw(st.sampled_from(sorted(drawn[game_id]) + starts))
                fact = data.draw(drawn[game_id][fact_type](view_of(ledger, game_id, tables)))
                ledger.record(fact_type, game_id, **fact)
        except LedgerError:
            continue
        event = read(ledger, ledger.log[-1]["version"] - 1)[0]
        check(ledger, event)
        said[event["type"]] = said.get(event["type"], 0) + 1
    strict = Words(ledger.state, strict=True)  # a sentence that fails raises here
    for event in read(ledger, 0):
        check(ledger, event)
        assert strict.say(event) == event["said"]
    return ledger


def pay(ledger: MemoryLedger) -> None:
    held = dict(zip(ledger.players, ledger.held()))
    payer, payee = min(held, key=held.get), max(held, key=held.get)
    ledger.record("payment_made", **{"from": payer, "to": payee, "amount": 1, "note": "cash"})


def read(ledger: MemoryLedger, after: int) -> list[dict]:
    """The events read as the API answers it."""
    return ledger.service.sessions.events(ledger.session_id, after)


def check(ledger: MemoryLedger, event: dict) -> None:
    said, state = event["said"], ledger.state
    named = {**{pid: p.name for pid, p in state.players.items()},
             **{tid: t.name for tid, t in state.tables.items()},
             **{gid: games.of(g).title for gid, g in state.games.items()}}
    assert not UUID.search(said), said
    assert not [raw for raw in UNSAID if raw in said], said
    game = state.games.get(event["game_id"] or "")
    ids, numbers, words = mentioned(event, named, game.options if game else {})
    for found in ids:
        assert named[found] in said, (event["type"], event["data"], said)
    for posting in event["postings"] if event["type"] != "event_voided" else ():  # who won what
        if posting["amount"] > 0 and posting["account"].startswith("player:"):
            assert named[posting["account"][7:]] in said, (event, said)
    for number in numbers:
        assert re.search(rf"(?<![\d.]){number}(?![\d])", said), (number, event["data"], said)
    for word in words:
        assert word.lower() in said.lower(), (word, event["data"], said)
    if event["postings"]:
        assert re.search(r"\d", said), said
    if event["type"] == "event_voided":  # it tells the event it undid, checked as that one
        return
    clause = said.rsplit(" · ", 1)[-1]
    assert clause.lower() not in bare_labels(event["type"]), said
    if event["data"] or event["postings"]:  # it says what: a number, a name, a choice
        assert (re.search(r"\d", clause) or any(name in clause for name in named.values())
                or any(word.lower() in clause.lower() for word in words)), said


def mentioned(event: dict, named: dict, options: dict) -> tuple[set, list[int], list[str]]:
    """What of the event's data its sentence must say: the players and tables (by id), the
    numbers, and the words (choices and text typed), as `check` looks for them."""
    ids, numbers, words = set(), [], []
    data = dict(event["data"])
    for key in [k for k in data if (event["type"], k) in BESIDE_THE_POINT]:
        del data[key]
    if event["type"] == "trump_turned_up" and not (
            data["card"] == "pope" and options["pope_turned_up"] == "pope_game_and_cards"):
        data.pop("cards_dealt", None)  # counted only when the Pope ends the deal
    if event["type"] == "game_started":  # options at their defaults go unsaid
        numbers.append(data["stake"])
        data = {"seats": data["seats"], "options": data["options"]}
    elif event["type"] == "session_created":
        value = data.pop("counter_value")
        words.append(f"{value // 100}.{value % 100:02d}")

    def walk(value, key=None):
        if isinstance(value, dict):
            for inner_key, inner in value.items():
                if inner_key in named:
                    ids.add(inner_key)
                walk(inner, inner_key)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, key)
        elif key in HOLDINGS:
            words.extend([HOLDINGS[key]] if value else [])
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            numbers.extend([value] if value > 0 and event["type"] != "game_started" else [])
        elif value in named:
            ids.add(value)
        elif isinstance(value, str) and event["type"] != "game_started":
            words.append(value.replace("_", " "))
    walk(data)
    return ids, numbers, words


def bare_labels(event_type: str) -> set[str]:
    labels = {event_type.replace("_", " ")}
    for game in games.GAMES.values():
        labels |= {b.label.lower() for b in game.page if b.type == event_type}
    return labels


@pytest.mark.parametrize("kind", kinds())
def test_every_fact_of_every_game_is_said_in_the_table_s_words(kind):
    said: dict[str, int] = {}

    @SETTINGS
    @given(data=st.data())
    def evenings(data):
        ledger = evening(data, kind, said)
        check_journal(ledger)

    evenings()
    game = games.GAMES[kind]
    unsaid = sorted({*game.facts, *game.generic} - set(said) - set(SAID_APART))
    assert not unsaid, f"{kind}: never recorded, so never said: {unsaid}"
    assert {"event_voided", "payment_made"} <= set(said)


def check_journal(ledger: MemoryLedger) -> None:
    """The journal says what the events read says, an event undone marked as such; and every
    sentence is said in the other languages too (`check_languages`)."""
    state = ledger.state
    rows = list(exports.journal(ledger.log, Words(state), frozenset(state.voided)))
    said = {e["id"]: e["said"] for e in read(ledger, 0)}
    for row in rows:
        undone = " (undone)" if row[3] in state.voided else ""
        assert row[9] == said[row[3]] + undone
    check_languages(ledger)


def test_the_session_s_own_facts_are_said_too():
    ledger = MemoryLedger(names=NAMES)
    oak = ledger.record("table_added", name="Oak", rank=1)["id"]
    ann, ben, cleo, dot = ledger.players
    game = ledger.record("game_started", kind="cassino", stake=2, seats=[ann, ben, cleo, dot],
                         table_id=oak, options={"partnerships": [[ann, cleo], [ben, dot]],
                                                "target": 15})["id"]
    said = [e["said"] for e in read(ledger, 0)]
    assert said[:2] == ["Evening Test evening opened, a counter worth 0.05 GBP", "Ann joined"]
    assert said[5] == "A table set up: Oak, rank 1"
    assert said[6] == ("Cassino started at a stake of 2: Ann, Ben, Cleo and Dot, at Oak "
                       "(partnerships Ann and Cleo against Ben and Dot, target 15)")
    assert game and all(not UUID.search(s) for s in said)


def test_a_deal_undone_takes_no_number_and_a_void_tells_what_it_undid():
    ledger = MemoryLedger(names=NAMES)
    ann, ben, cleo, dot = ledger.players
    game = ledger.game("vingt_un")
    first = ledger.record("deal_started", game, dealer=ann)
    ledger.record("deal_started", game, dealer=ben)
    ledger.record("vingt_un_hand_settled", game, player=cleo, winner="player", natural=True)
    ledger.record("event_voided", event_id=first["id"], reason="a misdeal")
    said = [e["said"] for e in read(ledger, 6)]
    assert said == [
        "Vingt-un · Deal 1 · Ann dealt",
        "Vingt-un · Deal 1 · Ben dealt",  # the first deal undone: this one is the first now
        "Vingt-un · Deal 1 · Cleo beat Ben, the dealer, with a natural: Ben paid Cleo 4",
        "Undo: Vingt-un · Deal 1 · Ann dealt — a misdeal"]
    assert [e["said"] for e in read(ledger, 9)] == [said[-1]]  # the undone event read apart


def test_cassino_says_what_each_took_what_each_side_scores_and_who_won():
    ledger = MemoryLedger(names=NAMES)
    ann, ben = ledger.players[:2]
    game = ledger.game("cassino", seats=[ann, ben], options={"target": 3})
    ledger.record("deal_started", game)
    ledger.record("cassino_deal_counted", game, counts={
        ann: {"cards": 20, "spades": 5, "aces": 0, "great_cassino": 1, "little_cassino": 0, "sweeps": 1},
        ben: {"cards": 32, "spades": 8, "aces": 4, "great_cassino": 0, "little_cassino": 1, "sweeps": 2}})
    assert read(ledger, 7)[-1]["said"] == (
        "Cassino · Deal 1 · Counted: Ann 20 cards, 5 spades, 1 sweep and Great Cassino; Ben 32 "
        "cards, 8 spades, 4 aces, 2 sweeps and Little Cassino; Ben scores 8; Ben won the game "
        "8–0; Ann paid Ben 2 for the game")


def test_pope_joan_names_its_compartments_and_who_took_them():
    ledger = MemoryLedger(names=NAMES)
    ann, ben, cleo, dot = ledger.players
    game = ledger.game("pope_joan", stake=1)
    ledger.record("deal_started", game)
    ledger.record("compartment_won", game, compartment="matrimony", player=cleo)
    ledger.record("trump_turned_up", game, card="pope", cards_dealt={ben: 13, cleo: 13, dot: 0})
    said = [e["said"] for e in read(ledger, 6)]
    assert said == [
        "Pope Joan · Deal 1 · Ann dealt and dressed the board with 15",
        "Pope Joan · Deal 1 · Cleo won Matrimony (2)",
        "Pope Joan · Deal 1 · Ann turned up the Pope (the nine of diamonds) and took the Pope "
        "(6) and the Game (1), and a counter a card dealt: Ben 13, Cleo 13, Dot 0 (26 in all); "
        "the deal ends"]


def test_progressive_poker_says_pots_bells_and_rebuys():
    ledger = MemoryLedger(names=NAMES)
    oak, elm = (ledger.record("table_added", name=name, rank=n)["id"] for n, name in enumerate(TABLES, 1))
    ann, ben, cleo, dot = ledger.players
    game = ledger.game("progressive_poker", options={"starting_counters": 3, "tables": [
        {"table_id": oak, "seats": [ann, cleo]}, {"table_id": elm, "seats": [ben, dot]}]})
    ledger.record("progressive_pot_won", game, table_id=elm, winner=ben, contributions={ben: 1, dot: 3})
    ledger.record("progressive_rebuy", game, player=dot)
    ledger.record("progressive_pot_won", game, table_id=oak, winner=ann, callers=[cleo],
                  contributions={ann: 2, cleo: 2})
    ledger.record("progressive_round_ended", game, cuts={cleo: 1})
    events = read(ledger, 8)
    for event in events:
        check(ledger, event)
    assert [e["said"] for e in events] == [
        "Progressive Poker · At Elm, Ben won a pot of 4 (put in: Ben 1, Dot 3)",
        "Progressive Poker · Dot took a fresh stake of 3 from the banker",
        "Progressive Poker · At Oak, Ann won a pot of 4 (put in: Ann 2, Cleo 2); Cleo called",
        "Progressive Poker · The bell: round 1 ended; Ann won the head table's pot and a yellow "
        "chip; Cleo went down to Elm; Ben moved up to Oak (cuts: Cleo 1)"]


def test_every_shared_fact_and_every_fact_of_the_session_has_words():
    assert set(generic.FACTS) <= set(SHARED)
    catalogue = games.catalogue()
    assert {*catalogue.session_types, "event_voided"} <= set(words.SESSION)


class Snap(EventData):
    player = Ref(required=True)


def test_a_game_declared_with_a_fact_and_no_words_is_refused():
    with pytest.raises(TypeError, match="snap records snap_called without words"):
        Game(kind="snap", title="Snap", book="(a toy)", seats=range(2, 9),
             options=EventData, facts={"snap_called": Snap})
    told = Game(kind="snap", title="Snap", book="(a toy)", seats=range(2, 9), options=EventData,
                facts={"snap_called": Snap},
                words={"snap_called": lambda t: f"{t.name(t.data['player'])} called Snap"})
    with pytest.raises(TypeError, match="snap records snap_called without words"):
        replace(told, words={})
