"""What is due next in a game, derived from its deal's life (`ledger.games.life`): the fact
the table records next (`next`: a deal, the deal's settlement, nothing once the game is
over), and every fact the rules accept now (`offered`). The page draws each game's card from
it and holds no deal logic of its own.

A phone recording offline keeps facts it has not sent yet: `after_deal` is what is due once
the next deal has started, `after_end` once the deal in progress is settled, `ending` the
facts that settle it whatever their data, and `dealers_ahead` who deals each next deal; so a
pending deal or settlement moves the card on before the service has seen it.

What a fact offered now admits of its sheet, where the game in play narrows what its
catalogue says (`sheets`): the choices still open (three-stake Brag's stakes not yet won),
whether a field may be left out (Cassino's Little Cassino, only in a 32-card pack), and the
defaults the game works out (Pope Joan's cards dealt). `refundable`: the pools that may be
shared back now (they hold counters, and no deal is in play)."""

from collections.abc import Mapping

from ledger.games.base import Game
from ledger.games.dealing import dealers_ahead, dealing
from ledger.games.life import DealNow, check
from ledger.games.record import GameRecord


def deal_now(game: Game, record: GameRecord, dealer: str | None) -> DealNow:
    life, settled = game.life, record.settled
    return DealNow(record.deal, dealer, settled, life.ended(settled, record.seats, dealer),
                   life.finished(settled, record.seats, dealer))


def due(game: Game, record: GameRecord, held: Mapping[str | None, int] | None = None) -> dict:
    """The game's due: `deal` (its number, 0 before the first), `open` (a deal in play,
    not finished), `over`, `next`, `offered`, `ending`, `sheets`, `refundable`, `dealer` and
    `next_dealer`, and `after_deal` and `after_end` of the same shape. `held`: the counters
    in each of the game's pools (None: its one pool); not given, nothing is offered or
    refused by what a pool holds."""
    over = game.is_over(record)
    if not game.deals:
        quick = next((b.type for b in game.page if b.quick), None)
        upcoming = None if over else (game.next_fact(record) if game.next_fact else quick)
        offered = [] if over else game.offers(record) if game.offers else _types(game, record)
        sheets = {t: sheet for t in offered if (sheet := _sheet(game, record, None, t))}
        return {"deal": 0, "open": False, "over": over, "next": upcoming, "offered": offered,
                "ending": [], "sheets": sheets, "refundable": _refundable(game, held, False)}
    turn = dealing(record, game.keeps_deal)
    now = deal_now(game, record, turn["current_dealer"])
    coming = DealNow(now.number + 1, turn["next_dealer"], {}, False, False)
    closed = DealNow(now.number, now.dealer, now.settled, True, True)
    return {**_due(game, record, now, over, held), "dealer": now.dealer,
            "next_dealer": turn["next_dealer"], "dealers_ahead": _dealers_ahead(game, record),
            "settles_by": _settles_by(game, record), "whole": game.life.whole,
            "after_deal": _due(game, record, coming, over, None),  # offline: a deal not
            "after_end": _due(game, record, closed, over, held)}  # yet sent, or its settlement


def _due(game: Game, record: GameRecord, now: DealNow, over: bool,
         held: Mapping[str | None, int] | None) -> dict:
    """`held`: the pools as they stand; None once a deal not yet sent has paid its antes (or
    when they are not known)."""
    accepted = [] if over else [t for t in _types(game, record) if _accepts(game, record, now, t)
                                and _has_pool(t, held)]
    sheets = {t: sheet for t in accepted if (sheet := _sheet(game, record, now, t))}
    offered = [t for t in accepted if all(a.get("choices", True) for a in sheets.get(t, {}).values())]
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
            "settled": sorted(now.settled),
            "sheets": {t: sheet for t, sheet in sheets.items() if t in offered},
            "refundable": _refundable(game, held, bool(now.number) and not now.finished)}


def _has_pool(event_type: str, held: Mapping[str | None, int] | None) -> bool:
    """A pool won needs a pool to win: an empty one is not offered (the rules refuse it),
    unless a deal not yet sent may have filled it."""
    return event_type != "pool_won" or held is None or held.get(None, 0) > 0


def _refundable(game: Game, held: Mapping[str | None, int] | None, in_play: bool) -> list[dict]:
    """The pools that may be shared back now: holding counters, with no deal in play."""
    if in_play or held is None or not game.takes("pool_refunded"):
        return []
    return [{"pool": name, "counters": n} for name, n in held.items() if n > 0]


def _sheet(game: Game, record: GameRecord, now: DealNow, event_type: str) -> dict:
    """What the game in play admits of a fact's fields, where it narrows its catalogue."""
    button = next((b for b in game.page if b.type == event_type), None)
    if button is None:
        return {}
    sheet: dict[str, dict] = {}
    per_player = getattr(game.life.settles.get(event_type), "per_player", None) if now else None
    for f in button.fields:
        if per_player and f.name == "player":  # (Vingt-un's one hand: a hand still open)
            sheet[f.name] = {"choices": [seat for seat in record.seats if seat != now.dealer and
                                         f"{per_player} of player:{seat}" not in now.settled]}
        if f.input == "choice" and f.choices and now is not None:
            still = [c for c in f.choices if _open(game, record, now, event_type, {f.name: c})]
            if still != list(f.choices):
                sheet[f.name] = {"choices": still}
        if f.only_with:
            option, value = f.only_with
            sheet.setdefault(f.name, {})["asked"] = record.options.get(option) == value
    worked_out = game.sheets.get(event_type)
    for name, admits in (worked_out(record, now) if worked_out else {}).items():
        sheet.setdefault(name, {}).update(admits)
    return sheet


def _settles_by(game: Game, record: GameRecord) -> dict:
    """For each settling fact with a choice that says what it settles (three-stake Brag's
    stake, Pope Joan's compartment): choice -> what it settles, so that a phone follows a fact
    it has not sent yet (that stake is no longer open)."""
    found: dict[str, dict] = {}
    for button in game.page:
        for f in button.fields:
            if f.input != "choice" or button.type not in game.life.settles:
                continue
            try:
                whats = {c: list(game.life.settled_by(button.type, {f.name: c}, record.options))
                         for c in f.choices}
            except (KeyError, TypeError):
                continue
            found.setdefault(button.type, {})[f.name] = whats
    return found


def _open(game: Game, record: GameRecord, now: DealNow, event_type: str, data: dict) -> bool:
    """Whether a settlement with this data settles nothing the deal has settled already."""
    try:
        whats = game.life.settled_by(event_type, data, record.options)
    except (KeyError, TypeError):  # its settlement needs more of the data: not narrowed here
        return True
    return not any(what in now.settled for what in whats)


AHEAD = 8


def _dealers_ahead(game: Game, record: GameRecord) -> list[str]:
    """Who deals each of the next deals, as the dealing read would say once each is dealt by
    its default dealer (the page binds a deal it records offline to its dealer)."""
    return dealers_ahead(record, game.keeps_deal, AHEAD)


def _types(game: Game, record: GameRecord) -> list[str]:
    """The facts the page offers for the game as it was started, in its order, the deal first."""
    types = [b.type for b in game.page if b.only_if is None or b.only_if(record.options)]
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

