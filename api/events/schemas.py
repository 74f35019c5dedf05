"""Bodies of the event log's endpoints."""

from marshmallow import Schema, fields, validate

from api.schemas import Event
from ledger.events.catalogue import EventRequest  # noqa: F401 - documents POST …/events
from ledger.events.fields import MAX_AMOUNT

MAX_PAGE = 10_000


class AfterQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_AMOUNT),
                           metadata={"description": "only events with a greater version"})
    limit = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_PAGE),
                           metadata={"description": "at most this many (versions have no gaps: "
                                                    "the next page is after=after+limit)"})


class EventList(Schema):
    events = fields.List(fields.Nested(Event))


class Verification(Schema):
    ok = fields.Boolean()
    events = fields.Integer()
    first_bad_version = fields.Integer(allow_none=True)
    head_hash = fields.String(allow_none=True,
                              metadata={"description": "note it at night's end"})
