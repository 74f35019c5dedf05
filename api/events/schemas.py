"""Bodies of the event log's endpoints."""

from marshmallow import Schema, fields, validate

from api.schemas import Event
from ledger.events.catalogue import SCHEMAS
from ledger.events.fields import MAX_AMOUNT, Ref, WholeNumber

TYPES = ", ".join(sorted(name for name in SCHEMAS if name != "session_created"))


class EventRequest(Schema):
    id = Ref(metadata={"description": "client-generated UUID; a resend returns the original"})
    type = fields.String(required=True, metadata={"description": f"one of: {TYPES}"})
    game_id = Ref(allow_none=True, load_default=None)
    data = fields.Dict(keys=fields.String(), load_default=dict,
                       metadata={"description": "the type's data: see the <Type>Data schemas"})
    expected_version = WholeNumber(0, allow_none=True, load_default=None, metadata={
        "description": "the session version the writer last saw (0 before any event)"})


class AfterQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_AMOUNT))


class EventList(Schema):
    events = fields.List(fields.Nested(Event))


class Verification(Schema):
    ok = fields.Boolean()
    events = fields.Integer()
    first_bad_version = fields.Integer(allow_none=True)
    head_hash = fields.String(allow_none=True,
                              metadata={"description": "note it at night's end"})
