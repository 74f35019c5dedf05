"""Bodies of the event log's endpoints."""

from marshmallow import Schema, fields

from api.schemas import LoggedEvent
from ledger.events.fields import MAX_AMOUNT, QueryNumber

MAX_PAGE = 10_000


class AfterQuery(Schema):
    after = QueryNumber(0, MAX_AMOUNT, load_default=0,
                        metadata={"description": "only events with a greater version"})
    limit = QueryNumber(1, MAX_PAGE, load_default=None,
                        metadata={"description": "at most this many (versions have no gaps: "
                                                 "the next page is after=after+limit)"})


class EventList(Schema):
    events = fields.List(fields.Nested(LoggedEvent))


class Verification(Schema):
    ok = fields.Boolean()
    events = fields.Integer()
    first_bad_version = fields.Integer(allow_none=True)
    head_hash = fields.String(allow_none=True,
                              metadata={"description": "note it at night's end"})
