"""The session's fold: `apply` one event to the state (`ledger.projections.state`), or
`fold_rows` of the store's rows in bulk. It never consults rules or options to move money,
only the postings stored with each event. A voided event's postings are reversed by the
void's own postings; its other effects (a deal, a sale of the deal, a game's own record of
it) are withdrawn here, by id."""

import hashlib
import inspect
import sys
from dataclasses import replace
from functools import cache
from typing import NamedTuple

import orjson

from ledger import games
from ledger.events.postings import BANK
from ledger.games.record import GameRecord
from ledger.projections.state import Carry, Payment, Player, Session, SessionState, Table


def apply(state: SessionState, event: dict) -> SessionState:
    """Fold one event into the state (the event must be the next version). A step reads the
    event's version, id, type, game_id, data (and the opening's session_id and recorded_at,
    and the time of a type in `TIMED`); only the carry to the club's tab reads its postings,
    which `fold_rows` hands it as their stored text."""
    state.version = event["version"]
    _post(state, event["postings"])
    made = _made if _made[0] == _revision[0] else _remade()
    step = made[1].get(event["type"])
    if step is not None:
        step(state, event)
    return state


def fold(events, state: SessionState | None = None) -> SessionState:
    state = state or SessionState()
    for event in events:
        apply(state, event)
    return state


def fold_rows(state: SessionState, rows, session_id: str) -> None:
    """Fold the session's stored rows (version, type, postings, id, game_id, then data, which
    the store fills only for the types in `detailed()`, and the time of the first).

    The hot loop of a rebuild. No fold step reads the balances, so the rows' postings are
    counted by their stored text (an evening repeats the same stakes and antes) and each
    distinct set is applied once, times its count, at the end; only the types with a step
    are decoded and built into an event."""
    loads, memo = orjson.loads, _PostingsMemo()
    counts: dict[str, int] = {}
    count_of, step_of, version = counts.get, steps().get, state.version
    kept_by, records = games_keeping().get, state.games
    for version, kind, postings, event_id, game_id, data, recorded_at in rows:
        counts[postings] = count_of(postings, 0) + 1
        step = step_of(kind)
        keeping = kept_by(kind)  # a type only some games keep (Brag's bets): not decoded else
        if keeping is not None and getattr(records.get(game_id), "kind", None) not in keeping:
            continue
        if step is not None:
            step(state, {"version": version, "id": event_id, "type": kind, "game_id": game_id,
                         "data": loads(data), "session_id": session_id,
                         "recorded_at": recorded_at, "postings": postings})  # (as text)
    balances = state.balances
    get = balances.get
    for text, times in counts.items():
        decoded, pairs, from_bank = memo(text)
        for account, amount in pairs:
            balances[account] = get(account, 0) + amount * times
        if from_bank:
            _issue(state, decoded, times)
    state.version = version


def _post(state: SessionState, postings: list[dict]) -> None:
    balances, from_bank = state.balances, False
    for posting in postings:
        account = posting["account"]
        balances[account] = balances.get(account, 0) + posting["amount"]
        from_bank = from_bank or account == BANK
    if from_bank:
        _issue(state, postings)


def _issue(state: SessionState, postings: list[dict], times: int = 1) -> None:
    for posting in postings:
        if posting["account"].startswith("player:"):
            pid = posting["account"][7:]
            state.issued[pid] = state.issued.get(pid, 0) + posting["amount"] * times


class _Moves(NamedTuple):
    postings: list[dict]
    pairs: list[tuple[str, int]]
    from_bank: bool


class _PostingsMemo(dict):
    """Decoded postings by their stored text. An evening repeats itself (the same stake into
    the same pool, the same antes each round), so most rows decode by a lookup. Read-only:
    the fold never mutates postings."""

    LIMIT = 50_000

    def __call__(self, text: str) -> _Moves:
        moves = self.get(text)
        if moves is None:
            postings = orjson.loads(text)
            moves = _Moves(postings, [(p["account"], p["amount"]) for p in postings],
                           any(p["account"] == BANK for p in postings))
            if len(self) < self.LIMIT:
                self[text] = moves
        return moves


def _session_created(state: SessionState, event: dict) -> None:
    data = event["data"]
    state.session = Session(event["session_id"], data["name"], data["counter_value"], data["currency"],
                            event["recorded_at"], **{k: data[k] for k in ("time_zone", "language") if k in data})


def _player_added(state: SessionState, event: dict) -> None:
    data = event["data"]
    state.players[event["id"]] = Player(event["id"], data["name"], data.get("group"))


def _table_added(state: SessionState, event: dict) -> None:
    data = event["data"]
    state.tables[event["id"]] = Table(event["id"], data["name"], data["rank"])


def _game_started(state: SessionState, event: dict) -> None:
    state.games[event["id"]] = GameRecord.started(event["id"], event["data"])


def _language_changed(state: SessionState, event: dict) -> None:
    state.session = replace(state.session, language=event["data"]["language"])  # (copies share it)


def _player_renamed(state: SessionState, event: dict) -> None:
    data = event["data"]
    was = state.players[data["player"]]
    state.players[was.id] = Player(was.id, data["name"], was.group)


def _player_removed(state: SessionState, event: dict) -> None:
    """Nothing was recorded of him (the rules saw to it): he leaves every read model."""
    del state.players[event["data"]["player"]]


def _game_removed(state: SessionState, event: dict) -> None:
    """Nothing stands in it (the rules saw to it): it leaves every read model, and its
    players' seats with it. Its undone facts stay in the log, under its id."""
    del state.games[event["game_id"]]


def _payment_made(state: SessionState, event: dict) -> None:
    """A settle-up payment (amendment 4), kept apart so that results can leave it out."""
    data = event["data"]
    state.payments[event["id"]] = Payment(event["id"], event["version"], data["from"],
                                          data["to"], data["amount"], data.get("note"))


def _carried_to_tab(state: SessionState, event: dict) -> None:
    """The evening put on its club's tab (amendment 9): each posting brought a player's
    account to 0, so what he still owed (−) or was owed (+) is its reverse."""
    postings = event["postings"]  # (a stored row's text, from `fold_rows`)
    postings = orjson.loads(postings) if isinstance(postings, str) else postings
    state.carried = Carry(event["id"], event["version"], event["recorded_at"] or "",
                          {p["account"][7:]: -p["amount"] for p in postings
                           if p["account"].startswith("player:")})


def _game_fact(state: SessionState, event: dict) -> None:
    """A game's fact: deals and sales of the deal (the dealing read folds them), what it
    settles of the deal in progress, and whatever its game keeps of it (`Game.folds`)."""
    record = state.games.get(event["game_id"])
    if record is None:
        return
    kind, event_id = event["type"], event["id"]
    dealing, starts, step, game = _plan(record.kind, kind, _revision[0])
    if not (dealing or step or game):  # a fact this game keeps nothing of (another's fold)
        return
    state.kept_in[event_id] = record.id
    if dealing:
        record.dealing[event_id] = {"type": kind, **event["data"]}
    if starts:
        record.deals[event_id] = {}
        record.dealt_at[event_id] = event["version"]
    if step is not None:
        step(record, event)
    if game is not None:
        record.settle(event_id, game.kept_by(kind, event["data"], record.options))


@cache
def _plan(game_kind: str, kind: str, _revision: int) -> tuple:
    """What a fact of `kind` does in a game of `game_kind`: whether it is a dealing fact,
    whether it starts a deal, its game's fold step, and its game when it settles a deal."""
    game = games.GAMES.get(game_kind, games.RETIRED)
    settles = game.life is not None and (kind in game.life.settles or kind in game.life.marks)
    return (kind in ("deal_started", "deal_sold"), kind == "deal_started",
            game.folds.get(kind), game if settles else None)


def _event_voided(state: SessionState, event: dict) -> None:
    """A voided event adds nothing to any projection: found by id in the structures that keep
    it, so a void costs the same however long the evening."""
    target = event["data"]["event_id"]
    state.voided[target] = event["id"]
    state.payments.pop(target, None)
    if state.carried is not None and state.carried.event_id == target:
        state.carried = None
    record = state.games.get(state.kept_in.pop(target, None))
    if record is not None:
        record.withdraw(target)


SESSION_STEPS = {
    "session_created": _session_created,
    "player_added": _player_added,
    "table_added": _table_added,
    "game_started": _game_started,
    "player_renamed": _player_renamed,
    "language_changed": _language_changed,
    "player_removed": _player_removed,
    "game_removed": _game_removed,
    "payment_made": _payment_made,
    "carried_to_tab": _carried_to_tab,
    "event_voided": _event_voided,
}


# (the registry's revision, each event type's fold step, the types with one): made again when
# a game is registered (a test's); read on every append without a call
_made: tuple = (-1, {}, frozenset())
_revision = games.REVISION


def _remade() -> tuple:
    global _made
    made = dict(SESSION_STEPS)
    for game in games.GAMES.values():
        settles = game.life.settles if game.life else {}
        made.update(dict.fromkeys([*game.folds, *settles], _game_fact))
    made.update(dict.fromkeys(("deal_started", "deal_sold"), _game_fact))
    _made = (_revision[0], made, frozenset(made))
    return _made


@cache
def _keeping(_revision: int) -> dict[str, frozenset[str]]:
    """Each game fact's type that only some games keep anything of (a shared fact one game
    folds, as Brag its bets), with the kinds of those games."""
    kinds = [*games.GAMES]
    kept = {kind: [g for g in kinds if any(_plan(g, kind, _revision))] for kind in steps()
            if kind not in SESSION_STEPS}
    return {kind: frozenset(keeping) for kind, keeping in kept.items() if len(keeping) < len(kinds)}


def games_keeping() -> dict[str, frozenset[str]]:
    return _keeping(_revision[0])


def steps() -> dict:
    """Each event type with a fold step (the games' registry names the games' own)."""
    return (_made if _made[0] == _revision[0] else _remade())[1]


def detailed() -> frozenset[str]:
    """The event types whose fold step reads more than the postings."""
    return (_made if _made[0] == _revision[0] else _remade())[2]


def _fold_source() -> str:
    """This module's source, the state's and the records', and every game module that keeps
    a fold step."""
    folded = {inspect.getmodule(step) for g in games.GAMES.values() for step in g.folds.values()}
    modules = [sys.modules[__name__], sys.modules[SessionState.__module__],
               sys.modules[GameRecord.__module__], *sorted(folded, key=lambda m: m.__name__)]
    return "".join(inspect.getsource(module) for module in modules)


# The fold's format, stored with each snapshot: a snapshot folded by other code is ignored.
# Taken from the fold's own source, so that no change to a fold step can forget it.
FOLD_FORMAT = hashlib.sha256(_fold_source().encode()).hexdigest()[:16]
