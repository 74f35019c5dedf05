"""Generated requests over every operation of /openapi.json, with every schemathesis check:
never a 5xx; every answer in its documented status codes, content type, headers and schema;
a request the document calls malformed is refused, and one it calls well formed is accepted,
or refused only as the state or the rules may refuse it (`positive_data_acceptance`, below).

The cases are aimed at a real evening. Path ids are the session's, its games' and its
players', and the write token is sent (unless the case is meant to be wrong there: a missing
token stays missing). The document marks each reference in a body with what it refers to
(`format: player-id`, `game-id`, `table-id`, `event-id`) and text a person types
(`display-text`): references are drawn from the evening's players, games, tables and events
(those recorded during the run too), and text is a few words. The document's examples name
an example evening's ids, and this evening's stand in for them. In an append, an event goes
to a game that takes its type, a map keyed by players is keyed by the evening's, the event's
id is mostly a new one and `expected_version` now and then the session's. So most requests
reach real resources and a good share are recorded: the last test prints the figures.
"""

import collections
import itertools
import json
import re
import uuid

import pytest

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import negative_data_rejection

from api import create_app, examples
from api.clubs import examples as club_examples
from ledger import games
from ledger.games import catalogue

SCHEMAS = catalogue().schemas
from ledger.events.fields import MAX_AMOUNT, REF_PATTERN, RefField, known_zones
from tests.conftest import scratch_folder
from tests.factories import Club, Table

# A workbook (.xlsx) is sent as its bytes, as any binary body is.
schemathesis.serializer.alias("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                              "application/octet-stream")
APP = create_app({"DATABASE_URL": f"sqlite:///{scratch_folder('ledger-st-')}/st.sqlite3",
                  "REQUEST_LOG": False})
TABLE = Table(APP.test_client())
PLAYERS = TABLE.players
TABLES = [TABLE.client.post(TABLE.url("/tables"), json={"name": f"Table {rank}", "rank": rank},
                            headers=TABLE.write).get_json()["id"] for rank in (1, 2)]
# A game of every kind the registry lists (Progressive Poker's seats at the two tables).
SEATING = {"progressive_poker": {"tables": [{"table_id": TABLES[0], "seats": PLAYERS[:2]},
                                            {"table_id": TABLES[1], "seats": PLAYERS[2:]}]}}
GAMES = {kind: TABLE.start_game(kind=kind, options=SEATING.get(kind, {})) for kind in games.GAMES}
# A deal under way in every game that deals, and a stake; appends recorded by the run join in.
EVENTS = [TABLE.record("deal_started", GAMES[kind])["id"]
          for kind, game in games.GAMES.items() if game.takes("deal_started")]
EVENTS.append(TABLE.record("stake_paid", GAMES["commerce"], player=PLAYERS[1], amount=2)["id"])
# An event goes to a game that takes its type (a game's own types, or the shared ones).
TAKERS = {event_type: [GAMES[kind] for kind, game in games.GAMES.items() if game.takes(event_type)]
          for event_type in SCHEMAS}
PLAYER_MAPS = {event_type: [name for name, field in schema().fields.items()
                            if isinstance(getattr(field, "key_field", None), RefField)]
               for event_type, schema in SCHEMAS.items()}
REF = re.compile(REF_PATTERN)
# A club with members and an evening opened in it: its paths are aimed at it, with its token.
CLUB = Club(TABLE.client, members=("Ann", "Ben", "Cleo", "Dora"))
CLUB_EVENING = CLUB.evening("Ann", "Ben", "Cleo")
MEMBERS = list(CLUB.members.values())
NUMBERS = itertools.count(1)


def mostly(ids: list[str]):
    """One of `ids` (as they are when drawn) nine times in ten, else an id of nothing in the
    session (and so enough distinct ids for a list of 64)."""
    return st.integers(0, 9).flatmap(lambda n: st.integers(0, 2**16).map(
        lambda i: ids[i % len(ids)]) if n else st.uuids().map(str))


for name, ids in {"player-id": PLAYERS + CLUB_EVENING.players, "game-id": list(GAMES.values()),
                  "table-id": TABLES, "event-id": EVENTS, "member-id": MEMBERS,
                  "session-id": [CLUB_EVENING.id, TABLE.id]}.items():
    schemathesis.openapi.format(name, mostly(ids))
# A time zone: one the tz database knows (any other is refused, 422 naming the field).
schemathesis.openapi.format("time-zone", st.sampled_from(sorted(known_zones())))
# Names and reasons: a few words of letters, digits, punctuation and symbols, numbered so that
# the table can tell two players apart.
WORDS = st.lists(st.text(st.characters(categories=["L", "N", "P", "S"]), min_size=1, max_size=10),
                 max_size=2)
schemathesis.openapi.format("display-text", WORDS.map(lambda words: " ".join(
    [*words, str(next(NUMBERS))])))

# Well-formed requests the state may refuse: an unknown id (404), a stale version or a reused
# id (409). For an event or a game, the rules decide too (422): a stander who is not the
# winner without better hands, a Cassino deal that is not a whole pack, an event of another
# kind's game. Their bodies are a oneOf of a schema per type or kind, whose boundary cases
# (the coverage phase) number in the thousands and take a minute to derive: they are fuzzed
# only, the appends with more examples. A spreadsheet's text (importEvenings) is judged by its
# lines: any string the schema allows may be a file the club cannot use (422).
RULES_DECIDE = ["2xx", "401", "403", "404", "409", "422", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict({"generation": {"max-examples": 40}, "operations": [
    {"include-operation-id": ["appendEvent", "startGame", "appendClubEvent", "attachEvening",
                              "openClubEvening", "addMember", "importEvenings"],
     "checks": {"positive_data_acceptance": {"expected-statuses": RULES_DECIDE}},
     "phases": {"coverage": {"enabled": False}}},
    {"include-operation-id": "appendEvent", "generation": {"max-examples": 150}}]})
STAND_INS = {club_examples.CLUB: CLUB.id,
             **{club_examples.MEMBERS[p]: m for p, m in zip(club_examples.SEATS, MEMBERS)},
             examples.SID: TABLE.id, examples.BENNET: PLAYERS[0], examples.COLLINS: PLAYERS[1],
             examples.CATHERINE: PLAYERS[2], examples.DARCY: PLAYERS[3],
             examples.HEAD_TABLE: TABLES[0], examples.SECOND_TABLE: TABLES[1],
             examples.COMMERCE: GAMES["commerce"], examples.CASSINO: GAMES["cassino"],
             examples.PROGRESSIVE: GAMES["progressive_poker"], examples.STAKE: EVENTS[-1]}
DOCUMENT = APP.test_client().get("/openapi.json").get_data(as_text=True)
for example_id, real_id in STAND_INS.items():
    DOCUMENT = DOCUMENT.replace(example_id, real_id)
schema = schemathesis.openapi.from_dict(json.loads(DOCUMENT), config=CONFIG)
schema.app = APP
STATUSES: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)


@schema.hook("flatmap_body")
def aimed_at_the_evening(context, body):
    """Only values already well formed are replaced: a case meant to be malformed stays so."""
    if not isinstance(body, dict):
        return st.just(body)
    body, drawn = dict(body), {}
    if context.operation.path.endswith("/events"):
        takers = TAKERS.get(body.get("type"))
        if body.get("game_id") in GAMES.values() and takers and body["game_id"] not in takers:
            body["game_id"] = takers[len(EVENTS) % len(takers)]
        data = body.get("data")
        for name in PLAYER_MAPS.get(body.get("type"), ()) if isinstance(data, dict) else ():
            if isinstance(data.get(name), dict) and len(data[name]) <= len(PLAYERS):
                drawn["data"] = st.permutations(PLAYERS).map(lambda players, name=name: {
                    **data, name: dict(zip(players, data[name].values()))})
    if isinstance(body.get("id"), str) and REF.match(body["id"]):
        drawn["id"] = st.integers(0, 3).map(lambda n: str(uuid.uuid4()) if n else body["id"])
    version = body.get("expected_version")
    if type(version) is int and 0 <= version <= MAX_AMOUNT:
        drawn["expected_version"] = st.sampled_from([version, "now"]).map(
            lambda chosen: current_version() if chosen == "now" else chosen)
    return st.fixed_dictionaries(drawn).map(lambda values: {**body, **values})


def only_a_format_negated(case) -> bool:
    """A negative case whose only violation is of a `format` of ours. Schemathesis counts any
    value as violating a format it cannot check (`display-text`, `player-id`, …), but ours
    describe what a value is, not a syntax: any text a person types is a name (its own rules
    refuse the rest: tests/api/test_hostile_input.py), and an id of nothing is a 404."""
    data = case.meta.phase.data if case.meta else None
    mutations = getattr(data, "mutations", ()) or ()
    return bool(mutations) and all(set(mutation.keywords) <= {"format"} for mutation in mutations)


def current_version() -> int:
    return TABLE.client.get(TABLE.url(""), headers=TABLE.read).get_json()["version"]


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    negative = case.meta.is_negative_at if case.meta else (lambda location: False)
    sent = sum(STATUSES[case.operation.label, "positive"].values())
    club = case.path.startswith("/api/v1/clubs/")
    if not negative(ParameterLocation.PATH):
        games = list(GAMES.values())  # (a game of another kind than Cassino has no scores: 404)
        real = {"sid": TABLE.id, "pid": PLAYERS[sent % len(PLAYERS)],
                "gid": games[sent % len(games)], "cid": CLUB.id, "mid": MEMBERS[sent % len(MEMBERS)]}
        for name in set(real) & set(case.path_parameters or {}):
            case.path_parameters[name] = real[name]
    # In-process, nothing decodes a compressed body (requests asks for br once brotli is
    # installed): the checks read it as sent, so the case asks for none.
    headers = {"Accept-Encoding": "identity"}
    if not negative(ParameterLocation.HEADER):
        headers["Authorization"] = (CLUB if club else TABLE).write["Authorization"]
    response = case.call_and_validate(headers=headers, excluded_checks=[
        negative_data_rejection] if only_a_format_negated(case) else [])
    mode = "positive" if case.meta is None or case.meta.generation.mode.is_positive else "negative"
    STATUSES[case.operation.label, mode][response.status_code] += 1
    if case.operation.label.endswith("/events") and response.status_code == 201:
        event = response.json()  # a void's target is done with, and a void is never voided
        if event["type"] != "event_voided":
            EVENTS.append(event["id"])
        elif event["data"]["event_id"] in EVENTS:
            EVENTS.remove(event["data"]["event_id"])


def test_most_cases_reached_the_evening_and_a_good_share_of_appends_were_recorded():
    if not STATUSES:
        pytest.skip("the generated cases were not selected")

    def total(label=None, mode=None):
        return sum((counter for (at, how), counter in STATUSES.items()
                    if label in (None, at) and mode in (None, how)), collections.Counter())

    def share(counter):
        return sum(n for code, n in counter.items() if 200 <= code < 300) / sum(counter.values())

    every, appends = total(), "POST /api/v1/sessions/{sid}/events"
    print(f"\n{sum(every.values())} cases, {share(every):.0%} answered 2xx, "
          f"{share(total(mode='positive')):.0%} of the well-formed; "
          f"{sum(total(appends).values())} appends, {share(total(appends)):.0%} answered 2xx, "
          f"{share(total(appends, 'positive')):.0%} of the well-formed")
    for (label, mode), counter in sorted(STATUSES.items()):
        print(f"  {label} ({mode}): {dict(sorted(counter.items()))}")
    assert sum(every.values()) >= 1000
    assert share(total(appends, "positive")) >= 0.2
