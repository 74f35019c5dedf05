"""Clubs across evenings: members, seasons, evenings, standings and history (issue 15)."""

import re

from flask import request
from flask.views import MethodView
from marshmallow import RAISE
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from api.access import bearer_token, guard, require_club_token
from api.opening import opening
from api.body import check_not_encoded, parsed_body
from api.service import answer, ledger, record_request
from api.clubs import importing, schemas
from api.blueprint import Blueprint
from api.events.schemas import AfterQuery, Verification
from api.exports.resources import CSV_DOC, download
from ledger.projections import exports
from api.schemas import Created, Event
from ledger.clubs import imports, reading, standings
from ledger.errors import Invalid, NotFound
from ledger.events.fields import REF_PATTERN
from ledger.language import _

# The token check finds the club (a club's tokens are written with its creation): past it,
# every view may take the club as known.
blp = guard(Blueprint("clubs", __name__, url_prefix="/api/v1/clubs",
                      description="Clubs: members, seasons, evenings and standings"),
            require_club_token)


@blp.route("")
class Clubs(MethodView):
    @opening
    @blp.arguments(schemas.ClubRequest())
    @blp.response(201, schemas.ClubCreated)
    @blp.problems(400, 413, 422, 429)
    @blp.doc(security=[])
    def post(self, body):
        """Found a club; answers its write and read tokens (shown once, stored hashed)."""
        event, tokens = ledger().clubs.open(body)
        return {"id": event["session_id"], "name": event["data"]["name"],
                "language": event["data"].get("language", "en"), "version": event["version"], "write_token": tokens["write"],
                "read_token": tokens["read"]}


@blp.route("/<cid>")
class Club(MethodView):
    @blp.response(200, schemas.Club)
    @blp.problems(401, 404)
    def get(self, cid):
        """The club: its members, seasons and evenings (each with its players and the
        member each is)."""
        return ledger().views.club(cid)


@blp.route("/<cid>/members")
class Members(MethodView):
    @blp.arguments(schemas.MemberRequest())
    @blp.response(201, Created)
    @blp.alt_response(200, schema=Created, description="a resend of a recorded request")
    @blp.problems(400, 401, 403, 404, 409, 413, 422)
    def post(self, body, cid):
        """A new member (his id is the id of the event that adds him)."""
        return record_request(ledger().clubs.record, cid, "member_added", body)


@blp.route("/<cid>/events")
class Events(MethodView):
    @blp.doc(requestBody={"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/ClubEventRequest"}}}})
    @blp.response(201, Event)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, resend="Event")
    def post(self, cid):
        """Record a club's fact: a member renamed or retired, a season declared, an
        evening's player linked to a member (or to none)."""
        event, created = ledger().clubs.record(cid, parsed_body())
        return answer(event, 201 if created else 200)

    @blp.arguments(AfterQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.ClubEvents)
    @blp.problems(401, 404, 422)
    def get(self, query, cid):
        """The club's log after a version, oldest first, each event with what it did in
        words (`said`)."""
        return {"events": ledger().clubs.log(cid, query["after"], query["limit"])}


@blp.route("/<cid>/evenings")
class Evenings(MethodView):
    @blp.arguments(schemas.EveningRequest())
    @blp.response(201, schemas.EveningOpened)
    @blp.alt_response(200, schema=schemas.EveningOpened,
                      description="a resend of a recorded request (the same `id`): the original")
    @blp.problems(400, 401, 403, 404, 409, 413, 422)
    def post(self, body, cid):
        """Open tonight's evening in the club, the chosen members seated as its players.
        Answers the evening's own tokens, as opening a session does: shown once, or again to
        a resend of the same `id` (the same club's write token), which opens nothing."""
        opened, created = ledger().clubs.open_evening(cid, body, bearer_token())
        return {**opened, "name": body["name"], "counter_value": body["counter_value"],
                "currency": body["currency"], "time_zone": body.get("time_zone", "UTC")}, \
            201 if created else 200


@blp.route("/<cid>/evenings/<sid>")
class Evening(MethodView):
    @blp.arguments(schemas.AttachRequest())
    @blp.response(201, Event)
    @blp.alt_response(200, schema=Event, description="attached already")
    @blp.problems(400, 401, 403, 404, 409, 413, 422)
    def put(self, body, cid, sid):
        """Bring an existing evening into the club (its write token proves the right), its
        players linked to members at once or later (`player_linked`). An evening belongs to
        one club at most."""
        event, created = ledger().clubs.attach(cid, sid, body)
        return answer(event, 201 if created else 200)


@blp.route("/<cid>/imported/<eid>/withdrawal")
class Withdrawal(MethodView):
    @blp.arguments(schemas.WithdrawalRequest())
    @blp.response(201, Event)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, resend="Event")
    def post(self, body, cid, eid):
        """Withdraw an evening brought in from a spreadsheet (`eid`: its `evening_imported`
        fact's id): the club's `evening_withdrawn`, with the reason, in its log for good; the
        standings leave the evening out from here on, and nothing is deleted. Once: 409 for
        an evening withdrawn already, 404 for one the club never brought in."""
        if not re.fullmatch(REF_PATTERN, eid):  # no id of anything: an evening never brought in
            raise NotFound(_("No evening %(id)s brought into this club.", id=repr(eid)),
                           {"eid": [_("no evening brought in with this id")]})
        envelope = {key: body.pop(key) for key in ("id", "expected_version") if key in body}
        event, created = ledger().clubs.record(cid, {
            "type": "evening_withdrawn", "data": {"evening": eid, **body}, **envelope})
        return answer(event, 201 if created else 200)


@blp.route("/<cid>/standings")
class Standings(MethodView):
    @blp.arguments(schemas.SeasonQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Standings)
    @blp.problems(401, 404, 422)
    def get(self, query, cid):
        """Per member over the season's evenings (or all): evenings played, net counters,
        net money per currency, deals dealt, the games' tallies, biggest win and loss, and
        the running total after each evening."""
        return ledger().views.standings(cid, query.get("season"))


@blp.route("/<cid>/members/<mid>/history")
class History(MethodView):
    @blp.arguments(schemas.SeasonQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.History)
    @blp.problems(401, 404, 422)
    def get(self, query, cid, mid):
        """A member's evenings, newest first, each with his result and running total."""
        return ledger().views.history(cid, mid, query.get("season"))


@blp.route("/<cid>/export/standings.csv")
class StandingsCsv(MethodView):
    @blp.arguments(schemas.SeasonQuery(), location="query", unknown=RAISE)
    @blp.doc(responses=CSV_DOC)
    @blp.problems(401, 404, 422)
    def get(self, query, cid):
        """The standings, a row per member (formula-safe, as the evening's CSVs)."""
        with ledger().clubs.reading(cid) as (state, evenings):
            season = reading.season(state, query.get("season"))
            table = standings.standings(state, evenings, season)
            stem = exports.file_stem(state.name, season["name"] if season else "")
        header, rows = standings.rows(table)
        return download(stem, "standings", header, rows)


@blp.route("/<cid>/verify")
class Verify(MethodView):
    @blp.response(200, Verification)
    @blp.problems(401, 404)
    def get(self, cid):
        """Recompute the club's hash chain."""
        return ledger().sessions.verify(cid)


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_TYPES = ("text/csv", "text/plain", "application/csv", "application/vnd.ms-excel",
             "application/octet-stream", XLSX)


@blp.route("/<cid>/imports")
class Imports(MethodView):
    @blp.arguments(importing.ImportQuery, location="query")
    @blp.doc(requestBody={"required": True, "description": "the spreadsheet, as CSV (UTF-8 or "
                          "Windows-1252; commas, semicolons or tabs), as an Excel workbook "
                          "(.xlsx), or a Splitwise export (its CSV); whatever the Content-Type "
                          "of those listed, the file is read as what it is", "content": {
                              "text/csv": {"schema": {"type": "string", "minLength": 1},
                                           "example": (
                                  "date;evening;member;counters;money\n"
                                  "2025-12-24;Christmas Eve;Mrs Bennet;6;0,30\n"
                                  "2025-12-24;Christmas Eve;Mr Collins;-6;-0,30\n")},
                              XLSX: {"schema": {"type": "string", "format": "binary"}}}})
    @blp.response(200, importing.ImportPreview)
    @blp.problems(400, 401, 403, 404, 409, 413, 415, 422)
    def post(self, query, cid):
        """Past evenings from a spreadsheet: previewed (every problem by line, the members
        it names that the club lacks, how its dates read, and each figure it gives otherwise
        for an evening brought in already), recorded only with `confirm=true`, each evening
        once however often the file is sent; changed figures recorded as corrections only
        with `correct=true` too, and dates that read two ways only once `dates` says which."""
        raw = spreadsheet()
        options = {"currency": query["currency"], "counter_value": query["counter_value"],
                   "members": {**{name: "new" for name in query["new"]},
                               **dict(pair.split("=", 1) for pair in query["link"] if "=" in pair)},
                   **({"dates": query["dates"]} if query.get("dates") else {})}
        try:
            if query["confirm"]:
                return ledger().imports.results(cid, raw, options, query.get("id"),
                                                query["correct"])
            return ledger().views.import_preview(cid, raw, options)
        except imports.ImportProblem as problem:
            raise Invalid.field(problem.field, str(problem)) from None


def spreadsheet() -> bytes:
    """The request's file, up to the import's own limit (larger than a JSON body's)."""
    if request.mimetype not in CSV_TYPES:
        raise UnsupportedMediaType(_("Send the spreadsheet as CSV (Content-Type: text/csv) or as "
                                     ".xlsx (Content-Type: %(xlsx)s).", xlsx=XLSX))
    check_not_encoded()
    limit = imports.MAX_BYTES
    if (request.content_length or 0) > limit:
        raise RequestEntityTooLarge(_(
            "The file is %(size)s MB: at most %(most)s MB is taken; split it by season.",
            size=f"{request.content_length / 1e6:.1f}", most=limit // (1024 * 1024)))
    request.max_content_length = limit + 1
    raw = request.get_data(cache=True)
    if len(raw) > limit:
        raise RequestEntityTooLarge(_("The file is over %(most)s MB: at most %(most)s MB is taken; "
                                      "split it by season.", most=limit // (1024 * 1024)))
    return raw
