"""An evening and its club's tab (SPEC amendment 9): what carrying it would carry now, or why
it cannot be, or the carry that stands; the page shows it before the tap that carries it."""

from flask.views import MethodView
from marshmallow import Schema, fields

from api.access import guard
from api.blueprint import Blueprint
from api.reads.carried import Carried
from api.service import ledger

blp = guard(Blueprint("evening_tab", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="An evening and its club's tab"))


class TabClub(Schema):
    id = fields.String()
    name = fields.String()


class CarriedLine(Schema):
    id = fields.String(metadata={"description": "the player"})
    name = fields.String()
    member = fields.String(metadata={"description": "the member whose line it goes on"})
    member_name = fields.String()
    counters = fields.Integer(metadata={"description": "what he still owes (−) or is owed"})
    amount_minor = fields.Integer()


class CarryPreview(Schema):
    club = fields.Nested(TabClub, allow_none=True, metadata={
        "description": "the club the evening belongs to; null: none (nothing can be carried)"})
    currency = fields.String()
    carried = fields.Nested(Carried, allow_none=True, metadata={
        "description": "the carry that stands, if the evening is carried"})
    players = fields.List(fields.Nested(CarriedLine), metadata={
        "description": "what a carry would put on the tab now, a line a player who owes or is "
                       "owed (empty when it cannot be, or is carried already)"})
    refused = fields.String(allow_none=True, metadata={
        "description": "why the evening cannot be carried now, in the table's words (what a "
                       "carried_to_tab would be refused with)"})


@blp.route("/tab")
class EveningTab(MethodView):
    @blp.response(200, CarryPreview)
    @blp.problems(401, 404)
    def get(self, sid):
        """What carrying the evening to its club's tab would put on it now (each player's
        figure and his member), or why it cannot be carried, or the carry that stands."""
        return ledger().views.carry(sid)
