"""A deal's life, declared once per game (SPEC amendment 7): which facts belong to the deal in
play, what each settles (once per deal), and when the deal has ended. The rules refuse a fact
of a deal before any deal has started, or after its deal has ended, and a settlement made
twice; the page asks what is due next (`due`) instead of guessing.

A deal starts with `deal_started` and lasts until the next one. What of it is settled, and by
which event, is kept in the game's record (`record.deals`); voiding a settling fact reopens
what it settled, and with it the deal."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ledger.errors import Conflict
from ledger.language import _

# What of a deal a fact settles, from its data and the game's options: a name, or several.
# One that always settles a name, whatever its data, says so as its `what` (the page's due
# reads it).
Settles = Callable[[dict, dict], str | tuple[str, ...]]
# Whether the deal is over, from what of it is settled, the seats and the dealer.
Ended = Callable[[Mapping[str, str], list[str], str | None], bool]


def once(what: str) -> Settles:
    """A fact that settles `what` ("the stand", "the pool") once per deal."""
    settles = lambda _data, _options: what  # noqa: E731 - named by its attribute below
    settles.what = what  # what it settles whatever its data (the page's due reads it)
    return settles


def per_player(what: str, field_name: str = "player") -> Settles:
    """A fact settled once per deal for each player (Vingt-un: each player's hand)."""
    settles = lambda data, _options: f"{what} of player:{data[field_name]}"  # noqa: E731
    settles.per_player = what
    return settles


def when_settled(*whats: str) -> Ended:
    """The deal ends once any of these is settled (Commerce: the stand)."""
    return lambda settled, _seats, _dealer: any(what in settled for what in whats)


def when_all_settled(*whats: str) -> Ended:
    """The deal ends once all of these are settled (three-stake Brag: its three stakes)."""
    return lambda settled, _seats, _dealer: all(what in settled for what in whats)


def every_hand(what: str) -> Ended:
    """Every player but the dealer has had `what` of him settled (Vingt-un's hands)."""
    return lambda settled, seats, dealer: all(
        f"{what} of player:{seat}" in settled for seat in seats if seat != dealer)


@dataclass(frozen=True)
class DealLife:
    """`play`: facts of the deal in play (trades, bets, cards played). `settles`: facts that
    settle something of the deal once (a second in the same deal is refused). `ends`: when the
    deal is over; after it, nothing of that deal is accepted. `done`: when the next deal is
    due (by default when the deal has ended). `one_at_a_time`: a deal must be done before
    the next starts (Cassino counts every deal). `marks`: facts that, recorded in a deal, are
    kept among what it settled (for `done`) without refusing a second (any other game: a pool
    won makes the next deal due, and a second pool won is still taken). `whole`: nothing of a
    deal is recorded between its start and its outcome (Cassino: dealt, played out, counted),
    so the page offers its start and its outcome on one sheet, one Record."""

    play: frozenset[str] = frozenset()
    settles: Mapping[str, Settles] = field(default_factory=dict)
    marks: Mapping[str, str] = field(default_factory=dict)
    ends: Ended | None = None
    done: Ended | None = None
    one_at_a_time: bool = False
    whole: bool = False

    def of_deal(self, event_type: str) -> bool:
        return event_type in self.play or event_type in self.settles

    def settled_by(self, event_type: str, data: dict, options: dict) -> tuple[str, ...]:
        """What of the deal a fact settles (nothing, for a fact that settles nothing)."""
        if event_type not in self.settles:
            return ()
        what = self.settles[event_type](data, options)
        return (what,) if isinstance(what, str) else what

    def kept_by(self, event_type: str, data: dict, options: dict) -> tuple[str, ...]:
        """What the deal's record keeps of a fact: what it settles, or what it marks."""
        marked = self.marks.get(event_type)
        return (marked,) if marked else self.settled_by(event_type, data, options)

    def ended(self, settled: Mapping[str, str], seats: list[str], dealer: str | None) -> bool:
        return self.ends is not None and self.ends(settled, seats, dealer)

    def finished(self, settled: Mapping[str, str], seats: list[str], dealer: str | None) -> bool:
        """The deal's outcome is recorded: the next deal is due."""
        test = self.done or self.ends
        return test is not None and test(settled, seats, dealer)


@dataclass(frozen=True)
class DealNow:
    """Where a game's deal stands: its number (0 before the first), its dealer, what of it is
    settled, whether it has ended, and whether its outcome is recorded."""

    number: int
    dealer: str | None
    settled: Mapping[str, str]
    ended: bool
    finished: bool


def concerns(life: DealLife, event_type: str) -> bool:
    """Whether the deal's life has a say on the fact: a fact of a deal, or a deal started
    where one must be finished first."""
    return life.of_deal(event_type) or (event_type == "deal_started" and life.one_at_a_time)


def check(life: DealLife, now: DealNow, event_type: str, whats: tuple[str, ...], title: str,
          noun: str, names: Callable[[str], str]) -> None:
    """Refuse (409, in the table's words) a fact of a deal that has not started or has
    ended, a deal started while one must be finished first, and a settlement made twice.
    `noun` names the fact, `names(id)` a player, when a refusal says so."""
    title = _(title)
    if event_type == "deal_started":
        if life.one_at_a_time and now.number and not now.finished:
            raise Conflict(_("Deal %(n)s of %(game)s is not finished: record its outcome before "
                             "dealing the next.", n=now.number, game=title),
                           {"type": [_("deal not finished")]})
        return
    if not life.of_deal(event_type):
        return
    if now.number == 0:
        raise Conflict(_("No deal has started in this %(game)s game: deal first.", game=title),
                       {"game_id": [_("no deal yet")]})
    if now.ended:
        over = ", ".join(shown(what, names) for what in now.settled)
        raise Conflict(_("Deal %(n)s of %(game)s is over (%(over)s): %(fact)s belongs to the next "
                         "deal; start the next deal first.", n=now.number, game=title, over=over,
                         fact=noun), {"type": [_("this deal has been settled")]})
    for what in whats:
        if what in now.settled:
            raise Conflict(_("This deal has been settled (%(what)s); start the next deal.",
                             what=shown(what, names)),
                           {"type": [_("this deal has been settled")]})


def shown(what: str, names: Callable[[str], str]) -> str:
    """A settlement as the table says it: `the hand of player:<id>` → `the hand of Ann`."""
    if " of player:" not in what:
        return what
    label, pid = what.split(" of player:")
    return f"{label} of {names(pid)}"
