"""Nothing a client sends breaks an evening (SPEC §10.5): a stateful property test over the
HTTP API. Valid events of every type are mixed with malformed ones (missing, null and extra
fields, wrong types, foreign ids, voids of anything, stale versions, resends), and after every
step: every read of the session answers 200, a refused request changed nothing, balances and
pools sum to zero, and the hash chain verifies."""

import uuid

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from api import create_app
from ledger import games
from tests.api.evening_facts import FACTS, KINDS, NAMES, draw_fact, own_facts
from tests.conftest import scratch_folder
from tests.factories import Table
from tests.strategies import TableView, mends, options_of

APP = create_app({"DATABASE_URL": f"sqlite:///{scratch_folder('ledger-fuzz-')}/f.sqlite3",
                  "REQUEST_LOG": False})
CLIENT = APP.test_client()
ELSEWHERE = Table(CLIENT, players=2)  # another evening, whose ids are foreign here
ELSEWHERE_GAME = ELSEWHERE.start_game(kind="commerce")
WRONG = st.sampled_from([None, True, 1.5, -1, 0, 10**12, "", "x", [], {}, ["x"], {"a": 1}])
GENERIC = ["deal_started", "stake_paid", "penalty_paid", "pool_won", "pool_carried_over",
           "pool_refunded", "card_bought", "cards_bartered", "deal_sold", "event_voided"]


def some(draw, items, min_size=0, max_size=None):
    return draw(st.lists(st.sampled_from(items), min_size=min_size, max_size=max_size,
                         unique=True)) if items else []


class Evening(RuleBasedStateMachine):
    @initialize()
    def open_the_evening(self):
        self.table = Table(CLIENT, players=0)
        self.players, self.tables, self.games, self.events, self.sent = [], [], {}, [], []
        self.ranks = {}
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
            self.ranks[self.tables[-1]] = rank

    @precondition(lambda self: len(self.players) >= 2)
    @rule(kind=st.sampled_from(KINDS), stake=st.integers(1, 3), data=st.data())
    def start_game(self, kind, stake, data):
        """A game of any registered kind, its options drawn from its own examples."""
        seats = some(data.draw, self.players, min_size=2)
        game = games.GAMES[games.kind_named(kind)]
        tables = sorted(self.tables, key=self.ranks.get)
        options = data.draw(options_of(game, TableView(seats=seats, tables=tables)))
        answer = self.send("/games", {"kind": kind, "seats": seats, "stake": stake,
                                      "options": options})
        if answer.status_code == 201:
            self.games[answer.get_json()["id"]] = {"kind": game.kind, "seats": seats}

    @precondition(lambda self: self.games)
    @rule(data=st.data())
    def record_a_fact(self, data):
        game_id = data.draw(st.sampled_from(list(self.games)))
        game = self.games[game_id]
        event_type = data.draw(st.sampled_from(own_facts(game["kind"]) * 3 + GENERIC))
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

    @precondition(lambda self: self.players)
    @rule(data=st.data(), by_route=st.booleans())
    def mend_the_set_up(self, data, by_route):
        """A player renamed or removed, a game removed, by an event or by the routes: what
        is removed is gone from every read; a refusal is 404 or 409 and moves nothing."""
        event_type, game_id, fact = data.draw(mends(self.players, list(self.games)))
        if not by_route:
            answer = self.append({"id": str(uuid.uuid4()), "type": event_type,
                                  "game_id": game_id, "data": fact})
        else:
            target = self.table.url(f"/games/{game_id}" if game_id else f"/players/{fact['player']}")
            answer = (CLIENT.patch(target, json={"name": fact["name"]}, headers=self.table.write)
                      if event_type == "player_renamed" else
                      CLIENT.delete(target, headers=self.table.write))
            assert answer.status_code in (200, 404, 409), answer.get_json()
            if answer.status_code == 200 and answer.get_json()["event"]["version"] > self.version:
                self.version += 1
                self.events.append(answer.get_json()["event"]["id"])
                self.forget(answer.get_json()["event"])
            self.check_version()
        event(f"{event_type} answered {answer.status_code}")
        if answer.status_code in (200, 201) and event_type != "player_renamed":
            summary = self.read("")
            assert fact.get("player") not in [p["id"] for p in summary["players"]]
            assert game_id not in [g["id"] for g in summary["games"]]
            assert game_id not in [p["game_id"] for p in self.read("/pools")["pools"]]

    # --- what a careless or hostile client sends -----------------------------------------

    @precondition(lambda self: self.games)
    @rule(data=st.data(), damage=st.sampled_from(
        ["no data", "null data", "extra field", "wrong type", "foreign id", "foreign game",
         "no game", "unknown type", "stale version", "bad id", "bad deal"]))
    def send_something_malformed(self, data, damage):
        game_id = data.draw(st.sampled_from(list(self.games)))
        game = self.games[game_id]
        event_type = data.draw(st.sampled_from(sorted(
            t for t in games.catalogue().schemas if t != "session_created")))
        fact = self.fact(data.draw, event_type, game_id, game)
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
        listed = read("/pools")["pools"]
        assert all(p["counters"] >= 0 and min(p["named"].values(), default=0) >= 0 for p in listed)
        self.pools = {p["game_id"]: p["named"] or {None: p["counters"]} for p in listed}
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
            self.forget(body)
        return answer

    def forget(self, mend: dict) -> None:
        """A player or a game removed is no longer the test's to read or to seat."""
        if mend["type"] == "player_removed":
            self.players.remove(mend["data"]["player"])
        elif mend["type"] == "game_removed":
            self.games.pop(mend["game_id"])

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
        """A fact's data: the session's own by `FACTS`, a game's from its examples, drawn
        against the table as the reads show it."""
        return draw_fact(self, draw, event_type, game_id, game)


def test_every_recordable_type_is_exercised():
    drawn = set(FACTS) | {t for kind in games.GAMES for t in own_facts(kind)}
    assert drawn == set(games.catalogue().schemas) - {"session_created"}


Evening.TestCase.settings = settings(
    max_examples=20, stateful_step_count=40, deadline=None,
    suppress_health_check=list(HealthCheck))
test_no_request_breaks_an_evening = Evening.TestCase
