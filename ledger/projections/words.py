"""The log in words, for a person reading the exports: whose each account is ("Ann", "pool of
Commerce") and what each event did ("Ben bought a card from Ann for 2", "Deal 4 · Ann dealt",
"Ann paid Ben 12"). Learnt as the log is read: a player's or a game's name from the event
that added it."""

from collections.abc import Set

from ledger import games


class Table:
    """Who and what a session's ids stand for, and what was said of each event so far."""

    def __init__(self, voided: Set[str] = frozenset()):
        self.voided = voided
        self.session = {"counter_value": 1, "currency": "GBP"}
        self.players: dict[str, str] = {}
        self.games: dict[str, dict] = {}  # id -> {"label", "kind"}
        self.started: dict[str, int] = {}  # kind -> games of it started
        self.deals: dict[str, int] = {}  # game id -> deals started and not undone
        self.said: dict[str, str] = {}

    @classmethod
    def of(cls, state) -> "Table":
        """The table as a folded state knows it (names and games, no history)."""
        table = cls(frozenset(state.voided))
        table.session = {"counter_value": state.session.counter_value,
                         "currency": state.session.currency}
        table.players = {pid: p.name for pid, p in state.players.items()}
        for gid, game in state.games.items():
            table._game_started(gid, game.kind)
        return table

    def name(self, player_id: str) -> str:
        return self.players.get(player_id, player_id)

    def names(self, player_ids) -> str:
        names = [self.name(p) for p in player_ids]
        return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]

    def holder(self, account: str) -> str:
        """Whose account it is: a player's name, `pool of <game>`, `<name> pool of <game>`."""
        if account.startswith("player:"):
            return self.name(account[7:])
        if account.startswith("pool:"):
            game_id, _, name = account[5:].partition(":")
            label = self.games.get(game_id, {}).get("label", "a game")
            return f"{name} pool of {label}" if name else f"pool of {label}"
        return account

    def describe(self, event: dict) -> str:
        """What the event did, in words; one undone later says so."""
        self._learn(event)
        sentence = SENTENCES.get(event["type"], _in_words)(self, event["data"], event)
        if event["id"] in self.voided:
            sentence += " (undone)"
        self.said[event["id"]] = sentence
        return sentence

    def _learn(self, event: dict) -> None:
        data = event["data"]
        if event["type"] == "session_created":
            self.session = data
        elif event["type"] == "player_added":
            self.players[event["id"]] = data["name"]
        elif event["type"] == "game_started":
            self._game_started(event["id"], data["kind"])

    def _game_started(self, game_id: str, kind: str) -> None:
        title = games.named(kind).title
        same = self.started.get(kind, 0)
        self.started[kind] = same + 1
        self.games[game_id] = {"label": f"{title} {same + 1}" if same else title, "kind": kind}

    def game(self, event: dict) -> str:
        return self.games.get(event["game_id"] or "", {}).get("label", "a game")


def _deal(table: Table, data: dict, event: dict) -> str:
    """Deals are numbered in their game as the dealing read model counts them (an undone
    deal takes no number)."""
    number = table.deals.get(event["game_id"], 0) + 1
    if event["id"] not in table.voided:
        table.deals[event["game_id"]] = number
    dealer = data.get("dealer")
    return f"Deal {number} · {table.name(dealer)} dealt" if dealer else f"Deal {number} of {table.game(event)}"


def _card_bought(table: Table, data: dict, event: dict) -> str:
    """The seller and price as the rules resolved them (the dealer and the stake by
    default): the posting that credits a player."""
    credited = [p for p in event["postings"] if p["amount"] > 0 and p["account"].startswith("player:")]
    seller = table.holder(credited[0]["account"]) if credited else "the dealer"
    price = credited[0]["amount"] if credited else data.get("price")
    return f"{table.name(data['buyer'])} bought a {data.get('item') or 'card'} from {seller} for {price}"


def _stake(table: Table, data: dict, event: dict) -> str:
    whom = table.name(data["to"]) if data.get("to") else "the pool"
    return f"{table.name(data['player'])} paid a stake of {data['amount']} to {whom}"


def _payment(table: Table, data: dict, event: dict) -> str:
    note = f" ({data['note']})" if data.get("note") else ""
    return f"{table.name(data['from'])} paid {table.name(data['to'])} {data['amount']}{note}"


def _voided(table: Table, data: dict, event: dict) -> str:
    undone = table.said.get(data["event_id"], f"event {data['event_id']}").removesuffix(" (undone)")
    return f"Undo: {undone} — {data['reason']}"


def _renamed(table: Table, data: dict, event: dict) -> str:
    """The name he had, and from here on the name the log's words give him."""
    was = table.name(data["player"])
    table.players[data["player"]] = data["name"]
    return f"{was} is now called {data['name']}"


SENTENCES = {
    "session_created": lambda t, d, e: f"Evening {d['name']} opened",
    "player_added": lambda t, d, e: f"{d['name']} joined",
    "table_added": lambda t, d, e: f"Table {d['name']} added",
    "game_started": lambda t, d, e: f"{t.games[e['id']]['label']} started: {t.names(d['seats'])}",
    "deal_started": _deal,
    "stake_paid": _stake,
    "penalty_paid": lambda t, d, e: f"{t.name(d['player'])} was fined {d['amount']}"
                                    + (f" ({d['reason']})" if d.get("reason") else ""),
    "pool_won": lambda t, d, e: f"{t.names(d['winners'])} won the pool of {t.game(e)}",
    "pool_carried_over": lambda t, d, e: f"The pool of {t.game(e)} was carried over" + (
        f" to {t.games.get(d['to_game_id'], {}).get('label', 'another game')}"
        if d.get("to_game_id") else ""),
    "pool_refunded": lambda t, d, e: f"The {d['pool'] + ' ' if d.get('pool') else ''}pool of "
                                     f"{t.game(e)} was shared back",
    "card_bought": _card_bought,
    "deal_sold": lambda t, d, e: f"{t.name(d['seller'])} sold his deal to {t.name(d['buyer'])} "
                                 f"for {d['price']}",
    "payment_made": _payment,
    "event_voided": _voided,
    "player_renamed": _renamed,
    "player_removed": lambda t, d, e: f"{t.name(d['player'])} was taken off the evening",
    "game_removed": lambda t, d, e: f"{t.game(e)} was taken off the evening",
}


def _in_words(table: Table, data: dict, event: dict) -> str:
    """A game's own fact: its game, the phone page's name for it, and its data with each
    player named (`Commerce · Stand: stander Ann, winner Ben, better hands Ben`)."""
    record = table.games.get(event["game_id"] or "", {})
    game = games.named(record.get("kind", ""))
    label = next((b.label for b in game.page if b.type == event["type"]),
                 event["type"].replace("_", " "))
    details = ", ".join(f"{key.replace('_', ' ')} {_value(table, value)}"
                        for key, value in data.items() if value not in (None, [], {}))
    return f"{record.get('label', 'a game')} · {label}" + (f": {details}" if details else "")


def _value(table: Table, value) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{table.name(key)} {_value(table, inner)}" for key, inner in value.items())
    if isinstance(value, list):
        return table.names(_value(table, item) for item in value)
    if isinstance(value, str):
        return table.name(value)
    return str(value).lower() if isinstance(value, bool) else str(value)
