"""A fact in words. Each game says how its own facts are told (`Game.words`: event type ->
`sentence(told) -> str`), beside their declaration; the shared facts are told in
`ledger.games.shared_words`, and a game may tell one of them its own way (Brag's ante at the
deal).

A sentence is plain table English: players by name, the counters that moved and what was
counted, the pools by the names the table gives them; never an id, a field's name or a
letter option. It reads what the fact recorded (`data`), what its rules resolved
(`postings`) and the game as the log stands (`game`, `dealer`); the session's words
(`ledger.projections.words`) put the game and the deal in front of it.

Each figure a sentence gives is one part of the fact (the cards one player paid for, a
compartment, the Game), said through `Told.pays`, which keeps who paid whom: a part is read
from the fact's data, the game's stake and options, or an account only that part touches (a
pool taken whole, a payer's own posting), never from a player's net, in which his parts
cancel (who paid for his cards and won a compartment). Said so, every player's parts add up
to what the postings moved for him (`Told.unsaid` is empty): the tests hold every sentence
to it."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from babel.lists import format_list

from ledger.events.postings import player, pool
from ledger.games.record import GameRecord
from ledger.language import _, locale

Sentence = Callable[["Told"], str]
Move = tuple[str | None, str | None, int]  # (payer, payee, counters); None: a pool, the bank


@dataclass(slots=True)
class Told:
    """One event as its sentence sees it (made for each event said: kept light)."""

    data: dict
    postings: list[dict]
    game: GameRecord | None = None
    dealer: str | None = None  # the dealer of the deal the fact belongs to, if known
    event_id: str = ""
    players: Mapping[str, str] = field(default_factory=dict)  # player id -> name
    tables: Mapping[str, str] = field(default_factory=dict)  # table id -> name
    labels: Mapping[str, str] = field(default_factory=dict)  # game id -> "Commerce 2"
    deal: int = 0  # the deal's number as the log stands (0: before the first)
    moves: list[Move] = field(default_factory=list)  # what the sentence says moved

    def name(self, player_id: str | None) -> str:
        return self.players.get(player_id) or _("a player")

    def names(self, player_ids: Iterable[str]) -> str:
        return listed([self.name(p) for p in player_ids])

    def table(self, table_id: str) -> str:
        return self.tables.get(table_id) or _("a table")

    def label(self, game_id: str) -> str:
        return self.labels.get(game_id) or _("another game")

    @property
    def stake(self) -> int:
        return self.game.stake if self.game else 0

    @property
    def options(self) -> dict:
        return self.game.options if self.game else {}

    def pays(self, payer: str | None, payee: str | None, amount: int) -> int:
        """Say that `amount` counters of one part went from `payer` to `payee` (player ids;
        None: a pool or the bank): kept with the sentence (`moves`), and given back for its
        text."""
        if amount:
            self.moves.append((payer, payee, amount))
        return amount

    def unsaid(self) -> dict[str, int]:
        """What the postings moved to each player beyond what the sentence has said so far
        (negative: from him); nothing once every part is said."""
        left = {p["account"][7:]: p["amount"] for p in self.postings
                if p["account"].startswith("player:")}
        for payer, payee, amount in self.moves:
            for who, change in ((payer, amount), (payee, -amount)):
                if who is not None:
                    left[who] = left.get(who, 0) + change
        return {who: n for who, n in left.items() if n}

    def moved(self, account: str) -> int:
        """What the postings moved to an account (negative: from it)."""
        return sum(p["amount"] for p in self.postings if p["account"] == account)

    def got(self, player_id: str) -> int:
        """What the postings moved to a player: one part's figure only in a fact where no
        other part touches him (an ante, a rebuy); else say each part from the data."""
        return self.moved(player(player_id))

    def from_pool(self, name: str | None = None) -> int:
        """What was taken out of the game's pool (or one of its named pools): one part of a
        fact touches a pool."""
        return -self.moved(pool(self.game.id, name)) if self.game else 0

    def into_pool(self, name: str | None = None) -> int:
        return -self.from_pool(name)

    def payers(self) -> list[str]:
        """Who the postings took from (in their order): who, not how much."""
        return [p["account"][7:] for p in self.postings
                if p["amount"] < 0 and p["account"].startswith("player:")]

    def payees(self) -> list[str]:
        """Who the postings paid (in their order)."""
        return [p["account"][7:] for p in self.postings
                if p["amount"] > 0 and p["account"].startswith("player:")]

    def counted(self, per_player: Mapping[str, int]) -> str:
        """`Ben 3, Cleo 0`: a number per player, by name, in the order they sit."""
        seats = {p: i for i, p in enumerate(self.game.seats)} if self.game else {}
        ordered = sorted(per_player, key=lambda p: seats.get(p, len(seats)))
        return ", ".join(f"{self.name(p)} {per_player[p]}" for p in ordered)

    def each_paid(self, into: str, dealer: str | None = None) -> str:
        """`each paid 2 into the pool, Ann 4`: the payments into the pools (each payer's
        only part: his ante), said shortly when every seat paid alike (but one, the dealer)."""
        paid = {payer: self.pays(payer, None, -self.got(payer)) for payer in self.payers()}
        if not paid:
            return ""
        seats = self.game.seats if self.game else list(paid)
        amounts = [paid.get(seat, 0) for seat in seats]
        others = [paid.get(seat, 0) for seat in seats if seat != dealer]
        if len(set(amounts)) == 1:
            return _("each paid %(amount)s into %(into)s", amount=amounts[0], into=into)
        if dealer in paid and others and len(set(others)) == 1 and others[0]:
            return _("each paid %(amount)s into %(into)s, %(dealer)s %(paid)s", amount=others[0],
                     into=into, dealer=self.name(dealer), paid=paid[dealer])
        return _("into %(into)s: %(counted)s", into=into, counted=self.counted(paid))

    def dealer_named(self) -> str | None:
        """A deal's dealer: named in the fact, or the dealer the deal had; for a deal undone
        and not named, the one who paid most to deal it (the dealer's ante, his double stake),
        if one did."""
        named = self.data.get("dealer") or self.dealer
        if named is None:
            paid = {payer: -self.got(payer) for payer in self.payers()}
            most = [p for p, n in paid.items() if n == max(paid.values())]
            named = most[0] if len(most) == 1 else None
        return named


def listed(words: list[str]) -> str:
    """`Ann`, `Ann and Ben`, `Ann, Ben and Cleo`, as the current language lists (Babel's
    lists: `Ann, Ben und Cleo`, `Ann, Ben et Cleo`)."""
    return format_list(words, locale=locale()) if words else ""


def capital(words: str) -> str:
    """The first letter a capital (`the first stake` → `The first stake`), the rest as written."""
    return words[:1].upper() + words[1:]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def refunded(told: Told, called: str) -> str:
    """A pool shared back, who got how much: `The pool was shared back: Ann 3, Ben 2`."""
    shares = {p: told.pays(None, p, n) for p, n in told.data["shares"].items()}
    return _("%(pool)s was shared back: %(counted)s", pool=called, counted=told.counted(shares))


def going_out(told: Told, excused: str | None = None) -> str:
    """`Ann went out, cards left Ben 3, Cleo 0: Ann took 3 for them`: what each other hand
    still held, a counter a card paid to the player who went out (by all but one `excused`:
    who said why), and what that came to."""
    out = told.data["player"]
    left = {p: n for p, n in told.data["cards_left"].items() if p not in (out, excused)}
    took = sum(told.pays(p, out, n) for p, n in left.items())
    return _("%(out)s went out, cards left %(left)s: %(out)s took %(took)s for them",
             out=told.name(out), left=told.counted(left), took=took)
