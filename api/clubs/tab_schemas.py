"""The club's tab as answered (SPEC amendment 9): per currency, members' balances, the
fewest payments that settle it and its entries; a member's statement."""

from marshmallow import Schema, fields

from api.clubs.schemas import Member


class TabLine(Schema):
    member = fields.String()
    name = fields.String()
    balance_minor = fields.Integer(metadata={
        "description": "what he is owed (+) or owes (−) on this tab, in minor units"})


# `from` is a Python keyword: these schemas are built from a dict, so the answer's key is it.
TabTransfer = Schema.from_dict({
    "from": fields.String(metadata={"description": "the member who pays"}),
    "to": fields.String(metadata={"description": "the member he pays"}),
    "amount_minor": fields.Integer()}, name="TabTransfer")


class TabMove(Schema):
    member = fields.String()
    amount_minor = fields.Integer(metadata={"description": "what the entry moved his line by"})


TabEntry = Schema.from_dict({
    "type": fields.String(metadata={"description": "tab_opened (the club's book), "
                                                  "evening_carried (an evening carried), "
                                                  "tab_paid (a payment on the tab)"}),
    "event_id": fields.String(metadata={"description": "the club's fact"}),
    "version": fields.Integer(metadata={"description": "the club's version that recorded it"}),
    "at": fields.String(metadata={"description": "when it was recorded (ISO 8601, UTC)"}),
    "said": fields.String(metadata={"description": "the entry in words, as the club's log "
                                                  "says it"}),
    "moves": fields.List(fields.Nested(TabMove)),
    "session_id": fields.String(metadata={"description": "an evening carried: the evening"}),
    "carry": fields.String(metadata={"description": "an evening carried: its carried_to_tab"}),
    "evening": fields.String(allow_none=True, metadata={"description": "its name"}),
    "date": fields.String(allow_none=True, metadata={
        "description": "the day it was opened, in its own time zone: YYYY-MM-DD"}),
    "carried_on": fields.String(allow_none=True, metadata={
        "description": "an evening carried: the day it was carried, in the evening's time "
                       "zone (as its own page says it): YYYY-MM-DD"}),
    "from": fields.String(metadata={"description": "a payment: who paid"}),
    "to": fields.String(metadata={"description": "a payment: whom he paid"}),
    "note": fields.String(allow_none=True)}, name="TabEntry")


class TabCurrency(Schema):
    currency = fields.String()
    members = fields.List(fields.Nested(TabLine), metadata={
        "description": "each member on this tab, in the order they joined; summing to zero"})
    transfers = fields.List(fields.Nested(TabTransfer), metadata={
        "description": "the fewest payments that settle the tab (exact up to 20 members owing "
                       "or owed): paying each leaves every balance 0"})
    exact = fields.Boolean(metadata={"description": "whether `transfers` is sure to be the "
                                                    "fewest"})
    bound = fields.String(allow_none=True, metadata={
        "description": "where it is not exact, what it is sure of, in words"})
    entries = fields.List(fields.Nested(TabEntry), metadata={
        "description": "the starting book, the evenings carried (those still carried) and "
                       "the payments, oldest first"})


class Tab(Schema):
    club_id = fields.String()
    version = fields.Integer()
    currencies = fields.List(fields.Nested(TabCurrency), metadata={
        "description": "a tab per currency (pence never added to cents), by its code"})


class TabStatementEntry(TabEntry):
    amount_minor = fields.Integer(metadata={"description": "what it moved his line by"})
    balance_minor = fields.Integer(metadata={"description": "his balance after it"})


class TabStatementCurrency(Schema):
    currency = fields.String()
    balance_minor = fields.Integer()
    entries = fields.List(fields.Nested(TabStatementEntry), metadata={"description": "oldest first"})


class MemberTab(Schema):
    member = fields.Nested(Member)
    currencies = fields.List(fields.Nested(TabStatementCurrency))
