"""Marshmallow fields for the ledger's numbers and references."""

from marshmallow import ValidationError, fields, validate

MAX_AMOUNT = 10**9


class WholeNumber(fields.Integer):
    """A JSON integer and nothing else: no strings, fractions or booleans."""

    def __init__(self, minimum: int, **kwargs):
        self.minimum = minimum
        # the bounds are shown in the OpenAPI document; _validated enforces them
        kwargs["metadata"] = {"minimum": minimum, "maximum": MAX_AMOUNT, **kwargs.get("metadata", {})}
        super().__init__(strict=True, **kwargs)

    def _validated(self, value):
        if isinstance(value, bool) or not isinstance(value, int) or not (
            self.minimum <= value <= MAX_AMOUNT
        ):
            raise ValidationError(f"Must be a whole number from {self.minimum} to {MAX_AMOUNT}.")
        return value


def Counters(**kwargs) -> WholeNumber:
    """An amount, price or stake: 1 to 10⁹ counters."""
    return WholeNumber(1, **kwargs)


def Count(**kwargs) -> WholeNumber:
    """A count of cards, spades, aces, sweeps or cards left: 0 to 10⁹."""
    return WholeNumber(0, **kwargs)


def Ref(**kwargs) -> fields.String:
    """A reference to a player, table, game or event by its id."""
    return fields.String(validate=validate.Length(min=1, max=64), **kwargs)


def Text(max_length: int, **kwargs) -> fields.String:
    """Free text typed by a person (names, groups, reasons)."""
    return fields.String(validate=validate.Length(min=1, max=max_length), **kwargs)


def RefList(minimum: int = 0, **kwargs) -> fields.List:
    """A list of distinct references (winners, seats, better hands)."""
    return fields.List(Ref(), validate=[validate.Length(min=minimum, max=64), _distinct], **kwargs)


def _distinct(values: list) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("Lists a player twice.")
