from ledger.games.dealing import dealing
from ledger.games.record import GameRecord


def game(*facts, seats=("a", "b", "c", "d")):
    return GameRecord(id="g", kind="other", seats=list(seats), stake=1,
                      dealing={str(i): fact for i, fact in enumerate(facts)})


def deal(dealer=None):
    return {"type": "deal_started", **({"dealer": dealer} if dealer else {})}


def sale(seller, buyer):
    return {"type": "deal_sold", "seller": seller, "buyer": buyer}


def test_first_deal_is_seat_zero_and_the_deal_passes_to_the_left():
    assert dealing(game())["next_dealer"] == "a"
    turn = dealing(game(deal(), deal()))
    assert (turn["current_dealer"], turn["next_dealer"]) == ("b", "c")
    assert turn["deals"] == {"a": 1, "b": 1, "c": 0, "d": 0}
    assert turn["equal"] is False


def test_equal_when_the_first_dealers_turn_comes_round_again():
    assert dealing(game(deal(), deal(), deal(), deal()))["equal"] is True


def test_a_sold_turn_is_dealt_by_the_buyer_then_rotation_goes_on_from_the_sellers_left():
    # b sells his coming turn to d: d deals it and is credited; then c, the seat after b.
    turn = dealing(game(deal(), sale("b", "d")))
    assert turn["next_dealer"] == "d"
    turn = dealing(game(deal(), sale("b", "d"), deal()))
    assert turn["current_dealer"] == "d"
    assert turn["next_dealer"] == "c"
    assert turn["deals"] == {"a": 1, "b": 0, "c": 0, "d": 1}
    assert turn["sold_turns"] == []


def test_an_explicit_dealer_takes_the_turn_from_his_own_seat():
    turn = dealing(game(deal(), deal("c")))
    assert (turn["current_dealer"], turn["next_dealer"]) == ("c", "d")


def vingt_un(*facts):
    made = game(*facts)
    made.kind = "vingt_un"
    return made


def keeping(record):
    """Vingt-un's dealing: the dealer keeps the deal until a natural throws him out."""
    return dealing(record, keeps_deal=True)


def natural(player):
    return {"type": "deal_passed", "to": player}


def test_at_vingt_un_the_dealer_keeps_the_deal_until_a_natural_throws_him_out():
    turn = keeping(vingt_un(deal(), deal()))
    assert (turn["current_dealer"], turn["next_dealer"], turn["deals"]["a"]) == ("a", "a", 2)
    turn = keeping(vingt_un(deal(), natural("c")))
    assert turn["next_dealer"] == "c"
    turn = keeping(vingt_un(deal(), natural("c"), deal()))
    assert (turn["current_dealer"], turn["next_dealer"]) == ("c", "c")


def test_a_bought_deal_lost_to_a_natural_goes_where_it_would_have_gone_without_the_sale():
    # a deals; b sells his turn to d; b's natural throws a out: b's turn comes, dealt by the
    # buyer d. Seed 002: "when the buyer loses his turn, the deal reverts to the player who
    # would have had the next turn had there been no sale": a's natural would have thrown
    # out b, so the deal goes to a, not to c on the seller's left.
    turn = keeping(vingt_un(deal(), sale("b", "d"), natural("b"), deal()))
    assert turn["current_dealer"] == "d"
    assert keeping(vingt_un(deal(), sale("b", "d"), natural("b"), deal(), deal()))[
        "current_dealer"] == "d"
    turn = keeping(vingt_un(deal(), sale("b", "d"), natural("b"), deal(), natural("a")))
    assert turn["next_dealer"] == "a"
    turn = keeping(vingt_un(deal(), sale("b", "d"), natural("b"), deal(), natural("c")))
    assert turn["next_dealer"] == "c"


def test_the_first_dealer_may_be_named_at_the_start_then_the_deal_passes_left():
    game_with_cut = game()
    game_with_cut.options = {"first_dealer": "c"}
    assert dealing(game_with_cut)["next_dealer"] == "c"
    game_with_cut = game(deal())
    game_with_cut.options = {"first_dealer": "c"}
    assert (dealing(game_with_cut)["current_dealer"], dealing(game_with_cut)["next_dealer"]) == ("c", "d")
