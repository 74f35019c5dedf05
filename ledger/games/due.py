"""What is due next in a game, derived from its deal's life (`ledger.games.life`): the fact
the table records next (`next`: a deal, the deal's settlement, nothing once the game is
over), and every fact the rules accept now (`offered`). The page draws each game's card from
it and holds no deal logic of its own.

A phone recording offline keeps facts it has not sent yet: `after_deal` is what is due once
the next deal has started, `after_end` once the deal in progress is settled, `ending` the
facts that settle it whatever their data, and `dealers_ahead` who deals each next deal; so a
pending deal or settlement moves the card on before the service has seen it."""

from dataclasses import replace

from ledger.games.base import Game
from ledger.games.dealing import dealing
from ledger.games.life import DealNow, check
from ledger.games.record import GameRecord


def deal_now(game: Game, record: GameRecord, dealer: str | None) -> DealNow:
    life, settled = game.life, record.settled
    return DealNow(record.deal, dealer, settled, life.ended(settled, record.seats, dealer),
                   life.finished(settled, record.seats, dealer))


def due(game: Game, record: GameRecord) -> dict:
    """The game's due: `deal` (its number, 0 before the first), `open` (a deal in play,
    not finished), `over`, `next`, `offered`, `ending`, `dealer` and `next_dealer`, and
    `after_deal` and `after_end` of the same shape."""
    over = game.is_over(record)
    if not game.deals:
        quick = next((b.type for b in game.page if b.quick), None)
        upcoming = None if over else (game.next_fact(record) if game.next_fact else quick)
        return {"deal": 0, "open": False, "over": over, "next": upcoming,
                "offered": [] if over else _types(game), "ending": []}
    turn = dealing(record, game.keeps_deal)
    now = deal_now(game, record, turn["current_dealer"])
    coming = DealNow(now.number + 1, turn["next_dealer"], {}, False, False)
    closed = DealNow(now.number, now.dealer, now.settled, True, True)
    return {**_due(game, record, now, over), "dealer": now.dealer,
            "next_dealer": turn["next_dealer"], "dealers_ahead": _dealers_ahead(game, record),
            "after_deal": _due(game, record, coming, over),  # offline: a deal not yet sent,
            "after_end": _due(game, record, closed, over)}  # or its settlement

def _due(game: Game, record: GameRecord, now: DealNow, over: bool) -> dict:
    offered = [] if over else [t for t in _types(game) if _accepts(game, record, now, t)]
    quick = next((b.type for b in game.page if b.quick), None)
    if over:
        upcoming = None
    elif now.number == 0 or now.finished:
        upcoming = "deal_started" if "deal_started" in offered else None
    else:
        settling = [t for t in offered if t in game.life.settles]
        upcoming = quick if quick in offered else next(iter(settling), None)
    return {"deal": now.number, "open": bool(now.number) and not now.finished, "over": over,
            "next": upcoming, "offered": offered,
            "ending": [t for t in offered if _ends(game, record, now, t)],
            "settled": sorted(now.settled)}


AHEAD = 8


def _dealers_ahead(game: Game, record: GameRecord) -> list[str]:
    """Who deals each of the next deals, as the dealing read would say once each is dealt by
    its default dealer (the page binds a deal it records offline to its dealer)."""
    dealers, facts = [], dict(record.dealing)
    for n in range(AHEAD):
        dealers.append(dealing(replace(record, dealing=facts), game.keeps_deal)["next_dealer"])
        facts[f"ahead-{n}"] = {"type": "deal_started"}
    return dealers


def _types(game: Game) -> list[str]:
    """The facts the page offers for the game, in its order, the deal first."""
    types = [b.type for b in game.page]
    if game.deals and "deal_started" not in types:
        types.insert(0, "deal_started")
    return list(dict.fromkeys(types))


def _accepts(game: Game, record: GameRecord, now: DealNow, event_type: str) -> bool:
    """Whether the deal's life lets the fact be recorded now, whatever its data: a settlement
    whose data names what it settles is offered while anything it may settle is open."""
    settles = game.life.settles.get(event_type)
    whats = (getattr(settles, "what", None),)
    per_player = getattr(settles, "per_player", None)
    if per_player is not None:
        open_hands = [seat for seat in record.seats if seat != now.dealer
                      and f"{per_player} of player:{seat}" not in now.settled]
        if now.number and not open_hands:
            return False
    try:
        check(game.life, now, event_type, whats if whats != (None,) else (), game.title,
              game.noun(event_type), str)
    except Exception:  # noqa: BLE001 - a refusal: not offered
        return False
    return True


def _ends(game: Game, record: GameRecord, now: DealNow, event_type: str) -> bool:
    what = game.life.marks.get(event_type) or getattr(game.life.settles.get(event_type), "what", None)
    if what is None or not now.number:
        return False
    settled = {**now.settled, what: ""}
    return game.life.finished(settled, record.seats, now.dealer)

