"""The session's folded state, typed: what the rules decide by and the read models show. Each
part is owned by the fold step that writes it (`ledger.projections.session`); a game's part is
its `GameRecord` (`ledger.games.record`)."""

from dataclasses import asdict, dataclass, field

from ledger.games.record import GameRecord


@dataclass
class Session:
    id: str
    name: str
    counter_value: int
    currency: str
    recorded_at: str
    time_zone: str = "UTC"  # an older log, or an evening opened without one
    language: str = "en"  # likewise: its words in English


@dataclass
class Player:
    id: str
    name: str
    group: str | None = None


@dataclass
class Table:
    id: str
    name: str
    rank: int


@dataclass
class Payment:
    """A settle-up payment (amendment 4): `payer` paid `payee` counters' worth of money."""

    event_id: str
    version: int
    payer: str
    payee: str
    amount: int
    note: str | None = None


@dataclass
class Carry:
    """The evening put on its club's tab (amendment 9): what each player still owed (−) or
    was owed (+) then, in counters, moved off the evening to his member's line of the tab."""

    event_id: str
    version: int
    recorded_at: str
    players: dict[str, int]


@dataclass
class SessionState:
    version: int = 0
    session: Session | None = None
    players: dict[str, Player] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    games: dict[str, GameRecord] = field(default_factory=dict)
    balances: dict[str, int] = field(default_factory=dict)  # account -> counters held
    issued: dict[str, int] = field(default_factory=dict)  # player id -> counters the bank issued him
    voided: dict[str, str] = field(default_factory=dict)  # voided event id -> the void's id
    kept_in: dict[str, str] = field(default_factory=dict)  # game fact's event id -> its game
    payments: dict[str, Payment] = field(default_factory=dict)  # by the payment's event id
    carried: Carry | None = None  # the carry to the club's tab that stands, if any

    def pool(self, game_id: str) -> int:
        return self.balances.get(f"pool:{game_id}", 0)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, kept: dict) -> "SessionState":
        """A state from its snapshot (`to_dict`, as JSON)."""
        return cls(
            version=kept["version"],
            session=Session(**kept["session"]) if kept["session"] else None,
            players={pid: Player(**p) for pid, p in kept["players"].items()},
            tables={tid: Table(**t) for tid, t in kept["tables"].items()},
            games={gid: GameRecord.from_dict(g) for gid, g in kept["games"].items()},
            balances=kept["balances"], issued=kept["issued"], voided=kept["voided"],
            kept_in=kept["kept_in"],
            payments={eid: Payment(**p) for eid, p in kept["payments"].items()},
            carried=Carry(**kept["carried"]) if kept.get("carried") else None)
