"""A game as the session's fold keeps it: what it was started with, its dealing facts, its
deals and what settled each, and the facts its own module keeps (`facts`). Every fact is kept
by its event's id, so that a void withdraws it from the structures that hold it, by id."""

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
from typing import TypeVar

T = TypeVar("T")


@dataclass
class GameRecord:
    id: str
    kind: str
    seats: list[str]
    stake: int
    table_id: str | None = None
    options: dict = field(default_factory=dict)
    # deal_started, deal_sold and what a game adds to who deals (Vingt-un's deal passed by a
    # natural, stakes doubled), by event id, in log order: the dealing read folds them
    dealing: dict[str, dict] = field(default_factory=dict)
    # each deal started (by its event id), in order: what of it is settled, by which event
    deals: dict[str, dict[str, str]] = field(default_factory=dict)
    # each settling event id, in log order -> its deal and what of it the event settled
    settling: dict[str, list[str]] = field(default_factory=dict)
    dealt_at: dict[str, int] = field(default_factory=dict)  # each deal's start -> its version
    facts: dict[str, dict] = field(default_factory=dict)  # the game's own, by event id

    @classmethod
    def started(cls, event_id: str, data: dict) -> "GameRecord":
        return cls(id=event_id, kind=data["kind"], seats=list(data["seats"]),
                   stake=data["stake"], table_id=data.get("table_id"),
                   options=dict(data.get("options") or {}))

    @classmethod
    def from_dict(cls, kept: dict) -> "GameRecord":
        return cls(**kept)

    @property
    def deal(self) -> int:
        """The deal in progress, by number (0 before the first)."""
        return len(self.deals)

    @property
    def settled(self) -> dict[str, str]:
        """What of the deal in progress has been settled, and by which event."""
        return self.deals[next(reversed(self.deals))] if self.deals else {}

    def kept(self, name: str, of: str = "facts"):
        """A read of the game's own facts (`of`: or of its dealing facts) and its set-up, kept
        under `name` (`keep`) while those facts are the ones it was read from; else None. A
        long game's facts are read once for all that asks of them (each event told, each
        append's rules), not once for each. What is kept is shared by every later caller:
        it is read, never changed."""
        read, n = self.kept_since(name, of) or (None, 0)
        return read if n == len(getattr(self, of)) else None

    def kept_since(self, name: str, of: str = "facts") -> tuple[object, int] | None:
        """What is kept under `name`, and how many facts it was read from, while those are
        still the game's first facts (a read that can go on from there); else None. Facts are
        only ever added at the end or withdrawn (a void is never undone) and their ids are
        unique: the first n are those read while the n-th is still the last one read."""
        kept, facts = self.__dict__.get(name), getattr(self, of)
        if kept is None or kept[0][0] > len(facts):
            return None
        (n, last), read = kept
        at_n = next(islice(reversed(facts), len(facts) - n, None)) if n else None
        return (read, n) if at_n == last else None

    def since(self, n: int, of: str = "facts") -> list[tuple[str, dict]]:
        """The game's `of` after its first n, by id, in order: what a kept read goes on with
        (`kept_since`), read from the end, so that it costs what was added since, not a walk
        past every fact before it."""
        facts = getattr(self, of)
        return list(islice(reversed(facts.items()), len(facts) - n))[::-1]

    def kept_by_deal(self, name: str, add: Callable[[dict, dict], dict]) -> dict[str, dict]:
        """A read of the game's own facts by deal, each fact added to its deal's entry by
        `add(entry, fact)` (a new entry: what is kept stays as read), kept under `name` and
        gone on with from the facts added since."""
        kept, done = self.kept_since(name) or (None, 0)
        if kept is not None and done == len(self.facts):
            return kept
        deals = dict(kept or {})
        for _, fact in self.since(done):
            deals[fact["deal"]] = add(deals.get(fact["deal"], {}), fact)
        return self.keep(name, deals)

    def keep(self, name: str, read: T, of: str = "facts") -> T:
        """`read`, a read of the game's `of` as they are now, kept under `name` (`kept`). An
        attribute, not a field: no snapshot or comparison sees it, and a reader's copy
        (`dataclasses.replace`) starts without it."""
        facts = getattr(self, of)
        self.__dict__[name] = ((len(facts), next(reversed(facts), None)), read)
        return read

    def settle(self, event_id: str, whats: tuple[str, ...]) -> None:
        """A fact settled these of the deal in progress."""
        if not self.deals or not whats:
            return
        deal = next(reversed(self.deals))
        for what in whats:
            self.deals[deal][what] = event_id
        self.settling[event_id] = [deal, *whats]

    def withdraw(self, event_id: str) -> None:
        """A voided fact of this game adds nothing: its dealing fact, its deal (a voided deal
        is no deal), what it settled (which reopens its deal) and the game's own record of it."""
        self._rehome(event_id)
        self.dealing.pop(event_id, None)
        self.deals.pop(event_id, None)
        self.dealt_at.pop(event_id, None)
        self.facts.pop(event_id, None)
        deal, *whats = self.settling.pop(event_id, [None])
        if deal not in self.deals:
            return
        settled = self.deals[deal]
        freed = {what for what, by in settled.items() if by == event_id}
        for what in freed:
            del settled[what]
        for other, its in self._of_deal(self.settling, deal, _settled) if freed else ():
            # a mark made again in the deal (any other game's pool won twice): the last stands
            for what in freed.intersection(its[1:]).difference(settled):
                settled[what] = other

    def _rehome(self, deal_id: str) -> None:
        """A voided deal's facts and settlements are the deal's before it, as if it had never
        been started (a bet, a compartment won, a stake settled); before the first, none."""
        if deal_id not in self.deals:
            return
        deals = reversed(self.deals)
        before = next((next(deals, None) for deal in deals if deal == deal_id), None)
        for fact_id, fact in list(self._of_deal(self.facts, deal_id, _named)):
            if before is None:
                del self.facts[fact_id]
            else:
                fact["deal"] = before
        for settler, (_, *whats) in reversed(list(self._of_deal(self.settling, deal_id, _settled))):
            if before is None:                       # in log order: the last settling stands
                del self.settling[settler]
            else:
                self.settling[settler] = [before, *whats]
                self.deals[before].update({what: settler for what in whats})

    def _of_deal(self, kept: dict, deal: str, deal_of):
        """What of `kept` (settlements, or the game's own facts) belongs to `deal`, last first.
        What a fact of a deal keeps comes after the deal's start in the log, and before the
        next deal's (a voided deal's passes to the deal before it), so the walk back stops at
        the first of an earlier deal, or at a fact that names none (a game's facts all name
        their deal, or none does): a void in the deal in progress costs the same however long
        the evening."""
        started = self.dealt_at.get(deal, -1)
        for key, value in reversed(kept.items()):
            its = deal_of(value)
            if its == deal:
                yield key, value
            elif not its or self.dealt_at.get(its, started) < started:
                return


def _settled(settlement: list[str]) -> str:
    """The deal a settlement (`settling`'s [deal, *what]) belongs to."""
    return settlement[0]


def _named(fact) -> str | None:
    """The deal a game's own fact names, if it names one."""
    return fact.get("deal") if isinstance(fact, dict) else None
