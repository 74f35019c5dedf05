"""Live streams (Server-Sent Events): a phone watching an evening (or a club) is told each
new version the moment the store has it, instead of asking twice a second.

`GET …/sessions/{sid}/stream` and `GET …/clubs/{cid}/stream` answer `text/event-stream`
after the same token checks as the reads (the token may come as `access_token` in the query:
a browser's EventSource sends no header). The first event, `hello`, says how this server
serves streams: `push` (the stream server: gevent workers holding thousands of idle
connections, `LEDGER_STREAMS=push`) then a `version` event at each change, each with the
version as its id, so a reconnecting phone resumes from `Last-Event-ID`; or `poll` (a sync
worker, which must not be held), after which the stream ends and the phone asks
`…/version` instead. A club's tag is its own version plus its evenings' (every append to
any of them raises it).

Nothing is queued for a phone: each stream waits on its watch and sends the latest version,
so one that never reads holds what its socket holds, and nothing grows. A stream takes a seat
(`api.live.seats`: caps per process, evening and address) or is refused 503 at once; a phone
that hangs up gives its seat back at once, not at the next heartbeat."""

import socket
import threading

import orjson
from flask import Response, current_app, request
from flask.views import MethodView
from marshmallow import Schema, fields

from api.access import guard, require_club_token
from api.blueprint import Blueprint
from api.errors import problem
from api.live.seats import RETRY_SECONDS, Seats
from api.service import ledger

HEARTBEAT_SECONDS = 20  # a comment line, so that proxies and phones keep an idle stream open
LIFETIME_SECONDS = 900  # then the stream ends and the phone reconnects with Last-Event-ID
RETRY_MS = 1000

blp = guard(Blueprint("live", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="An evening's new versions, pushed"))
club_blp = guard(Blueprint("club_live", __name__, url_prefix="/api/v1/clubs/<cid>",
                           description="A club's new versions, pushed"), require_club_token)


class StreamQuery(Schema):
    access_token = fields.String(metadata={
        "description": "the bearer token, for a client that cannot send the Authorization "
                       "header (a browser's EventSource)"})


STREAM = {"description": "Server-Sent Events: `hello` ({version, mode}), then `version` "
                         "({version}) at each change, the version as the event's id; comment "
                         "lines keep it open", "content": {"text/event-stream": {
    "schema": {"type": "object", "required": ["event", "id", "data"], "properties": {
        "event": {"type": "string", "enum": ["hello", "version"]},
        "id": {"type": "string", "pattern": "^[0-9]+$"},
        "retry": {"type": "integer", "minimum": 0},
        "data": {"type": "string", "description": "JSON: {version, mode (hello only)}",
                 "pattern": '^\\{"version":[0-9]+(,"mode":"(push|poll)")?\\}$'}}},
    "example": 'event: hello\nid: 12\ndata: {"version":12,"mode":"push"}\nretry: 1000\n\n'
               ': still here\n\nevent: version\nid: 13\ndata: {"version":13}\n\n'}}}


@blp.route("/stream")
class SessionStream(MethodView):
    @blp.arguments(StreamQuery, location="query")
    @blp.doc(responses={"200": STREAM})
    @blp.problems(401, 403, 404, 422)
    def get(self, query, sid):
        """The evening's version now and at each change, pushed as it is committed."""
        return streamed(sid, lambda: [sid], lambda versions: versions[sid])


@club_blp.route("/stream")
class ClubStream(MethodView):
    @club_blp.arguments(StreamQuery, location="query")
    @club_blp.doc(responses={"200": STREAM})
    @club_blp.problems(401, 403, 404, 422)
    def get(self, query, cid):
        """The club's tag (its version plus its evenings') now and at each change."""
        clubs = ledger().clubs
        return streamed(cid, lambda: [cid, *clubs.evenings(cid)],
                        lambda versions: sum(versions.values()))


def event(kind: str, tag: int, retry: bool = False, **data) -> bytes:
    """One event; the first also tells the phone how soon to reconnect (`retry`)."""
    return b"event: %s\nid: %d\ndata: %s\n%s\n" % (kind.encode(), tag, orjson.dumps(
        {"version": tag, **data}), b"retry: %d\n" % RETRY_MS if retry else b"")


def seats() -> Seats:
    extensions = current_app.extensions
    if "stream_seats" not in extensions:
        extensions["stream_seats"] = Seats.configured(current_app.config)
    return extensions["stream_seats"]


def hung_up(environ, watched: list) -> threading.Event:
    """Set (and the watch woken) when the client closes its connection: a stream's client
    sends nothing after its request, so the socket turns readable only when it is gone.
    One cooperative wait a stream under gevent; where the server gives no socket, only a
    heartbeat that fails finds the client gone."""
    gone = threading.Event()
    connection = environ.get("gunicorn.socket")
    if connection is None:
        return gone

    def wait():
        try:
            if connection.recv(1, socket.MSG_PEEK):
                return  # the client sent more: not a hang-up
        except OSError:  # closed: by the client, or by the server once the stream ended
            pass
        gone.set()
        watched[0].moved.set()
    threading.Thread(target=wait, daemon=True, name="ledger-stream-hangup").start()
    return gone


def streamed(key: str, streams, tag_of) -> Response:
    """The stream of evening or club `key`: `streams()` names what is watched (asked again
    when the first of them, a club, moves), `tag_of(versions)` the number the phone follows."""
    changes = ledger().changes
    push = current_app.config["STREAMS"] == "push"
    try:
        last = int(request.headers.get("Last-Event-ID", ""))
    except ValueError:
        last = -1
    address, environ = request.remote_addr, request.environ
    if push:
        refused = seats().take(key, address)
        if refused is not None:
            answer = problem(503, "Service Unavailable", refused + " Ask for the version "
                             "instead, and try the stream again later.")
            answer.headers["Retry-After"] = str(RETRY_SECONDS)
            return answer
        taken = seats()

    def body():
        if not push:  # nobody to hold this worker: the version now, and the phone polls
            versions = changes.now(streams())
            yield event("hello", tag_of(versions), retry=True, mode="poll")
            return
        watch = changes.watch(streams())
        watched = [watch]
        gone = hung_up(environ, watched)
        try:
            versions = changes.versions(watch)
            tag, first = tag_of(versions), versions[watch.streams[0]]
            yield event("hello", tag, retry=True, mode="push")
            shown, beats = max(last, tag), 0
            while beats * HEARTBEAT_SECONDS < LIFETIME_SECONDS:
                if not watch.moved.wait(HEARTBEAT_SECONDS):
                    if gone.is_set():
                        return
                    beats += 1
                    yield b": still here\n\n"
                    continue
                if gone.is_set():
                    return
                watch.moved.clear()
                versions = changes.versions(watch)
                if len(watch.streams) > 1 and versions[watch.streams[0]] != first:
                    changes.forget(watch)  # a club moved: its evenings may have changed
                    watch = watched[0] = changes.watch(streams())
                    versions = changes.versions(watch)
                first = versions[watch.streams[0]]
                tag = tag_of(versions)
                if tag > shown:
                    shown = tag
                    yield event("version", tag)
        finally:
            changes.forget(watch)

    answer = Response(body(), mimetype="text/event-stream", headers={
        "Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    if push:
        answer.call_on_close(lambda: taken.leave(key, address))
    return answer
