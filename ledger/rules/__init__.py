"""Deciding a fact: the postings it resolves to, by the session's rules or its game's
(`ledger.games`), or a LedgerError that refuses it. Pure: the state, the fact and (for a void)
the event it names in, postings out."""

from ledger import games
from ledger.errors import Conflict, Invalid, NotFound
from ledger.events.draft import Draft
from ledger.events.postings import check_pools
from ledger.games import generic, life
from ledger.games.due import deal_now
from ledger.games.in_play import InPlay
from ledger.language import _
from ledger.projections.state import SessionState
from ledger.rules import mends, session, tab


def decide(state: SessionState, draft: Draft, target: dict | None = None,
           log: list[dict] | None = None, links: dict[str, str] | None = None) -> list[dict]:
    """The postings a fact resolves to (`draft`: type, game_id, data), or a LedgerError.
    `target`: the event a void names, as the store has it (None if there is none); `log`:
    the session's events, for the mends that read it (`mends.READ_THE_LOG`); `links`: for a
    carry to the club's tab, the evening's players linked to the club's members (None: the
    evening is in no club)."""
    tab.check_open(state, draft, target=target)
    if draft.type == "event_voided":
        postings = session.event_voided(state, draft.data, target)
    elif draft.type == "carried_to_tab":
        postings = tab.carried_to_tab(state, links)
    elif draft.type in mends.RULES:
        postings = mends.RULES[draft.type](state, draft, log)
    elif draft.type in session.RULES:
        postings = session.RULES[draft.type](state, draft.data)
    else:
        postings = _game_rule(state, draft)
    check_pools(state.balances, postings)
    tab.check_open(state, draft, postings, target)
    return postings


def check_opened(state: SessionState, session_id: str, expected_version: int | None) -> None:
    """The session exists (404) and stands where the writer saw it, if he says (409)."""
    if state.version == 0:
        raise NotFound(_("No session %(id)s.", id=session_id),
                       {"session_id": [_("unknown session")]})
    if expected_version is not None and expected_version != state.version:
        raise Conflict(_("Session is at version %(version)s, not %(expected)s.",
                         version=state.version, expected=expected_version),
                       {"expected_version": [_("current version is %(version)s",
                                               version=state.version)]},
                       current_version=state.version)


def _game_rule(state: SessionState, draft: Draft) -> list[dict]:
    if draft.game_id is None:
        raise Invalid.field("game_id", _("A %(type)s event belongs to a game.", type=draft.type))
    record = state.games.get(draft.game_id)
    if record is None:
        raise NotFound(_("No game %(id)s in this session.", id=draft.game_id),
                       {"game_id": [_("unknown game")]})
    game = games.of(record)
    if not game.takes(draft.type):
        raise Conflict.field("type", _("%(type)s is not recorded in a %(game)s game.",
                                       type=draft.type, game=_(game.title)))
    in_play = InPlay(state, record, game.keeps_deal, game.pools)
    for field, pid in games.catalogue().players_named(draft.type, draft.data):
        in_play.seated(field, pid)  # each player named exists (404) and is seated (409)
    if draft.deal is not None:
        _check_deal(in_play, draft)
    if game.life is not None and life.concerns(game.life, draft.type):
        now = deal_now(game, record, in_play.dealing["current_dealer"])
        whats = game.settled_by(draft.type, draft.data, record.options)
        life.check(game.life, now, draft.type, whats, game.title, game.nouns[draft.type],
                   in_play.name)
    rule = game.rules.get(draft.type) or generic.RULES[draft.type]
    return rule(in_play, draft.data)


def _check_deal(game: InPlay, draft: Draft) -> None:
    """A fact bound to the deal its recorder saw (a phone recording offline, two phones
    tapping Deal at once) is refused when the game is at another deal: 409, nothing moves."""
    current = game.record.deal
    if draft.type == "deal_started":
        if draft.deal == current + 1:
            return
        message = (_("Deal %(deal)s has already started (%(dealer)s deals).", deal=draft.deal,
                     dealer=game.name(game.dealer())) if draft.deal == current else
                   _("This game is at deal %(current)s: the next deal is deal %(next)s, not deal "
                     "%(deal)s.", current=current, next=current + 1, deal=draft.deal))
    elif draft.deal == current:
        return
    elif current == 0:
        message = _("No deal has started in this game.")
    else:
        message = _("This was recorded during deal %(deal)s; the game is now at deal "
                    "%(current)s.", deal=draft.deal, current=current)
    raise Conflict(message, {"deal": [_("the game is at deal %(current)s", current=current)]},
                   current_deal=current)
