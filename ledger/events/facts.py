"""The data of the session's own event types (SPEC §9): the session, its players and tables,
the set-up mended (a player renamed or removed, a game removed), settle-up payments between
players (amendment 4), and voids. A game's start, and each game's
own types, are declared with the games (`ledger.games`), which know the kinds."""

from marshmallow import fields

from ledger.events.fields import (CURRENCY, Counters, EventData, Language, Ref, RefList, Text,
                                  TimeZone)


class SessionCreated(EventData):
    name = Text(200, required=True)
    counter_value = Counters(load_default=1)
    currency = fields.String(load_default="GBP", validate=CURRENCY)
    time_zone = TimeZone(metadata={
        "description": "the IANA time zone the evening is played in, for the times its exports "
                       "write (a phone sends its own); stored only when given: without it, UTC"})
    language = Language(metadata={
        "description": "the language the evening's words are said in when a request asks for none "
                       "it speaks (Accept-Language): a phone sends its own; stored only when "
                       "given: without it, English"})


class PlayerAdded(EventData):
    name = Text(100, required=True)
    group = Text(50, allow_none=True, load_default=None)


class TableAdded(EventData):
    name = Text(100, required=True)
    rank = Counters(required=True)


class GameStarted(EventData):
    """A game's start; its kind and options are checked by the games' registry."""

    kind = fields.String(required=True)
    seats = RefList(1, required=True)
    stake = Counters(required=True)
    table_id = Ref(allow_none=True, load_default=None)
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "the kind's options: see <Kind>Options"})


class PlayerRenamed(EventData):
    """A player's name mended; checked as a new player's is."""

    player = Ref(required=True, metadata={"description": "the player (his id)"})
    name = Text(100, required=True)


class LanguageChanged(EventData):
    """The language the evening's words are said in when a request asks for none, changed
    (SPEC §10 amendment 10): from here on its log, its files and its refusals speak it."""

    language = Language(required=True)


class PlayerRemoved(EventData):
    """A player added by mistake, with nothing recorded of him, taken off the evening."""

    player = Ref(required=True, metadata={"description": "the player (his id)"})


class GameRemoved(EventData):
    """A game started by mistake, with nothing standing in it, taken off the evening; the
    game is the event's `game_id`."""


# `from` is a Python keyword, so the schema is built from a dict (as `cards_bartered`'s `with`).
PaymentMade = EventData.from_dict({
    "from": Ref(required=True, metadata={"description": "the player who paid"}),
    "to": Ref(required=True, metadata={"description": "the player he paid: not himself"}),
    "amount": Counters(required=True, metadata={
        "description": "counters' worth of money handed over (money = amount × counter value)"}),
    "note": Text(200, metadata={"description": "e.g. cash, bank transfer"}),
}, name="PaymentMade")


class CarriedToTab(EventData):
    """What the players of an evening in a club still owe or are owed, put on the club's
    tab (SPEC amendment 9): each player's balance moved off the evening (his account to 0),
    and onto his member's line of the club's tab, in the evening's currency. The service
    resolves the amounts and the members as it records it; the request says nothing more."""


class EventVoided(EventData):
    event_id = Ref(required=True)
    reason = Text(200, required=True)


SESSION_SCHEMAS = {
    "session_created": SessionCreated, "player_added": PlayerAdded, "table_added": TableAdded,
    "payment_made": PaymentMade, "player_renamed": PlayerRenamed,
    "player_removed": PlayerRemoved, "game_removed": GameRemoved,
    "carried_to_tab": CarriedToTab, "language_changed": LanguageChanged,
}
# Session events that name a game in their `game_id` (the session's others never do).
OF_A_GAME = frozenset({"game_removed"})
# Session events that move money and so may be voided like a game's (amendments 4 and 9).
VOIDABLE = frozenset({"payment_made", "carried_to_tab"})
# Session events whose fold keeps the time they were recorded (a fold reads the time only
# of the first event and of these: `ledger.events.store.base`).
TIMED = frozenset({"carried_to_tab"})
