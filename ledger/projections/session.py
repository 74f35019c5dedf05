"""The session's folded state: everything the rules decide by and the read models show.

`apply` is the fold step; it never consults rules or options to move money, only the
postings stored with each event. A voided event's postings are reversed by the void's
own postings; its other effects (a deal, a sale of the deal) are withdrawn here.
"""

import hashlib
import inspect
import sys
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import NamedTuple

import orjson

from ledger import games
from ledger.postings import BANK


@dataclass
class SessionState:
    version: int = 0
    session: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)
    games: dict = field(default_factory=dict)
    balances: dict = field(default_factory=dict)  # account -> counters held
    issued: dict = field(default_factory=dict)  # player id -> counters the bank issued him
    voided: dict = field(default_factory=dict)  # voided event id -> the void's id
    kept_in: dict = field(default_factory=dict)  # game fact's event id -> its game's id
    payments: dict = field(default_factory=dict)  # payment's event id -> from, to, amount, …

    def apply(self, event: dict) -> None:
        """Fold one event into the state (the event must be the next version). A step reads
        the event's version, id, type, game_id, data (and the opening's session_id and
        recorded_at), never its postings: `fold_rows` does not decode them for it."""
        self.version = event["version"]
        self._post(event["postings"])
        step = _STEPS.get(event["type"])
        if step is not None:
            step(self, event)

    def fold_rows(self, rows, session_id: str) -> None:
        """Fold the session's stored rows (version, type, postings, id, game_id, then data,
        which the store fills only for the types in DETAILED, and the time of the first).

        The hot loop of a rebuild. No fold step reads the balances, so the rows' postings are
        counted by their stored text (an evening repeats the same stakes and antes) and each
        distinct set is applied once, times its count, at the end; only the types with a
        step are decoded and built into an event."""
        loads, memo, steps = orjson.loads, _PostingsMemo(), _STEPS
        counts: dict[str, int] = {}
        count_of, step_of, version = counts.get, steps.get, self.version
        for version, kind, postings, event_id, game_id, data, recorded_at in rows:
            counts[postings] = count_of(postings, 0) + 1
            step = step_of(kind)
            if step is not None:
                step(self, {"version": version, "id": event_id, "type": kind, "game_id": game_id,
                            "data": loads(data), "session_id": session_id,
                            "recorded_at": recorded_at})  # no step reads the postings
        balances = self.balances
        get = balances.get
        for text, times in counts.items():
            decoded, pairs, from_bank = memo(text)
            for account, amount in pairs:
                balances[account] = get(account, 0) + amount * times
            if from_bank:
                self._issue(decoded, times)
        self.version = version

    def _post(self, postings: list[dict]) -> None:
        balances, from_bank = self.balances, False
        for posting in postings:
            account = posting["account"]
            balances[account] = balances.get(account, 0) + posting["amount"]
            from_bank = from_bank or account == BANK
        if from_bank:
            self._issue(postings)

    def _issue(self, postings: list[dict], times: int = 1) -> None:
        for posting in postings:
            if posting["account"].startswith("player:"):
                pid = posting["account"][7:]
                self.issued[pid] = self.issued.get(pid, 0) + posting["amount"] * times

    def pool(self, game_id: str) -> int:
        return self.balances.get(f"pool:{game_id}", 0)

    def pools_by_game(self) -> dict[str, dict[str | None, int]]:
        """Every game's pools by name (None: its one unnamed pool), with what each holds, from
        one pass over the accounts; a game's named pools in the order its module declares
        them (the accounts' own order depends on how the log was folded)."""
        held: dict[str, dict[str | None, int]] = {gid: {} for gid in self.games}
        for account, counters in self.balances.items():
            if account.startswith("pool:"):
                game_id, _, name = account[5:].partition(":")
                held.setdefault(game_id, {})[name or None] = counters
        for game_id, pools in held.items():
            if len(pools) > 1:
                order = (None, *games.of(self.games.get(game_id, {"kind": ""})).pools)
                held[game_id] = dict(sorted(pools.items(), key=lambda item: (
                    order.index(item[0]) if item[0] in order else len(order), item[0] or "")))
        return held

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, state: dict) -> "SessionState":
        return cls(**state)


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
    state.session = {"id": event["session_id"], "recorded_at": event["recorded_at"], **event["data"]}


def _player_added(state: SessionState, event: dict) -> None:
    state.players[event["id"]] = {"id": event["id"], **event["data"]}


def _table_added(state: SessionState, event: dict) -> None:
    state.tables[event["id"]] = {"id": event["id"], **event["data"]}


def _game_started(state: SessionState, event: dict) -> None:
    """A game's record: its data, its dealing facts, its deals (deal's event id -> what of it
    is settled, and by which event, in the order dealt) and which deal each settling fact
    settled (`settling`), so that a void finds what it withdraws by id."""
    state.games[event["id"]] = {"id": event["id"], **event["data"], "dealing": {}, "deals": {},
                                "settling": {}}


def _payment_made(state: SessionState, event: dict) -> None:
    """A settle-up payment (amendment 4), kept apart so that results can leave it out."""
    data = event["data"]
    state.payments[event["id"]] = {"event_id": event["id"], "version": event["version"],
                                   "from": data["from"], "to": data["to"],
                                   "amount": data["amount"], "note": data.get("note")}


def _game_fact(state: SessionState, event: dict) -> None:
    """A game's fact: deals and sales of the deal (the dealing read model folds them), what it
    settles of the deal in progress, and whatever its game keeps of it (`Game.folds`)."""
    record = state.games.get(event["game_id"])
    if record is None:
        return
    kind, event_id = event["type"], event["id"]
    dealing, starts, fold, game = _plan(record["kind"], kind)
    state.kept_in[event_id] = record["id"]
    if dealing:
        record["dealing"][event_id] = {"type": kind, **event["data"]}
    deals = record["deals"]
    if starts:
        deals[event_id] = {}
    if fold is not None:
        fold(record, event)
    if game is not None and deals:
        deal = next(reversed(deals))
        for what in game.settled_by(kind, event["data"], record["options"]):
            deals[deal][what] = event_id
        record["settling"][event_id] = deal


@cache
def _plan(game_kind: str, kind: str) -> tuple:
    """What a fact of `kind` does in a game of `game_kind`: whether it is a dealing fact,
    whether it starts a deal, its game's fold step, and its game when it settles a deal."""
    game = games.of({"kind": game_kind})
    return (kind in ("deal_started", "deal_sold"), kind == "deal_started",
            game.folds.get(kind), game if kind in game.settles_deal else None)


def _event_voided(state: SessionState, event: dict) -> None:
    """A voided event adds nothing to any projection: its facts are withdrawn (a game's folds
    keep its facts in dicts of the game's record keyed by event id), a voided deal is no deal,
    and a voided settlement reopens its deal. Found by id: a void costs the same however
    long the evening."""
    target = event["data"]["event_id"]
    state.voided[target] = event["id"]
    state.payments.pop(target, None)
    record = state.games.get(state.kept_in.pop(target, None))
    if record is None:
        return
    deal = record["settling"].get(target)
    if deal in record["deals"]:
        settled = record["deals"][deal]
        for what in [what for what, by in settled.items() if by == target]:
            del settled[what]
    for name, kept in record.items():
        if isinstance(kept, dict) and name != "options":
            kept.pop(target, None)


_STEPS: dict = {
    "session_created": _session_created,
    "player_added": _player_added,
    "table_added": _table_added,
    "game_started": _game_started,
    "payment_made": _payment_made,
    "event_voided": _event_voided,
}
_STEPS.update(dict.fromkeys(
    {"deal_started", "deal_sold"}.union(*(set(g.folds) | set(g.settles_deal)
                                          for g in games.GAMES.values())), _game_fact))

# The event types whose fold step reads more than the postings.
DETAILED = frozenset(_STEPS)


def _fingerprint(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def _fold_source() -> str:
    """This module's source and every game module that keeps a fold step."""
    steps = {inspect.getmodule(step) for g in games.GAMES.values() for step in g.folds.values()}
    modules = [sys.modules[__name__], *sorted(steps, key=lambda m: m.__name__)]
    return "".join(inspect.getsource(module) for module in modules)


# The fold's format, stored with each snapshot: a snapshot folded by other code is ignored.
# Taken from the fold's own source, so that no change to a fold step can forget it.
FOLD_FORMAT = _fingerprint(_fold_source())
