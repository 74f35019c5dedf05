"""What a club accepts: pure decisions on its state (and, for links, the evening's players).
Each raises a LedgerError to refuse the fact; a club's facts move no money."""

from collections.abc import Mapping

from ledger.clubs.state import ClubState
from ledger.errors import Conflict, Inconsistent, NotFound
from ledger.language import _
from ledger.projections.money import money_said


def decide(state: ClubState, event_type: str, data: dict,
           players: Mapping[str, dict] | None = None) -> None:
    """Refuse the fact, or let it be recorded. `players`: the evening's (for links)."""
    RULES[event_type](state, data, players or {})


def check_version(state: ClubState, expected_version: int | None) -> None:
    """The club stands where the writer saw it, if he says (409)."""
    if expected_version is not None and expected_version != state.version:
        raise Conflict(_("The club is at version %(version)s, not %(expected)s.",
                         version=state.version, expected=expected_version),
                       {"expected_version": [_("current version is %(version)s",
                                               version=state.version)]},
                       current_version=state.version)


def attachable(club_id: str, owner: str | None) -> None:
    """An evening belongs to one club at most."""
    if owner is not None and owner != club_id:
        raise Conflict(_("The evening belongs to another club."),
                       {"session_id": [_("in another club")]})


def seated_tonight(state: ClubState, members: list[str]) -> list[dict]:
    """The members seated at tonight's evening: each a member, none retired, none twice."""
    seated = [member(state, m, "members") for m in members]
    if any(m["retired"] for m in seated):
        raise Conflict(_("A retired member cannot be seated tonight."), {"members": [_("retired")]})
    if len(set(members)) != len(members):
        raise Conflict(_("A member is seated once."), {"members": [_("twice")]})
    return seated


def member(state: ClubState, member_id: str, field: str = "data.member") -> dict:
    found = state.members.get(member_id)
    if found is None:
        raise NotFound(_("No member %(id)s in this club.", id=member_id),
                       {field: [_("unknown member")]})
    return found


def twin_of(name: str, names) -> str | None:
    """The first of `names` that `name` is too like to be told apart from, if any."""
    from confusables import is_confusable  # here: its import (40 ms) only where names are checked

    return next((other for other in names if is_confusable(other, name)), None)


def _distinct_name(state: ClubState, name: str, besides: str | None = None) -> None:
    """Members' names are told apart as players' are (ledger.rules.session's player_added):
    an evening opened with them seats each under his own name."""
    twin = twin_of(name, (m["name"] for m in state.members.values() if m["id"] != besides))
    if twin is not None:
        raise Conflict(_("%(name)s is too like %(twin)s, a member already: choose a name the club "
                         "can tell apart.", name=repr(name), twin=repr(twin)),
                       {"data.name": [_("too like %(twin)s", twin=repr(twin))]})


def _member_added(state, data, _players):
    _distinct_name(state, data["name"])


def _member_renamed(state, data, _players):
    member(state, data["member"])
    _distinct_name(state, data["name"], besides=data["member"])


def _member_retired(state, data, _players):
    if member(state, data["member"])["retired"]:
        raise Conflict(_("He is retired already."), {"data.member": [_("retired already")]})


def _season_declared(state, data, _players):
    if data["ends"] < data["starts"]:  # (both YYYY-MM-DD)
        raise Inconsistent.field("data.ends", _("A season cannot end before it starts."))
    if any(s["name"].casefold() == data["name"].casefold() for s in state.seasons.values()):
        raise Conflict(_("The club has a season %(name)s already.", name=repr(data["name"])),
                       {"data.name": [_("taken")]})


def _evening_imported(state, data, _players):
    for member_id in data["results"]:
        member(state, member_id, "data.results")


def brought_in(state: ClubState, evening_id: str, field: str = "data.evening") -> dict:
    """An evening brought in from a spreadsheet, not withdrawn: what a correction or a
    withdrawal acts on. An evening recorded here is mended in its own log (undone there)."""
    found = state.imported.get(evening_id)
    if found is None and evening_id in state.evenings:
        raise Conflict(_("That evening was recorded here, not brought in: undo its mistakes in "
                         "its own log."), {field: [_("recorded, not brought in")]})
    if found is None:
        raise NotFound(_("No evening %(id)s brought into this club.", id=evening_id),
                       {field: [_("no evening brought in with this id")]})
    if found["withdrawn"] is not None:
        raise Conflict(_("%(name)s (%(date)s) was withdrawn already: %(reason)s",
                         name=found["name"], date=found["date"],
                         reason=found["withdrawn"]["reason"]), {field: [_("withdrawn already")]})
    return found


def corrected(state: ClubState, data: dict, adding: frozenset[str] = frozenset()) -> None:
    """Each change starts from the result that stands (a file previewed before another
    correction is stale: 409), names a member (or one the same import adds: `adding`), and
    the evening still sums to 0."""
    evening = brought_in(state, data["evening"])
    results = {m: dict(r) for m, r in evening["results"].items()}
    for change in data["changes"]:
        if change["member"] not in adding:
            member(state, change["member"], "data.changes")
        standing = results.get(change["member"])
        if (standing and {k: standing[k] for k in ("counters", "amount_minor")}) != (
                change["before"] or None):
            raise Conflict(_("%(name)s's result on %(evening)s is not what the correction "
                             "started from: preview the file again.", name=change["name"],
                             evening=evening["name"]),
                           {"data.changes": [_("%(name)s: stale", name=change["name"])]})
        if change["after"] is None:
            results.pop(change["member"], None)
        else:
            results[change["member"]] = dict(change["after"])
    for what in ("counters", "amount_minor"):
        if total := sum(r[what] for r in results.values()):
            raise Conflict(_("Corrected, %(evening)s would sum to %(total)s %(what)s, not 0.",
                             evening=evening["name"], total=f"{total:+}", what=what),
                           {"data.changes": [_("sum to %(total)s %(what)s", total=f"{total:+}",
                                               what=what)]})


def _evening_withdrawn(state, data, _players):
    brought_in(state, data["evening"])


def _evening_attached(state, data, players):
    if data["session_id"] in state.evenings:
        raise Conflict(_("The evening is in this club already."), {"session_id": [_("attached")]})
    _links(state, data["links"], players, "data.links")


def _player_linked(state, data, players):
    evening = state.evenings.get(data["session_id"])
    if evening is None:
        raise NotFound(_("No evening %(id)s in this club.", id=data["session_id"]),
                       {"data.session_id": [_("not one of the club's evenings")]})
    links = {p: m for p, m in evening["links"].items() if p != data["player"]}
    if data["member"] is not None:
        links[data["player"]] = data["member"]
    elif data["player"] not in players:
        raise NotFound(_("No player %(id)s in that evening.", id=data["player"]),
                       {"data.player": [_("unknown player")]})
    _links(state, links, players, "data")


def _links(state: ClubState, links: Mapping[str, str], players: Mapping[str, dict], field: str):
    """Each linked player is one of the evening's, each member one of the club's (retired
    members too: an old evening may be linked late), and no member is two players."""
    seen: dict[str, str] = {}
    for player_id, member_id in links.items():
        if player_id not in players:
            raise NotFound(_("No player %(id)s in that evening.", id=player_id),
                           {field: [_("unknown player")]})
        found = member(state, member_id, field)
        if member_id in seen:
            raise Conflict(_("%(name)s cannot be two players of one evening.", name=found["name"]),
                           {field: [_("%(name)s linked twice", name=found["name"])]})
        seen[member_id] = player_id


def _tab_opened(state, data, _players):
    """A starting book sums to zero (422), names members (404), once a currency (409)."""
    total = sum(data["balances"].values())
    if total:
        raise Inconsistent.field("data.balances", _("A starting book sums to zero: this one "
                                                    "comes to %(total)s minor units.",
                                                    total=f"{total:+}"))
    for member_id in data["balances"]:
        member(state, member_id, "data.balances")
    opened = next((e for e in state.tabs.get(data["currency"], {}).get("entries", ())
                   if e["type"] == "tab_opened"), None)
    if opened is not None:
        raise Conflict(_("The tab in %(currency)s was opened from the club's book already "
                         "(%(day)s).", currency=data["currency"], day=opened["at"][:10]),
                       {"data.currency": [_("opened already")]})


def _tab_paid(state, data, _players):
    """Between two members (not himself: 422), no more than the payer owes nor the payee is
    owed on that currency's tab (409)."""
    if data["from"] == data["to"]:
        raise Inconsistent.field("data.to", _("A member cannot pay himself."))
    payer, payee = member(state, data["from"], "data.from"), member(state, data["to"], "data.to")
    balances = state.tabs.get(data["currency"], {}).get("balances", {})
    owes, owed, amount = -balances.get(payer["id"], 0), balances.get(payee["id"], 0), \
        data["amount_minor"]
    currency = data["currency"]
    if amount > owes:
        raise Conflict(_("%(name)s owes %(owes)s on the tab in %(currency)s, not %(amount)s.",
                         name=payer["name"], owes=money_said(max(owes, 0), currency),
                         currency=currency, amount=money_said(amount, currency)),
                       {"data.amount_minor": [_("more than %(name)s owes", name=payer["name"])]})
    if amount > owed:
        raise Conflict(_("%(name)s is owed %(owed)s on the tab in %(currency)s, not %(amount)s.",
                         name=payee["name"], owed=money_said(max(owed, 0), currency),
                         currency=currency, amount=money_said(amount, currency)),
                       {"data.amount_minor": [_("more than %(name)s is owed",
                                                name=payee["name"])]})


RULES = {"member_added": _member_added, "member_renamed": _member_renamed,
         "member_retired": _member_retired, "season_declared": _season_declared,
         "evening_attached": _evening_attached, "player_linked": _player_linked,
         "evening_imported": _evening_imported,
         "evening_corrected": lambda state, data, _players: corrected(state, data),
         "evening_withdrawn": _evening_withdrawn, "tab_opened": _tab_opened,
         "tab_paid": _tab_paid,
         "language_changed": lambda _state, _data, _players: None}  # any it speaks
