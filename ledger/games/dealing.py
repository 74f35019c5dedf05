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
        "deals": dict(deals),
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
    return dict(dealt), _coming(game.seats, turn, sales, keeps_deal)[1]


def dealers_ahead(game: GameRecord, keeps_deal: bool, ahead: int) -> list[str]:
    """Who deals each of the next `ahead` deals, as the dealing read would say once each is
    dealt by its default dealer: the game's dealing folded on from where it stands."""
    turn, sales, deals, _ = _dealt(game, keeps_deal)
    turn, sales, deals, seats, coming = dict(turn), dict(sales), dict(deals), game.seats, []
    for n in range(ahead):
        coming.append(_coming(seats, turn, sales, keeps_deal)[1])
        _step(seats, keeps_deal, (turn, sales, deals, {}), f"ahead-{n}", {"type": "deal_started"})
    return coming


def _dealt(game: GameRecord, keeps: bool) -> tuple[dict, dict, dict, dict]:
    """Fold the game's dealing facts: the turn as it stands, the turns sold and not yet
    dealt, the deals per player, and each deal's dealer (by its event's id). Kept on the
    record (`GameRecord.kept_since`) and folded on from there with the facts added since:
    each append and each read of the game asks it, most of them with no new dealing fact.
    Read only: `dealing` and `dealers` hand out copies."""
    name = f"_dealt_{keeps}"
    kept, done = game.kept_since(name, of="dealing") or (None, 0)
    if kept is not None and done == len(game.dealing):
        return kept
    seats, first = game.seats, game.options.get("first_dealer")
    turn, sales, deals, dealt = kept or (
        {"seat": None, "dealer": None, "sold": False, "passed_to": None, "doubled": False,
         "first": seats.index(first) if first in seats else 0}, {}, dict.fromkeys(seats, 0), {})
    folded = dict(turn), dict(sales), dict(deals), dict(dealt)  # (what is kept stays as read)
    for event_id, fact in game.since(done, of="dealing"):
        _step(seats, keeps, folded, event_id, fact)
    return game.keep(name, folded, of="dealing")


def _step(seats: list[str], keeps: bool, folded: tuple[dict, dict, dict, dict], event_id: str,
          fact: dict) -> None:
    """One dealing fact folded into (the turn, the sales, the deals per player, the dealers)."""
    turn, sales, deals, dealt = folded
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
