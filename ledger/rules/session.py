"""Rules for the session's own events: players, tables, games, payments and voids (the
set-up's mends are `ledger.rules.mends`)."""

from ledger import games
from ledger.errors import Conflict, Inconsistent, Invalid, NotFound
from ledger.events.facts import VOIDABLE
from ledger.events.postings import player, reverse, transfer
from ledger.language import _
from ledger.projections.state import SessionState


def player_added(state: SessionState, data: dict) -> list[dict]:
    distinct_name(state, data["name"])
    return []


def distinct_name(state: SessionState, name: str, besides: str | None = None) -> None:
    """A name the table can tell apart from every other player's (`besides`: one whose own
    name it was): not the same letters in another case or another script (Cyrillic "А" for
    Latin "A"), so that a settlement never reads "Zoë pays Zoë". Names arrive NFC-normalised
    and trimmed (ledger.events.fields)."""
    from confusables import is_confusable  # here: its import (40 ms) only where names are checked

    twin = next((p.name for p in state.players.values()
                 if p.id != besides and is_confusable(p.name, name)), None)
    if twin is not None:
        said = (_("%(twin)s is already at the table: choose a name the table can tell apart.",
                  twin=repr(twin)) if twin.casefold() == name.casefold()
                else _("%(name)s is too like %(twin)s, who is already at the table: choose a "
                       "name the table can tell apart.", name=repr(name), twin=repr(twin)))
        raise Conflict(said, {"data.name": [_("too like %(twin)s", twin=repr(twin))]})


def table_added(state: SessionState, data: dict) -> list[dict]:
    if any(table.rank == data["rank"] for table in state.tables.values()):
        raise Conflict(_("A table of rank %(rank)s exists already.", rank=data["rank"]),
                       {"data.rank": [_("taken")]})
    return []


def game_started(state: SessionState, data: dict) -> list[dict]:
    """Seats must be players of the session; the table, if named, one of its tables."""
    for seat in data["seats"]:
        if seat not in state.players:
            raise NotFound(_("No player %(id)s in this session.", id=seat),
                           {"data.seats": [_("unknown player")]})
    if data["table_id"] is not None and data["table_id"] not in state.tables:
        raise NotFound(_("No table %(id)s.", id=data["table_id"]),
                       {"data.table_id": [_("unknown table")]})
    game = games.GAMES[data["kind"]]
    if len(data["seats"]) not in game.seats:
        figures = {"game": _(game.title), "fewest": game.seats.start, "book": game.book}
        raise Invalid.field("data.seats", _(
            "%(game)s is for %(fewest)s or more players (%(book)s).", **figures)
            if game.seats.stop > 64 else _("%(game)s is for %(fewest)s to %(most)s players "
                                          "(%(book)s).", most=game.seats.stop - 1, **figures))
    if game.check_start:
        game.check_start(state, data)
    return game.start_postings(data) if game.start_postings else []


def payment_made(state: SessionState, data: dict) -> list[dict]:
    """Amendment 4: money handed over at the table to settle what is owed, outside any game.
    `from` pays `to`, so his account is credited and the payee's debited: each balance
    becomes what is still owed. A payment moves only money already owed: no more than the
    payer still owes, nor more than the payee is still owed (both 409)."""
    payer, payee, amount = data["from"], data["to"], data["amount"]
    for field, pid in (("data.from", payer), ("data.to", payee)):
        if pid not in state.players:
            raise NotFound(_("No player %(id)s in this session.", id=pid),
                           {field: [_("unknown player")]})
    if payer == payee:
        raise Inconsistent.field("data.to", _("A player cannot pay himself."))
    owes, owed = -_account(state, payer), _account(state, payee)
    names = state.players[payer].name, state.players[payee].name
    if amount > owes:
        owing = {"name": names[0], "owes": max(owes, 0)}
        raise Conflict(_("%(name)s owes %(owes)s counters, not %(amount)s.", amount=amount, **owing),
                       {"data.amount": [_("more than %(name)s owes (%(owes)s)", **owing)]})
    if amount > owed:
        owing = {"name": names[1], "owed": max(owed, 0)}
        raise Conflict(_("%(name)s is owed %(owed)s counters, not %(amount)s.", amount=amount,
                         **owing), {"data.amount": [_("more than %(name)s is owed (%(owed)s)",
                                                      **owing)]})
    return transfer(player(payee), player(payer), amount)


def _account(state: SessionState, pid: str) -> int:
    """What a player's account says: his result less what the bank issued him, after the
    payments so far (negative: he owes)."""
    return state.balances.get(player(pid), 0) - state.issued.get(pid, 0)


def event_voided(state: SessionState, data: dict, target: dict | None) -> list[dict]:
    """The exact reverse of the target's postings. An event is voided at most once; a void,
    the creation of the session, a player, a table or a game, and a mend of them (a rename,
    a removal), cannot be voided (a payment can)."""
    if target is None or target["session_id"] != state.session.id:
        raise NotFound(_("No event %(id)s in this session.", id=data["event_id"]),
                       {"data.event_id": [_("unknown event")]})
    if target["type"] == "event_voided":
        raise Conflict(_("A void cannot be voided."), {"data.event_id": [_("is a void")]})
    if target["type"] in games.catalogue().session_types and target["type"] not in VOIDABLE:
        raise Conflict(_("A %(type)s event cannot be voided.", type=target["type"]),
                       {"data.event_id": [_("cannot be voided")]})
    if target["id"] in state.voided:
        raise Conflict(_("That event is voided already."),
                       {"data.event_id": [_("already voided")]})
    record = state.games.get(target["game_id"] or "")
    if record is not None and record.deals.get(target["id"]):
        raise Conflict(_("This deal has been settled: undo its settlement first."),
                       {"data.event_id": [_("void the deal's settling events first")]})
    game = games.of(record) if record is not None else None
    if game is not None and game.undone_in_order and target["id"] in record.facts and (
            next(reversed(record.facts)) != target["id"]):
        raise Conflict(_("%(game)s is undone from the latest event back.", game=_(game.title)),
                       {"data.event_id": [_("void %(later)s first", later=game.undone_in_order)]})
    return reverse(target["postings"])


RULES = {
    "player_added": player_added,
    "table_added": table_added,
    "game_started": game_started,
    "payment_made": payment_made,
}
