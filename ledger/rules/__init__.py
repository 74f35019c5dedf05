"""How each game turns a fact into postings: pure functions of the folded state and the fact."""

from collections.abc import Callable

from ledger.errors import Invalid, NotFound
from ledger.events.store import Draft
from ledger.postings import check_pools
from ledger.projections.session import SessionState
from ledger.rules import (
    brag, cassino, commerce, generic, jig, progressive, session, speculation, vingt_un,
)
from ledger.rules.game import Game

KIND_RULES = {
    "commerce": commerce.RULES,
    "speculation": speculation.RULES,
    "brag": brag.RULES,
    "snip_snap_snorum": jig.RULES,
    "vingt_un": vingt_un.RULES,
    "cassino": cassino.RULES,
    "progressive_poker": progressive.RULES,
}
# Kinds whose money is only their own events (Progressive Poker folds its counters itself).
OWN_EVENTS_ONLY = frozenset({"progressive_poker"})


def resolve(state: SessionState, draft: Draft, lookup: Callable[[str], dict | None]) -> list[dict]:
    """The postings a fact resolves to, or a LedgerError; `lookup` finds an event by id."""
    if draft.type == "event_voided":
        postings = session.event_voided(state, draft.data, lookup(draft.data["event_id"]))
    elif draft.type in session.RULES:
        postings = session.RULES[draft.type](state, draft.data)
    else:
        postings = _game_rule(state, draft)
    check_pools(state.balances, postings)
    return postings


def _game_rule(state: SessionState, draft: Draft) -> list[dict]:
    if draft.game_id is None:
        raise Invalid.field("game_id", f"A {draft.type} event belongs to a game.")
    record = state.games.get(draft.game_id)
    if record is None:
        raise NotFound(f"No game {draft.game_id} in this session.", {"game_id": ["unknown game"]})
    own = KIND_RULES.get(record["kind"], {})
    rule = own.get(draft.type) or (None if record["kind"] in OWN_EVENTS_ONLY
                                   else generic.RULES.get(draft.type))
    if rule is None:
        raise Invalid.field("type", f"{draft.type} is not recorded in a {record['kind']} game.")
    return rule(Game(state, record), draft.data)
