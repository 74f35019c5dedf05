"""Liveness: the service answers and its database does too."""

from flask.views import MethodView
from marshmallow import Schema, fields
from sqlalchemy import text

from api.book import book
from api.docs import Blueprint

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
        with book().engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        return {"ok": True, "database": book().engine.dialect.name}
