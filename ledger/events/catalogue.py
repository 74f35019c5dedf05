"""The event catalogue (SPEC §9): every event type, the schema of its data, and `load`."""

from marshmallow import Schema, ValidationError

from ledger.errors import Invalid
from ledger.events.facts import (  # noqa: F401 - GAME_KINDS is part of the catalogue
    GAME_KINDS,
    BragAnteUnseen,
    Brulet,
    CardBought,
    CardsBartered,
    CassinoDealCounted,
    CommerceStand,
    DealSold,
    DealStarted,
    EventVoided,
    GameStarted,
    JigOut,
    KnaveOrFiveTurned,
    PenaltyPaid,
    PlayerAdded,
    PoolCarriedOver,
    PoolRefunded,
    PoolWon,
    ProgressivePotWon,
    ProgressiveRebuy,
    ProgressiveRoundEnded,
    SessionCreated,
    StakePaid,
    StakesDoubled,
    TableAdded,
    VingtUnHandSettled,
    VingtUnOverdrawn,
)

SCHEMA_VERSION = 1

SCHEMAS: dict[str, type[Schema]] = {
    "session_created": SessionCreated,
    "player_added": PlayerAdded,
    "table_added": TableAdded,
    "game_started": GameStarted,
    "deal_started": DealStarted,
    "stake_paid": StakePaid,
    "penalty_paid": PenaltyPaid,
    "pool_won": PoolWon,
    "pool_carried_over": PoolCarriedOver,
    "pool_refunded": PoolRefunded,
    "card_bought": CardBought,
    "cards_bartered": CardsBartered,
    "deal_sold": DealSold,
    "commerce_stand": CommerceStand,
    "brag_ante_unseen": BragAnteUnseen,
    "jig_out": JigOut,
    "knave_or_five_turned": KnaveOrFiveTurned,
    "vingt_un_hand_settled": VingtUnHandSettled,
    "stakes_doubled": StakesDoubled,
    "brulet": Brulet,
    "vingt_un_overdrawn": VingtUnOverdrawn,
    "cassino_deal_counted": CassinoDealCounted,
    "progressive_pot_won": ProgressivePotWon,
    "progressive_round_ended": ProgressiveRoundEnded,
    "progressive_rebuy": ProgressiveRebuy,
    "event_voided": EventVoided,
}

# Recorded by the resource endpoints, or at session creation; they carry no game_id.
SESSION_EVENTS = frozenset({"session_created", "player_added", "table_added", "game_started"})
_INSTANCES = {name: schema() for name, schema in SCHEMAS.items()}


def load(event_type: str, data) -> dict:
    """Validate an event's data against its type's schema; 422 names each bad field."""
    schema = _INSTANCES.get(event_type)
    if schema is None:
        raise Invalid.field("type", f"Unknown event type {event_type!r}.")
    if not isinstance(data, dict):
        raise Invalid.field("data", "Must be an object.")
    try:
        return schema.load(data)
    except ValidationError as error:
        fields_at_fault = {f"data.{name}": _messages(msgs) for name, msgs in error.messages.items()}
        raise Invalid("Invalid event data: " + ", ".join(fields_at_fault), fields_at_fault) from None


def _messages(messages) -> list[str]:
    if isinstance(messages, dict):
        return [f"{key}: {m}" for key, value in messages.items() for m in _messages(value)]
    if isinstance(messages, str):
        return [messages]
    return [str(m) for m in messages]
