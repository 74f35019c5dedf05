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
import re._constants as sre_constants
import uuid

import pytest

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.strategies._internal import regex as hypothesis_regex
from marshmallow import fields
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from api import create_app, examples
from api.clubs import examples as club_examples
from ledger import games
from ledger.errors import Inconsistent
from ledger.games import catalogue

from ledger.events.fields import MAX_AMOUNT, REF_PATTERN, referent
from ledger.events.text import text_pattern
from tests.conftest import scratch_folder
from tests.factories import Club, GameRequest, Table
from tests.schemathesis_hooks import MEMBERS as FILE_MEMBERS  # (its hooks, registered)

pytestmark = pytest.mark.long
SCHEMAS = catalogue().schemas
INCONSISTENT = Inconsistent.title

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
                            if isinstance(field, fields.Dict) and referent(field, name)]
               for event_type, schema in SCHEMAS.items()}
REF = re.compile(REF_PATTERN)
TEXT = re.compile(text_pattern().removesuffix("$") + r"\Z")
SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")  # two, each alone
NUMBERS = itertools.count(1)
# A club with members and an evening opened in it: its paths are aimed at it, with its token.
CLUB = Club(TABLE.client, members=FILE_MEMBERS)  # the members a club file names
CLUB_EVENING = CLUB.evening("Ann", "Ben", "Cleo")
MEMBERS = list(CLUB.members.values())


def mostly(ids: list[str]):
    """One of `ids` (as they are when drawn) nineteen times in twenty, else an id of nothing
    in the session (and so enough distinct ids for a list of 64)."""
    return st.integers(0, 19).flatmap(lambda n: st.integers(0, 2**16).map(
        lambda i: ids[i % len(ids)]) if n else st.uuids().map(str))


GAME_IDS = list(GAMES.values())  # what a `game-id` is drawn from (a removed game's replaced)
for name, ids in {"player-id": PLAYERS + CLUB_EVENING.players, "game-id": GAME_IDS,
                  "table-id": TABLES, "event-id": EVENTS, "member-id": MEMBERS,
                  "session-id": [CLUB_EVENING.id, TABLE.id]}.items():
    schemathesis.openapi.format(name, mostly(ids))
# Text a person types is drawn from the document's `pattern` by one strategy built once: left
# to schemathesis, each field's own from the pattern (a class of thousands of ranges) took
# hypothesis half a second to build, half of this module's time.
schemathesis.openapi.format("display-text", st.from_regex(text_pattern(), fullmatch=True))
# Where schemathesis still draws from that pattern (a value the format's strategy cannot give
# within a field's other limits, a case meant to break it, the coverage phase), hypothesis
# builds its class anew for every field (~0.3 s each, 171 times, a third of this module's
# time), and every other pattern's anew for each example validated (a tenth of what was
# left): each pattern's strategy is built once per alphabet and shared, as strategies are.
# The coverage phase also asks for the text pattern with its quantifiers rewritten (a field's
# length limits), a new pattern each time with the same class of thousands of ranges (~1 s
# each, 8.5 s a run): a character class's strategy is built once too.
_built, _kept = hypothesis_regex.base_regex_strategy, {}
_built_part, _kept_classes = hypothesis_regex._strategy, {}


def _shared(regex, *, parsed=None, alphabet):
    key = regex.pattern, regex.flags, repr(alphabet)
    if key not in _kept:
        _kept[key] = _built(regex, parsed=parsed, alphabet=alphabet)
    return _kept[key]


def _shared_class(codes, context, is_unicode, *, alphabet):
    if not (isinstance(codes, tuple) and codes[0] == sre_constants.IN):
        return _built_part(codes, context, is_unicode, alphabet=alphabet)
    key = repr(codes), context.flags, is_unicode, repr(alphabet)
    if key not in _kept_classes:
        _kept_classes[key] = _built_part(codes, context, is_unicode, alphabet=alphabet)
    return _kept_classes[key]


hypothesis_regex.base_regex_strategy = _shared
hypothesis_regex._strategy = _shared_class
# The event and game requests are a oneOf of a schema per type or kind, whose boundary cases
# (the coverage phase) number in the thousands and take a minute to derive: they are fuzzed
# only, the appends with more examples.
CONFIG = SchemathesisConfig.from_dict({"generation": {"max-examples": 40}, "operations": [
    {"include-operation-id": ["appendEvent", "startGame", "appendClubEvent"],
     "phases": {"coverage": {"enabled": False}}},
    # A spreadsheet's body is a file a hook draws as a club's file (the coverage
    # phase's bodies, a placeholder image for a workbook, pass no hook).
    {"include-operation-id": "importEvenings", "phases": {"coverage": {"enabled": False}}},
    {"include-operation-id": "appendEvent", "generation": {"max-examples": 150}}]})
STAND_INS = {club_examples.CLUB: CLUB.id,
             **{club_examples.MEMBERS[p]: m for p, m in zip(club_examples.SEATS, MEMBERS)},
             examples.SID: TABLE.id, examples.BENNET: PLAYERS[0], examples.COLLINS: PLAYERS[1],
             examples.CATHERINE: PLAYERS[2], examples.DARCY: PLAYERS[3],
             examples.HEAD_TABLE: TABLES[0], examples.SECOND_TABLE: TABLES[1],
             examples.COMMERCE: GAMES["commerce"], examples.CASSINO: GAMES["cassino"],
             examples.PROGRESSIVE: GAMES["progressive_poker"], examples.STAKE: EVENTS[-1]}
STATUSES: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)


@pytest.fixture(scope="module")
def document():
    """The service's document, its examples naming this evening: loaded as the test runs, not
    as the module is collected (its operations' tests, the coverage phase's cases among them,
    take twenty seconds to build, which every test process collecting it would spend)."""
    text = APP.test_client().get("/openapi.json").get_data(as_text=True)
    for example_id, real_id in STAND_INS.items():
        text = text.replace(example_id, real_id)
    loaded = schemathesis.openapi.from_dict(json.loads(text), config=CONFIG)
    loaded.app = APP
    loaded.hook("flatmap_body")(aimed_at_the_evening)
    return loaded


schema = schemathesis.pytest.from_fixture("document")


def aimed_at_the_evening(context, body):
    """Only values already well formed are replaced: a case meant to be malformed stays so.
    (A club's file, its counter value, a season's days, a payment and a tab's book:
    `tests.schemathesis_hooks`.)"""
    if not isinstance(body, dict):
        return st.just(body)
    body, drawn = dict(body), {}
    if context.operation.path.startswith("/api/v1/sessions/"):  # the club's evening's players
        body = at_the_table(body)                                # are no players of this one
    if isinstance(body.get("data"), dict):
        body["data"] = dict(body["data"])
    for named in (body, body.get("data")):  # a name the table can tell from the others'
        if isinstance(named, dict) and isinstance(named.get("name"), str) and TEXT.search(
                named["name"]) and len(named["name"]) <= 40:  # (within every text's maximum)
            named["name"] = f"{named['name']} {next(NUMBERS)}"
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


def at_the_table(value):
    """`value` with each of the club evening's players replaced by one of this evening's."""
    if isinstance(value, dict):
        return {at_the_table(key): at_the_table(item) for key, item in value.items()}
    if isinstance(value, list):  # (a list of distinct players stays one)
        moved = [at_the_table(item) for item in value]
        return moved if len(set(map(str, moved))) == len(set(map(str, value))) else value
    if value in CLUB_EVENING.players:
        return PLAYERS[CLUB_EVENING.players.index(value) % len(PLAYERS)]
    return value


def current_version() -> int:
    return TABLE.client.get(TABLE.url(""), headers=TABLE.read).get_json()["version"]


# Each operation is a subtest of this one test: the ceiling is on them all (each alone takes
# under a minute on a loaded 2-core machine, their sum minutes).
@pytest.mark.timeout(1200)
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
    # English asked for: a case may change the evening's or club's language
    # (`language_changed`), and a rule between fields is known by its English title
    headers = {"Accept-Encoding": "identity", "Accept-Language": "en"}
    if not negative(ParameterLocation.HEADER):
        headers["Authorization"] = (CLUB if club else TABLE).write["Authorization"]
    response = case.call(headers=headers)
    # Every constraint on a field is the document's; what JSON Schema cannot say is a rule
    # between a request's fields (a player paying himself, a stand whose winner holds no
    # better hand, four aces that are not four), refused 422 as SPEC §6 has it and labelled
    # so by the server: a well-formed request refused 422 for anything else is a failure.
    between_fields = response.status_code == 422 and response.json().get("title") == INCONSISTENT
    # A high and a low surrogate drawn side by side (each alone: no Unicode) are sent as two
    # JSON escapes, which every JSON reader joins into the one character they spell
    paired = negative(ParameterLocation.BODY) and SURROGATE_PAIR.search(
        json.dumps(case.body, ensure_ascii=False, default=repr))
    case.validate_response(response, headers=headers, excluded_checks=[
        *([positive_data_acceptance] if between_fields else []),
        *([negative_data_rejection] if paired else [])])
    mode = "positive" if case.meta is None or case.meta.generation.mode.is_positive else "negative"
    STATUSES[case.operation.label, mode][response.status_code] += 1
    if case.method == "DELETE" and case.path.endswith("/games/{gid}") and response.status_code == 200:
        replace_removed(case.path_parameters["gid"])
    if case.operation.label.endswith("/events") and response.status_code == 201:
        event = response.json()  # a void's target is done with, and a void is never voided
        if event["type"] == "game_removed":
            replace_removed(event["game_id"])
        if event["type"] != "event_voided":
            EVENTS.append(event["id"])
        elif event["data"]["event_id"] in EVENTS:
            EVENTS.remove(event["data"]["event_id"])


def replace_removed(game_id: str) -> None:
    """A game removed is replaced by a new one of its kind: the cases that follow still find
    a game of every kind (else every case aimed at a removed game is a 404, and the share
    recorded turns on how early a removal was drawn)."""
    kind = next((kind for kind, game in GAMES.items() if game == game_id), None)
    started = kind and TABLE.client.post(TABLE.url("/games"), headers=TABLE.write, json=GameRequest(
        kind=kind, seats=PLAYERS, options=SEATING.get(kind, {})))
    if not started or started.status_code != 201:
        return
    GAMES[kind] = GAME_IDS[GAME_IDS.index(game_id)] = started.get_json()["id"]
    for takers in TAKERS.values():
        takers[:] = [GAMES[kind] if taker == game_id else taker for taker in takers]


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
