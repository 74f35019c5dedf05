"""Sessions, and the players, tables and games in them (each created by an event)."""

from flask.views import MethodView

from api.access import guard
from api.service import ledger, record_request
from api.blueprint import Blueprint
from api.schemas import Created
from api.sessions import schemas
from api.versions import version_of
from ledger.projections.summary import summary

blp = guard(Blueprint("sessions", __name__, url_prefix="/api/v1/sessions",
                      description="Sessions and the players, tables and games in them"))


@blp.route("")
class Sessions(MethodView):
    @blp.arguments(schemas.SessionRequest())
    @blp.response(201, schemas.SessionCreated)
    @blp.problems(400, 413, 422)
    @blp.doc(security=[])
    def post(self, body):
        """Open a session; answers its write and read tokens (shown once, stored hashed)."""
        event, tokens = ledger().sessions.open(body)
        return {"id": event["session_id"], "version": event["version"], **event["data"],
                "write_token": tokens["write"], "read_token": tokens["read"]}


@blp.route("/<sid>")
class Session(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Summary)
    @blp.problems(401, 404)
    def get(self, sid):
        """The session's players, tables, games and current version."""
        with ledger().sessions.reading(sid) as state:
            return summary(state)


@blp.route("/<sid>/version")
class Version(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Version)
    @blp.problems(401, 404)
    def get(self, sid):
        """The session's current version, for a phone to watch.

        Poll with the last ETag in If-None-Match (every 500 ms while the page is visible):
        304 with no body until something is recorded in the session, then 200 with the new
        version and a new ETag; then re-read what changed (the session's other reads answer
        304 the same way while the version stands). A 304 is answered without reading the
        session's events."""
        return {"version": version_of(sid)}


def _creator(event_type: str, request_schema, doc: str):
    class Create(MethodView):
        @blp.arguments(request_schema())
        @blp.response(201, Created)
        @blp.alt_response(200, schema=Created, description="a resend of a recorded request")
        @blp.problems(400, 401, 403, 404, 409, 413, 422)
        def post(self, body, sid):
            return record_request(ledger().sessions.record, sid, event_type, body)

    Create.post.__doc__ = doc
    return Create


blp.route("/<sid>/players")(_creator("player_added", schemas.PlayerRequest,
                                     "Add a player (records player_added)."))
blp.route("/<sid>/tables")(_creator("table_added", schemas.TableRequest,
                                    "Add a table; rank 1 is the head table (table_added)."))
blp.route("/<sid>/games")(_creator("game_started", schemas.GameRequest,
                                   "Start a game at the table (game_started)."))
