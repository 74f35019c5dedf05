"""Nothing a client sends breaks an evening (SPEC §10.5): a stateful property test over the
HTTP API. Valid events of every type are mixed with malformed ones (missing, null and extra
fields, wrong types, foreign ids, voids of anything, stale versions, resends), and after every
step: every read of the session answers 200, a refused request changed nothing, balances and
pools sum to zero, and the hash chain verifies."""

import tempfile
import uuid

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from api import create_app
from ledger.events.catalogue import SCHEMAS
from tests.factories import Table

APP = create_app({"DATABASE_URL": f"sqlite:///{tempfile.mkdtemp(prefix='ledger-fuzz-')}/f.sqlite3",
                  "REQUEST_LOG": False})
CLIENT = APP.test_client()
ELSEWHERE = Table(CLIENT, players=2)  # another evening, whose ids are foreign here
ELSEWHERE_GAME = ELSEWHERE.start_game(kind="commerce")
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Edwin", "Fanny", "George", "Аnn", "ann", "Zoë", "Zoe\u0308"]
KINDS = ["commerce", "cassino", "vingt_un", "speculation", "brag", "snip_snap_snorum", "jig",
         "progressive_poker", "other", "three_stake_brag", "pope_joan"]
STAKES = ["first", "second", "third"]
COMPARTMENTS = ["pope", "matrimony", "intrigue", "ace", "king", "queen", "knave"]
# Each kind's own types are drawn more often in its games, so that many events are accepted.
OWN = {
    "commerce": ["commerce_stand", "card_bought", "cards_bartered"],
    "cassino": ["cassino_deal_counted"],
    "vingt_un": ["vingt_un_hand_settled", "stakes_doubled", "brulet", "vingt_un_overdrawn",
                 "deal_sold"],
    "speculation": ["card_bought", "knave_or_five_turned", "pool_won", "pool_carried_over"],
    "brag": ["brag_ante_unseen", "stake_paid", "pool_won"],
    "snip_snap_snorum": ["jig_out", "penalty_paid"],
    "progressive_poker": ["progressive_pot_won", "progressive_round_ended", "progressive_rebuy"],
    "other": ["stake_paid", "pool_won", "pool_refunded"],
    "three_stake_brag": ["brag_bet", "stake_won", "stake_carried_over", "pool_refunded"],
    "pope_joan": ["trump_turned_up", "compartment_won", "pope_joan_out", "pool_refunded"],
}
GENERIC = ["deal_started", "stake_paid", "penalty_paid", "pool_won", "pool_carried_over",
           "pool_refunded", "card_bought", "cards_bartered", "deal_sold", "event_voided"]
WRONG = st.sampled_from([None, True, 1.5, -1, 0, 10**12, "", "x", [], {}, ["x"], {"a": 1}])


def some(draw, items, min_size=0, max_size=None):
    return draw(st.lists(st.sampled_from(items), min_size=min_size, max_size=max_size,
                         unique=True)) if items else []


def whole_cassino_deal(draw, seats):
    """Counts that add up to a 52-card deal, split at random among the seats."""
    def split(total):
        cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(seats) - 1,
                                    max_size=len(seats) - 1)))
        return [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    holders = {name: draw(st.sampled_from(seats)) for name in ("great_cassino", "little_cassino")}
    counts = {seat: {"cards": 0, "spades": 0, "aces": 0, "sweeps": s, "great_cassino": 0,
                     "little_cassino": 0} for seat, s in zip(seats, split(draw(st.integers(1, 6))))}
    for field, total in (("spades", 13), ("aces", 4)):
        for seat, n in zip(seats, split(total)):
            counts[seat][field] = n
    for name, seat in holders.items():
        counts[seat][name] = 1
    left = 52 - sum(max(c["spades"] + c["aces"], c["great_cassino"] + c["little_cassino"])
                    for c in counts.values())
    for seat, extra in zip(seats, split(left)):
        c = counts[seat]
        c["cards"] = max(c["spades"] + c["aces"], c["great_cassino"] + c["little_cassino"]) + extra
    return counts


class Evening(RuleBasedStateMachine):
    @initialize()
    def open_the_evening(self):
        self.table = Table(CLIENT, players=0)
        self.players, self.tables, self.games, self.events, self.sent = [], [], {}, [], []
        self.version = 1
        self.pools, self.progressive = {}, {}

    # --- what a careful recorder sends ---------------------------------------------------

    @rule(name=st.sampled_from(NAMES), group=st.none() | st.sampled_from(["lady", "gentleman"]))
    def add_player(self, name, group):
        answer = self.send("/players", {"name": name, **({"group": group} if group else {})})
        if answer.status_code == 201:
            self.players.append(answer.get_json()["id"])

    @rule(rank=st.integers(1, 4))
    def add_table(self, rank):
        answer = self.send("/tables", {"name": f"Table {rank}", "rank": rank})
        if answer.status_code == 201:
            self.tables.append(answer.get_json()["id"])

    @precondition(lambda self: len(self.players) >= 2)
    @rule(kind=st.sampled_from(KINDS), stake=st.integers(1, 3), data=st.data())
    def start_game(self, kind, stake, data):
        seats = some(data.draw, self.players, min_size=2)
        options = {}
        if kind == "progressive_poker" and self.tables:
            tables = some(data.draw, self.tables, min_size=1)
            options["tables"] = [{"table_id": t, "seats": seats[i::len(tables)]}
                                 for i, t in enumerate(tables) if seats[i::len(tables)]]
        if kind == "vingt_un":
            options = {"pool_ante": 1, "overdraw_penalty": 2, "tie_share": "1/3"}
        if kind == "speculation":
            options = {"knave_five_fine": True}
        answer = self.send("/games", {"kind": kind, "seats": seats, "stake": stake,
                                      "options": options})
        if answer.status_code == 201:
            self.games[answer.get_json()["id"]] = {"kind": kind if kind != "jig"
                                                   else "snip_snap_snorum", "seats": seats}

    @precondition(lambda self: self.games)
    @rule(data=st.data())
    def record_a_fact(self, data):
        game_id = data.draw(st.sampled_from(list(self.games)))
        game = self.games[game_id]
        event_type = data.draw(st.sampled_from(OWN[game["kind"]] * 3 + GENERIC))
        body = {"id": str(uuid.uuid4()), "type": event_type, "game_id": game_id,
                "data": self.fact(data.draw, event_type, game_id, game)}
        if event_type == "event_voided":
            body["game_id"] = None
        if data.draw(st.booleans()):
            body["expected_version"] = self.version
        if event_type != "event_voided" and data.draw(st.booleans()):  # bound to a deal, as a
            # phone binds it: the one in progress (the next one, to start it), or another
            deal = self.read(f"/games/{game_id}/dealing")["deal"]
            body["deal"] = data.draw(st.sampled_from(
                [deal + (event_type == "deal_started"), deal, deal + 2, max(1, deal - 1)]))
        self.append(body)

    @precondition(lambda self: len(self.players) >= 2)
    @rule(data=st.data(), fits=st.booleans())
    def settle_up(self, data, fits):
        """A payment between players (amendment 4): one that fits what is owed, or any at all
        (more than is owed, to a player owed nothing, to himself); it is recorded exactly
        when it fits."""
        owed = {p["id"]: p["counters"] for p in self.read("/balances")["players"]}
        payers = [p for p in self.players if owed[p] < 0]
        payees = [p for p in self.players if owed[p] > 0]
        if fits and payers and payees:
            payer, payee = data.draw(st.sampled_from(payers)), data.draw(st.sampled_from(payees))
            amount = data.draw(st.integers(1, min(-owed[payer], owed[payee])))
        else:
            payer, payee = (data.draw(st.sampled_from(self.players)) for _ in range(2))
            amount = data.draw(st.integers(1, 12))
        fact = {"from": payer, "to": payee, "amount": amount,
                **data.draw(st.sampled_from([{}, {"note": "cash"}]))}
        answer = self.append({"id": str(uuid.uuid4()), "type": "payment_made", "data": fact})
        ok = payer != payee and amount <= -owed[payer] and amount <= owed[payee]
        expected = 201 if ok else 422 if payer == payee else 409
        event(f"payment answered {answer.status_code}")
        assert answer.status_code == expected, (fact, owed, answer.get_json())

    # --- what a careless or hostile client sends -----------------------------------------

    @precondition(lambda self: self.games)
    @rule(data=st.data(), damage=st.sampled_from(
        ["no data", "null data", "extra field", "wrong type", "foreign id", "foreign game",
         "no game", "unknown type", "stale version", "bad id", "bad deal"]))
    def send_something_malformed(self, data, damage):
        game_id = data.draw(st.sampled_from(list(self.games)))
        game = self.games[game_id]
        event_type = data.draw(st.sampled_from(sorted(t for t in SCHEMAS if t != "session_created")))
        fact = self.fact(data.draw, event_type, game_id, game) if event_type in FACTS else {}
        body = {"id": str(uuid.uuid4()), "type": event_type, "game_id": game_id, "data": fact}
        if damage == "no data":
            del body["data"]
        elif damage == "null data":
            body["data"] = None
        elif damage == "extra field":
            body["data"] = {**fact, "surplus": data.draw(WRONG)}
        elif damage == "wrong type" and fact:
            body["data"] = {**fact, data.draw(st.sampled_from(sorted(fact))): data.draw(WRONG)}
        elif damage == "foreign id" and fact:
            field = data.draw(st.sampled_from(sorted(fact)))
            body["data"] = {**fact, field: data.draw(st.sampled_from(
                [ELSEWHERE.players[0], str(uuid.uuid4()), ELSEWHERE_GAME]))}
        elif damage == "foreign game":
            body["game_id"] = data.draw(st.sampled_from([ELSEWHERE_GAME, str(uuid.uuid4())]))
        elif damage == "no game":
            body["game_id"] = None
        elif damage == "unknown type":
            body["type"] = data.draw(st.sampled_from(["session_created", "nonsense", "", 5, None]))
        elif damage == "stale version":
            body["expected_version"] = data.draw(st.sampled_from(
                [self.version - 1, self.version + 1, -1, "1"]))
        elif damage == "bad deal":
            body["deal"] = data.draw(st.sampled_from([0, -1, "2", 1.5, True, None, 10**12]))
        elif damage == "bad id":
            body["id"] = data.draw(st.sampled_from(["", "a/b", "..", "x\u0000", 7, "é" * 3]))
        self.append(body)

    @precondition(lambda self: self.events)
    @rule(data=st.data())
    def void_anything(self, data):
        target = data.draw(st.sampled_from(
            [*self.events, self.table.id, str(uuid.uuid4()), ELSEWHERE.players[0]]))
        self.append({"id": str(uuid.uuid4()), "type": "event_voided",
                     "data": {"event_id": target, "reason": "fuzz"}})

    @precondition(lambda self: self.sent)
    @rule(data=st.data(), changed=st.booleans())
    def resend(self, data, changed):
        """An accepted event sent again is answered with its original; changed, it is 409."""
        body = data.draw(st.sampled_from(self.sent))
        if changed:
            body = {**body, "data": {**(body.get("data") or {}), "reason": "changed"}}
        answer = CLIENT.post(self.table.url("/events"), json=body, headers=self.table.write)
        assert answer.status_code in ((409, 422) if changed else (200,)), answer.get_json()
        self.check_version()

    # --- after every step ------------------------------------------------------------------

    @invariant()
    def every_read_answers_and_the_books_balance(self):
        if not hasattr(self, "table"):
            return
        read = self.read
        summary = read("")
        assert summary["version"] == self.version
        balances = read("/balances")
        assert sum(p["counters"] for p in balances["players"]) + balances["pools_counters"] == 0
        assert sum(p["result_counters"] for p in balances["players"]) + balances[
            "pools_counters"] == 0
        assert sum(p["paid_counters"] for p in balances["players"]) == 0
        self.pools = {p["game_id"]: p["counters"] for p in read("/pools")["pools"]}
        assert all(counters >= 0 for counters in self.pools.values())
        settlement = read("/settlement")
        owed = sum(t["counters"] for t in settlement["transfers"])
        assert owed <= sum(max(0, -p["counters"]) for p in balances["players"])
        assert settlement["all_square"] == (not settlement["transfers"]
                                            and not settlement["unsettled_pools"])
        paid = {p["id"]: 0 for p in balances["players"]}
        for payment in settlement["payments"]:
            paid[payment["from"]] += payment["counters"]
            paid[payment["to"]] -= payment["counters"]
        assert paid == {p["id"]: p["paid_counters"] for p in balances["players"]}
        assert read("/verify")["ok"] is True
        assert [e["version"] for e in read("/events")["events"]] == list(range(1, self.version + 1))
        for name in ("results", "journal", "settlement"):
            assert CLIENT.get(self.table.url(f"/export/{name}.csv"),
                              headers=self.table.read).status_code == 200
        for game_id, game in self.games.items():
            read(f"/games/{game_id}/dealing")
            if game["kind"] == "cassino":
                read(f"/games/{game_id}/scores")
            if game["kind"] == "progressive_poker":
                self.progressive[game_id] = read(f"/progressive?game_id={game_id}")
        for player in self.players:
            read(f"/players/{player}/statement")

    def read(self, path):
        answer = CLIENT.get(self.table.url(path), headers=self.table.read)
        assert answer.status_code == 200, (path, answer.get_json())
        return answer.get_json()

    # --- helpers -----------------------------------------------------------------------------

    def send(self, path, body):
        answer = CLIENT.post(self.table.url(path), json=body, headers=self.table.write)
        self.settle(answer)
        return answer

    def append(self, body):
        answer = CLIENT.post(self.table.url("/events"), json=body, headers=self.table.write)
        if self.settle(answer):
            self.sent.append(body)
        return answer

    def settle(self, answer) -> bool:
        """A 201 moved the version on by one; anything else moved nothing."""
        assert answer.status_code < 500, answer.get_data(as_text=True)
        event(f"answered {answer.status_code}")
        if answer.status_code == 201:
            self.version += 1
            body = answer.get_json()
            self.events.append(body.get("id"))
            self.check_version()
            return True
        if answer.status_code >= 400:
            assert answer.content_type == "application/problem+json"
        self.check_version()
        return False

    def check_version(self):
        """The session's version is what the accepted requests alone made it."""
        assert self.read("")["version"] == self.version

    def fact(self, draw, event_type, game_id, game):
        return FACTS[event_type](self, draw, game_id, game)


def _seat(self, draw, game):
    return draw(st.sampled_from(game["seats"]))


def _progressive(self, game_id):
    return self.progressive.get(game_id) or {"seating": {}, "players": {}}


def _pot(self, draw, game_id, game):
    model = _progressive(self, game_id)
    table = draw(st.sampled_from(list(model["seating"]) or ["no-such-table"]))
    seated = model["seating"].get(table) or game["seats"]
    givers = some(draw, seated, min_size=1)
    held = {p: model["players"].get(p, {}).get("counters", 5) for p in givers}
    return {"table_id": table, "winner": draw(st.sampled_from(givers)),
            "contributions": {p: draw(st.integers(1, max(1, held[p]))) for p in givers},
            "callers": some(draw, [p for p in seated if p not in givers[:1]], max_size=2)}


FACTS = {
    "player_added": lambda self, draw, g, game: {"name": draw(st.sampled_from(NAMES))},
    "table_added": lambda self, draw, g, game: {"name": "T", "rank": draw(st.integers(1, 5))},
    "game_started": lambda self, draw, g, game: {"kind": draw(st.sampled_from(KINDS)),
                                                  "seats": game["seats"], "stake": 1},
    "deal_started": lambda self, draw, g, game: draw(st.sampled_from(
        [{}, {"dealer": _seat(self, draw, game)}, {"ante": draw(st.integers(1, 3))}])),
    "stake_paid": lambda self, draw, g, game: {
        "player": _seat(self, draw, game), "amount": draw(st.integers(1, 4)),
        **draw(st.sampled_from([{}, {"to": _seat(self, draw, game)}]))},
    "penalty_paid": lambda self, draw, g, game: {
        "player": _seat(self, draw, game), "amount": draw(st.integers(1, 3)), "reason": "revoke"},
    "pool_won": lambda self, draw, g, game: {"winners": some(draw, game["seats"], min_size=1,
                                                             max_size=2)},
    "pool_carried_over": lambda self, draw, g, game: draw(st.sampled_from(
        [{}, {"to_game_id": draw(st.sampled_from(list(self.games)))}])),
    "pool_refunded": lambda self, draw, g, game: {"shares": {
        game["seats"][0]: max(1, self.pools.get(g, 0))}},
    "card_bought": lambda self, draw, g, game: {
        "buyer": _seat(self, draw, game),
        **draw(st.sampled_from([{}, {"seller": _seat(self, draw, game)}])),
        **draw(st.sampled_from([{}, {"price": 2}, {"item": "trump"}]))},
    "cards_bartered": lambda self, draw, g, game: {"player": _seat(self, draw, game),
                                                   "with": _seat(self, draw, game)},
    "deal_sold": lambda self, draw, g, game: {"seller": _seat(self, draw, game),
                                              "buyer": _seat(self, draw, game), "price": 2},
    "commerce_stand": lambda self, draw, g, game: (lambda stander, better: {
        "stander": stander, "better_hands": better,
        "winner": better[0] if better else stander})(
        _seat(self, draw, game), some(draw, game["seats"], max_size=2)),
    "brag_ante_unseen": lambda self, draw, g, game: {},
    "jig_out": lambda self, draw, g, game: (lambda out: {"player": out, "cards_left": {
        p: draw(st.integers(0, 5)) for p in game["seats"] if p != out}})(_seat(self, draw, game)),
    "knave_or_five_turned": lambda self, draw, g, game: {"player": _seat(self, draw, game)},
    "vingt_un_hand_settled": lambda self, draw, g, game: {
        "player": _seat(self, draw, game), "winner": draw(st.sampled_from(["player", "dealer"])),
        **draw(st.sampled_from([{}, {"natural": True}, {"tie": True}, {"amount": 3}]))},
    "stakes_doubled": lambda self, draw, g, game: {},
    "brulet": lambda self, draw, g, game: {},
    "vingt_un_overdrawn": lambda self, draw, g, game: {},
    "cassino_deal_counted": lambda self, draw, g, game: {
        "counts": whole_cassino_deal(draw, game["seats"])},
    "progressive_pot_won": lambda self, draw, g, game: _pot(self, draw, g, game),
    "progressive_round_ended": lambda self, draw, g, game: draw(st.sampled_from(
        [{}, {"cuts": {p: i for i, p in enumerate(game["seats"])}}])),
    "progressive_rebuy": lambda self, draw, g, game: {"player": _seat(self, draw, game)},
    "brag_bet": lambda self, draw, g, game: {"player": _seat(self, draw, game),
                                             "amount": draw(st.integers(1, 3))},
    "stake_won": lambda self, draw, g, game: {"stake": draw(st.sampled_from(STAKES)),
                                              "winner": _seat(self, draw, game)},
    "stake_carried_over": lambda self, draw, g, game: {"stake": draw(st.sampled_from(STAKES))},
    "trump_turned_up": lambda self, draw, g, game: {
        "card": draw(st.sampled_from(["ace", "king", "queen", "knave", "pope"])),
        "cards_dealt": {p: draw(st.integers(0, 12)) for p in game["seats"]}},
    "compartment_won": lambda self, draw, g, game: {
        "compartment": draw(st.sampled_from(COMPARTMENTS)), "player": _seat(self, draw, game)},
    "pope_joan_out": lambda self, draw, g, game: (lambda out: {
        "player": out, "cards_left": {p: draw(st.integers(0, 5)) for p in game["seats"] if p != out},
        **draw(st.sampled_from([{}, {"pope_held_by": _seat(self, draw, game)}]))})(
        _seat(self, draw, game)),
    "payment_made": lambda self, draw, g, game: {
        "from": _seat(self, draw, game), "to": _seat(self, draw, game),
        "amount": draw(st.integers(1, 4))},
    "event_voided": lambda self, draw, g, game: {
        "event_id": draw(st.sampled_from(self.events or [str(uuid.uuid4())])), "reason": "undo"},
}


def test_every_recordable_type_is_exercised():
    assert set(FACTS) == set(SCHEMAS) - {"session_created"}


Evening.TestCase.settings = settings(
    max_examples=20, stateful_step_count=40, deadline=None,
    suppress_health_check=list(HealthCheck))
test_no_request_breaks_an_evening = Evening.TestCase
