"""Mending the set-up: a player renamed, a player or a game removed. Pure decisions on the
state and, for a removal, the session's log: only the log tells whether anything was ever
recorded of a player or in a game (an undone fact stays in the log, naming whom it named)."""

from ledger import games
from ledger.errors import Conflict, NotFound
from ledger.events.draft import Draft
from ledger.events.postings import player, reverse
from ledger.language import _
from ledger.projections.state import SessionState
from ledger.rules.session import distinct_name

# The facts that set the evening up: they name players and games without recording anything
# of them (a player's seat in a standing game is checked on the state).
SET_UP = frozenset({"session_created", "player_added", "player_renamed", "player_removed",
                    "table_added", "game_started", "game_removed", "language_changed"})
# The mends decided on the log as well as the state.
READ_THE_LOG = frozenset({"player_removed", "game_removed"})


def player_renamed(state: SessionState, draft: Draft, _log=None) -> list[dict]:
    """A new name, checked as a new player's is: one the table can tell apart from every
    other player's (his own name in another case is his to take)."""
    pid = draft.data["player"]
    if pid not in state.players:
        raise NotFound(_("No player %(id)s in this session.", id=pid),
                       {"data.player": [_("unknown player")]})
    distinct_name(state, draft.data["name"], besides=pid)
    return []


def player_removed(state: SessionState, draft: Draft, log: list[dict]) -> list[dict]:
    """A player added by mistake leaves the evening only while nothing is recorded of him:
    seated in no game, no posting ever to or from him (an undone one included: the journal
    shows it under his name), and no fact of play naming him, undone or not."""
    pid = draft.data["player"]
    if pid not in state.players:
        _gone(log, "player_removed", lambda e: e["data"]["player"] == pid, "data.player",
              _("No player %(id)s in this session.", id=pid), _("unknown player"))
    name = state.players[pid].name
    seated = next((record for record in state.games.values() if pid in record.seats), None)
    if seated is not None:
        title = _(games.of(seated).title)
        raise Conflict(_("%(name)s is seated in %(game)s: remove that game first, or keep him.",
                         name=name, game=title),
                       {"data.player": [_("seated in %(game)s", game=title)]})
    if player(pid) in state.balances or pid in state.issued:
        raise Conflict(_("Counters have moved to or from %(name)s: he stays in the evening's "
                         "accounts.", name=name), {"data.player": [_("has postings")]})
    fact = next((e for e in log if e["type"] not in SET_UP and _names(e["data"], pid)), None)
    if fact is not None:
        raise Conflict(_("%(name)s is named by the %(type)s of version %(version)s: he stays in "
                         "the evening.", name=name, type=fact["type"], version=fact["version"]),
                       {"data.player": [_("named by %(type)s", type=fact["type"])]})
    return []


def game_removed(state: SessionState, draft: Draft, log: list[dict]) -> list[dict]:
    """A game started by mistake leaves the evening while nothing stands in it: every fact
    recorded in it (or naming it, as a pool carried over into it) undone, its pools empty.
    Its undone facts stay in the log, and so does its start; the counters its start issued
    (Progressive Poker's stakes from the banker) go back to the bank."""
    gid = draft.game_id
    record = state.games.get(gid)
    if record is None:
        _gone(log, "game_removed", lambda e: e["game_id"] == gid, "game_id",
              _("No game %(id)s in this session.", id=gid), _("unknown game"))
    title = _(games.of(record).title)
    standing = [e for e in log if e["type"] != "event_voided" and e["id"] not in state.voided
                and (e["game_id"] == gid or e["type"] not in SET_UP and _names(e["data"], gid))]
    if standing:
        raise Conflict(_("%(count)s fact(s) stand in %(game)s, the latest of version "
                         "%(version)s: undo them first, or keep the game.", count=len(standing),
                         game=title, version=standing[-1]["version"]),
                       {"game_id": [_("%(count)s fact(s) recorded in it", count=len(standing))]})
    if any(n and (a == f"pool:{gid}" or a.startswith(f"pool:{gid}:"))
           for a, n in state.balances.items()):
        raise Conflict(_("The pool of %(game)s holds counters: share it out first.", game=title),
                       {"game_id": [_("its pool holds counters")]})
    started = next(e for e in log if e["id"] == gid)
    return reverse(started["postings"])


def _gone(log: list[dict], removal: str, of_it, field: str, unknown: str, why: str):
    """Refuse a mend of what is not in the evening: removed already (409, with the version
    that removed it), or never there (404)."""
    removed = next((e for e in log if e["type"] == removal and of_it(e)), None)
    if removed is not None:
        raise Conflict(_("Removed already, at version %(version)s.", version=removed["version"]),
                       {field: [_("removed already")]})
    raise NotFound(unknown, {field: [why]})


def _names(value, ref: str) -> bool:
    """Whether a fact's data names `ref` anywhere (a value, a key, in a list)."""
    if isinstance(value, str):
        return value == ref
    if isinstance(value, dict):
        return any(key == ref or _names(inner, ref) for key, inner in value.items())
    if isinstance(value, list):
        return any(_names(item, ref) for item in value)
    return False


RULES = {"player_renamed": player_renamed, "player_removed": player_removed,
         "game_removed": game_removed,
         "language_changed": lambda _state, _draft, _log=None: []}  # any it speaks; none
