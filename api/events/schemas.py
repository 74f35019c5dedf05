"""Bodies of the event log's endpoints."""

from marshmallow import Schema, fields, validate

from api.schemas import Event
from ledger.events.catalogue import EventRequest  # noqa: F401 - documents POST …/events
from ledger.events.fields import MAX_AMOUNT

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
