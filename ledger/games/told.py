"""A fact in words. Each game says how its own facts are told (`Game.words`: event type ->
`sentence(told) -> str`), beside their declaration; the shared facts are told here
(`SHARED`), and a game may tell one of them its own way (Brag's ante at the deal).

A sentence is plain table English: players by name, the counters that moved and what was
counted, the pools by the names the table gives them; never an id, a field's name or a
letter option. It reads what the fact recorded (`data`), what its rules resolved
(`postings`) and the game as the log stands (`game`, `dealer`); the session's words
(`ledger.projections.words`) put the game and the deal in front of it."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ledger.events.postings import player, pool
from ledger.games.record import GameRecord

Sentence = Callable[["Told"], str]


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

    def name(self, player_id: str | None) -> str:
        return self.players.get(player_id, "a player")

    def names(self, player_ids: Iterable[str]) -> str:
        return listed([self.name(p) for p in player_ids])

    def table(self, table_id: str) -> str:
        return self.tables.get(table_id, "a table")

    def label(self, game_id: str) -> str:
        return self.labels.get(game_id, "another game")

    @property
    def stake(self) -> int:
        return self.game.stake if self.game else 0

    @property
    def options(self) -> dict:
        return self.game.options if self.game else {}

    def moved(self, account: str) -> int:
        """What the postings moved to an account (negative: from it)."""
        return sum(p["amount"] for p in self.postings if p["account"] == account)

    def got(self, player_id: str) -> int:
        return self.moved(player(player_id))

    def from_pool(self, name: str | None = None) -> int:
        """What was taken out of the game's pool (or one of its named pools)."""
        return -self.moved(pool(self.game.id, name)) if self.game else 0

    def paid_by(self) -> dict[str, int]:
        """Each player who paid, and how much (in the postings' order)."""
        return {p["account"][7:]: -p["amount"] for p in self.postings
                if p["amount"] < 0 and p["account"].startswith("player:")}

    def paid_to(self) -> dict[str, int]:
        """Each player who received, and how much."""
        return {p["account"][7:]: p["amount"] for p in self.postings
                if p["amount"] > 0 and p["account"].startswith("player:")}

    def counted(self, per_player: Mapping[str, int]) -> str:
        """`Ben 3, Cleo 0`: a number per player, by name, in the order they sit."""
        seats = {p: i for i, p in enumerate(self.game.seats)} if self.game else {}
        ordered = sorted(per_player, key=lambda p: seats.get(p, len(seats)))
        return ", ".join(f"{self.name(p)} {per_player[p]}" for p in ordered)

    def each_paid(self, into: str, dealer: str | None = None) -> str:
        """`each paid 2 into the pool, Ann 4`: the payments into the pools, said shortly when
        every seat paid alike (but one, the dealer)."""
        paid = self.paid_by()
        if not paid:
            return ""
        seats = self.game.seats if self.game else list(paid)
        amounts = [paid.get(seat, 0) for seat in seats]
        others = [paid.get(seat, 0) for seat in seats if seat != dealer]
        if len(set(amounts)) == 1:
            return f"each paid {amounts[0]} into {into}"
        if dealer in paid and others and len(set(others)) == 1 and others[0]:
            return f"each paid {others[0]} into {into}, {self.name(dealer)} {paid[dealer]}"
        return f"into {into}: {self.counted(paid)}"

    def dealer_named(self) -> str | None:
        """A deal's dealer: named in the fact, or the dealer the deal had; for a deal undone
        and not named, the one who paid most to deal it (the dealer's ante, his double stake),
        if one did."""
        named = self.data.get("dealer") or self.dealer
        if named is None:
            paid = self.paid_by()
            most = [p for p, n in paid.items() if n == max(paid.values())]
            named = most[0] if len(most) == 1 else None
        return named


def listed(words: list[str]) -> str:
    """`Ann`, `Ann and Ben`, `Ann, Ben and Cleo`."""
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def capital(words: str) -> str:
    """The first letter a capital (`the first stake` → `The first stake`), the rest as written."""
    return words[:1].upper() + words[1:]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def refunded(told: Told, called: str) -> str:
    """A pool shared back, who got how much: `The pool was shared back: Ann 3, Ben 2`."""
    return f"{called} was shared back: {told.counted(told.data['shares'])}"


def going_out(told: Told) -> str:
    """`Ann went out, cards left Ben 3, Cleo 0: Ann took 3 for them`: what each other hand
    still held, and what the player who went out was paid for it."""
    out = told.data["player"]
    left = {p: n for p, n in told.data["cards_left"].items() if p != out}
    paid = sum(told.paid_by().values())
    return (f"{told.name(out)} went out, cards left {told.counted(left)}: {told.name(out)} "
            f"took {paid} for them")


# ---- the shared facts (`ledger.games.generic`) ---------------------------------------------
def deal_started(told: Told) -> str:
    dealer = told.dealer_named()
    said = f"{told.name(dealer)} dealt" if dealer else "The deal was dealt"
    antes = told.each_paid("the pool", dealer)
    return f"{said}; {antes}" if antes else said


def stake_paid(told: Told) -> str:
    data = told.data
    if data.get("to"):
        return f"{told.name(data['player'])} paid {told.name(data['to'])} a stake of {data['amount']}"
    return f"{told.name(data['player'])} staked {data['amount']} into the pool"


def penalty_paid(told: Told) -> str:
    reason = told.data.get("reason")
    return (f"{told.name(told.data['player'])} was fined {told.data['amount']}, paid into the "
            f"pool" + (f" ({reason})" if reason else ""))


def pool_won(told: Told) -> str:
    winners = told.data["winners"]
    share = told.got(winners[0])
    if len(winners) == 1:
        return f"{told.name(winners[0])} won the pool of {share}"
    return f"{told.names(winners)} shared the pool: {share} each"


def pool_carried_over(told: Told) -> str:
    target = told.data.get("to_game_id")
    if target:
        moved = told.from_pool()
        return (f"Nobody won: the pool{f' of {moved}' if moved else ''} was carried over to "
                f"{told.label(target)}")
    return "Nobody won: the pool stays for the next deal"


def card_bought(told: Told) -> str:
    """The seller and price as the rules resolved them (the dealer and the stake by default)."""
    data, sellers = told.data, told.paid_to()
    seller = next(iter(sellers), data.get("seller") or told.dealer)
    price = sellers.get(seller, data.get("price", told.stake))
    item = {"trump": "the trump", "hand": "a hand"}.get(data.get("item"), "a card")
    return f"{told.name(data['buyer'])} bought {item} from {told.name(seller)} for {price}"


def cards_bartered(told: Told) -> str:
    """With whom: as named, or (Commerce, where it need not be said) the player on his left."""
    trader, seats = told.data["player"], told.game.seats if told.game else []
    partner = told.data.get("with") or (seats[(seats.index(trader) + 1) % len(seats)]
                                        if trader in seats else None)
    return f"{told.name(trader)} bartered a card with {told.name(partner)}"


def deal_sold(told: Told) -> str:
    data = told.data
    return (f"{told.name(data['seller'])} sold a turn to deal to {told.name(data['buyer'])} "
            f"for {data['price']}")


SHARED: dict[str, Sentence] = {
    "deal_started": deal_started, "stake_paid": stake_paid, "penalty_paid": penalty_paid,
    "pool_won": pool_won, "pool_carried_over": pool_carried_over,
    "pool_refunded": lambda told: refunded(told, "The pool"), "card_bought": card_bought,
    "cards_bartered": cards_bartered, "deal_sold": deal_sold,
}
