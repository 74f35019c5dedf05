"""The club's tab over random clubs (SPEC amendment 9), through the service on the in-memory
store: evenings of every registered game (their facts drawn from each game's examples, as
`tests.strategies` draws them, with payments tonight, voids, and now and then a guest)
played by the club's members in two currencies and carried to the tab, carries undone and
carried again, a starting book, and payments on the tab, in part or in full, and more than
owed (refused). After every step: each currency's balances sum to zero; each member's is his
starting book + what the evenings carried for him (as each evening's own results say) − what
he paid on the tab + what he was paid; paying the suggested payments leaves every balance 0,
and there are never more of them than the evenings' own settlements added up (the starting
book's counted, and an evening's again when its carry is undone: what was paid on it since
is owed back); a new service folding the log answers the same tab. At the end every
suggested payment is recorded, and every balance is 0."""

from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.clubs import tab
from ledger.errors import Conflict, LedgerError
from ledger.events.store.memory import MemoryStore
from ledger.projections.results import results
from ledger.projections.transfers import transfers
from ledger.service.bootstrap import bootstrap
from tests.strategies import kinds
from tests.unit.memory import MemoryLedger
from tests.unit.test_fold_properties import _session_move, two_games, view_of

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
CURRENCIES = ("GBP", "EUR")
DONE: dict[str, int] = defaultdict(int)  # what the drawn clubs did, over the whole run


class Evening(MemoryLedger):
    """Tonight's evening opened in the club, its members seated (recorded as a MemoryLedger
    records its own evening)."""

    def __init__(self, service, club_id: str, members: list[str], currency: str, value: int):
        self.service = service
        answer, _ = service.clubs.open_evening(club_id, {
            "name": f"Evening {len(service.store.stream_ids())}", "currency": currency,
            "counter_value": value, "members": members})
        self.session_id, self.currency = answer["id"], currency
        self.players = [p["id"] for p in answer["players"]]
        self.carry: str | None = None  # the carried_to_tab that stands
        self.owed = 0  # its settlement's payments when it was carried


class Club:
    """A club through the service, and what the test itself keeps of its tab."""

    def __init__(self, service):
        self.service = service
        opened, _ = service.clubs.open({"name": "Meryton"})
        self.id = opened["session_id"]
        self.members = {name: self.record("member_added", name=name)["id"] for name in NAMES}
        self.opening = {c: {} for c in CURRENCIES}  # member -> minor, as the book opened
        self.paid = {c: defaultdict(int) for c in CURRENCIES}  # member -> paid less received
        self.bound = {c: 0 for c in CURRENCIES}
        self.evenings: list[Evening] = []

    def record(self, event_type: str, **data) -> dict:
        return self.service.clubs.record(self.id, {"type": event_type, "data": data})[0]

    def tab(self, service=None) -> dict:
        with (service or self.service).clubs.reading(self.id) as (state, evenings):
            return {t["currency"]: t for t in tab.tab(state, evenings)["currencies"]}

    def expected(self) -> dict[str, dict[str, int]]:
        """Each member's balance per currency, from the test's own account and the evenings'
        own results (what each carried, by the members its players are)."""
        with self.service.clubs.reading(self.id) as (state, _):
            links = {sid: dict(e["links"]) for sid, e in state.evenings.items()}
        lines = {c: defaultdict(int, self.opening[c]) for c in CURRENCIES}
        for evening in self.evenings:
            with self.service.sessions.reading(evening.session_id) as state:
                carried, value = results(state)["carried"], state.session.counter_value
            for p in (carried or {}).get("players", []):
                lines[evening.currency][links[evening.session_id][p["id"]]] += p["counters"] * value
        for c in CURRENCIES:
            for member, n in self.paid[c].items():
                lines[c][member] += n
        return {c: {m: n for m, n in lines[c].items()} for c in CURRENCIES}


def play_evening(data, club: Club, kind: str) -> Evening:
    """An evening of one game of `kind` (and Another game beside it) among drawn members and
    now and then a guest, its facts drawn from the games' examples, with payments and voids;
    then its pools shared back where they can be."""
    seated = data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    evening = Evening(club.service, club.id, [club.members[n] for n in seated],
                      data.draw(st.sampled_from(CURRENCIES)), data.draw(st.integers(1, 5)))
    club.evenings.append(evening)
    if data.draw(st.integers(0, 4)) == 0:
        evening.players.append(evening.record("player_added", name="Guest")["id"])
    tables = [evening.record("table_added", name=f"Table {n}", rank=n)["id"] for n in (1, 2)]
    try:
        first, second, drawn = two_games(data, evening, kind, tables)
    except LedgerError:
        return evening  # (a game its seats cannot take)
    for _ in range(data.draw(st.integers(2, 20), label="steps")):
        move = data.draw(st.sampled_from(["first"] * 4 + ["second", "payment", "void"]))
        try:
            if move in ("payment", "void"):
                _session_move(data, evening, move)
            else:
                game_id = first if move == "first" else second
                fact_kind = data.draw(st.sampled_from(sorted(drawn[game_id])))
                fact = data.draw(drawn[game_id][fact_kind](view_of(evening, game_id, tables)))
                evening.record(fact_kind, game_id, **fact)
        except LedgerError:
            pass
    for game_id in (first, second):
        if game_id in evening.state.games:
            share_back(evening, game_id)
    return evening


def share_back(evening: Evening, game_id: str) -> None:
    """Each of the game's pools holding counters given back to its first seat, if it may be."""
    state = evening.state
    for account, n in list(state.balances.items()):
        if n and account.startswith(f"pool:{game_id}"):
            name = account[len(f"pool:{game_id}:"):] or None
            try:
                evening.record("pool_refunded", game_id, shares={state.games[game_id].seats[0]: n},
                               **({"pool": name} if name else {}))
            except LedgerError:
                pass


def carry(club: Club, evening: Evening) -> None:
    with club.service.sessions.reading(evening.session_id) as state:
        owed = len(results(state)["transfers"])
    try:
        evening.carry = evening.record("carried_to_tab")["id"]
    except Conflict as refused:
        DONE["refused: " + refused.fields["type"][0]] += 1
        return
    evening.owed = owed
    club.bound[evening.currency] += owed
    DONE["carried"] += 1


def undo(club: Club, evening: Evening) -> None:
    evening.record("event_voided", event_id=evening.carry, reason="carried too soon")
    evening.carry = None
    club.bound[evening.currency] += evening.owed  # paid on it since: owed back
    DONE["undone"] += 1


def pay(data, club: Club, tabs: dict, more: bool) -> None:
    """Part or all of a suggested payment; or (`more`) more than the payer owes: refused."""
    owing = [(c, t) for c, t in tabs.items() for t in t["transfers"]]
    if not owing:
        return
    currency, transfer = data.draw(st.sampled_from(owing))
    owes = -next(m["balance_minor"] for m in tabs[currency]["members"]
                 if m["member"] == transfer["from"])
    in_full = not more and data.draw(st.booleans(), label="in full")
    amount = (owes + 1 if more else transfer["amount_minor"] if in_full
              else data.draw(st.integers(1, transfer["amount_minor"])))
    request = {"from": transfer["from"], "to": transfer["to"], "currency": currency,
               "amount_minor": amount}
    if more:
        with pytest.raises(Conflict):
            club.record("tab_paid", **request)
        return
    club.record("tab_paid", **request)
    club.paid[currency][transfer["from"]] += amount
    club.paid[currency][transfer["to"]] -= amount
    DONE["paid in full" if amount == transfer["amount_minor"] else "paid in part"] += 1


def open_book(data, club: Club) -> None:
    currency = data.draw(st.sampled_from(CURRENCIES))
    chosen = data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    figures = data.draw(st.lists(st.integers(-500, 500), min_size=len(chosen) - 1,
                                 max_size=len(chosen) - 1))
    book = dict(zip((club.members[n] for n in chosen), [*figures, -sum(figures)]))
    try:
        club.record("tab_opened", currency=currency, balances=book)
    except Conflict:  # opened already
        return
    club.opening[currency] = book
    DONE["opened"] += 1
    club.bound[currency] += len(transfers(list(book.items())))


def check(club: Club) -> None:
    tabs, expected = club.tab(), club.expected()
    for currency in CURRENCIES:
        lines = {m["member"]: m["balance_minor"] for m in tabs.get(currency, {}).get("members", [])}
        assert sum(lines.values()) == 0
        assert {m: n for m, n in lines.items() if n} == \
            {m: n for m, n in expected[currency].items() if n}
        suggested = tabs.get(currency, {}).get("transfers", [])
        after = dict(lines)
        for t in suggested:
            after[t["from"]] += t["amount_minor"]
            after[t["to"]] -= t["amount_minor"]
            assert t["amount_minor"] > 0
        assert not any(after.values())
        assert len(suggested) <= club.bound[currency]
    assert club.tab(bootstrap(store=club.service.store)) == tabs  # folded afresh from the log


@pytest.mark.parametrize("kind", kinds())
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_tab_adds_up_and_its_payments_settle_it(kind, data):
    club = Club(bootstrap(store=MemoryStore()))
    kinds_played = [kind]
    for _ in range(data.draw(st.integers(1, 9), label="steps")):
        move = data.draw(st.sampled_from(["evening"] * 3 + ["carry", "undo", "pay", "pay",
                                                            "overpay", "book"]))
        standing = [e for e in club.evenings if e.carry]
        if move == "evening":
            played = kinds_played.pop() if kinds_played else data.draw(st.sampled_from(kinds()))
            evening = play_evening(data, club, played)
            if data.draw(st.integers(0, 4)):
                carry(club, evening)
        elif move == "carry" and len(standing) < len(club.evenings):
            carry(club, data.draw(st.sampled_from([e for e in club.evenings if not e.carry])))
        elif move == "undo" and standing:
            undo(club, data.draw(st.sampled_from(standing)))
        elif move in ("pay", "overpay"):
            pay(data, club, club.tab(), more=move == "overpay")
        elif move == "book":
            open_book(data, club)
        check(club)
    for currency, owed in club.tab().items():
        for t in owed["transfers"]:
            club.record("tab_paid", **{"from": t["from"], "to": t["to"], "currency": currency,
                                       "amount_minor": t["amount_minor"]})
    assert all(m["balance_minor"] == 0 for t in club.tab().values() for m in t["members"])
    DONE[f"kinds carried: {kind}"] += any(e.carry for e in club.evenings)
    DONE["two currencies"] += all(club.tab().get(c) for c in CURRENCIES)


def test_the_drawn_clubs_carried_undid_and_paid():
    """The run above drew what it claims to (run with it, every kind in this process)."""
    if any(f"kinds carried: {kind}" not in DONE for kind in kinds()):
        pytest.skip("the property test did not run whole in this process")
    print(dict(DONE))
    assert all(DONE[what] for what in ("carried", "undone", "paid in full", "paid in part",
                                       "opened", "two currencies"))
    assert sum(1 for kind in kinds() if DONE[f"kinds carried: {kind}"]) >= len(kinds()) - 1
