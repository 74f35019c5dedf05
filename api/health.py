"""Liveness: the service answers and its database does too."""

from flask.views import MethodView
from marshmallow import Schema, fields

from api.service import ledger
from api.blueprint import Blueprint

blp = Blueprint("health", __name__, description="Service health")


class Health(Schema):
    ok = fields.Boolean()
    database = fields.String()


@blp.route("/healthz")
class Healthz(MethodView):
    @blp.response(200, Health)
    @blp.doc(security=[])
    @blp.problems()
    def get(self):
        """200 when the database answers."""
        return {"ok": True, "database": ledger().healthy()}
