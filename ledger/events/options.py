"""Each game kind's options (SPEC §4, §9): validated and stored, defaults filled in, with the
game_started event, so the rules that resolve later events never change under a game."""

from marshmallow import RAISE, Schema, fields, validate

from ledger.events.fields import Count, Counters, Ref, RefList


class Options(Schema):
    class Meta:
        unknown = RAISE


class CommerceOptions(Options):
    pass


class VingtUnOptions(Options):
    pool_ante = Count(load_default=0, metadata={"description": "(a) each player's counters into the pool at each deal"})
    overdraw_penalty = Count(load_default=0, metadata={"description": "(b) the dealer's fine when he over-draws"})
    tie_share = fields.String(load_default="none", validate=validate.OneOf(["none", "1/4", "1/3"]),
                              metadata={"description": "(c) part of the dealer's tie receipts paid to the pool"})


class SpeculationOptions(Options):
    pool_ante = Counters(allow_none=True, load_default=None, metadata={"description": "each player's contribution per deal (default: the stake)"})
    dealer_pays_double = fields.Boolean(load_default=False, metadata={"description": "the dealer puts in twice as much"})
    knave_five_fine = fields.Boolean(load_default=False, metadata={"description": "a knave or five of a plain suit turned up pays one counter to the pool"})


class BragOptions(Options):
    betting_limit = Counters(allow_none=True, load_default=None, metadata={"description": "the largest ante or bet (none: no limit)"})


class JigOptions(Options):
    pool_ante = Count(load_default=0, metadata={"description": "each player's contribution to the pool at each deal"})
    dealer_pays = Count(load_default=0, metadata={"description": "what the dealer pays in at each deal"})


class CassinoOptions(Options):
    partnerships = fields.List(RefList(2), validate=validate.Length(equal=2), allow_none=True,
                               load_default=None,
                               metadata={"description": "two sides of two; partners sit opposite (1st and 3rd seats against 2nd and 4th)"})
    lowest_scorer_deduction = fields.Boolean(load_default=False, metadata={
        "description": "the lowest scorer scores nothing, and his points are deducted from the others'"})
    target = Counters(load_default=11, metadata={"description": "points that win the game"})
    pack = fields.Integer(strict=True, load_default=52, validate=validate.OneOf([52, 32]),
                          metadata={"description": "cards in the pack"})
    last_take_sweeps = fields.Boolean(load_default=True, metadata={
        "description": "the last taker of a deal scores a sweep"})
    first_dealer = Ref(allow_none=True, load_default=None,
                       metadata={"description": "who cut lowest: he deals first (seed 001)"})


class TableSeats(Options):
    table_id = Ref(required=True)
    seats = RefList(1, required=True)


class ProgressiveOptions(Options):
    starting_counters = Counters(load_default=50, metadata={
        "description": "the stake each player takes from the banker"})
    tables = fields.List(fields.Nested(TableSeats), load_default=list, metadata={
        "description": "who sits at which table, head table first"})
    booby_prize = fields.String(load_default="fewest_counters",
                                validate=validate.OneOf(["fewest_counters", "fewest_yellow_chips"]),
                                metadata={"description": "what wins the booby prize"})


class OtherOptions(Options):
    pass


BY_KIND: dict[str, type[Options]] = {
    "commerce": CommerceOptions, "vingt_un": VingtUnOptions, "speculation": SpeculationOptions,
    "brag": BragOptions, "snip_snap_snorum": JigOptions, "cassino": CassinoOptions,
    "progressive_poker": ProgressiveOptions, "other": OtherOptions,
}
_INSTANCES = {kind: schema() for kind, schema in BY_KIND.items()}


def load(kind: str, options: dict) -> dict:
    """The kind's options with defaults filled in; raises marshmallow's ValidationError."""
    return _INSTANCES[kind].load(options)
