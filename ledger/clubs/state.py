"""A club's state, folded from its log: its members, seasons and evenings, and which member
each evening's player is. A pure fold: `apply` one event at a time."""

from dataclasses import dataclass, field


@dataclass
class ClubState:
    id: str = ""
    name: str = ""
    created_at: str = ""
    language: str = "en"  # its words' language when a request asks for none
    version: int = 0
    members: dict[str, dict] = field(default_factory=dict)  # id -> {id, name, group, retired}
    seasons: dict[str, dict] = field(default_factory=dict)  # id -> {id, name, starts, ends}
    evenings: dict[str, dict] = field(default_factory=dict)  # session id -> {links, version}
    # fact id -> a past evening's results, as corrected since, and whether it was withdrawn
    imported: dict[str, dict] = field(default_factory=dict)
    # currency -> the tab (amendment 9): {"balances": {member: minor}, "entries": [...]},
    # each entry a fact and how it moved members' lines (`moves`), oldest first; a carry
    # undone leaves it
    tabs: dict[str, dict] = field(default_factory=dict)

    def apply(self, event: dict) -> "ClubState":
        FOLDS[event["type"]](self, event["id"], event["data"], event)
        self.version = event["version"]
        return self

    def summary(self) -> dict:
        return {"id": self.id, "name": self.name, "created_at": self.created_at,
                "language": self.language,
                "version": self.version, "members": list(self.members.values()),
                "seasons": sorted(self.seasons.values(), key=lambda s: (s["starts"], s["name"])),
                "evenings": [{"session_id": sid, "links": dict(evening["links"])}
                             for sid, evening in self.evenings.items()],
                "imported": [{"id": eid, "date": e["date"], "name": e["name"], "game": e["game"],
                              "currency": e["currency"], "members": len(e["results"]),
                              "corrections": e["corrections"], "withdrawn": e["withdrawn"]}
                             for eid, e in self.imported.items()]}

    def standing(self) -> dict[str, dict]:
        """The evenings brought in that count: those not withdrawn."""
        return {eid: e for eid, e in self.imported.items() if e["withdrawn"] is None}

    def joined(self) -> dict[str, int]:
        """Each member's place in the order they joined (kept until someone joins)."""
        kept = self.__dict__.get("_joined")
        if kept is None or len(kept) != len(self.members):
            kept = self.__dict__["_joined"] = {member: n for n, member in enumerate(self.members)}
        return kept

    def member_of(self, session_id: str, player_id: str) -> str | None:
        return self.evenings[session_id]["links"].get(player_id)


def fold(events) -> ClubState:
    state = ClubState()
    for event in events:
        state.apply(event)
    return state


def _created(state, _id, data, event):
    state.id, state.name, state.created_at = event["session_id"], data["name"], event["recorded_at"]
    state.language = data.get("language", "en")


def _language_changed(state, _id, data, _event):
    state.language = data["language"]


def _member_added(state, member_id, data, _event):
    state.members[member_id] = {"id": member_id, "name": data["name"], "group": data["group"],
                                "retired": False}


def _member_renamed(state, _id, data, _event):
    state.members[data["member"]]["name"] = data["name"]


def _member_retired(state, _id, data, _event):
    state.members[data["member"]]["retired"] = True


def _season_declared(state, season_id, data, _event):
    state.seasons[season_id] = {"id": season_id, "name": data["name"], "starts": data["starts"],
                                "ends": data["ends"]}


def _evening_attached(state, _id, data, event):
    state.evenings[data["session_id"]] = {"links": dict(data["links"]), "version": event["version"]}


def _player_linked(state, _id, data, _event):
    links = state.evenings[data["session_id"]]["links"]
    if data["member"] is None:
        links.pop(data["player"], None)
    else:
        links[data["player"]] = data["member"]


def _evening_imported(state, event_id, data, _event):
    results = {member: dict(result) for member, result in data["results"].items()}
    state.imported[event_id] = {**data, "results": results, "corrections": 0, "withdrawn": None}


def _evening_corrected(state, _id, data, _event):
    evening = state.imported[data["evening"]]
    for change in data["changes"]:
        if change["after"] is None:
            evening["results"].pop(change["member"], None)
        else:
            evening["results"][change["member"]] = {"name": change["name"], **change["after"]}
    evening["corrections"] += 1


def _evening_withdrawn(state, _id, data, event):
    state.imported[data["evening"]]["withdrawn"] = {
        "reason": data["reason"], "version": event["version"], "at": event["recorded_at"]}


def _import_recorded(_state, _id, _data, _event):
    """What it recorded is folded from its own events; it keeps only its id."""


def tab(state: ClubState, currency: str) -> dict:
    return state.tabs.setdefault(currency, {"balances": {}, "entries": []})


def _entered(state, event_id, data, event, moves: dict[str, int]):
    """A fact on the tab of its currency: each member's line moved by `moves`."""
    book = tab(state, data["currency"])
    for member, amount in moves.items():
        book["balances"][member] = book["balances"].get(member, 0) + amount
    book["entries"].append({"type": event["type"], "event_id": event_id, "data": data,
                            "version": event["version"], "at": event["recorded_at"],
                            "moves": moves})


def _tab_paid(state, event_id, data, event):
    _entered(state, event_id, data, event,
             {data["from"]: data["amount_minor"], data["to"]: -data["amount_minor"]})


def _carry_undone(state, _id, data, _event):
    """The carry's entry leaves its tab, and its figures with it (latest first: a carry
    undone is most often a recent one)."""
    for book in state.tabs.values():
        entries = book["entries"]
        for n in range(len(entries) - 1, -1, -1):
            found = entries[n]["data"]
            if entries[n]["type"] == "evening_carried" and (
                    found["session_id"], found["carry"]) == (data["session_id"], data["carry"]):
                for member, amount in entries[n]["moves"].items():
                    book["balances"][member] -= amount
                del entries[n]
                return


FOLDS = {"club_created": _created, "member_added": _member_added,
         "member_renamed": _member_renamed, "member_retired": _member_retired,
         "season_declared": _season_declared, "evening_attached": _evening_attached,
         "player_linked": _player_linked, "evening_imported": _evening_imported,
         "evening_corrected": _evening_corrected, "evening_withdrawn": _evening_withdrawn,
         "import_recorded": _import_recorded, "language_changed": _language_changed, "tab_paid": _tab_paid, "carry_undone": _carry_undone,
         **dict.fromkeys(("tab_opened", "evening_carried"), lambda state, event_id, data, event:
                         _entered(state, event_id, data, event, dict(data["balances"])))}
