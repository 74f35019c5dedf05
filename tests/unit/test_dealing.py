from ledger.projections.dealing import dealing


def game(*facts, seats=("a", "b", "c", "d")):
    return {"seats": list(seats), "dealing": {str(i): fact for i, fact in enumerate(facts)}}


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
