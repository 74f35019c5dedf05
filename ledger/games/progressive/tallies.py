"""Progressive Poker's read (SPEC §4, seed 004): seating, counters, yellow chips, rebuys and
prizes, folded from the game's pots, bells and rebuys (a voided one adds nothing)."""

from copy import deepcopy

from ledger.errors import Inconsistent
from ledger.games.record import GameRecord
from ledger.language import _


def progressive(game: GameRecord, strict: bool = False) -> dict:
    """Replay the game's facts. `strict` (when recording) refuses a bell whose tie at the head
    table has no cuts; replaying a log breaks such a tie by seat order instead.

    The tallies as they stood after the facts last replayed are kept on the record
    (`GameRecord.kept_since`), so that an append replays only the facts recorded since."""
    name, start = f"_tallied_{strict}", game.options["starting_counters"]
    kept, done = game.kept_since(name) or (None, 0)
    state = deepcopy(kept) if kept is not None else _seated(game)  # (kept as it was read)
    for _, fact in game.since(done):
        STEPS[fact["type"]](state, fact, game.seats, start, strict)
    if kept is None or done < len(game.facts):
        game.keep(name, deepcopy(state))
    return state


def rounds_rung(game: GameRecord) -> dict[str, dict | None]:
    """Each bell's round as it stood when the bell rang, by the bell's id (the round before,
    for a bell that ended none): every bell of the game from one replay of its facts, kept on
    the record while they are those (`GameRecord.kept`). Replaying up to each bell in
    turn, to tell a log's bells, cost bells × facts."""
    return game.kept("_rung") or game.keep("_rung", _rung(game))


def _rung(game: GameRecord) -> dict[str, dict | None]:
    state, start, rung = _seated(game), game.options["starting_counters"], {}
    for event_id, fact in game.facts.items():
        STEPS[fact["type"]](state, fact, game.seats, start, False)
        if fact["type"] == "progressive_round_ended":
            rung[event_id] = state["last_round"]
    return rung


def _seated(game: GameRecord) -> dict:
    """The tallies before the game's first fact: everyone at his table with his stake."""
    options, start = game.options, game.options["starting_counters"]
    return {
        "order": [t["table_id"] for t in options["tables"]],
        "seating": {t["table_id"]: list(t["seats"]) for t in options["tables"]},
        "held": dict.fromkeys(game.seats, start), "issued": dict.fromkeys(game.seats, start),
        "chips": dict.fromkeys(game.seats, 0), "rebuys": dict.fromkeys(game.seats, 0),
        "pots": {}, "rounds": 0, "last_round": None,
    }


def _pot(state, fact, seats, start, strict) -> None:
    for player, counters in fact["contributions"].items():
        state["held"][player] -= counters
        state["held"][fact["winner"]] += counters
    state["pots"][fact["table_id"]] = fact


def _rebuy(state, fact, seats, start, strict) -> None:
    """Seed 004: a fresh stake from the banker, and a change of seats with the booby-table
    player who has most counters (ties: the earlier seat)."""
    player, seating, held = fact["player"], state["seating"], state["held"]
    state["held"][player] += start
    state["issued"][player] += start
    state["rebuys"][player] += 1
    booby, own = state["order"][-1], table_of(state, player)
    if own != booby and seating[booby]:
        richest = max(seating[booby], key=lambda p: (held[p], -seats.index(p)))
        _swap(seating, player, own, richest, booby)


def _bell(state, fact, seats, start, strict) -> None:
    order, seating, pots = state["order"], state["seating"], state["pots"]
    head_pot = pots.get(order[0])
    if head_pot is None or len(pots) < len(order):
        return  # recording refuses such a bell; a replay adds nothing for it
    moves = []
    if len(order) > 1:
        loser = going_down(state, head_pot, fact.get("cuts") or {}, seats, strict)
        moves.append({"player": loser, "from": order[0], "to": order[-1], "why": "fewest counters"})
        moves += [{"player": pots[table]["winner"], "from": table, "to": order[i - 1],
                   "why": "won the pool"} for i, table in enumerate(order[1:], 1)]
    for move in moves:
        seating[move["from"]].remove(move["player"])
    for move in moves:
        seating[move["to"]].append(move["player"])
    state["chips"][head_pot["winner"]] += 1
    state["rounds"] += 1
    state["last_round"] = {"round": state["rounds"], "yellow_chip": head_pot["winner"],
                           "moves": moves}
    state["pots"] = {}


def going_down(state, head_pot, cuts: dict, seats, strict: bool) -> str:
    """Seed 004: the head-table player with fewest counters goes down unless he won or called
    the winner; then the fewest-counter player outside the call. Ties: the highest cut goes
    down (the lowest stays)."""
    held, at_head = state["held"], state["seating"][state["order"][0]]
    in_call = {head_pot["winner"], *head_pot["callers"]}
    candidates = [p for p in at_head if p not in in_call] or [
        p for p in at_head if p != head_pot["winner"]]
    fewest = min(held[p] for p in candidates)
    tied = [p for p in candidates if held[p] == fewest]
    if len(tied) == 1:
        return tied[0]
    if all(p in cuts for p in tied) and len({cuts[p] for p in tied}) == len(tied):
        return max(tied, key=lambda p: cuts[p])
    if strict:
        raise Inconsistent.field("data.cuts", _("Players tied for fewest counters at the head "
                                                "table must cut (distinct cuts): %(tied)s.",
                                                tied=", ".join(tied)))
    return min(tied, key=seats.index)


def table_of(state: dict, player: str) -> str:
    return next(table for table, players in state["seating"].items() if player in players)


def _swap(seating, a, table_a, b, table_b) -> None:
    seating[table_a][seating[table_a].index(a)] = b
    seating[table_b][seating[table_b].index(b)] = a


STEPS = {"progressive_pot_won": _pot, "progressive_rebuy": _rebuy,
         "progressive_round_ended": _bell}


def tallies(game: GameRecord, players: dict) -> dict:
    """The read model: per player, seating, last round's moves, and each prize's holder."""
    state, seats = progressive(game), game.seats
    held, issued, chips = state["held"], state["issued"], state["chips"]
    won = {p: held[p] - issued[p] for p in seats}
    first = {p: i for i, p in enumerate(seats)}
    return {
        "game_id": game.id,
        "players": {p: {"table_id": table_of(state, p), "counters": held[p], "won": won[p],
                        "yellow_chips": chips[p], "rebuys": state["rebuys"][p]} for p in seats},
        "seating": state["seating"],
        "round": state["rounds"] + 1,
        "pots_this_round": sorted(state["pots"], key=state["order"].index),
        "last_round": state["last_round"],
        "prizes": prizes(game, players, won, chips, held, first),
    }


def prizes(game, players, won, chips, held, first) -> dict:
    """Seed 004: most yellow chips (tie: most counters); for each group the player who won
    most counters; the booby prize to the fewest counters won (or fewest yellow chips)."""
    seats = game.seats
    best_chips = min(seats, key=lambda p: (-chips[p], -held[p], first[p]))
    booby_key = ((lambda p: (chips[p], won[p], first[p]))
                 if game.options["booby_prize"] == "fewest_yellow_chips"
                 else (lambda p: (won[p], first[p])))
    groups = {}
    for p in seats:
        group = players[p].group
        if group and (group not in groups or (won[p], -first[p]) > (won[groups[group]], -first[groups[group]])):
            groups[group] = p
    return {"most_yellow_chips": best_chips if chips[best_chips] else None,
            "booby": min(seats, key=booby_key), "groups": groups}
