"""A club's standings, history and running totals: a pure projection of its state and its
evenings' summaries (ledger.clubs.evening). Money is kept per currency (pence are never added
to cents); counters add up across evenings whatever a counter was worth."""

from ledger.clubs.state import ClubState
from ledger.projections.money import decimal_money


def in_season(evening: dict, season: dict | None) -> bool:
    return season is None or season["starts"] <= evening["date"] <= season["ends"]


def ordered(state: ClubState, evenings: dict[str, dict], season: dict | None) -> list[dict]:
    """The club's evenings in the season, those recorded and those brought in from a
    spreadsheet, oldest first."""
    recorded = [evenings[sid] for sid in state.evenings if sid in evenings]
    chosen = [e for e in [*recorded, *brought_in(state)] if in_season(e, season)]
    return sorted(chosen, key=lambda e: (e["date"], e["opened_at"], e["session_id"]))


def brought_in(state: ClubState) -> list[dict]:
    """Past evenings imported (ledger.clubs.imports), shaped as an evening's summary: results
    only (no deals, no tallies), each line its member's own, as corrected since; an evening
    withdrawn is left out (it stays in the club's log)."""
    return [{"session_id": eid, "name": e["name"], "date": e["date"], "opened_at": e["date"],
             "currency": e["currency"], "brought_in": True,
             "players": {member: {"name": r["name"], "counters": r["counters"],
                                  "amount_minor": r["amount_minor"], "deals": 0, "tallies": {}}
                         for member, r in e["results"].items()}}
            for eid, e in state.standing().items()]


def played(state: ClubState, evening: dict) -> dict[str, tuple[str, dict]]:
    """The evening's players who are members: member id -> (player id, his line)."""
    if evening.get("brought_in"):
        return {member: (member, line) for member, line in evening["players"].items()}
    links = state.evenings[evening["session_id"]]["links"]
    return {member: (pid, evening["players"][pid]) for pid, member in links.items()
            if pid in evening["players"]}


def standings(state: ClubState, evenings: dict[str, dict], season: dict | None = None) -> dict:
    """Per member: evenings played, net counters, net money per currency, deals dealt, the
    games' tallies, biggest win and loss (by counters) and his running total of counters
    after each of the club's evenings (`evenings`, oldest first; carried over an evening he
    missed); ranked by net counters (ties: by name)."""
    rows = {m: _row(member) for m, member in state.members.items()}
    chosen = ordered(state, evenings, season)
    for evening in chosen:
        playing = played(state, evening)
        for member, row in rows.items():
            if member in playing:
                _add(row, evening, *playing[member])
            row["running"].append(row["counters"])
    ranked = sorted(rows.values(), key=lambda r: (-r["counters"], r["name"].casefold()))
    return {"club_id": state.id, "version": state.version, "season": season,
            "evenings": [{**{key: e[key] for key in ("session_id", "name", "date", "currency")},
                          "brought_in": bool(e.get("brought_in"))} for e in chosen],
            "members": ranked}


def history(state: ClubState, evenings: dict[str, dict], member_id: str,
            season: dict | None = None) -> dict:
    """A member's evenings, newest first, each with his result and his running total."""
    row, lines = _row(state.members[member_id]), []
    for evening in ordered(state, evenings, season):
        mine = played(state, evening).get(member_id)
        if mine is not None:
            lines.append({**_add(row, evening, *mine), "running_counters": row["counters"],
                          "running_money": dict(row["money"])})
    return {"member": state.members[member_id], "season": season, "evenings": lines[::-1],
            **{key: row[key] for key in ("counters", "money", "deals", "tallies",
                                         "biggest_win", "biggest_loss")}}


def _row(member: dict) -> dict:
    return {"member_id": member["id"], "name": member["name"], "group": member["group"],
            "retired": member["retired"], "evenings": 0, "counters": 0, "money": {},
            "deals": 0, "tallies": {}, "biggest_win": None, "biggest_loss": None, "running": []}


def _add(row: dict, evening: dict, player_id: str, line: dict) -> dict:
    """Count the evening in the member's row; his result that evening."""
    currency = evening["currency"]
    row["evenings"] += 1
    row["counters"] += line["counters"]
    row["money"][currency] = row["money"].get(currency, 0) + line["amount_minor"]
    row["deals"] += line["deals"]
    for tally, n in line["tallies"].items():
        row["tallies"][tally] = row["tallies"].get(tally, 0) + n
    result = {"session_id": evening["session_id"], "name": evening["name"],
              "date": evening["date"], "player_id": player_id, "counters": line["counters"],
              "amount_minor": line["amount_minor"], "currency": currency,
              "deals": line["deals"], "tallies": dict(line["tallies"])}
    if line["counters"] > 0 and (row["biggest_win"] is None
                                 or line["counters"] > row["biggest_win"]["counters"]):
        row["biggest_win"] = result
    if line["counters"] < 0 and (row["biggest_loss"] is None
                                 or line["counters"] < row["biggest_loss"]["counters"]):
        row["biggest_loss"] = result
    return result


def rows(table: dict) -> tuple[list[str], list[list]]:
    """standings.csv: one row per member, ranked; money a pair of columns per currency (exact
    minor units and a decimal), and a column per tally any member has."""
    currencies = sorted({c for m in table["members"] for c in m["money"]})
    tallies = sorted({t for m in table["members"] for t in m["tallies"]})
    header = ["rank", "member_id", "name", "group", "retired", "evenings", "counters",
              *(f"{kind}_{c}" for c in currencies for kind in ("money", "money_decimal")),
              "deals", *tallies, "biggest_win_counters", "biggest_loss_counters", "season"]
    season = table["season"]["name"] if table["season"] else ""
    listed = []
    for rank, m in enumerate(table["members"], start=1):
        money = [value for c in currencies for value in (
            m["money"].get(c, 0), decimal_money(m["money"].get(c, 0), c))]
        listed.append([rank, m["member_id"], m["name"], m["group"] or "",
                       "yes" if m["retired"] else "no", m["evenings"], m["counters"], *money,
                       m["deals"], *(m["tallies"].get(t, 0) for t in tallies),
                       (m["biggest_win"] or {}).get("counters", ""),
                       (m["biggest_loss"] or {}).get("counters", ""), season])
    return header, listed
