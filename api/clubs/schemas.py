"""Request and response bodies for clubs, their members, seasons, evenings and standings."""

from marshmallow import Schema, fields, validate

from api.schemas import Event
from api.sessions.schemas import Idempotent, SessionCreated
from ledger.clubs import facts
from ledger.events.fields import CURRENCY, Counters, Language, Ref, RefKey, RefList, TimeZone


class ClubRequest(facts.ClubCreated):
    pass


class ClubCreated(Schema):
    id = fields.String()
    name = fields.String()
    language = fields.String(metadata={"description": "the language its words are said in when a "
                                                     "request asks for none this service speaks"})
    version = fields.Integer()
    write_token = fields.String(metadata={"description": "may record; keep it to the club's "
                                                         "officers"})
    read_token = fields.String(metadata={"description": "may only read, the club and all its "
                                                        "evenings; share it with the members"})


class MemberRequest(facts.MemberAdded, Idempotent):
    pass


class EveningRequest(facts.EventData):
    """Tonight's evening, opened in the club with its members seated by name."""

    id = Ref(metadata={"description": "client-chosen id of this opening (one a tap, kept for "
                                      "its retries: a UUID): the same request again answers "
                                      "the original, its tokens included, and opens nothing; "
                                      "the same id with another request is 409"})
    name = facts.Text(200, required=True)
    counter_value = Counters(load_default=1)
    currency = fields.String(load_default="GBP", validate=CURRENCY)
    time_zone = TimeZone(metadata={
        "description": "the IANA time zone the evening is played in (a phone sends its own): "
                       "its day in the club's standings and seasons, its files' names and the "
                       "times they write; stored only when given: without it, UTC"})
    language = Language(metadata={
        "description": "the language the evening's words are said in when a request asks for "
                       "none this service speaks (a phone sends its own): without it, the club's"})
    members = RefList(0, load_default=list, metadata={
        "description": "the members who play tonight (not retired), seated as players under "
                       "their names and linked to them"})


class LinkedPlayer(Schema):
    id = fields.String(metadata={"description": "the evening's player"})
    member = fields.String(metadata={"description": "the club's member he is"})


class EveningOpened(SessionCreated):
    players = fields.List(fields.Nested(LinkedPlayer))
    club_version = fields.Integer()


class AttachRequest(facts.EventData):
    write_token = fields.String(required=True, validate=validate.Length(1, 200), metadata={
        "description": "the evening's write token: only its recorders may bring it in"})
    links = fields.Dict(keys=RefKey(), values=Ref(), load_default=dict, metadata={
        "description": "its players (by id) linked to members (by id)"})


class SeasonQuery(Schema):
    season = fields.String(validate=validate.Length(1, 100), metadata={
        "description": "a season's id or name; none: every evening"})


class Member(Schema):
    id = fields.String()
    name = fields.String()
    group = fields.String(allow_none=True)
    retired = fields.Boolean()


class Season(Schema):
    id = fields.String()
    name = fields.String()
    starts = fields.String(metadata={"description": "YYYY-MM-DD"})
    ends = fields.String(metadata={"description": "YYYY-MM-DD"})


class EveningPlayer(Schema):
    id = fields.String()
    name = fields.String()
    member = fields.String(allow_none=True)


class StandingsEvening(Schema):
    session_id = fields.String()
    name = fields.String()
    date = fields.String(metadata={"description": "the day it was opened, in its own time "
                                                  "zone (UTC for one opened without), "
                                                  "YYYY-MM-DD: a season takes it by this day"})
    currency = fields.String()
    brought_in = fields.Boolean(metadata={
        "description": "results brought in from a spreadsheet (no deals, no statements); its "
                       "`session_id` is the id of its `evening_imported` fact"})


class PastEvening(Schema):
    """An evening brought in from a spreadsheet."""

    id = fields.String(metadata={"description": "its `evening_imported` fact's id"})
    date = fields.String()
    name = fields.String()
    game = fields.String(allow_none=True)
    currency = fields.String()


class Withdrawn(Schema):
    reason = fields.String()
    version = fields.Integer(metadata={"description": "the club's version that withdrew it"})
    at = fields.String(metadata={"description": "when it was withdrawn (ISO 8601, UTC)"})


class ImportedEvening(PastEvening):
    members = fields.Integer(metadata={"description": "how many members' results"})
    corrections = fields.Integer(metadata={"description": "how often its figures were corrected"})
    withdrawn = fields.Nested(Withdrawn, allow_none=True, metadata={
        "description": "null, or why and when it left the standings (it stays in the log)"})


class WithdrawalRequest(Idempotent):
    reason = facts.Text(200, required=True, metadata={
        "description": "why it is withdrawn: the club's log says it"})


class ClubEvening(StandingsEvening):
    players = fields.List(fields.Nested(EveningPlayer))


class Club(Schema):
    id = fields.String()
    name = fields.String()
    created_at = fields.String()
    language = fields.String(metadata={"description": "the language its words are said in when a "
                                                     "request asks for none this service speaks"})
    version = fields.Integer()
    members = fields.List(fields.Nested(Member))
    seasons = fields.List(fields.Nested(Season))
    evenings = fields.List(fields.Nested(ClubEvening), metadata={"description": "oldest first"})
    imported = fields.List(fields.Nested(ImportedEvening), metadata={
        "description": "past evenings brought in from a spreadsheet, as they were imported"})


Money = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
    "description": "minor units per currency (ISO 4217): never added across currencies"})
Tallies = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
    "description": "what the games count for him: cassino_games_won, yellow_chips, "
                   "progressive_prizes, booby_prizes"})


class EveningResult(Schema):
    session_id = fields.String()
    name = fields.String()
    date = fields.String()
    player_id = fields.String()
    counters = fields.Integer(metadata={"description": "his result that evening"})
    amount_minor = fields.Integer()
    currency = fields.String()
    deals = fields.Integer()
    tallies = Tallies
    running_counters = fields.Integer()
    running_money = Money


class Standing(Schema):
    member_id = fields.String()
    name = fields.String()
    group = fields.String(allow_none=True)
    retired = fields.Boolean()
    evenings = fields.Integer(metadata={"description": "evenings played"})
    counters = fields.Integer(metadata={"description": "net counters over the evenings"})
    money = Money
    deals = fields.Integer(metadata={"description": "deals dealt"})
    tallies = Tallies
    biggest_win = fields.Nested(EveningResult, allow_none=True)
    biggest_loss = fields.Nested(EveningResult, allow_none=True)
    running = fields.List(fields.Integer(), metadata={
        "description": "his net counters after each of `evenings`"})


class Standings(Schema):
    club_id = fields.String()
    version = fields.Integer()
    season = fields.Nested(Season, allow_none=True)
    evenings = fields.List(fields.Nested(StandingsEvening), metadata={"description": "oldest first"})
    members = fields.List(fields.Nested(Standing), metadata={
        "description": "ranked by net counters"})


class History(Schema):
    member = fields.Nested(Member)
    season = fields.Nested(Season, allow_none=True)
    evenings = fields.List(fields.Nested(EveningResult), metadata={"description": "newest first"})
    counters = fields.Integer()
    money = Money
    deals = fields.Integer()
    tallies = Tallies
    biggest_win = fields.Nested(EveningResult, allow_none=True)
    biggest_loss = fields.Nested(EveningResult, allow_none=True)


class ClubEvent(Event):
    said = fields.String(metadata={"description": (
        "what the club's fact did, in words, as the club stands now: members by name, "
        "evenings by name and day, a correction's figures from what stood to what stands "
        "(`Ann −6 (−0.30 GBP) → −4 (−0.20 GBP)`), a withdrawal with its reason")})


class ClubEvents(Schema):
    events = fields.List(fields.Nested(ClubEvent), metadata={
        "description": "a club's events: `session_id` is the club's id (its stream)"})


def request_schemas() -> dict[str, type[Schema]]:
    """One append request per type a client appends (`POST …/clubs/{cid}/events`)."""
    return {name: Idempotent.from_dict({
        "type": fields.String(required=True, validate=validate.OneOf([name])),
        "data": fields.Nested(facts.SCHEMAS[name], required=True)},
        name="".join(w.title() for w in name.split("_")) + "ClubRequest")
        for name in sorted(facts.APPENDED)}
