"""Each game's money rules: record a deal's facts, expect every player's counters and the pool."""

import pytest

from ledger.errors import Conflict, Invalid, NotFound
from tests.unit.memory import MemoryLedger


@pytest.fixture
def ledger():
    return MemoryLedger()


def commerce_deal(ledger, stake=2):
    game = ledger.game("commerce", stake=stake)
    ledger.record("deal_started", game)  # A deals: A pays 4, B, C, D pay 2 each; pool 10
    return game


class TestCommerce:
    def test_ready_money_and_a_stand_won_by_the_stander(self, ledger):
        a, b, c, d = ledger.players
        game = commerce_deal(ledger)
        ledger.record("card_bought", game, buyer=b)  # B pays the dealer A one stake
        ledger.record("commerce_stand", game, stander=c, winner=c, better_hands=[])
        # C takes the pool of 10 and one stake from the dealer
        assert ledger.held() == [-4 + 2 - 2, -2 - 2, -2 + 10 + 2, -2]
        assert ledger.state.pool(game) == 0

    def test_a_beaten_stander_pays_each_better_hand_one_stake(self, ledger):
        a, b, c, d = ledger.players
        game = commerce_deal(ledger)
        ledger.record("commerce_stand", game, stander=b, winner=d, better_hands=[c, d])
        assert ledger.held() == [-4 - 2, -2 - 2 - 2, -2 + 2, -2 + 10 + 2 + 2]

    def test_barter_is_only_with_the_player_on_the_left(self, ledger):
        a, b, c, d = ledger.players
        game = commerce_deal(ledger)
        assert ledger.record("cards_bartered", game, player=d, **{"with": a})["postings"] == []
        with pytest.raises(Conflict):
            ledger.record("cards_bartered", game, player=a, **{"with": c})

    def test_a_stand_naming_an_unknown_or_unseated_player_is_404_or_409(self, ledger):
        """SPEC §6: an unknown player is 404, a player not seated in the game 409."""
        a, b, c, d = ledger.players
        game = ledger.game("commerce", seats=[a, b, c])
        ledger.record("deal_started", game)
        with pytest.raises(NotFound):
            ledger.record("commerce_stand", game, stander=b, winner="outsider",
                          better_hands=["outsider"])
        with pytest.raises(Conflict):
            ledger.record("commerce_stand", game, stander=b, winner=d, better_hands=[d])

    @pytest.mark.parametrize("stand", [
        {"stander": "B", "winner": "C", "better_hands": []},   # nobody better, yet another wins
        {"stander": "B", "winner": "A", "better_hands": ["C"]},  # winner not among better hands
        {"stander": "B", "winner": "B", "better_hands": ["B"]},  # stander beats himself
    ])
    def test_inconsistent_stands_are_refused(self, ledger, stand):
        names = dict(zip("ABCD", ledger.players), X="outsider")
        game = commerce_deal(ledger)
        before = ledger.held()
        with pytest.raises(Invalid):
            ledger.record("commerce_stand", game, stander=names[stand["stander"]],
                          winner=names[stand["winner"]],
                          better_hands=[names[p] for p in stand["better_hands"]])
        assert ledger.held() == before

    def test_a_stand_needs_a_deal(self, ledger):
        a, *_ = ledger.players
        game = ledger.game("commerce")
        with pytest.raises(Conflict):
            ledger.record("commerce_stand", game, stander=a, winner=a, better_hands=[])


class TestSpeculation:
    def test_equal_contributions_sales_and_the_highest_trump_takes_the_pool(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.game("speculation", stake=3)
        ledger.record("deal_started", game)
        assert ledger.held() == [-3, -3, -3, -3]
        ledger.record("card_bought", game, buyer=c, price=5, item="trump")  # from the dealer A
        ledger.record("card_bought", game, buyer=d, seller=b, price=2, item="hand")
        ledger.record("pool_won", game, winners=[c])
        assert ledger.held() == [-3 + 5, -3 + 2, -3 - 5 + 12, -3 - 2]

    def test_the_dealer_may_pay_double_and_knaves_or_fives_pay_a_counter(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.record("game_started", kind="speculation", stake=2, seats=ledger.players,
                             options={"dealer_pays_double": True, "knave_five_fine": True,
                                      "pool_ante": 1})["id"]
        ledger.record("deal_started", game)
        ledger.record("knave_or_five_turned", game, player=b)
        assert ledger.held() == [-2, -2, -1, -1] and ledger.state.pool(game) == 6

    def test_the_knave_fine_needs_its_option(self, ledger):
        game = ledger.game("speculation")
        ledger.record("deal_started", game)  # a card turned up is a fact of a deal's play
        with pytest.raises(Conflict):
            ledger.record("knave_or_five_turned", game, player=ledger.players[0])

    def test_an_extra_hand_holding_a_better_card_carries_the_pool_to_the_next_deal(self, ledger):
        game = ledger.game("speculation", stake=1)
        ledger.record("deal_started", game)
        ledger.record("pool_carried_over", game)
        ledger.record("deal_started", game)
        assert ledger.state.pool(game) == 8  # doubled


class TestBrag:
    def test_the_dealer_antes_and_an_unseen_ante_comes_back_with_a_counter_from_each(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.game("brag", stake=2)
        ledger.record("deal_started", game, ante=5)
        assert ledger.held() == [-5, 0, 0, 0]
        ledger.record("brag_ante_unseen", game)
        assert ledger.held() == [3, -1, -1, -1] and ledger.state.pool(game) == 0
        assert ledger.record("deal_started", game)["postings"][0]["account"] == f"player:{b}"

    def test_a_call_and_the_best_hand_takes_the_pool(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.game("brag", stake=2)
        ledger.record("deal_started", game)
        ledger.record("stake_paid", game, player=b, amount=2)
        ledger.record("stake_paid", game, player=c, amount=4)
        ledger.record("stake_paid", game, player=b, amount=2)
        ledger.record("pool_won", game, winners=[c])
        assert ledger.held() == [-2, -4, 6, 0]

    def test_the_ante_stays_within_the_betting_limit(self, ledger):
        game = ledger.record("game_started", kind="brag", stake=2, seats=ledger.players,
                             options={"betting_limit": 10})["id"]
        with pytest.raises(Conflict):
            ledger.record("deal_started", game, ante=11)
        with pytest.raises(Conflict):
            ledger.record("deal_started", ledger.game("other"), ante=3)

    def test_the_betting_limit_bounds_the_raise_not_the_sum_put_up(self, ledger):
        """Seed 004: each player "must put up an amount equal to the dealer's ante ... He may
        ... raise the ante any further amount within the betting limit. All those following
        him must meet the total sum put up by any individual player, increase it, or pass
        out." A limit of 5 and an ante of 3: 8 in all is a raise of 5, within it."""
        a, b, c, d = ledger.players
        game = ledger.game("brag", stake=3, options={"betting_limit": 5})
        ledger.record("deal_started", game)                  # a deals: 3
        ledger.record("stake_paid", game, player=b, amount=8)  # meets 3, raises 5
        ledger.record("stake_paid", game, player=c, amount=8)  # meets 8
        with pytest.raises(Conflict) as refused:               # meets 8, raises 6
            ledger.record("stake_paid", game, player=d, amount=14)
        assert "data.amount" in refused.value.fields and "5" in refused.value.message
        with pytest.raises(Conflict) as refused:               # short of the 8 put up
            ledger.record("stake_paid", game, player=d, amount=7)
        assert "must meet the 8" in refused.value.message
        ledger.record("stake_paid", game, player=d, amount=13)  # meets 8, raises 5
        ledger.record("stake_paid", game, player=b, amount=5)   # b meets 13 with 5 more
        assert ledger.state.pool(game) == 3 + 8 + 8 + 13 + 5

    def test_an_ante_seen_is_not_unseen(self, ledger):
        """Seed 004: "If no one will see the dealer's ante": once Ben has put it up, it was
        seen; the deal is played out."""
        a, b, c, d = ledger.players
        game = ledger.game("brag", stake=2)
        ledger.record("deal_started", game)
        ledger.record("stake_paid", game, player=b, amount=2)
        with pytest.raises(Conflict) as refused:
            ledger.record("brag_ante_unseen", game)
        assert "saw the ante" in refused.value.message
        assert ledger.state.pool(game) == 4 and ledger.held() == [-2, -2, 0, 0]

    def test_a_bet_belongs_to_a_deal_in_play(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.game("brag")
        with pytest.raises(Conflict):  # before the first deal
            ledger.record("stake_paid", game, player=b, amount=2)
        ledger.record("deal_started", game)
        ledger.record("pool_won", game, winners=[b])
        with pytest.raises(Conflict):  # the pool is won: the deal is over
            ledger.record("stake_paid", game, player=c, amount=2)


class TestJig:
    def test_out_collects_a_counter_per_card_left_and_the_pool(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.record("game_started", kind="jig", stake=1, seats=ledger.players,
                             options={"pool_ante": 1, "dealer_pays": 2})["id"]
        ledger.record("deal_started", game)
        ledger.record("penalty_paid", game, player=d, amount=1, reason="incorrect call")
        ledger.record("jig_out", game, player=b, cards_left={a: 3, c: 0, d: 5})
        assert ledger.held() == [-3 - 3, -1 + 8 + 7, -1, -2 - 5]
        assert ledger.state.pool(game) == 0

    def test_every_other_player_is_counted_and_the_winner_holds_nothing(self, ledger):
        a, b, c, d = ledger.players
        game = ledger.game("snip_snap_snorum")
        ledger.record("deal_started", game)
        with pytest.raises(Conflict):
            ledger.record("jig_out", game, player=b, cards_left={a: 3, c: 1})
        with pytest.raises(Invalid):
            ledger.record("jig_out", game, player=b, cards_left={a: 3, b: 1, c: 1, d: 1})


def test_a_games_own_event_is_refused_in_another_kind(ledger):
    with pytest.raises(Conflict):
        ledger.record("brag_ante_unseen", ledger.game("commerce"))


class TestVingtUn:
    def start(self, ledger, **options):
        return ledger.record("game_started", kind="vingt_un", stake=2, seats=ledger.players,
                             options=options)["id"]

    def test_each_player_pays_the_pool_at_each_deal_and_hands_settle_with_the_dealer(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger, pool_ante=1)
        ledger.record("deal_started", game)
        ledger.record("vingt_un_hand_settled", game, player=b, winner="player")
        ledger.record("vingt_un_hand_settled", game, player=c, winner="dealer")
        ledger.record("vingt_un_hand_settled", game, player=d, winner="player", amount=6)
        assert ledger.held() == [-1 - 2 + 2 - 6, -1 + 2, -1 - 2, -1 + 6]
        assert ledger.state.pool(game) == 4

    def test_doubled_stakes_and_naturals_pay_double(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger)
        ledger.record("deal_started", game)
        ledger.record("stakes_doubled", game)
        ledger.record("vingt_un_hand_settled", game, player=b, winner="dealer")  # 4
        ledger.record("vingt_un_hand_settled", game, player=c, winner="player", natural=True)  # 8
        assert ledger.held() == [4 - 8, -4, 8, 0]
        with pytest.raises(Conflict):
            ledger.record("stakes_doubled", game)

    def test_a_natural_passes_the_deal_and_doubling_ends_with_the_deal(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger)
        ledger.record("deal_started", game)
        ledger.record("stakes_doubled", game)
        ledger.record("vingt_un_hand_settled", game, player=c, winner="player", natural=True)
        deal = ledger.record("deal_started", game)
        assert ledger.record("vingt_un_hand_settled", game, player=a,
                             winner="dealer")["postings"] == [
            {"account": f"player:{a}", "amount": -2}, {"account": f"player:{c}", "amount": 2}]
        assert deal["postings"] == []

    def test_the_dealer_pays_a_part_of_his_tie_receipts_to_the_pool_rounded_down(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger, tie_share="1/3")
        ledger.record("deal_started", game)
        ledger.record("vingt_un_hand_settled", game, player=b, winner="dealer", tie=True, amount=7)
        assert ledger.held() == [7 - 2, -7, 0, 0] and ledger.state.pool(game) == 2
        with pytest.raises(Invalid):
            ledger.record("vingt_un_hand_settled", game, player=c, winner="player", tie=True)

    def test_overdraw_penalty_brulet_and_irregularities(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger, overdraw_penalty=3)
        ledger.record("deal_started", game)
        ledger.record("brulet", game)  # each other player pays the dealer double stakes
        ledger.record("vingt_un_overdrawn", game)
        ledger.record("penalty_paid", game, player=d, amount=1, reason="drew out of turn")
        assert ledger.held() == [12 - 3, -4, -4, -5] and ledger.state.pool(game) == 4

    def test_no_overdraw_penalty_unless_agreed_and_no_settling_with_oneself(self, ledger):
        game = self.start(ledger)
        ledger.record("deal_started", game)
        with pytest.raises(Conflict):
            ledger.record("vingt_un_overdrawn", game)
        with pytest.raises(Conflict):
            ledger.record("vingt_un_hand_settled", game, player=ledger.players[0], winner="player")

    def test_selling_the_deal(self, ledger):
        a, b, c, d = ledger.players
        game = self.start(ledger)
        ledger.record("deal_sold", game, seller=a, buyer=c, price=5)
        ledger.record("deal_started", game)
        postings = ledger.record("brulet", game)["postings"]
        assert {"account": f"player:{c}", "amount": 12} in postings
        assert ledger.held()[:3] == [5 - 4, -4, -5 + 12]
