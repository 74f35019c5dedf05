"""Cassino: whole-deal validation, points, scoring modes, target and winner (seed 001)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import Conflict, Invalid, NotFound
from ledger.games.cassino.scores import raw_points, scored_points, scores
from tests.unit.memory import MemoryLedger


def count(cards=0, spades=0, aces=0, great=0, little=0, sweeps=0):
    return {"cards": cards, "spades": spades, "aces": aces, "great_cassino": great,
            "little_cassino": little, "sweeps": sweeps}


def cassino(ledger, players=None, **options):
    return ledger.record("game_started", kind="cassino", stake=1,
                         seats=players or ledger.players, options=options)["id"]


def counted(ledger, game, counts):
    """A deal's counts, dealt first unless a deal is waiting for its count (every deal is
    counted, and the next deal waits for the count)."""
    deals = ledger.state.games[game].deals  # deal id -> what of it is settled
    if not deals or deals[next(reversed(deals))]:
        ledger.record("deal_started", game)
    return ledger.record("cassino_deal_counted", game, counts=counts)


def deal_for(players, pack=52):
    """Owners of each card, dealt round: card 0 is the ace of spades, the spades come first,
    aces every quarter of the pack, the 2♠ second, the 10♦ in the third quarter."""
    return [players[i % len(players)] for i in range(pack)]


def counts_of(owners, sweeps, pack=52):
    suit = pack // 4
    aces, great, little = {0, suit, 2 * suit, 3 * suit}, 2 * suit + (9 if pack == 52 else 3), 1
    counts = {p: count() for p in dict.fromkeys(owners)}
    for card, owner in enumerate(owners):
        c = counts[owner]
        c["cards"] += 1
        c["spades"] += card < suit
        c["aces"] += card in aces
        c["great_cassino"] += card == great
        c["little_cassino"] += card == little and pack == 52
    for player, n in sweeps.items():
        counts[player]["sweeps"] = n
    return counts


def test_the_books_deduction_examples_come_out_exactly():
    assert scored_points([1, 2, 3, 5], deduct=True) == [0, 1, 2, 4]
    assert scored_points([2, 2, 2, 5], deduct=True) == [0, 0, 0, 3]
    assert scored_points([1, 2, 3, 5], deduct=False) == [1, 2, 3, 5]


def test_two_sides_score_only_the_difference():
    assert scored_points([7, 4], deduct=False) == [3, 0]
    assert scored_points([5, 5], deduct=False) == [0, 0]


def test_points_and_ties_for_most_cards_or_spades_score_nobody():
    a = count(cards=30, spades=7, aces=3, great=1, little=0, sweeps=2)
    b = count(cards=22, spades=6, aces=1, great=0, little=1, sweeps=1)
    assert raw_points([a, b]) == [2 + 3 + 1 + 3 + 2, 1 + 1 + 1]
    tied = [count(cards=26, spades=6, aces=2, great=1, sweeps=1),
            count(cards=26, spades=7, aces=2, little=1)]
    assert raw_points(tied) == [2 + 2 + 1, 1 + 1 + 2]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_random_possible_deals_are_accepted_and_score_11_plus_sweeps_less_tied_majorities(data):
    n = data.draw(st.integers(2, 6))
    pack = data.draw(st.sampled_from([52, 32]))
    ledger = MemoryLedger(players=n)
    game = cassino(ledger, pack=pack)
    owners = data.draw(st.lists(st.sampled_from(ledger.players), min_size=pack, max_size=pack))
    takers = sorted(set(owners))  # only a player who took cards can have swept
    sweeps = data.draw(st.dictionaries(st.sampled_from(takers), st.integers(0, 5),
                                       min_size=1).filter(lambda s: sum(s.values()) > 0))
    counts = counts_of(owners, sweeps, pack)
    for player in ledger.players:
        counts.setdefault(player, count())
    counted(ledger, game, counts)
    raw = scores(ledger.state.games[game])["deals"][0]["raw"]
    unique = {field: [c[field] for c in counts.values()].count(
        max(c[field] for c in counts.values())) == 1 for field in ("cards", "spades")}
    expected = 11 - (pack == 32) + sum(sweeps.values()) - 3 * (not unique["cards"]) \
        - (not unique["spades"])
    assert sum(raw.values()) == expected


@pytest.mark.parametrize("change, field", [
    (lambda c, a, b: c[a].update(cards=c[a]["cards"] + 1), "data.counts.cards"),
    (lambda c, a, b: c[b].update(spades=c[b]["spades"] + 1, cards=c[b]["cards"] + 0), "data.counts.spades"),
    (lambda c, a, b: [c[p].update(great_cassino=1) for p in c], "data.counts.great_cassino"),
    (lambda c, a, b: c[a].update(aces=c[a]["aces"] - 1), "data.counts.aces"),
    (lambda c, a, b: [c[p].update(sweeps=0) for p in c], "data.counts.sweeps"),
    (lambda c, a, b: c.pop(b), "data.counts"),
])
def test_impossible_counts_are_refused(change, field):
    ledger = MemoryLedger(players=2)
    a, b = ledger.players
    game = cassino(ledger)
    counts = counts_of(deal_for([a, b]), {a: 1})
    change(counts, a, b)
    with pytest.raises(Conflict) as refused:
        counted(ledger, game, counts)
    assert field in refused.value.fields
    assert scores(ledger.state.games[game])["deals"] == []


def test_nobody_holds_more_spades_or_aces_than_cards_and_the_32_pack_has_no_little_cassino():
    ledger = MemoryLedger(players=2)
    a, b = ledger.players
    game = cassino(ledger)
    counts = {a: count(cards=52, spades=12, aces=4, great=1, little=1, sweeps=1),
              b: count(cards=0, spades=1)}
    with pytest.raises(Invalid):
        counted(ledger, game, counts)
    small = cassino(ledger, pack=32)
    counts = counts_of(deal_for([a, b], 32), {a: 1}, 32)
    counts[a]["little_cassino"] = 1
    with pytest.raises(Conflict):
        counted(ledger, small, counts)


def test_partners_sit_opposite_and_carry_the_same_total():
    ledger = MemoryLedger()
    a, b, c, d = ledger.players
    with pytest.raises(Invalid):
        cassino(ledger, partnerships=[[a, b], [c, d]])
    game = cassino(ledger, partnerships=[[a, c], [b, d]])
    counts = counts_of([a] * 30 + [b] * 10 + [c] * 12, {c: 2})  # a and c hold 42 of 52
    counted(ledger, game, {**{d: count()}, **counts})
    result = scores(ledger.state.games[game])
    assert result["totals"][a] == result["totals"][c] > 0
    assert result["totals"][b] == result["totals"][d] == 0


def test_the_first_to_reach_the_target_wins_and_the_game_then_refuses_counts():
    ledger = MemoryLedger(players=2)
    a, b = ledger.players
    game = cassino(ledger, target=11)
    sweep_deal = counts_of([a] * 52, {a: 1})  # a takes everything: 12 raw, b 0: a scores 12
    counted(ledger, game, {b: count(), **sweep_deal})
    assert scores(ledger.state.games[game])["winner"] == a
    with pytest.raises(Conflict):
        counted(ledger, game, {b: count(), **sweep_deal})


def test_several_reaching_the_target_together_the_higher_wins_and_a_tie_plays_on():
    ledger = MemoryLedger(players=3)
    a, b, c = ledger.players
    tie = cassino(ledger, target=5)
    level = {a: count(cards=20, spades=6, aces=2, great=1, sweeps=2),        # 2 + 2 + 2 = 6
             b: count(cards=20, spades=6, aces=2, little=1, sweeps=3),       # 1 + 2 + 3 = 6
             c: count(cards=12, spades=1)}                                   # cards, spades tied
    counted(ledger, tie, level)
    assert scores(ledger.state.games[tie])["totals"] == {a: 6, b: 6, c: 0}
    assert scores(ledger.state.games[tie])["winner"] is None  # an exact tie plays on
    ahead = cassino(ledger, target=5)
    apart = {**level, a: count(cards=20, spades=7, aces=2, great=1, sweeps=2),
             c: count(cards=12)}                                             # a: most spades
    counted(ledger, ahead, apart)
    assert scores(ledger.state.games[ahead])["totals"] == {a: 7, b: 6, c: 0}
    assert scores(ledger.state.games[ahead])["winner"] == a


def test_a_voided_count_leaves_the_scores():
    ledger = MemoryLedger(players=2)
    a, b = ledger.players
    game = cassino(ledger, target=50)
    event = counted(ledger, game, counts_of(deal_for([a, b]), {a: 1}))
    ledger.record("event_voided", event_id=event["id"], reason="miscounted")
    assert scores(ledger.state.games[game])["deals"] == []
    assert scores(ledger.state.games[game])["totals"] == {a: 0, b: 0}


# ---- a deal taken: who took what scores, a tap a thing

def taken(ledger, game, **data):
    ledger.record("deal_started", game)
    return ledger.record("cassino_deal_taken", game, **data)


@settings(max_examples=60, deadline=None)
@given(owners=st.lists(st.integers(0, 2), min_size=52, max_size=52),
       sweeps=st.lists(st.integers(0, 2), min_size=1, max_size=4))
def test_a_deal_taken_scores_as_the_same_deal_counted(owners, sweeps):
    """Whatever the cards: naming who took most cards and spades (a tie: nobody), the two
    Cassinos, the aces and the sweeps scores as counting the whole deal does."""
    ledger = MemoryLedger(players=3)
    players = ledger.players
    counts = counts_of([players[i] for i in owners], {players[i]: sweeps.count(i) for i in set(sweeps)})
    for p in players:
        counts.setdefault(p, count())

    def most(field):
        values = [counts[p][field] for p in players]
        return players[values.index(max(values))] if values.count(max(values)) == 1 else None

    a, b = cassino(ledger, target=99), cassino(ledger, target=99)
    counted(ledger, a, counts)
    taken(ledger, b, most_cards=most("cards"), most_spades=most("spades"),
          great_cassino=next(p for p in players if counts[p]["great_cassino"]),
          little_cassino=next(p for p in players if counts[p]["little_cassino"]),
          aces={p: counts[p]["aces"] for p in players if counts[p]["aces"]},
          sweeps={p: counts[p]["sweeps"] for p in players if counts[p]["sweeps"]})
    games = ledger.state.games
    assert scores(games[b])["totals"] == scores(games[a])["totals"]
    assert scores(games[b])["deals"][0]["raw"] == scores(games[a])["deals"][0]["raw"]


@pytest.mark.parametrize("change, field, refusal", [
    ({"aces": {0: 3}}, "data.aces", Invalid),                      # four aces in all
    ({"little_cassino": None}, "data.little_cassino", Conflict),   # this game's pack has the 2♠
    ({"sweeps": {}}, "data.sweeps", Conflict),                     # its last take scores a sweep
])
def test_a_deal_taken_that_cannot_be_is_refused_naming_its_field(change, field, refusal):
    ledger = MemoryLedger(players=2)
    p = ledger.players
    data = {"most_cards": p[0], "most_spades": None, "great_cassino": p[1],
            "little_cassino": p[0], "aces": {p[0]: 2, p[1]: 2}, "sweeps": {p[1]: 1}}
    for key, value in change.items():
        data[key] = {p[k]: n for k, n in value.items()} if isinstance(value, dict) else value
    game = cassino(ledger)
    with pytest.raises(refusal) as refused:
        taken(ledger, game, **data)
    assert field in refused.value.fields
    assert "cassino_deal_taken" not in [e["type"] for e in ledger.log]


@pytest.mark.parametrize("fact", ["taken", "counted"])
@pytest.mark.parametrize("who, refusal", [("Stranger", Conflict), ("no-such-player", NotFound)])
def test_a_deal_naming_a_player_not_seated_is_a_conflict_and_one_of_nobody_not_found(
        fact, who, refusal):
    """Whether a player sits at the game is the session's state (409); a key or a reference
    that names nobody is an unknown player (404), a map's key as any other reference."""
    ledger = MemoryLedger(players=2)
    p = ledger.players
    outsider = ledger.record("player_added", name=who)["id"] if who == "Stranger" else who
    game = cassino(ledger)
    with pytest.raises(refusal) as refused:
        if fact == "taken":
            taken(ledger, game, most_cards=p[0], most_spades=None, great_cassino=outsider,
                  little_cassino=p[0], aces={p[0]: 2, p[1]: 2}, sweeps={p[1]: 1})
        else:
            counted(ledger, game, {**counts_of(deal_for(p), {p[0]: 1}), outsider: count()})
    assert set(refused.value.fields) == {"data.great_cassino" if fact == "taken" else "data.counts"}
    assert not [e for e in ledger.log if e["type"].startswith("cassino_deal")]


def test_a_32_card_pack_has_no_little_cassino_and_a_deal_is_settled_once():
    ledger = MemoryLedger(players=2)
    p = ledger.players
    game = cassino(ledger, pack=32)
    data = {"great_cassino": p[1], "aces": {p[0]: 4}, "sweeps": {p[0]: 1}}
    with pytest.raises(Conflict):
        taken(ledger, game, little_cassino=p[0], **data)
    ledger.record("cassino_deal_taken", game, **data)  # the deal refused above is still open
    assert scores(ledger.state.games[game])["totals"] == {p[0]: 5 - 2, p[1]: 0}
    with pytest.raises(Conflict):
        ledger.record("cassino_deal_counted", game, counts={})  # the count is settled
