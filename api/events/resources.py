"""The session's event log: append, read, verify."""

from flask.views import MethodView
from marshmallow import RAISE

from api.access import guard
from api.body import parsed_body
from api.service import answer, ledger
from api.blueprint import Blueprint
from api.events import schemas
from api.schemas import Event

blp = guard(Blueprint("events", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="The immutable event log of a session"))


@blp.route("/events")
class Events(MethodView):
    @blp.doc(requestBody={"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/EventRequest"}}}})
    @blp.response(201, Event)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, resend="Event")
    def post(self, sid):
        """Record a fact; the server resolves its postings by the game's rules. The body is
        validated in one pass by its type's schema (the <Type>Data components)."""
        event, created = ledger().sessions.record(sid, parsed_body())
        return answer(event, 201 if created else 200)

    @blp.arguments(schemas.AfterQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.EventList)
    @blp.problems(401, 404, 422)
    def get(self, query, sid):
        """The session's events with version > after, oldest first; all of them, or a page
        of `limit`; each says what it did, in words, as the evening stands now (`said`)."""
        return {"events": ledger().sessions.events(sid, query["after"], query["limit"])}


@blp.route("/verify")
class Verify(MethodView):
    @blp.response(200, schemas.Verification)
    @blp.problems(401, 404)
    def get(self, sid):
        """Recompute the hash chain and name the first version that does not match."""
        return ledger().sessions.verify(sid)
