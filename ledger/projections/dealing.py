"""Dealing: who has dealt how often, who deals now and next (SPEC §5, seed 000)."""


def dealing(game: dict) -> dict:
    """Fold a game's deals and sales of the deal.

    The first deal defaults to seat 0; the turn then passes to the left (the next seat).
    A sold turn is dealt by the buyer, who is credited with the deal; the rotation then
    goes on from the seller's left (seed 002: the deal reverts to the player who would
    have had the next turn). An explicitly named dealer takes the turn from his own seat.
    """
    seats = game["seats"]
    deals = dict.fromkeys(seats, 0)
    turn, dealer, sales = None, None, {}
    for fact in game["dealing"].values():
        if fact["type"] == "deal_sold":
            sales[fact["seller"]] = fact["buyer"]
            continue
        seat = _next_seat(turn, len(seats))
        default = sales.get(seats[seat], seats[seat])
        dealer = fact.get("dealer") or default
        if dealer == default:
            sales.pop(seats[seat], None)
            turn = seat
        else:
            turn = seats.index(dealer)
        deals[dealer] += 1
    holder = seats[_next_seat(turn, len(seats))]
    return {
        "deals": deals,
        "current_dealer": dealer,
        "next_dealer": sales.get(holder, holder),
        "next_turn": holder,
        "equal": len(set(deals.values())) <= 1,
        "sold_turns": [{"seller": s, "buyer": b} for s, b in sales.items()],
    }


def _next_seat(turn: int | None, seat_count: int) -> int:
    return 0 if turn is None else (turn + 1) % seat_count
