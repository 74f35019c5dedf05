"""The event catalogue (SPEC §9): every event type with the schema of its data, and the
validation of an append request in one pass. A `Catalogue` is built from the session's own
facts and the games' (the games' registry, `ledger.games`, builds the session's)."""

import orjson
from marshmallow import RAISE, Schema, ValidationError, fields, missing

from ledger.errors import Invalid
from ledger.events.fields import Ref, WholeNumber, players_named
from ledger.language import _


class Envelope(Schema):
    """An append request: `{id?, type, game_id?, data, expected_version?, deal?}`."""

    class Meta:
        unknown = RAISE

    id = Ref(metadata={"description": "client-generated UUID; a resend returns the original"})
    type = fields.String(required=True, metadata={"description": "the fact's type"})
    game_id = Ref(allow_none=True, load_default=None)
    expected_version = WholeNumber(0, allow_none=True, load_default=None, metadata={
        "description": "the session version the writer last saw (0 before any event)"})
    deal = WholeNumber(1, allow_none=True, load_default=None, metadata={
        "description": "the deal of its game this fact belongs to, as the recorder saw it (for "
                       "`deal_started`: the deal it starts, 1 for the first). When the game is "
                       "at another deal the fact is refused with 409 and `current_deal`: it "
                       "was meant for a deal that is over, or that deal has already started. "
                       "Optional; the phone page always sends it"})


class Catalogue:
    """Every event type a stream records, by name, with its data's schema; `session_types`:
    the types that belong to the session, not to a game (they carry no game_id)."""

    def __init__(self, schemas: dict[str, type[Schema]], session_types: frozenset[str]):
        self.schemas = schemas
        self.session_types = session_types
        self.types = ", ".join(sorted(name for name in schemas if name != "session_created"))
        self._instances = {name: schema() for name, schema in schemas.items()}
        # One schema per type, envelope and data together: a request is validated in a single
        # pass. `data` is required here; a request without it is loaded as `data: {}`, so that
        # its schema names what is missing instead of a default skipping the validation.
        self._requests = {name: Envelope.from_dict({"data": fields.Nested(schema, required=True)},
                                                   name=f"{name}_request")()
                          for name, schema in schemas.items()}
        self._known = _KnownData()

    def players_named(self, event_type: str, data: dict) -> list[tuple[str, str]]:
        """Every player a fact of this type names: (its field, the player's id)."""
        return players_named(self._instances[event_type], data)

    def in_a_deal(self, event_type: str) -> bool:
        """Whether a fact of this type may name its `deal`: a game's facts do; the session's
        own facts, and a void (it belongs to the event it undoes), do not."""
        return event_type not in self.session_types and event_type != "event_voided"

    def load(self, event_type: str, data) -> dict:
        """Validate an event's data against its type's schema; 422 names each bad field."""
        schema = self._instances.get(event_type)
        if schema is None:
            raise Invalid.field("type", _("Unknown event type %(type)s.", type=repr(event_type)))
        if not isinstance(data, dict):
            raise Invalid.field("data", _("Must be an object."))
        try:
            return schema.load(data)
        except ValidationError as error:
            at_fault = {f"data.{name}": _messages(msgs) for name, msgs in error.messages.items()}
            raise Invalid(_("Invalid event data: %(fields)s", fields=", ".join(at_fault)),
                          at_fault) from None

    def load_request(self, body) -> dict:
        """Validate an append request, its data by its type's schema; 422 names each bad
        field (`data.amount`, `expected_version`, …)."""
        if not isinstance(body, dict):
            raise Invalid.field("body", _("Must be a JSON object."))
        kind = body.get("type")
        schema = self._requests.get(kind) if isinstance(kind, str) else None
        if schema is None:
            raise Invalid.field("type", _("Unknown event type %(type)s.", type=repr(kind))
                                if "type" in body else _("Missing data for required field."))
        known = self._known.loaded(body)
        if known is not None:
            return known
        try:
            loaded = schema.load({"data": {}, **body})
        except ValidationError as error:
            at_fault = dict(_flat(error.messages))
            raise Invalid(_("Invalid event: %(fields)s", fields=", ".join(at_fault)),
                          at_fault) from None
        self._known.keep(body, loaded)
        return loaded


class _KnownData(dict):
    """The data of requests already validated, by type and canonical JSON, as their schema
    loaded it. An evening repeats itself (the same stake by the same player, the same antes),
    so most appends skip the data's schema (and the game's id, a string seen valid with
    it); the envelope's other fields are still each deserialized by the envelope's own
    field. Anything unusual (an unknown key, a bad field) goes through the whole schema,
    which names the fault."""

    LIMIT = 4096
    ENVELOPE = {name: field for name, field in Envelope().fields.items()
                if name not in ("type", "game_id")}
    KEYS = frozenset(ENVELOPE) | {"type", "game_id", "data"}

    @staticmethod
    def key(body: dict) -> tuple | None:
        data, game_id = body.get("data", {}), body.get("game_id")
        if (type(data) is not dict or not (game_id is None or type(game_id) is str)
                or not body.keys() <= _KnownData.KEYS):
            return None
        try:
            return body["type"], game_id, orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            return None

    def loaded(self, body: dict) -> dict | None:
        key = self.key(body)
        data = self.get(key) if key is not None else None
        if data is None:
            return None
        loaded = {"type": body["type"], "game_id": key[1], "data": orjson.loads(data)}
        try:
            for name, field in self.ENVELOPE.items():
                if name in body:
                    loaded[name] = field.deserialize(body[name], name, body)
                elif field.load_default is not missing:
                    loaded[name] = field.load_default
        except ValidationError:
            return None
        return loaded

    def keep(self, body: dict, loaded: dict) -> None:
        key = self.key(body)
        if key is None:
            return
        if len(self) >= self.LIMIT:
            self.clear()
        try:
            self[key] = orjson.dumps(loaded["data"])
        except TypeError:
            pass


def _messages(messages) -> list[str]:
    if isinstance(messages, dict):
        return [f"{key}: {m}" for key, value in messages.items() for m in _messages(value)]
    if isinstance(messages, str):
        return [messages]
    return [str(m) for m in messages]


def _flat(messages, prefix=""):
    for key, value in messages.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and key == "data":
            yield from ((f"data.{k}", _messages(v)) for k, v in value.items())
        else:
            yield path, _messages(value)
