"""Sessions, and the players, tables and games in them (each created, and mended, by an
event)."""

import re
import uuid

from flask.views import MethodView
from marshmallow import RAISE

from api.access import guard
from api.opening import opening
from api.service import ledger, record_request
from api.blueprint import Blueprint
from api.schemas import Created
from api.sessions import schemas
from api.versions import version_of
from ledger.errors import LedgerError, NotFound
from ledger.events.fields import REF_PATTERN
from ledger.language import _

blp = guard(Blueprint("sessions", __name__, url_prefix="/api/v1/sessions",
                      description="Sessions and the players, tables and games in them"))


@blp.route("")
class Sessions(MethodView):
    @opening
    @blp.arguments(schemas.SessionRequest())
    @blp.response(201, schemas.SessionCreated)
    @blp.problems(400, 413, 422, 429)
    @blp.doc(security=[])
    def post(self, body):
        """Open a session; answers its write and read tokens (shown once, stored hashed)."""
        event, tokens = ledger().sessions.open(body)
        return {"id": event["session_id"], "version": event["version"], "time_zone": "UTC",
                "language": "en", **event["data"], "write_token": tokens["write"], "read_token": tokens["read"]}


@blp.route("/<sid>")
class Session(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Summary)
    @blp.problems(401, 404)
    def get(self, sid):
        """The session's players, tables, games and current version."""
        return ledger().views.summary(sid)


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


@blp.route("/<sid>/players/<pid>")
class Player(MethodView):
    @blp.arguments(schemas.RenameRequest())
    @blp.response(200, schemas.Mended)
    @blp.problems(400, 401, 403, 404, 409, 413, 422)
    def patch(self, body, sid, pid):
        """Rename a player (records player_renamed): his new name is checked as a new
        player's is. The same `id` again answers the original."""
        name = body.pop("name")
        return _mend(sid, "player_renamed", pid, {"player": pid, "name": name}, body)

    @blp.arguments(schemas.RemovalQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Mended)
    @blp.problems(401, 403, 404, 409, 422)
    def delete(self, query, sid, pid):
        """Remove a player added by mistake (records player_removed): refused (409) while he
        is seated in a game, any counters have moved to or from him, or any fact names him."""
        return _mend(sid, "player_removed", pid, {"player": pid}, query)


@blp.route("/<sid>/games/<gid>")
class Game(MethodView):
    @blp.arguments(schemas.RemovalQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Mended)
    @blp.problems(401, 403, 404, 409, 422)
    def delete(self, query, sid, gid):
        """Remove a game started by mistake (records game_removed): refused (409) while any
        fact recorded in it stands (undo them first); its seats are free again."""
        return _mend(sid, "game_removed", gid, {}, query)


# A mend's refusal names the path's and the body's fields, not the event's.
FIELDS = {"data.player": "pid", "game_id": "gid", "data.name": "name"}


def _mend(sid: str, event_type: str, target: str, data: dict, envelope: dict) -> dict:
    """Record a mend of the set-up. A removal happens once: without a client id it takes one
    made from what it removes, so that the same DELETE again answers the original."""
    path_field, what = ("gid", "game") if event_type == "game_removed" else ("pid", "player")
    if not re.fullmatch(REF_PATTERN, target):
        raise NotFound(_("No game %(id)s in this session.", id=target) if what == "game" else
                       _("No player %(id)s in this session.", id=target),
                       {path_field: [_("unknown game") if what == "game" else _("unknown player")]})
    request = {"type": event_type, "data": data, **envelope}
    if event_type != "player_renamed":
        request.setdefault("id", str(uuid.uuid5(uuid.NAMESPACE_URL, f"{event_type}/{target}")))
    if event_type == "game_removed":
        request["game_id"] = target
    try:
        event, __ = ledger().sessions.record(sid, request)
    except LedgerError as refusal:
        refusal.fields = {FIELDS.get(name, name): why for name, why in refusal.fields.items()}
        raise
    return {"id": target, "version": event["version"], "event": event}
