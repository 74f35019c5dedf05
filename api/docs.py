"""What makes /openapi.json say what the service does:

- every error as `application/problem+json` in the `Problem` shape, with the answers any
  operation can give (405 with `Allow`, 500, 503; 415 where a body is read) added to those
  each operation documents with `Blueprint.problems`;
- an operationId for every operation, and its examples (from `api.examples`);
- the conditional GETs on a session's version (`Blueprint.conditional`): the `If-None-Match`
  header they take, the weak `ETag` and `Cache-Control` they answer, and their 304;
- the event request as one schema per recordable type (a `oneOf` with a discriminator on
  `type`), and the game request as one per kind (on `kind`), built from the catalogue and the
  games' registry (`ledger.games`), so a new type or game is documented without touching this
  file;
- references to players, games, tables and events marked with a `format` (`player-id`, …),
  text typed by a person with `display-text`, and an evening's time zone with `time-zone`
  (an IANA name the server's tz database knows).
"""

import copy
import threading

import flask_smorest
from apispec import BasePlugin
from marshmallow import fields, validate

from api import examples
from api.blueprint import IF_NONE_MATCH, problem_response
from api.clubs import examples as club_examples
from api.clubs.schemas import request_schemas as club_requests
from api.doc_fields import closed_sets, map_sizes, references
from api.operation_ids import OPERATION_IDS
from api.sessions import examples as mend_examples
from api.sessions.schemas import GameRequest
from ledger import games
from ledger.events import fields as ledger_fields
from ledger.events.catalogue import Envelope
from ledger.events.facts import OF_A_GAME

# what any request may meet: the service's own answers, and those of the servers in front of
# it (gunicorn's limits on the request line and headers, the proxy's when the service is away),
# each a problem document too (api/server_problems.py, the Caddyfiles' handle_errors)
EVERY_OPERATION = (400, 405, 414, 431, 500, 502, 503, 504)
WITH_A_BODY = (413, 415)
PROBLEM = {
    "type": "object",
    "description": "A problem document (RFC 9457). Every error is one; a refused request has "
                   "changed nothing.",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string", "description": "`about:blank`: the status says what happened",
                 "example": "about:blank"},
        "title": {"type": "string", "description": "the status's name, or the ledger's kind of "
                                                   "refusal: `Inconsistent input` (422) when the "
                                                   "request's fields, each well formed, break a "
                                                   "rule between them (said in the fields' "
                                                   "descriptions)", "example": "Conflict"},
        "status": {"type": "integer", "minimum": 400, "maximum": 599, "example": 409},
        "detail": {"type": "string", "description": "what went wrong, for a person",
                   "example": "Session is at version 8, not 3."},
        "errors": {"type": "object", "minProperties": 1,
                   "description": "the fields at fault, by path (`name`, `data.amount`, "
                                  "`seats.2`, `expected_version`), each with its messages",
                   "additionalProperties": {"type": "array", "items": {"type": "string"}},
                   "example": {"expected_version": ["current version is 8"]}},
        "current_version": {"type": "integer", "minimum": 0,
                            "description": "409 for a stale `expected_version`: the session's "
                                           "version now"},
        "current_deal": {"type": "integer", "minimum": 0,
                         "description": "409 for a fact bound to another `deal`: the deal its "
                                        "game is at now"},
        "pool": {"type": "integer", "minimum": 0,
                 "description": "409 for a payout larger than a pool: what the pool holds"},
    },
}

REQUESTS = {**examples.REQUESTS, **club_examples.REQUESTS, **mend_examples.REQUESTS,
            "appendEvent": {**examples.REQUESTS["appendEvent"], **mend_examples.EVENTS,
                            **club_examples.EVENTS}}
RESPONSES = {**examples.RESPONSES, **club_examples.RESPONSES, **mend_examples.RESPONSES}
METHODS = frozenset({"get", "put", "post", "delete", "patch", "head", "options", "trace"})

# Every type but the session's creation can be appended; a game's events (the shared ones and
# each game's own, by the games' registry) name their game, the session's own never do (but
# for a game's removal, which names the game it removes).
CATALOGUE = games.catalogue()
RECORDABLE = [name for name in CATALOGUE.schemas if name != "session_created"]
GAME_EVENTS = frozenset(games.event_schemas())


class Operations(BasePlugin):
    """Completes each operation as flask-smorest registers it (an apispec operation helper)."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        for method, operation in (operations or {}).items():
            if method in METHODS:
                _complete(method, path, operation)


def _complete(method: str, path: str, operation: dict) -> None:
    responses = {str(code): response for code, response in operation.get("responses", {}).items()
                 if code != "default"}
    codes = {int(code) for code in responses if code.isdigit() and int(code) >= 400}
    codes.update(EVERY_OPERATION)
    if "requestBody" in operation:
        codes.update(WITH_A_BODY)
    for code in codes:  # flask-smorest's own (422 for arguments) become problems too
        responses[str(code)] = problem_response(code)
    operation["responses"] = dict(sorted(responses.items()))
    if "304" in responses:  # a conditional GET (Blueprint.conditional)
        operation.setdefault("parameters", []).append(copy.deepcopy(IF_NONE_MATCH))
    operation_id = OPERATION_IDS.get((method, path))
    if operation_id is None:
        return
    operation["operationId"] = operation_id
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body is not None and operation_id in REQUESTS:
        body["examples"] = REQUESTS[operation_id]
    for status, example in RESPONSES.get(operation_id, {}).items():
        for media_type in responses[status].get("content", {}).values():
            media_type["example"] = example


class Api(flask_smorest.Api):
    """No catch-all `default` error response: each operation lists the problems it answers.

    The document is written when it is first read (`spec`, /openapi.json), not as the app is
    built: writing it is most of an app's build (a quarter of a second of CPU), which every
    server, worker and command-line run would pay, and few of them are ever asked for it."""

    DEFAULT_ERROR_RESPONSE_NAME = None

    def __init__(self, app):
        self._undocumented, self._writing = [], threading.Lock()
        super().__init__(app, spec_kwargs={"extra_plugins": [Operations()]})
        for described in (references, map_sizes, closed_sets):
            self.ma_plugin.converter.add_attribute_function(described)

    @property
    def spec(self):
        """The document, written out first if a blueprint is not yet in it."""
        if self._undocumented:
            with self._writing:
                self._document()
        return self._spec

    @spec.setter
    def spec(self, spec):
        self._spec = spec

    def register_blueprint(self, blp, *, parameters=None, **options):
        """As flask-smorest's, but the blueprint's views go into the document when it is read."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append((blp, name, parameters))

    def _document(self) -> None:
        undocumented, self._undocumented = self._undocumented, []
        for blp, name, parameters in undocumented:  # (as flask-smorest registers them)
            blp.register_views_in_doc(self, self._app, self._spec, name=name,
                                      parameters=parameters)
            self._spec.tag({"name": name, "description": blp.description})
        if undocumented and "Problem" not in self._spec.components.schemas:
            document_catalogue(self._spec)  # once: its components are the whole catalogue


def document_catalogue(spec) -> None:
    """The problem, each type's data and each kind's options as components, and the event and
    game requests as one schema per type or kind (call once the blueprints are registered:
    `GameRequest` is the resource's, refined here)."""
    for unused in ("Error", "PaginationMetadata"):  # flask-smorest's, never answered here
        spec.components.schemas.pop(unused, None)
    spec.components.schema("Problem", component=PROBLEM)
    for name, schema in CATALOGUE.schemas.items():
        spec.components.schema(_camel(name) + "Data", schema=schema)
        # a rule between the data's fields that JSON Schema can say (`JSON_SCHEMA`)
        spec.components.schemas[_camel(name) + "Data"].update(getattr(schema, "JSON_SCHEMA", {}))
    for game in games.GAMES.values():
        spec.components.schema(_camel(game.kind) + "Options", schema=game.options)
    by_type = {}
    for name in RECORDABLE:
        by_type[name] = _camel(name) + "Request"
        spec.components.schema(by_type[name], schema=_event_request(name))
    spec.components.schema("EventRequest", component=_one_of(
        "type", by_type, "An append request `{id?, type, game_id?, data, expected_version?}`: "
        "one schema per type, whose `data` is that type's `<Type>Data`."))
    if "GameRequest" in spec.components.schemas:
        by_kind = {}
        for game in games.GAMES.values():
            component = _camel(game.kind) + "GameRequest"
            spec.components.schema(component, schema=_game_request(GameRequest, game))
            by_kind.update({name: component for name in (game.kind, *game.aliases)})
        spec.components.schemas["GameRequest"] = _one_of(
            "kind", by_kind, "A game of a kind, with that kind's options (`<Kind>Options`; "
            "defaults filled in when it starts).")
        by_kind = {}  # a game_started event appended: its data as a kind's game request
        for game in games.GAMES.values():
            component = _camel(game.kind) + "GameStartedData"
            spec.components.schema(component, schema=_game_request(
                CATALOGUE.schemas["game_started"], game, "GameStartedData"))
            by_kind.update({name: component for name in (game.kind, *game.aliases)})
        spec.components.schemas["GameStartedData"] = _one_of(
            "kind", by_kind, "A game's start: one schema per kind, with that kind's options.")
    club_types = {}
    for name, schema in club_requests().items():
        club_types[name] = schema.__name__
        spec.components.schema(schema.__name__, schema=schema)
    spec.components.schema("ClubEventRequest", component=_one_of(
        "type", club_types, "An append to a club `{id?, type, data, expected_version?}`: one "
        "schema per type a client appends."))


def _event_request(name: str):
    data = CATALOGUE.schemas[name]
    extra = {
        "type": fields.String(required=True, validate=validate.OneOf([name])),
        "data": fields.Nested(data, required=any(f.required for f in data().fields.values()),
                              metadata={"description": f"the data of a {name} event"}),
    }
    if name in OF_A_GAME:
        extra["game_id"] = ledger_fields.Ref(required=True, metadata={
            "description": "the game it mends"})
    elif name in CATALOGUE.session_types:
        extra["game_id"] = fields.String(allow_none=True, validate=validate.OneOf([None]),
                                         metadata={"description": "none: the event belongs to "
                                                                  "the session, not to a game"})
    elif name in GAME_EVENTS:
        extra["game_id"] = ledger_fields.Ref(required=True, metadata={
            "description": "the game it happened in"})
    if not CATALOGUE.in_a_deal(name):
        extra["deal"] = fields.Integer(allow_none=True, validate=validate.OneOf([None]), metadata={
            "description": f"none: a {name} event belongs to no deal"})
    return Envelope.from_dict(extra, name=_camel(name) + "Request")


def _game_request(request, game: games.Game, called: str = "GameRequest"):
    return request.from_dict({
        "kind": fields.String(required=True, validate=validate.OneOf([game.kind, *game.aliases])),
        "seats": fields.List(ledger_fields.Ref(), required=True, validate=[
            validate.Length(game.seats.start, game.seats.stop - 1), ledger_fields._distinct],
            metadata={"description": f"the players, clockwise: {game.seats.start} to "
                                     f"{game.seats.stop - 1} for this kind"}),
        "options": fields.Nested(game.options, required=any(
            field.required for field in game.options().fields.values()), metadata={
            "description": "the kind's options; any left out take their defaults"}),
    }, name=_camel(game.kind) + called)


def _one_of(discriminator: str, components: dict[str, str], description: str) -> dict:
    refs = {value: f"#/components/schemas/{name}" for value, name in components.items()}
    return {
        "type": "object",
        "description": description,
        "required": [discriminator],
        "properties": {discriminator: {"type": "string", "enum": list(refs)}},
        "oneOf": [{"$ref": ref} for ref in dict.fromkeys(refs.values())],
        "discriminator": {"propertyName": discriminator, "mapping": refs},
    }


def _camel(name: str) -> str:
    return "".join(word.title() for word in name.split("_"))
