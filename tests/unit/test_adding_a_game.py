"""The README's recipe for adding a game, proved: a game declared in one module (here, in this
test), its line in the registry and its examples are all it takes for the service to record
it and for the property tests that walk the registry to exercise it (its words too); a game
registered without examples fails them loudly, and one declared without words is refused."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import games
from ledger.events.fields import EventData, Ref
from ledger.games import generic, kit
from ledger.games.base import Examples, Game
from ledger.games.life import DealLife, once, when_settled
from ledger.games.page import Button, Field
from tests.strategies import Incomplete, examples_of, kinds
from tests.unit import test_deal_life, test_fold_properties, test_words


# --- the recipe's module: Pig (a toy) ---------------------------------------------------------
class PigOptions(EventData):
    pass


class PigWon(EventData):
    winner = Ref(required=True)


def deal_started(game, data):  # each seat antes one stake into the pool
    generic.dealer(game, data)  # the dealer named, or the next in turn
    return kit.antes(game, game.stake)


def pig_won(game, data):  # the best hand takes the pool
    return kit.pool_taken(game, game.seated("data.winner", data["winner"]))


def won_told(told):  # how the log says it: who won, and what the pool held
    winner = told.data["winner"]
    return f"{told.name(winner)} won the pool of {told.pays(None, winner, told.from_pool())}"


def examples(st):
    return Examples(options=st.just({}), facts={
        "pig_won": lambda t: st.sampled_from(t.seats).map(lambda p: {"winner": p})})


GAME = Game(
    kind="pig", title="Pig", book="(a toy)", seats=range(2, 9),
    options=PigOptions, facts={"pig_won": PigWon},
    rules={"deal_started": deal_started, "pig_won": pig_won},
    generic=frozenset({"deal_started", "penalty_paid"}),
    life=DealLife(settles={"pig_won": once("the pool")}, ends=when_settled("the pool")),
    page=(generic.DEAL, Button("Won", "pig_won", (Field("winner", "player"),), quick=True,
                               said="{winner} won the pool")),
    words={"pig_won": won_told},
    examples=examples,
)
# ----------------------------------------------------------------------------------------------


@pytest.fixture
def pig():
    games.register(GAME)
    yield GAME
    games.unregister(GAME.kind)


RUN = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck),
               database=None)


def test_a_registered_game_is_recorded_and_exercised_by_the_property_tests(pig):
    assert "pig" in kinds() and "pig_won" in games.catalogue().schemas
    accepted: dict[str, int] = {}

    @RUN
    @given(data=st.data())
    def an_evening_of_pig(data):
        ledger = test_fold_properties.play(data, "pig", accepted)
        test_fold_properties.check_rebuilt(ledger, data.draw(st.integers(0, 40)))
        test_fold_properties.check_voids(ledger)

    an_evening_of_pig()
    assert accepted.get("pig_won", 0) > 0 and accepted.get("deal_started", 0) > 0


def test_its_deal_life_is_tested_from_its_declaration(pig):
    for test in (test_deal_life.test_nothing_of_a_deal_before_the_first_deal,
                 test_deal_life.test_nothing_of_a_deal_once_it_has_ended_and_its_void_reopens_it,
                 test_deal_life.test_what_is_due_is_what_the_rules_accept):
        for_pig(test.hypothesis.inner_test)()  # the generated test, run for the new kind


def for_pig(inner):
    @RUN
    @given(data=st.data())
    def run(data):
        inner("pig", data)
    return run


def test_its_facts_are_said_by_the_walk_over_the_catalogue(pig):
    test_words.test_every_fact_of_every_game_is_said_in_the_table_s_words("pig")


def test_a_game_declared_without_its_words_is_refused():
    with pytest.raises(TypeError, match="pig records pig_won without words"):
        replace(GAME, words={})


def test_a_game_registered_without_examples_fails_loudly(pig):
    with pytest.raises(Incomplete, match="pig is registered without examples"):
        examples_of(replace(GAME, examples=None))
    with pytest.raises(Incomplete, match="pig records pig_won without examples"):
        examples_of(replace(GAME, examples=lambda st: Examples(options=st.just({}))))
