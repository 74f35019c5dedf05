"""Schemas shared by several resources: postings and stored events."""

from marshmallow import Schema, fields


class Posting(Schema):
    account = fields.String(metadata={"description": "player:<id>, pool:<game id> or bank"})
    amount = fields.Integer(metadata={"description": "counters; positive = the account receives"})


class Event(Schema):
    id = fields.String()
    session_id = fields.String()
    version = fields.Integer()
    position = fields.Integer()
    type = fields.String()
    schema_version = fields.Integer()
    game_id = fields.String(allow_none=True)
    data = fields.Dict()
    postings = fields.List(fields.Nested(Posting))
    recorded_at = fields.String()
    hash = fields.String()
    prev_hash = fields.String()


class LoggedEvent(Event):
    said = fields.String(metadata={"description": (
        "what the event did, in words, as the evening stands now: players by name, the game "
        "and its deal (`Commerce 2 · Deal 3 · Ann stood; …`), what was counted and who won "
        "what; deals numbered as the dealing read counts them (one undone takes no number). "
        "It never says whether the event was undone: the `event_voided` naming it does "
        "(`Undo: … — reason`)")})


class Created(Schema):
    """What a resource endpoint answers: the new resource's id and the event that made it."""

    id = fields.String()
    version = fields.Integer()
    event = fields.Nested(Event)
