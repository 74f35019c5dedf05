"""The data of the session's own event types (SPEC §9): the session, its players, tables and
games, settle-up payments between players (amendment 4), and voids. Each game's event types are declared by its module (`ledger.games`)."""

from marshmallow import ValidationError, fields, post_load

from ledger import games
from ledger.events.fields import CURRENCY, Counters, EventData, Ref, RefList, Text


class SessionCreated(EventData):
    name = Text(200, required=True)
    counter_value = Counters(load_default=1)
    currency = fields.String(load_default="GBP", validate=CURRENCY)


class PlayerAdded(EventData):
    name = Text(100, required=True)
    group = Text(50, allow_none=True, load_default=None)


class TableAdded(EventData):
    name = Text(100, required=True)
    rank = Counters(required=True)


class GameKind(fields.String):
    """A registered kind, or one of its aliases (stored as the kind)."""

    def _deserialize(self, value, attr, data, **kwargs):
        kind = games.kind_named(super()._deserialize(value, attr, data, **kwargs))
        if kind is None:
            raise ValidationError(f"Must be one of: {', '.join([*games.GAMES, *games.ALIASES])}.")
        return kind


class GameStarted(EventData):
    kind = GameKind(required=True, metadata={"enum": [*games.GAMES, *games.ALIASES]})
    seats = RefList(1, required=True)
    stake = Counters(required=True)
    table_id = Ref(allow_none=True, load_default=None)
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "the kind's options: see <Kind>Options"})

    @post_load
    def fix_options(self, data: dict, **_) -> dict:
        """Options are fixed at the start, the book's defaults filled in by the game's schema."""
        try:
            data["options"] = games.GAMES[data["kind"]].options().load(data["options"])
        except ValidationError as error:
            raise ValidationError({"options": error.messages}) from None
        return data


# `from` is a Python keyword, so the schema is built from a dict (as `cards_bartered`'s `with`).
PaymentMade = EventData.from_dict({
    "from": Ref(required=True, metadata={"description": "the player who paid"}),
    "to": Ref(required=True, metadata={"description": "the player he paid"}),
    "amount": Counters(required=True, metadata={
        "description": "counters' worth of money handed over (money = amount × counter value)"}),
    "note": Text(200, metadata={"description": "e.g. cash, bank transfer"}),
}, name="PaymentMade")


class EventVoided(EventData):
    event_id = Ref(required=True)
    reason = Text(200, required=True)


SESSION_SCHEMAS = {
    "session_created": SessionCreated, "player_added": PlayerAdded, "table_added": TableAdded,
    "game_started": GameStarted, "payment_made": PaymentMade,
}
# Session events that move money and so may be voided like a game's (amendment 4).
VOIDABLE = frozenset({"payment_made"})
