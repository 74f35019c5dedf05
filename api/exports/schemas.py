"""The evening as one JSON file: its log and its read models, each in its own read's shape."""

from marshmallow import Schema, fields

from api.events.schemas import Verification
from api.reads.schemas import Balances, Dealing, Pools, Progressive, Scores, Settlement
from api.schemas import LoggedEvent
from api.sessions.schemas import Summary


class GameReads(Schema):
    """A game's own reads, as `…/games/{gid}/dealing`, `…/scores` and `…/progressive` give
    them."""

    id = fields.String()
    kind = fields.String()
    dealing = fields.Nested(Dealing)
    scores = fields.Nested(Scores, metadata={"description": "a game that keeps scores "
                                                           "(Cassino) only"})
    progressive = fields.Nested(Progressive, metadata={"description": "Progressive Poker only"})


class EveningFile(Schema):
    """`GET …/export/evening.json`: everything of the evening at one version, as its reads give
    it: the log (every event, each with `said`), the summary, balances, pools, settlement,
    each game's reads, and the hash chain verified over the log."""

    version = fields.Integer(metadata={"description": "the version every part is of: the "
                                                      "log ends there"})
    summary = fields.Nested(Summary)
    balances = fields.Nested(Balances)
    pools = fields.Nested(Pools)
    settlement = fields.Nested(Settlement)
    games = fields.List(fields.Nested(GameReads))
    verify = fields.Nested(Verification, metadata={"description": "the chain recomputed over "
                                                                 "`events`"})
    events = fields.List(fields.Nested(LoggedEvent))


class Preparing(Schema):
    """`GET …/export/evening.xlsx` of a long evening, while its file is written: how far."""

    file = fields.String(metadata={"description": "the file asked for (`evening.xlsx`)"})
    written = fields.Integer(metadata={"description": "rows written so far"})
    rows = fields.Integer(metadata={"description": "rows in all (0 until known)"})
