"""Request and response bodies for sessions, players, tables and games."""

from marshmallow import Schema, fields

from api.schemas import Event
from ledger.events import facts as catalogue
from ledger.events.fields import MAX_AMOUNT, QueryNumber, Ref, Text, WholeNumber
from ledger.games import GameStarted


class Idempotent(Schema):
    """Resource requests may carry the event id a client chose, so a retry is answered once."""

    id = Ref(metadata={"description": "client-chosen event id; a resend returns the original"})
    expected_version = WholeNumber(0)


class SessionRequest(catalogue.SessionCreated):
    pass


class PlayerRequest(catalogue.PlayerAdded, Idempotent):
    pass


class TableRequest(catalogue.TableAdded, Idempotent):
    pass


class GameRequest(GameStarted, Idempotent):
    pass


class RenameRequest(Idempotent):
    name = Text(100, required=True, metadata={"description": "his new name, checked as a new "
                                                             "player's is"})


class RemovalQuery(Schema):
    """A removal's own id and precondition, in the query (a DELETE sends no body)."""

    id = Ref(metadata={"description": "client-chosen event id; without one, the id is made "
                                      "from what is removed, so a repeated DELETE answers "
                                      "the original"})
    expected_version = QueryNumber(0, MAX_AMOUNT, metadata={
        "description": "the session version the writer last saw (0 before any event)"})


class Mended(Schema):
    """What a mend of the set-up answers: what it mended, and the event that mended it."""

    id = fields.String(metadata={"description": "the player or game mended"})
    version = fields.Integer()
    event = fields.Nested(Event)


class SessionCreated(Schema):
    id = fields.String()
    name = fields.String()
    counter_value = fields.Integer()
    currency = fields.String()
    time_zone = fields.String(metadata={"description": "the IANA time zone of the evening's "
                                                      "times (UTC unless one was given)"})
    language = fields.String(metadata={"description": "the language its words are said in when a request asks for none this service speaks (English unless one was given)"})
    version = fields.Integer()
    write_token = fields.String(metadata={"description": "may record; keep it to the recorders"})
    read_token = fields.String(metadata={"description": "may only read; share it with the table"})


class Version(Schema):
    version = fields.Integer(metadata={"description": "the number of events recorded in the "
                                                      "session; it only grows"})


class PlayerOut(Schema):
    id = fields.String()
    name = fields.String()
    group = fields.String(allow_none=True)


class TableOut(Schema):
    id = fields.String()
    name = fields.String()
    rank = fields.Integer()


class Admits(Schema):
    """What a game in play admits of one field of a fact's sheet, beyond its catalogue."""

    choices = fields.List(fields.Raw(), metadata={
        "description": "the choices still open (the others are settled this deal)"})
    asked = fields.Boolean(metadata={"description": "false: not asked in this game (left out)"})
    default = fields.Raw(metadata={"description": "the game's own default for it, as it stands "
                                                  "(Pope Joan's cards dealt to each)"})


class Refundable(Schema):
    pool = fields.String(allow_none=True, metadata={
        "description": "the named pool, or null for the game's one pool"})
    counters = fields.Integer()


class Due(Schema):
    """What is due next in a game, from its deal's declared life."""

    deal = fields.Integer(metadata={"description": "the deal in progress (0 before the first)"})
    open = fields.Boolean(metadata={"description": "a deal is in play, its outcome not recorded"})
    over = fields.Boolean(metadata={"description": "the game is finished (a Cassino won): "
                                                   "nothing more is due"})
    next = fields.String(allow_none=True, metadata={
        "description": "the fact the table records next: `deal_started`, the deal's "
                       "settlement, or null"})
    offered = fields.List(fields.String(), metadata={
        "description": "every fact the rules accept now, as the deal stands"})
    ending = fields.List(fields.String(), metadata={
        "description": "the facts that, recorded now, settle the deal whatever their data"})
    dealer = fields.String(allow_none=True, metadata={"description": "who deals this deal"})
    next_dealer = fields.String(allow_none=True, metadata={"description": "who deals the next"})
    settled = fields.List(fields.String(), metadata={
        "description": "what of the deal in play is settled (`the king`, `the hand of "
                       "player:<id>`): a sheet's row for it is not offered"})
    dealers_ahead = fields.List(fields.String(), metadata={
        "description": "who deals each of the next deals, the next first"})
    sheets = fields.Dict(keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Nested(Admits)), metadata={
        "description": "by fact offered, by field: what the game in play admits where it "
                       "narrows the catalogue (`GET /api/v1/games`)"})
    settles_by = fields.Dict(keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.List(
            fields.String()))), metadata={
        "description": "by fact, by choice field: what each choice settles of the deal (a "
                       "fact not yet sent settles it on the phone too)"})
    whole = fields.Boolean(metadata={
        "description": "a deal is recorded whole at its end: its start and its outcome on one "
                       "sheet (Cassino), nothing between"})
    refundable = fields.List(fields.Nested(Refundable), metadata={
        "description": "the pools that may be shared back now (`pool_refunded`): holding "
                       "counters, no deal in play"})
    after_deal = fields.Nested(lambda: Due(), metadata={
        "description": "what is due once the next deal has started (a fact not yet sent): "
                       "open, next, offered, ending"})
    after_end = fields.Nested(lambda: Due(), metadata={
        "description": "what is due once this deal is settled (a fact not yet sent)"})


class GameOut(Schema):
    id = fields.String()
    kind = fields.String()
    seats = fields.List(fields.String())
    stake = fields.Integer()
    table_id = fields.String(allow_none=True)
    options = fields.Dict()
    deal = fields.Integer(metadata={"description": "the deal in progress, by number (0 before "
                                                   "the first), as its dealing read says"})
    settled = fields.List(fields.String(), metadata={
        "description": "what of the deal in progress is settled (empty: still open)"})
    current_dealer = fields.String(allow_none=True)
    next_dealer = fields.String()
    stakes_doubled = fields.Boolean(metadata={"description": "Vingt-un: the dealer doubled "
                                                             "the stakes of this deal"})
    due = fields.Nested(Due)


class Summary(Schema):
    id = fields.String()
    name = fields.String()
    counter_value = fields.Integer()
    currency = fields.String()
    created_at = fields.String()
    time_zone = fields.String(metadata={"description": "the IANA time zone the exports write "
                                                      "its times in (UTC unless one was given)"})
    language = fields.String(metadata={"description": "the language its words are said in when a request asks for none this service speaks (English unless one was given)"})
    date = fields.String(metadata={"description": "the day it was opened, in its time zone: "
                                                  "YYYY-MM-DD (its files' names, its night "
                                                  "sheet and its club's seasons give it that day)"})
    version = fields.Integer()
    players = fields.List(fields.Nested(PlayerOut))
    tables = fields.List(fields.Nested(TableOut))
    games = fields.List(fields.Nested(GameOut))
