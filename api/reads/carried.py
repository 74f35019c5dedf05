"""An evening carried to its club's tab (SPEC amendment 9), as its reads show it."""

from marshmallow import Schema, fields


class CarriedPlayer(Schema):
    id = fields.String()
    counters = fields.Integer(metadata={"description": "what he still owed (negative) or was "
                                                       "owed, carried to the tab"})
    amount_minor = fields.Integer()


class Carried(Schema):
    event_id = fields.String(metadata={"description": "its carried_to_tab"})
    version = fields.Integer()
    at = fields.String(metadata={"description": "when it was carried (ISO 8601, UTC)"})
    date = fields.String(metadata={"description": "the day it was carried, in the evening's "
                                                  "time zone: YYYY-MM-DD"})
    players = fields.List(fields.Nested(CarriedPlayer), metadata={
        "description": "each player carried, in the order they joined (none at 0)"})


CARRIED = ("the evening carried to its club's tab (SPEC amendment 9), while the carry stands: "
           "what each player still owed or was owed then is owed on the club's tab, and "
           "nothing is owed here; null while it is not")
