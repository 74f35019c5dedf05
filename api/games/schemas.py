"""The games' catalogue (`ledger.games.described`): a key at its default is left out."""

from marshmallow import Schema, fields


class FactField(Schema):
    name = fields.String(metadata={"description": "the key in the fact's `data`"})
    input = fields.String(metadata={
        "description": "player, players, amount, text, bool, choice, table or counts"})
    label = fields.String(metadata={"description": "the table's words for it"})
    default = fields.Raw(metadata={
        "description": "a number, or what a client knows when it asks: next_dealer, dealer, "
                       "none (a grid row left alone), "
                       "stake; or =<field>: left to the service, which works it out from that "
                       "field unless this one is chosen (`hint` says how); absent: none"})
    optional = fields.Boolean(metadata={"description": "absent: false"})
    fixed = fields.Boolean(metadata={
        "description": "its default is the only value the rules take (Commerce's seller, the "
                       "dealer, and price, the stake): shown and sent, not chosen; absent: false"})
    choices = fields.List(fields.String(), metadata={
        "description": "for choice, the values; for counts, what is counted per seat"})
    choice_labels = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "each of `choices` (a text one) in the table's words"})
    totals = fields.Dict(keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Integer()), metadata={
        "description": "for counts: what a whole deal adds up to, by the value of the option "
                       "`totals_option`"})
    totals_option = fields.String()
    hint = fields.String(metadata={"description": "what a default left to the service is, or "
                                                  "what none means for an optional field"})
    besides = fields.String(metadata={
        "description": "for counts: every seat but the one chosen in this other field"})
    grid = fields.String(metadata={
        "description": "a row (this its short name) of one table with the sheet's other grid "
                       "fields, a column per seat: a player a row of radios (optional: with a "
                       "column for none, `hint` saying what none means); counts (a number per "
                       "seat) a row of cells counting taps"})
    most = fields.Integer(metadata={"description": "for a grid's counts: the most a seat takes"})
    unless = fields.String(metadata={
        "description": "not asked once the deal in play has settled this (its due's `settled`)"})


class Button(Schema):
    label = fields.String()
    type = fields.String(metadata={"description": "the event type it records"})
    quick = fields.Boolean(metadata={
        "description": "the fact that settles a deal, offered while a deal is open; absent: false"})
    in_deal = fields.Boolean(metadata={
        "description": "a fact of a deal's play or one that settles it: not offered before "
                       "the game's first deal; absent: false"})
    settles = fields.String(metadata={
        "description": "what of a deal it settles, once per deal: not offered once the "
                       "dealing's `settled` names it"})
    play = fields.Boolean(metadata={
        "description": "a fact of a deal's play: refused, and not offered, once anything of "
                       "the deal is settled; absent: false"})
    said = fields.String(metadata={
        "description": "the fact in the log's words while it waits to be sent: `{field}` its "
                       "value, `[…]` only when what it names was given"})
    outcomes = fields.List(fields.List(fields.Raw()), metadata={
        "description": "[label, data]: one fact per seat but the dealer, with `player` and "
                       "the outcome's data"})
    fields = fields.List(fields.Nested(FactField))  # last: it hides marshmallow's `fields`


class Option(Schema):
    name = fields.String()
    label = fields.String()
    hint = fields.String()
    default = fields.Raw()
    input = fields.String(metadata={
        "description": "bool, choice, number, seat, tables or partners"})
    choices = fields.List(fields.Raw())
    choice_labels = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "each of `choices` (a text one) in the table's words"})
    min = fields.Integer()
    seats = fields.List(fields.Integer(), metadata={
        "description": "offered only for this many seated players, [fewest, most]; absent: any"})
    without = fields.String(metadata={
        "description": "not offered with this other option set (it cannot apply then); the "
                       "service refuses the two together"})


class GameDescription(Schema):
    kind = fields.String()
    title = fields.String()
    offered_as = fields.String(metadata={
        "description": "how a list of games to start names it, when not by its title"})
    book = fields.String(metadata={"description": "where its rules come from"})
    seats = fields.List(fields.Integer(), metadata={
        "description": "[fewest, most] players"})
    reads = fields.List(fields.String(), metadata={
        "description": "its own read models (scores, progressive)"})
    pools = fields.List(fields.String(), metadata={"description": "its named pools, if any"})
    pool_names = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "each named pool as the table calls it, in the request's language"})
    options = fields.List(fields.Nested(Option))
    buttons = fields.List(fields.Nested(Button), metadata={
        "description": "the facts a phone offers for it, in the table's words"})


class Catalogue(Schema):
    games = fields.List(fields.Nested(GameDescription))
