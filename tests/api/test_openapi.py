"""The OpenAPI document, as served at /openapi.json, says what the service does: every
operation has an id and examples, every error is a problem document (and the answers any
operation can give are listed), the event and game requests are one schema per type and per
kind, built from the catalogue and the games' registry, and the document is valid OpenAPI 3."""

import copy

import jsonschema_rs
import pytest
import schemathesis
from marshmallow import fields

from api import create_app
from api.operation_ids import OPERATION_IDS
from ledger import games
from ledger.games import catalogue

SCHEMAS = catalogue().schemas
from ledger.events.fields import RefField

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
PROBLEM = {"$ref": "#/components/schemas/Problem"}
RECORDABLE = set(SCHEMAS) - {"session_created"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("openapi") / "ledger.sqlite3"
    return create_app({"DATABASE_URL": f"sqlite:///{path}", "REQUEST_LOG": False}).test_client()


@pytest.fixture(scope="module")
def spec(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def operations(spec):
    return [(method, path, operation) for path, item in spec["paths"].items()
            for method, operation in item.items() if method in METHODS]


def schema_of(spec, name: str) -> dict:
    return spec["components"]["schemas"][name]


def ref_name(ref: dict) -> str:
    return ref["$ref"].removeprefix("#/components/schemas/")


def validator(spec, schema: dict):
    """A JSON Schema validator for an OpenAPI 3.0 schema (`nullable` spelt as a type)."""

    def plain(node):
        if isinstance(node, dict):
            node = {key: plain(value) for key, value in node.items()}
            if node.pop("nullable", False) and "type" in node:
                node["type"] = [node["type"], "null"]
            return node
        return [plain(item) for item in node] if isinstance(node, list) else node

    return jsonschema_rs.Draft4Validator(
        {"components": plain(copy.deepcopy(spec["components"])), "allOf": [plain(schema)]})


def test_the_document_is_valid_openapi_3_and_every_reference_resolves(spec):
    assert spec["openapi"].startswith("3.0")
    schemathesis.openapi.from_dict(copy.deepcopy(spec)).validate()

    def refs(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for item in node:
                yield from refs(item)

    for ref in set(refs(spec)):
        section, name = ref.removeprefix("#/components/").split("/")
        assert name in spec["components"][section], ref


def test_every_operation_has_a_readable_unique_operation_id(spec):
    ids = [operation.get("operationId") for _, _, operation in operations(spec)]
    assert None not in ids, [f"{m} {p}" for m, p, o in operations(spec) if "operationId" not in o]
    assert len(ids) == len(set(ids))
    assert all(identifier.isidentifier() and identifier[0].islower() for identifier in ids)
    assert {"appendEvent", "getBalances", "downloadJournalCsv", "openSession"} <= set(ids)


def test_every_operation_has_examples_that_fit_its_schemas(spec):
    for method, path, operation in operations(spec):
        label = operation["operationId"]
        if method == "post":
            for media_type, body in operation["requestBody"]["content"].items():
                if media_type != "application/json":  # a file (a spreadsheet's CSV)
                    # (a workbook is its bytes: no text stands for one)
                    assert body.get("example") or body["schema"].get("format") == "binary", \
                        f"{label}: no {media_type} example"
                    continue
                named = body.get("examples", {})
                assert named, f"{label}: no request example"
                check = validator(spec, body["schema"])
                for name, example in named.items():
                    errors = [error.message for error in check.iter_errors(example["value"])]
                    assert not errors, f"{label} request example {name}: {errors}"
        main = "201" if "201" in operation["responses"] else "200"  # (a 200 there: a resend)
        for media_type, content in operation["responses"][main]["content"].items():
            if content["schema"].get("format") == "binary":  # a file: its description says
                assert operation["responses"][main]["description"], label  # what it holds
                continue
            assert "example" in content, f"{label}: no {main} example"
            if media_type == "application/json":
                errors = [error.message for error in
                          validator(spec, content["schema"]).iter_errors(content["example"])]
                assert not errors, f"{label} {main} example: {errors}"


def test_every_error_is_a_problem_document(spec):
    for method, path, operation in operations(spec):
        for code, response in operation["responses"].items():
            if int(code) >= 400:
                assert response["content"] == {"application/problem+json": {"schema": PROBLEM}}, (
                    f"{operation['operationId']} {code}")


def test_every_operation_lists_the_answers_any_operation_can_give(spec):
    for method, path, operation in operations(spec):
        responses = operation["responses"]
        assert {"405", "500", "503"} <= responses.keys(), operation["operationId"]
        assert responses["405"]["headers"]["Allow"]["required"] is True
        assert "default" not in responses
        if "requestBody" in operation:
            assert {"400", "413", "415", "422"} <= responses.keys(), operation["operationId"]
        if "{sid}" in path:
            assert {"401", "404"} <= responses.keys(), operation["operationId"]
            assert responses["401"]["headers"]["WWW-Authenticate"]["required"] is True


def test_the_problem_schema_is_the_shape_problems_have(spec, client):
    problem = schema_of(spec, "Problem")
    assert set(problem["required"]) == {"type", "title", "status", "detail"}
    assert {"type", "title", "status", "detail", "errors", "current_version", "pool"} <= set(
        problem["properties"])
    assert problem["properties"]["errors"]["additionalProperties"] == {
        "type": "array", "items": {"type": "string"}}
    opened = client.post("/api/v1/sessions", json={"name": "Twelfth Night"}).get_json()
    stale = client.post(f"/api/v1/sessions/{opened['id']}/players", json={
        "name": "Mrs Bennet", "expected_version": 7},
        headers={"Authorization": f"Bearer {opened['write_token']}"})
    assert stale.status_code == 409 and stale.mimetype == "application/problem+json"
    assert not list(validator(spec, PROBLEM).iter_errors(stale.get_json()))
    assert stale.get_json()["current_version"] == 1


def test_a_method_a_path_does_not_answer_is_a_405_problem_with_allow(spec, client):
    for path, item in spec["paths"].items():
        url = path.replace("{sid}", "s").replace("{gid}", "g").replace("{pid}", "p")
        unanswered = next(m for m in ("PATCH", "PUT", "POST") if m.lower() not in item)
        response = client.open(url, method=unanswered)
        assert response.status_code == 405 and response.mimetype == "application/problem+json"
        allowed = {method.strip().lower() for method in response.headers["Allow"].split(",")}
        assert {method for method in item if method in METHODS} <= allowed


def test_the_event_request_is_one_schema_per_recordable_type(spec):
    request = schema_of(spec, "EventRequest")
    assert set(request["properties"]["type"]["enum"]) == RECORDABLE
    assert request["discriminator"]["propertyName"] == "type"
    mapping = request["discriminator"]["mapping"]
    assert set(mapping) == RECORDABLE
    assert sorted(mapping.values()) == sorted(ref["$ref"] for ref in request["oneOf"])
    for event_type, ref in mapping.items():
        variant = schema_of(spec, ref_name({"$ref": ref}))
        assert variant["properties"]["type"]["enum"] == [event_type]
        assert "type" in variant["required"] and variant["additionalProperties"] is False
        assert {"id", "game_id", "expected_version", "data"} <= set(variant["properties"])
        data = variant["properties"]["data"]
        data_ref = data.get("$ref") or data["allOf"][0]["$ref"]
        camel = "".join(word.title() for word in event_type.split("_"))
        assert data_ref == f"#/components/schemas/{camel}Data"
        has_required = any(field.required for field in SCHEMAS[event_type]().fields.values())
        assert ("data" in variant["required"]) == has_required, event_type


def test_the_post_events_body_is_the_event_request(spec):
    body = spec["paths"]["/api/v1/sessions/{sid}/events"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/EventRequest"}


def test_the_game_request_is_one_schema_per_kind_with_its_options(spec):
    request = schema_of(spec, "GameRequest")
    kinds = set(games.GAMES) | set(games.ALIASES)
    assert set(request["discriminator"]["mapping"]) == kinds
    assert set(request["properties"]["kind"]["enum"]) == kinds
    assert len(request["oneOf"]) == len(games.GAMES)
    for kind, ref in request["discriminator"]["mapping"].items():
        variant = schema_of(spec, ref_name({"$ref": ref}))
        assert kind in variant["properties"]["kind"]["enum"]
        target = games.ALIASES.get(kind, kind)
        camel = "".join(word.title() for word in target.split("_"))
        assert variant["properties"]["options"]["allOf"][0] == {
            "$ref": f"#/components/schemas/{camel}Options"}


def test_references_in_event_data_say_what_they_refer_to(spec):
    for event_type, data_schema in SCHEMAS.items():
        camel = "".join(word.title() for word in event_type.split("_"))
        if event_type == "game_started":  # (one schema per kind: Commerce's stands for all)
            camel = "CommerceGameStarted"
        documented = schema_of(spec, camel + "Data")["properties"]
        for name, field in data_schema().fields.items():
            inner = field.inner if isinstance(field, fields.List) else field
            if isinstance(inner, RefField):
                prop = documented[name]
                prop = prop.get("items", prop)
                assert prop["format"].endswith("-id"), (event_type, name)
    assert schema_of(spec, "StakePaidData")["properties"]["player"]["format"] == "player-id"
    assert schema_of(spec, "EventVoidedData")["properties"]["event_id"]["format"] == "event-id"


def test_the_document_says_what_the_server_refuses(spec, client):
    """A bound the server holds is the document's: three-stake Brag's sweep bonus is at most
    3, a session's own facts and a void name no `deal`, and each kind seats as many as it
    takes; a game that keeps no scores has none to read (404, naming `gid`)."""
    options = schema_of(spec, "ThreeStakeBragOptions")["properties"]["sweep_bonus"]
    assert (options["minimum"], options["maximum"]) == (0, 3)
    for event_type in RECORDABLE:
        deal = schema_of(spec, "".join(w.title() for w in event_type.split("_")) + "Request")[
            "properties"]["deal"]
        in_a_deal = catalogue().in_a_deal(event_type)
        assert (deal.get("enum") == [None]) != in_a_deal, event_type
    for game in games.GAMES.values():
        seats = schema_of(spec, "".join(w.title() for w in game.kind.split("_")) + "GameRequest")[
            "properties"]["seats"]
        assert (seats["minItems"], seats["maxItems"]) == (game.seats.start, game.seats.stop - 1)
    opened = client.post("/api/v1/sessions", json={"name": "Twelfth Night"}).get_json()
    write = {"Authorization": f"Bearer {opened['write_token']}"}
    url = f"/api/v1/sessions/{opened['id']}"
    seats = [client.post(f"{url}/players", json={"name": name}, headers=write).get_json()["id"]
             for name in ("Ann", "Ben")]
    game = client.post(f"{url}/games", json={"kind": "commerce", "seats": seats, "stake": 1},
                       headers=write).get_json()["id"]
    scores = client.get(f"{url}/games/{game}/scores", headers=write)
    assert scores.status_code == 404 and scores.mimetype == "application/problem+json"
    assert "gid" in scores.get_json()["errors"]
    added = client.post(f"{url}/events", headers=write, json={
        "type": "player_added", "data": {"name": "Cleo"}, "deal": None})
    assert added.status_code == 201


def test_the_document_written_when_first_read_is_the_whole_one_whichever_way_it_is_read(
        tmp_path):
    """The document is written when first read (api.docs.Api): read by the flask-smorest API
    object (as `flask openapi print` reads it) or served, it is the same, whole, every time."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3",
                      "REQUEST_LOG": False})
    read = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    served = [app.test_client().get("/openapi.json").get_json() for _ in range(2)]
    assert served[0] == served[1] == read
    assert {"Problem", "EventRequest", "GameRequest", "ClubEventRequest"} <= set(
        read["components"]["schemas"])
    assert len(read["paths"]) == len({path for _, path in OPERATION_IDS})
