"""Read models' shapes (SPEC §9: fields may be added, never removed)."""

from marshmallow import Schema, fields, validate

from api.reads.carried import CARRIED, Carried
from api.schemas import LoggedEvent
from api.sessions.schemas import Summary
from ledger.events.fields import MAX_AMOUNT, QueryNumber


class PlayerBalance(Schema):
    id = fields.String()
    name = fields.String()
    group = fields.String(allow_none=True)
    counters = fields.Integer(metadata={
        "description": "what his account says: held less issued by the bank, after settle-up "
                       "payments (what is still owed; negative: he owes)"})
    amount_minor = fields.Integer(metadata={"description": "counters × counter value"})
    held = fields.Integer()
    issued = fields.Integer()
    result_counters = fields.Integer(metadata={
        "description": "his result from the games: counters less his payments"})
    result_minor = fields.Integer(metadata={"description": "result_counters × counter value"})
    paid_counters = fields.Integer(metadata={
        "description": "settle-up payments he made less those he received (positive: he has paid)"})
    paid_minor = fields.Integer(metadata={"description": "paid_counters × counter value"})
    carried_counters = fields.Integer(metadata={
        "description": "what he owed (−) or was owed when the evening was carried to its "
                       "club's tab: owed on the tab since, his account 0"})
    carried_minor = fields.Integer()


class Balances(Schema):
    players = fields.List(fields.Nested(PlayerBalance))
    pools_counters = fields.Integer()
    counter_value = fields.Integer()
    currency = fields.String()
    version = fields.Integer()


class Pool(Schema):
    game_id = fields.String()
    kind = fields.String()
    table_id = fields.String(allow_none=True)
    counters = fields.Integer(metadata={"description": "all the game's pools together"})
    named = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "a game's named pools (three-stake Brag's stakes, Pope Joan's compartments)"})


class Pools(Schema):
    pools = fields.List(fields.Nested(Pool))
    version = fields.Integer()


class SoldTurn(Schema):
    seller = fields.String()
    buyer = fields.String()


class Dealing(Schema):
    deal = fields.Integer(metadata={"description": "the deal in progress, by number (0 before "
                                                   "the first): what a phone binds its facts to"})
    settled = fields.List(fields.String(), metadata={
        "description": "what of the deal in progress is settled (empty: still open)"})
    deals = fields.Dict(keys=fields.String(), values=fields.Integer())
    current_dealer = fields.String(allow_none=True)
    next_dealer = fields.String()
    next_turn = fields.String()
    equal = fields.Boolean()
    sold_turns = fields.List(fields.Nested(SoldTurn))
    stakes_doubled = fields.Boolean(metadata={"description": "the dealer doubled stakes this deal"})


class CassinoDeal(Schema):
    version = fields.Integer()
    event_id = fields.String()
    raw = fields.Dict(keys=fields.String(), values=fields.Integer())
    scored = fields.Dict(keys=fields.String(), values=fields.Integer())


class SidePoints(Schema):
    players = fields.List(fields.String(), metadata={
        "description": "a partnership, or one player for himself"})
    points = fields.Integer()


class CassinoResult(Schema):
    winners = fields.List(fields.String(), metadata={"description": "the winning side"})
    points = fields.Integer(metadata={"description": "the winning side's total"})
    against = fields.Integer(metadata={"description": "the best of the other sides' totals"})
    event_id = fields.String(metadata={"description": "the count that won the game"})


class Scores(Schema):
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(),
                         metadata={"description": "per player; partners carry the same total"})
    deals = fields.List(fields.Nested(CassinoDeal))
    winner = fields.String(allow_none=True)
    winners = fields.List(fields.String(), metadata={"description": "the winning side"})
    target = fields.Integer()
    sides = fields.List(fields.List(fields.String()))
    by_side = fields.List(fields.Nested(SidePoints), metadata={
        "description": "each side's total, in the order of `sides`: a result is said by side "
                       "(\"won by Zoë & Al 22–0\"), never by player"})
    result = fields.Nested(CassinoResult, allow_none=True, metadata={
        "description": "the game won, by side; null while it plays on"})


class Transfer(Schema):
    from_ = fields.String(data_key="from")
    to = fields.String()
    counters = fields.Integer()
    amount_minor = fields.Integer()


class UnsettledPool(Schema):
    game_id = fields.String()
    pool = fields.String(allow_none=True, metadata={"description": "the named pool, if the game has them"})
    counters = fields.Integer()


class Payment(Schema):
    event_id = fields.String()
    version = fields.Integer()
    from_ = fields.String(data_key="from")
    to = fields.String()
    counters = fields.Integer()
    amount_minor = fields.Integer()
    note = fields.String(allow_none=True)


class Result(Schema):
    id = fields.String()
    name = fields.String()
    counters = fields.Integer(metadata={"description": "still owed, after the payments"})
    amount_minor = fields.Integer()
    result_counters = fields.Integer(metadata={"description": "the games' result, payments apart"})
    result_minor = fields.Integer()
    paid_counters = fields.Integer()


class Settlement(Schema):
    transfers = fields.List(fields.Nested(Transfer), metadata={
        "description": "what is still owed after the payments made"})
    unsettled_pools = fields.List(fields.Nested(UnsettledPool))
    payments = fields.List(fields.Nested(Payment), metadata={
        "description": "settle-up payments already made (amendment 4), in log order"})
    all_square = fields.Boolean(metadata={
        "description": "nothing is owed: no transfer remains and no pool is unsettled"})
    carried = fields.Nested(Carried, allow_none=True, metadata={"description": CARRIED})
    results = fields.List(fields.Nested(Result))
    currency = fields.String()
    counter_value = fields.Integer()
    version = fields.Integer()


class PlayerResult(Schema):
    id = fields.String()
    name = fields.String()
    group = fields.String(allow_none=True)
    result_counters = fields.Integer(metadata={
        "description": "his result from the games, settle-up payments apart"})
    result_minor = fields.Integer(metadata={"description": "result_counters × counter value"})
    paid_counters = fields.Integer(metadata={
        "description": "settle-up payments he made less those he received (negative: he has "
                       "received more)"})
    paid_minor = fields.Integer()
    outstanding_counters = fields.Integer(metadata={
        "description": "his result plus what he has paid: negative, he still owes it; "
                       "positive, it is still owed to him"})
    outstanding_minor = fields.Integer()
    carried_counters = fields.Integer(metadata={
        "description": "what he owed (−) or was owed when the evening was carried to its "
                       "club's tab (outstanding then 0)"})
    carried_minor = fields.Integer()


class UnclaimedPool(UnsettledPool):
    amount_minor = fields.Integer()


class Results(Schema):
    """`GET …/results`: what the night comes to; the night sheet, the share text and card,
    the result files and a club's standings are drawn from it."""
    name = fields.String()
    opened_at = fields.String(metadata={"description": "when the evening was opened (ISO 8601)"})
    date = fields.String(metadata={"description": "the day it was opened, in its own time zone "
                                                  "(`time_zone`): YYYY-MM-DD"})
    time_zone = fields.String(metadata={"description": "the evening's IANA time zone (UTC "
                                                       "unless one was given)"})
    currency = fields.String()
    counter_value = fields.Integer()
    players = fields.List(fields.Nested(PlayerResult), metadata={
        "description": "in the order they joined"})
    payments = fields.List(fields.Nested(Payment), metadata={
        "description": "settle-up payments made (amendment 4), in log order"})
    transfers = fields.List(fields.Nested(Transfer), metadata={
        "description": "what is still to pay: the fewest transfers that settle what is "
                       "outstanding"})
    unclaimed_pools = fields.List(fields.Nested(UnclaimedPool))
    all_square = fields.Boolean()
    carried = fields.Nested(Carried, allow_none=True, metadata={"description": CARRIED})
    version = fields.Integer()


class StatementEntry(Schema):
    event_id = fields.String()
    version = fields.Integer()
    type = fields.String()
    game_id = fields.String(allow_none=True)
    recorded_at = fields.String()
    amount = fields.Integer()
    balance = fields.Integer()
    issued = fields.Integer(metadata={"description": "counters from the bank, charged at settling"})


class Statement(Schema):
    player = fields.String()
    name = fields.String()
    entries = fields.List(fields.Nested(StatementEntry))
    balance = fields.Integer()


class ProgressivePlayer(Schema):
    table_id = fields.String()
    counters = fields.Integer(metadata={"description": "counters held"})
    won = fields.Integer(metadata={"description": "held less every stake from the bank"})
    yellow_chips = fields.Integer()
    rebuys = fields.Integer()


class Move(Schema):
    player = fields.String()
    from_ = fields.String(data_key="from")
    to = fields.String()
    why = fields.String()


class LastRound(Schema):
    round = fields.Integer()
    yellow_chip = fields.String()
    moves = fields.List(fields.Nested(Move))


class Prizes(Schema):
    most_yellow_chips = fields.String(allow_none=True)
    booby = fields.String()
    groups = fields.Dict(keys=fields.String(), values=fields.String())


class Progressive(Schema):
    game_id = fields.String()
    players = fields.Dict(keys=fields.String(), values=fields.Nested(ProgressivePlayer))
    seating = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    round = fields.Integer()
    pots_this_round = fields.List(fields.String())
    last_round = fields.Nested(LastRound, allow_none=True)
    prizes = fields.Nested(Prizes)


class ProgressiveQuery(Schema):
    game_id = fields.String(metadata={"description": "default: the latest Progressive Poker game"})


class RefundQuery(Schema):
    pool = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "which of the game's named pools (Pope Joan's compartments, three-stake "
                       "Brag's stakes); leave it out for a game's one pool"})


class Refund(Schema):
    game_id = fields.String()
    pool = fields.String(allow_none=True)
    counters = fields.Integer(metadata={"description": "what the pool holds now"})
    shares = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "player -> counters: the pool shared back to those who put it there, "
                       "each his share; they come to exactly `counters`"})
    odd = fields.List(fields.String(), metadata={
        "description": "the players given an odd counter (one more than their exact share)"})


class ViewQuery(Schema):
    after = QueryNumber(0, MAX_AMOUNT, load_default=0,
                        metadata={"description": "only events with a greater version"})


class View(Schema):
    """`GET …/view`: the session's reads a phone draws from, of one version."""
    summary = fields.Nested(Summary)
    balances = fields.Nested(Balances)
    settlement = fields.Nested(Settlement)
    results = fields.Nested(Results)
    pools = fields.Nested(Pools)
    events = fields.List(fields.Nested(LoggedEvent))
