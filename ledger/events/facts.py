"""The data of each event type (SPEC §9), as marshmallow schemas: the facts in the game's
own words. `ledger.events.catalogue` names them by type."""

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate

from ledger.events import options
from ledger.events.fields import Count, Counters, Ref, RefList, Text

GAME_KINDS = (
    "commerce", "cassino", "vingt_un", "speculation", "brag",
    "snip_snap_snorum", "progressive_poker", "other",
)
KIND_ALIASES = {"jig": "snip_snap_snorum"}


class EventData(Schema):
    class Meta:
        unknown = RAISE


class SessionCreated(EventData):
    name = Text(200, required=True)
    counter_value = Counters(load_default=1)
    currency = fields.String(load_default="GBP", validate=validate.Regexp(
        r"^[A-Z]{3}$", error="Must be an ISO 4217 code of three capital letters, e.g. GBP."))


class PlayerAdded(EventData):
    name = Text(100, required=True)
    group = Text(50, allow_none=True, load_default=None)


class TableAdded(EventData):
    name = Text(100, required=True)
    rank = Counters(required=True)


class GameKind(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        kind = super()._deserialize(value, attr, data, **kwargs)
        kind = KIND_ALIASES.get(kind, kind)
        if kind not in GAME_KINDS:
            raise ValidationError(f"Must be one of: {', '.join(GAME_KINDS)} (or jig).")
        return kind


class GameStarted(EventData):
    kind = GameKind(required=True, metadata={"enum": [*GAME_KINDS, *KIND_ALIASES]})
    seats = RefList(1, required=True)
    stake = Counters(required=True)
    table_id = Ref(allow_none=True, load_default=None)
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "the kind's options: see <Kind>Options"})

    @post_load
    def fix_options(self, data: dict, **_) -> dict:
        """Options are fixed at the start, defaults filled in (ledger.events.options)."""
        try:
            data["options"] = options.load(data["kind"], data["options"])
        except ValidationError as error:
            raise ValidationError({"options": error.messages}) from None
        return data


class DealStarted(EventData):
    dealer = Ref()
    ante = Counters()


class StakePaid(EventData):
    player = Ref(required=True)
    amount = Counters(required=True)
    to = Ref()


class PenaltyPaid(EventData):
    player = Ref(required=True)
    amount = Counters(required=True)
    reason = Text(200)


class PoolWon(EventData):
    winners = RefList(1, required=True)


class PoolCarriedOver(EventData):
    to_game_id = Ref()


class PoolRefunded(EventData):
    shares = fields.Dict(keys=Ref(), values=Counters(), required=True,
                         validate=validate.Length(min=1, max=64))


class CardBought(EventData):
    buyer = Ref(required=True)
    seller = Ref()
    price = Counters()
    item = fields.String(validate=validate.OneOf(["card", "trump", "hand"]), load_default="card")


CardsBartered = EventData.from_dict(
    {"player": Ref(required=True), "with": Ref(required=True)}, name="CardsBartered"
)


class DealSold(EventData):
    seller = Ref(required=True)
    buyer = Ref(required=True)
    price = Counters(required=True)


class CommerceStand(EventData):
    stander = Ref(required=True)
    winner = Ref(required=True)
    better_hands = RefList(load_default=list)


class BragAnteUnseen(EventData):
    pass


class JigOut(EventData):
    player = Ref(required=True)
    cards_left = fields.Dict(keys=Ref(), values=Count(), required=True)


class KnaveOrFiveTurned(EventData):
    player = Ref(required=True)


class VingtUnHandSettled(EventData):
    player = Ref(required=True)
    winner = fields.String(required=True, validate=validate.OneOf(["player", "dealer"]))
    amount = Counters()
    natural = fields.Boolean(load_default=False)
    tie = fields.Boolean(load_default=False)


class StakesDoubled(EventData):
    pass


class Brulet(EventData):
    pass


class VingtUnOverdrawn(EventData):
    pass


class Holding(fields.Raw):
    """Whether a player took a card that exists once (0 or 1; true/false accepted)."""

    def __init__(self, **kwargs):
        super().__init__(metadata={"oneOf": [{"type": "integer", "enum": [0, 1]},
                                             {"type": "boolean"}]}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is True or value is False:
            return int(value)
        if type(value) is int and value in (0, 1):
            return value
        raise ValidationError("Must be 0 or 1 (or true/false).")


class CassinoCounts(EventData):
    cards = Count(required=True)
    spades = Count(required=True)
    aces = Count(required=True)
    great_cassino = Holding(required=True)
    little_cassino = Holding(required=True)
    sweeps = Count(required=True)


class CassinoDealCounted(EventData):
    counts = fields.Dict(keys=Ref(), values=fields.Nested(CassinoCounts), required=True)


class ProgressivePotWon(EventData):
    table_id = Ref(required=True)
    winner = Ref(required=True)
    contributions = fields.Dict(keys=Ref(), values=Counters(), required=True,
                                validate=validate.Length(min=1, max=64))
    callers = RefList(load_default=list)


class ProgressiveRoundEnded(EventData):
    cuts = fields.Dict(keys=Ref(), values=Count(), validate=validate.Length(max=64))


class ProgressiveRebuy(EventData):
    player = Ref(required=True)


class EventVoided(EventData):
    event_id = Ref(required=True)
    reason = Text(200, required=True)
