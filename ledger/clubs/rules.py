"""What a club accepts: pure decisions on its state (and, for links, the evening's players).
Each raises a LedgerError to refuse the fact; a club's facts move no money."""

from collections.abc import Mapping

from ledger.clubs.state import ClubState
from ledger.errors import Conflict, Inconsistent, NotFound
from ledger.projections.money import money_said


def decide(state: ClubState, event_type: str, data: dict,
           players: Mapping[str, dict] | None = None) -> None:
    """Refuse the fact, or let it be recorded. `players`: the evening's (for links)."""
    RULES[event_type](state, data, players or {})


def check_version(state: ClubState, expected_version: int | None) -> None:
    """The club stands where the writer saw it, if he says (409)."""
    if expected_version is not None and expected_version != state.version:
        raise Conflict(f"The club is at version {state.version}, not {expected_version}.",
                       {"expected_version": [f"current version is {state.version}"]},
                       current_version=state.version)


def attachable(club_id: str, owner: str | None) -> None:
    """An evening belongs to one club at most."""
    if owner is not None and owner != club_id:
        raise Conflict("The evening belongs to another club.", {"session_id": ["in another club"]})


def seated_tonight(state: ClubState, members: list[str]) -> list[dict]:
    """The members seated at tonight's evening: each a member, none retired, none twice."""
    seated = [member(state, m, "members") for m in members]
    if any(m["retired"] for m in seated):
        raise Conflict("A retired member cannot be seated tonight.", {"members": ["retired"]})
    if len(set(members)) != len(members):
        raise Conflict("A member is seated once.", {"members": ["twice"]})
    return seated


def member(state: ClubState, member_id: str, field: str = "data.member") -> dict:
    found = state.members.get(member_id)
    if found is None:
        raise NotFound(f"No member {member_id} in this club.", {field: ["unknown member"]})
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
        raise Conflict(f"{name!r} is too like {twin!r}, a member already: choose a name the "
                       "club can tell apart.", {"data.name": [f"too like {twin!r}"]})


def _member_added(state, data, _players):
    _distinct_name(state, data["name"])


def _member_renamed(state, data, _players):
    member(state, data["member"])
    _distinct_name(state, data["name"], besides=data["member"])


def _member_retired(state, data, _players):
    if member(state, data["member"])["retired"]:
        raise Conflict("He is retired already.", {"data.member": ["retired already"]})


def _season_declared(state, data, _players):
    if data["ends"] < data["starts"]:  # (both YYYY-MM-DD)
        raise Inconsistent.field("data.ends", "A season cannot end before it starts.")
    if any(s["name"].casefold() == data["name"].casefold() for s in state.seasons.values()):
        raise Conflict(f"The club has a season {data['name']!r} already.",
                       {"data.name": ["taken"]})


def _evening_imported(state, data, _players):
    for member_id in data["results"]:
        member(state, member_id, "data.results")


def brought_in(state: ClubState, evening_id: str, field: str = "data.evening") -> dict:
    """An evening brought in from a spreadsheet, not withdrawn: what a correction or a
    withdrawal acts on. An evening recorded here is mended in its own log (undone there)."""
    found = state.imported.get(evening_id)
    if found is None and evening_id in state.evenings:
        raise Conflict("That evening was recorded here, not brought in: undo its mistakes in "
                       "its own log.", {field: ["recorded, not brought in"]})
    if found is None:
        raise NotFound(f"No evening {evening_id} brought into this club.",
                       {field: ["no evening brought in with this id"]})
    if found["withdrawn"] is not None:
        raise Conflict(f"{found['name']} ({found['date']}) was withdrawn already: "
                       f"{found['withdrawn']['reason']}", {field: ["withdrawn already"]})
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
            raise Conflict(f"{change['name']}'s result on {evening['name']} is not what the "
                           "correction started from: preview the file again.",
                           {"data.changes": [f"{change['name']}: stale"]})
        if change["after"] is None:
            results.pop(change["member"], None)
        else:
            results[change["member"]] = dict(change["after"])
    for what in ("counters", "amount_minor"):
        if total := sum(r[what] for r in results.values()):
            raise Conflict(f"Corrected, {evening['name']} would sum to {total:+} {what}, not 0.",
                          {"data.changes": [f"sum to {total:+} {what}"]})


def _evening_withdrawn(state, data, _players):
    brought_in(state, data["evening"])


def _evening_attached(state, data, players):
    if data["session_id"] in state.evenings:
        raise Conflict("The evening is in this club already.", {"session_id": ["attached"]})
    _links(state, data["links"], players, "data.links")


def _player_linked(state, data, players):
    evening = state.evenings.get(data["session_id"])
    if evening is None:
        raise NotFound(f"No evening {data['session_id']} in this club.",
                       {"data.session_id": ["not one of the club's evenings"]})
    links = {p: m for p, m in evening["links"].items() if p != data["player"]}
    if data["member"] is not None:
        links[data["player"]] = data["member"]
    elif data["player"] not in players:
        raise NotFound(f"No player {data['player']} in that evening.", {"data.player": ["unknown player"]})
    _links(state, links, players, "data")


def _links(state: ClubState, links: Mapping[str, str], players: Mapping[str, dict], field: str):
    """Each linked player is one of the evening's, each member one of the club's (retired
    members too: an old evening may be linked late), and no member is two players."""
    seen: dict[str, str] = {}
    for player_id, member_id in links.items():
        if player_id not in players:
            raise NotFound(f"No player {player_id} in that evening.", {field: ["unknown player"]})
        found = member(state, member_id, field)
        if member_id in seen:
            raise Conflict(f"{found['name']} cannot be two players of one evening.",
                           {field: [f"{found['name']} linked twice"]})
        seen[member_id] = player_id


def _tab_opened(state, data, _players):
    """A starting book sums to zero (422), names members (404), once a currency (409)."""
    total = sum(data["balances"].values())
    if total:
        raise Inconsistent.field("data.balances", f"A starting book sums to zero: this one "
                                                  f"comes to {total:+} minor units.")
    for member_id in data["balances"]:
        member(state, member_id, "data.balances")
    opened = next((e for e in state.tabs.get(data["currency"], {}).get("entries", ())
                   if e["type"] == "tab_opened"), None)
    if opened is not None:
        raise Conflict(f"The tab in {data['currency']} was opened from the club's book already "
                       f"({opened['at'][:10]}).", {"data.currency": ["opened already"]})


def _tab_paid(state, data, _players):
    """Between two members (not himself: 422), no more than the payer owes nor the payee is
    owed on that currency's tab (409)."""
    if data["from"] == data["to"]:
        raise Inconsistent.field("data.to", "A member cannot pay himself.")
    payer, payee = member(state, data["from"], "data.from"), member(state, data["to"], "data.to")
    balances = state.tabs.get(data["currency"], {}).get("balances", {})
    owes, owed, amount = -balances.get(payer["id"], 0), balances.get(payee["id"], 0), \
        data["amount_minor"]
    currency = data["currency"]
    if amount > owes:
        raise Conflict(f"{payer['name']} owes {money_said(max(owes, 0), currency)} on the tab "
                       f"in {currency}, not {money_said(amount, currency)}.",
                       {"data.amount_minor": [f"more than {payer['name']} owes"]})
    if amount > owed:
        raise Conflict(f"{payee['name']} is owed {money_said(max(owed, 0), currency)} on the "
                       f"tab in {currency}, not {money_said(amount, currency)}.",
                       {"data.amount_minor": [f"more than {payee['name']} is owed"]})


RULES = {"member_added": _member_added, "member_renamed": _member_renamed,
         "member_retired": _member_retired, "season_declared": _season_declared,
         "evening_attached": _evening_attached, "player_linked": _player_linked,
         "evening_imported": _evening_imported,
         "evening_corrected": lambda state, data, _players: corrected(state, data),
         "evening_withdrawn": _evening_withdrawn, "tab_opened": _tab_opened,
         "tab_paid": _tab_paid}
