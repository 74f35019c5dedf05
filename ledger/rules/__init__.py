"""Deciding a fact: the postings it resolves to, by the session's rules or its game's
(`ledger.games`), or a LedgerError that refuses it. Pure: the state and the fact in, postings
out; `lookup` finds an earlier event of the session by id."""

from collections.abc import Callable

from ledger import games
from ledger.errors import Conflict, Invalid, NotFound
from ledger.games import generic
from ledger.games.in_play import InPlay
from ledger.postings import check_pools
from ledger.rules import session


def resolve(state, draft, lookup: Callable[[str], dict | None]) -> list[dict]:
    """The postings a fact resolves to (`draft`: type, game_id, data), or a LedgerError."""
    if draft.type == "event_voided":
        postings = session.event_voided(state, draft.data, lookup(draft.data["event_id"]))
    elif draft.type in session.RULES:
        postings = session.RULES[draft.type](state, draft.data)
    else:
        postings = _game_rule(state, draft)
    check_pools(state.balances, postings)
    return postings


def _game_rule(state, draft) -> list[dict]:
    if draft.game_id is None:
        raise Invalid.field("game_id", f"A {draft.type} event belongs to a game.")
    record = state.games.get(draft.game_id)
    if record is None:
        raise NotFound(f"No game {draft.game_id} in this session.", {"game_id": ["unknown game"]})
    game = games.of(record)
    if not game.takes(draft.type):
        raise Invalid.field("type", f"{draft.type} is not recorded in a {game.title} game.")
    in_play = InPlay(state, record, game.keeps_deal, game.pools)
    if draft.deal is not None:
        _check_deal(in_play, draft)
    for what in game.settled_by(draft.type, draft.data, record["options"]):
        _check_unsettled(in_play, what)
    if draft.type in game.in_deal and not in_play.deal_open:
        _refuse_out_of_deal(in_play, draft.type)
    rule = game.rules.get(draft.type) or generic.RULES[draft.type]
    return rule(in_play, draft.data)


def _check_deal(game: InPlay, draft) -> None:
    """A fact bound to the deal its recorder saw (a phone recording offline, two phones
    tapping Deal at once) is refused when the game is at another deal: 409, nothing moves."""
    current = len(game.record["deals"])
    if draft.type == "deal_started":
        if draft.deal == current + 1:
            return
        message = (f"Deal {draft.deal} has already started ({game.name(game.dealer())} deals)."
                   if draft.deal == current else
                   f"This game is at deal {current}: the next deal is deal {current + 1}, "
                   f"not deal {draft.deal}.")
    elif draft.deal == current:
        return
    elif current == 0:
        message = "No deal has started in this game."
    else:
        message = (f"This was recorded during deal {draft.deal}; the game is now at deal "
                   f"{current}.")
    raise Conflict(message, {"deal": [f"the game is at deal {current}"]}, current_deal=current)


def _check_dealt(game: InPlay) -> None:
    if not game.record.get("deals"):
        raise Conflict("No deal has started in this game.", {"game_id": ["no deal yet"]})


def _refuse_out_of_deal(game: InPlay, event_type: str) -> None:
    """A fact of a deal's play (Commerce's purchases and barters) outside a deal in play."""
    _check_dealt(game)
    settled = ", ".join(game.settled)
    raise Conflict(f"This deal is over ({settled}): a {event_type.replace('_', ' ')} belongs to "
                   f"the next deal; start it first.", {"type": ["this deal has been settled"]})


def _check_unsettled(game: InPlay, what: str) -> None:
    """Amendment 2: a deal is settled once; the same settlement again waits for the next deal."""
    _check_dealt(game)
    if what in game.settled:
        shown = what
        if " of player:" in what:
            label, pid = what.split(" of player:")
            shown = f"{label} of {game.name(pid)}"
        raise Conflict(f"This deal has been settled ({shown}); start the next deal.",
                       {"type": ["this deal has been settled"]})
