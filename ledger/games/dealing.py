"""Dealing: who has dealt how often, who deals now and next (SPEC §5, seeds 000, 002). A
game declares its policy: the deal passes to the left after every deal, or (Vingt-un, seed
002) the dealer keeps it until a player's natural throws him out."""

from ledger.games.record import GameRecord


def dealing(game: GameRecord, keeps_deal: bool = False) -> dict:
    """Fold a game's deals, sales of the deal, naturals passing the deal and doubled stakes.

    The first deal defaults to seat 0 (or the `first_dealer` option); the turn then passes to the left (the next seat).
    A sold turn is dealt by the buyer, who is credited with the deal; when he loses it the
    deal reverts to the player who would have had the next turn (seed 002), i.e. the
    rotation goes on from the seller's left. An explicitly named dealer takes the turn from
    his own seat. Where the dealer keeps the deal, a natural passes it to the player who held
    it, a bought deal too: had there been no sale, the natural would have thrown out the
    seller and the deal gone to that player (seed 002).
    """
    seats = game.seats
    turn, sales, deals, _ = _dealt(game, keeps_deal)
    seat, next_dealer, _ = _coming(seats, turn, sales, keeps_deal)
    return {
        "deal": game.deal,  # the deal in progress, by number (0 before the first)
        "settled": sorted(game.settled),
        "deals": deals,
        "current_dealer": turn["dealer"],
        "next_dealer": next_dealer,
        "next_turn": seats[seat],
        "equal": len(set(deals.values())) <= 1,
        "sold_turns": [{"seller": s, "buyer": b} for s, b in sales.items()],
        "stakes_doubled": turn["doubled"],
    }


def dealers(game: GameRecord, keeps_deal: bool = False) -> tuple[dict[str, str], str]:
    """Who dealt each deal, by its `deal_started` event's id, as `dealing` counts them, and
    who deals the next."""
    turn, sales, _, dealt = _dealt(game, keeps_deal)
    return dealt, _coming(game.seats, turn, sales, keeps_deal)[1]


def _dealt(game: GameRecord, keeps: bool) -> tuple[dict, dict, dict, dict]:
    """Fold the game's dealing facts: the turn as it stands, the turns sold and not yet
    dealt, the deals per player, and each deal's dealer (by its event's id)."""
    seats = game.seats
    deals = dict.fromkeys(seats, 0)
    first = game.options.get("first_dealer")
    turn = {"seat": None, "dealer": None, "sold": False, "passed_to": None, "doubled": False,
            "first": seats.index(first) if first in seats else 0}
    sales: dict[str, str] = {}
    dealt: dict[str, str] = {}
    for event_id, fact in game.dealing.items():
        kind = fact["type"]
        if kind == "deal_sold":
            sales[fact["seller"]] = fact["buyer"]
        elif kind == "stakes_doubled":
            turn["doubled"] = True
        elif kind == "deal_passed":
            turn["passed_to"] = turn["passed_to"] or fact["to"]
        else:
            seat, default, sold = _coming(seats, turn, sales, keeps)
            dealer = fact.get("dealer") or default
            if dealer == default:
                turn.update(seat=seat, sold=sold)
                if sold and seats[seat] in sales:
                    del sales[seats[seat]]
            else:
                turn.update(seat=seats.index(dealer), sold=False)
            turn.update(dealer=dealer, passed_to=None, doubled=False)
            deals[dealer] += 1
            dealt[event_id] = dealer
    return turn, sales, deals, dealt


def _coming(seats: list[str], turn: dict, sales: dict, keeps: bool) -> tuple[int, str, bool]:
    """(turn seat, default dealer, whether that is a sold turn) for the next deal."""
    if keeps and turn["dealer"] is not None and turn["passed_to"] is None:
        return turn["seat"], turn["dealer"], turn["sold"]
    if keeps and turn["passed_to"] is not None:
        holder = turn["passed_to"]  # his turn now; if he sold it, the buyer deals it
        return seats.index(holder), sales.get(holder, holder), holder in sales
    seat = (turn["first"] if turn["seat"] is None else (turn["seat"] + 1)) % len(seats)
    holder = seats[seat]
    return seat, sales.get(holder, holder), holder in sales
