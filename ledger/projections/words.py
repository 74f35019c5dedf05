"""The log in words: one sentence an event, for the phone's log (`said`, in the events read)
and the journal export. Players by name, games as the evening names them ("Commerce 2"), a
game's fact after its game and its deal ("Commerce · Deal 4 · Ann stood; …"). Each game
tells its own facts (`Game.words`, `ledger.games.told`); the session's own are told here.

Said as the log stands now, from the session's folded state: a deal is numbered as the
dealing read model counts it (a deal undone takes no number, so undoing one that is not the
latest renumbers those after it), its dealer as that read has him, and a sentence never
says whether its event was undone: the void does ("Undo: … — reason")."""

from bisect import bisect_right
from collections.abc import Iterable
from copy import copy
from dataclasses import dataclass

from ledger import games
from ledger.games.base import Game
from ledger.games.dealing import dealers
from ledger.games.record import GameRecord
from ledger.games.told import Sentence, Told, listed
from ledger.language import _, language_name
from ledger.projections.money import decimal_said
from ledger.projections.state import SessionState

# each game's deals as last folded (`Dealt.of`), by what names the game's dealing then
_DEALS: dict[tuple, tuple] = {}
DEALS_KEPT = 1024
# what a stored event's data may lack (a log written by older code): its words fall back
MISSHAPEN = (KeyError, TypeError, ValueError, IndexError, AttributeError, StopIteration)


@dataclass(frozen=True)
class Dealt:
    """A game as its words need it, as the log stands: its record (its own facts copied: the
    rest its sentences read, seats, stake and options, never changes), its declaration, and
    its deals (by the version that started each, in order) with their dealers."""

    record: GameRecord
    game: Game
    starts: list[int]
    dealers: list[str | None]
    next_dealer: str | None

    @classmethod
    def of(cls, session_id: str, record: GameRecord) -> "Dealt":
        """The game as it stands. Its deals and dealers are folded once for each change of
        its dealing facts (a phone reading the one new event of a long evening does not fold
        its thousand deals again): a game's dealing only grows, and loses what a void
        withdraws, so its length and its last fact name it."""
        game = games.of(record)
        key = (session_id, record.id, len(record.dealing), next(reversed(record.dealing), None))
        deals = _DEALS.get(key)
        if deals is None:
            by_deal, next_dealer = dealers(record, game.keeps_deal) if game.deals else ({}, None)
            deals = (list(record.dealt_at.values()), [by_deal.get(d) for d in record.dealt_at],
                     next_dealer)
            if len(_DEALS) >= DEALS_KEPT:
                _DEALS.clear()
            _DEALS[key] = deals
        if game.folds:  # its own facts, which its sentences may read, as they are now
            record = copy(record)
            record.facts = dict(record.facts)
        return cls(record, game, *deals)

    def deal_of(self, event: dict) -> tuple[int, str | None]:
        """The deal a fact belongs to (0: before the first) and its dealer. A deal started
        and undone takes the number the next deal will have; after the last deal, its dealer
        is the one who deals next (the deal undone at once, the usual case), else the one it
        names."""
        version = event["version"]
        number = bisect_right(self.starts, version)
        if event["type"] == "deal_started" and (not number or self.starts[number - 1] != version):
            return number + 1, self.next_dealer if number == len(self.starts) else None
        return number, self.dealers[number - 1] if number else None


class Words:
    """What a session's events say, as its state (`state`) has the evening: names, games,
    deals. Built under the state's lock, used after it: it keeps copies of what it reads.
    `game_ids`: the games whose facts will be told (default: all); `strict`: a sentence
    that fails raises instead of falling back to the money moved (the tests')."""

    def __init__(self, state: SessionState, game_ids: Iterable[str] | None = None,
                 strict: bool = False):
        session = state.session
        self.session = {"counter_value": session.counter_value, "currency": session.currency}
        self.players = {pid: p.name for pid, p in state.players.items()}
        self.tables = {tid: t.name for tid, t in state.tables.items()}
        self.labels: dict[str, str] = {}
        self.registered: dict = {}  # game id -> its game (`ledger.games`: its pools' words)
        self.started: dict[str, int] = {}  # kind -> its games so far
        for record in state.games.values():
            self._game_started(record.id, record.kind)
        wanted = state.games if game_ids is None else [g for g in game_ids if g in state.games]
        self.games = {gid: Dealt.of(session.id, state.games[gid]) for gid in wanted}
        self.strict = strict
        self.said: dict[str, str] = {}  # by event id, as said so far (a void tells its target's)
        self.known: dict[str, dict] = {}  # events a void may name, read before (`say`)

    def name(self, player_id: str) -> str:
        return self.players.get(player_id) or _("a player")

    def names(self, player_ids) -> str:
        return listed([self.name(p) for p in player_ids])

    def holder(self, account: str) -> str:
        """Whose account it is: a player's name, `pool of <game>`, `<name> pool of <game>`."""
        if account.startswith("player:"):
            return self.name(account[7:])
        if account.startswith("pool:"):
            game_id, __, name = account[5:].partition(":")
            label = self.labels.get(game_id) or _("a game")
            game = self.registered.get(game_id)
            called = game.pool_called(name) if game else name
            return (_("%(pool)s pool of %(game)s", pool=called, game=label) if name
                    else _("pool of %(game)s", game=label))
        return account

    def say(self, event: dict) -> str:
        """What the event did, in words (said once, then remembered by its id)."""
        said = self.said.get(event["id"])
        if said is None:
            self._learn(event)
            try:
                said = SESSION.get(event["type"], Words._game_fact)(self, event)
            except MISSHAPEN:
                if self.strict:
                    raise
                said = self._moved(event)
            self.said[event["id"]] = said
        return said

    def _game_fact(self, event: dict) -> str:
        """A game's fact: its game and its deal (`Commerce 2 · Deal 3`), then what its
        game's sentence says of it."""
        sentence = self.sentence(event)
        if sentence is None:
            return self._moved(event)
        told = self.told(event)
        before = self.labels.get(event["game_id"] or "") or _("A game")
        deal = " · " + _("Deal %(n)s", n=told.deal) if told.deal else ""
        return f"{before}{deal} · {sentence(told)}"

    def sentence(self, event: dict) -> Sentence | None:
        """How the game of a fact tells it (None: it has no words for it)."""
        dealt = self.games.get(event["game_id"] or "")
        return (dealt.game if dealt else games.RETIRED).sentence(event["type"])

    def told(self, event: dict) -> Told:
        """A game's fact as its sentence reads it: its data and postings, its game, and its
        deal and dealer as the log stands."""
        dealt = self.games.get(event["game_id"] or "")
        number, dealer = dealt.deal_of(event) if dealt else (0, None)
        return Told(event["data"], event["postings"], dealt.record if dealt else None, dealer,
                    event["id"], self.players, self.tables, self.labels, number)

    def _moved(self, event: dict) -> str:
        """A fact without words (a kind no longer listed, data of another shape): its name
        and what it moved."""
        moved = ", ".join(f"{self.holder(p['account'])} {p['amount']:+d}" for p in event["postings"])
        before = self.labels.get(event["game_id"] or "", "")
        said = f"{before + ' · ' if before else ''}{event['type'].replace('_', ' ').capitalize()}"
        return f"{said}: {moved}" if moved else said

    def _learn(self, event: dict) -> None:
        """Who and what an event added that the state did not have (a journal read while the
        evening goes on)."""
        kind, data = event["type"], event["data"]
        if kind == "player_added":  # the name he joined under, until a rename in the log
            self.players[event["id"]] = data["name"]
        elif kind == "table_added" and event["id"] not in self.tables:
            self.tables[event["id"]] = data["name"]
        elif kind == "game_started" and event["id"] not in self.labels:
            self._game_started(event["id"], data["kind"])

    def _game_started(self, game_id: str, kind: str) -> None:
        same = self.started[kind] = self.started.get(kind, 0) + 1
        game = self.registered[game_id] = games.named(kind)
        title = _(game.title)
        self.labels[game_id] = f"{title} {same}" if same > 1 else title

    # ---- the session's own facts
    def _opened(self, event: dict) -> str:
        data = event["data"]
        worth = decimal_said(data["counter_value"], data["currency"])
        opened = {"name": data["name"], "worth": worth, "currency": data["currency"]}
        if data.get("time_zone"):
            return _("Evening %(name)s opened, a counter worth %(worth)s %(currency)s, its times "
                     "in %(zone)s", zone=data["time_zone"].replace("_", " "), **opened)
        return _("Evening %(name)s opened, a counter worth %(worth)s %(currency)s", **opened)

    def _joined(self, event: dict) -> str:
        name, group = event["data"]["name"], event["data"].get("group")
        return (_("%(name)s joined (%(group)s)", name=name, group=group) if group
                else _("%(name)s joined", name=name))

    def _game(self, event: dict) -> str:
        data = event["data"]
        game, seats = self.labels.get(event["id"]) or _("A game"), self.names(data["seats"])
        said = _("%(game)s started at a stake of %(stake)s: %(seats)s", game=game,
                 stake=data["stake"], seats=seats)
        if data.get("table_id"):
            table = self.tables.get(data["table_id"]) or _("a table")
            said = _("%(game)s started at a stake of %(stake)s: %(seats)s, at %(table)s",
                     game=game, stake=data["stake"], seats=seats, table=table)
        options = self._options(games.named(data["kind"]), data.get("options") or {})
        return said + (f" ({options})" if options else "")

    def _options(self, game: Game, options: dict) -> str:
        """The options not at the book's default, in words."""
        fields = game.options().fields
        said = [self._option_said(name.replace("_", " "), value) for name, value in options.items()
                if name in fields and value not in (None, [], {}, fields[name].load_default)]
        return ", ".join(said)

    def _option_said(self, name: str, value) -> str:
        """`target 21`, `first dealer Ann`; a yes-or-no option by its name alone, or `no …`."""
        if isinstance(value, bool):
            return name if value else f"no {name}"
        return f"{name} {self._option(value)}"

    def _option(self, value) -> str:
        if isinstance(value, str):
            return self.players.get(value) or self.tables.get(value) or value.replace("_", " ")
        if isinstance(value, list) and all(isinstance(side, list) for side in value):
            return " against ".join(self.names(side) for side in value)  # partnerships
        if isinstance(value, list):  # Progressive Poker's tables and their seats
            return "; ".join(f"{self.tables.get(t['table_id'], 'a table')}: {self.names(t['seats'])}"
                             for t in value)
        return str(value)

    def _paid(self, event: dict) -> str:
        data = event["data"]
        note = f" ({data['note']})" if data.get("note") else ""
        return _("%(payer)s paid %(payee)s %(amount)s", payer=self.name(data["from"]),
                 payee=self.name(data["to"]), amount=data["amount"]) + note

    def _carried(self, event: dict) -> str:
        """Each player's figure as it went on the tab: what he still owed (−) or was owed."""
        figures = [f"{self.holder(p['account'])} {_signed(-p['amount'])}" for p in event["postings"]]
        return _("Carried to the club's tab: %(figures)s", figures=", ".join(figures))

    def _renamed(self, event: dict) -> str:
        """The name he had, and from here on the name the log's words give him."""
        data = event["data"]
        was, self.players[data["player"]] = self.name(data["player"]), data["name"]
        return _("%(was)s is now called %(name)s", was=was, name=data["name"])

    def _undone(self, event: dict) -> str:
        target = event["data"]["event_id"]
        said = self.said.get(target)
        if said is None and target in self.known:
            said = self.say(self.known[target])
        return _("Undo: %(said)s — %(reason)s", said=said or _("an earlier event"),
                 reason=event["data"]["reason"])


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


SESSION = {
    "session_created": Words._opened,
    "player_added": Words._joined,
    "table_added": lambda w, e: _("A table set up: %(name)s, rank %(rank)s", **e["data"]),
    "game_started": Words._game,
    "payment_made": Words._paid,
    "carried_to_tab": Words._carried,
    "event_voided": Words._undone,
    "player_renamed": Words._renamed,
    "language_changed": lambda w, e: _("The evening's words now in %(language)s",
                                       language=language_name(e["data"]["language"])),
    "player_removed": lambda w, e: _("%(name)s was taken off the evening",
                                     name=w.name(e["data"]["player"])),
    "game_removed": lambda w, e: _("%(name)s was taken off the evening",
                                   name=w.labels.get(e["game_id"]) or _("A game")),
}
