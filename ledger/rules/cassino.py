"""Cassino (SPEC §4, seed 001): a deal's counts must be a whole deal; partners sit opposite."""

from ledger.errors import Conflict, Invalid
from ledger.projections.cassino import scores
from ledger.rules.game import Game

PACKS = {52: {"cards": 52, "spades": 13, "aces": 4, "great_cassino": 1, "little_cassino": 1},
         32: {"cards": 32, "spades": 8, "aces": 4, "great_cassino": 1, "little_cassino": 0}}


def check_start(state, data: dict) -> None:
    """Two to six players; partnerships are two pairs of the four seats, partners opposite."""
    seats, partnerships = data["seats"], data["options"]["partnerships"]
    if not 2 <= len(seats) <= 6:
        raise Invalid.field("data.seats", "Cassino is for two to six players.")
    if data["options"]["first_dealer"] not in (None, *seats):
        raise Invalid.field("data.options", "The first dealer must be seated.")
    if partnerships is None:
        return
    paired = sorted(p for pair in partnerships for p in pair)
    if len(seats) != 4 or paired != sorted(seats):
        raise Invalid.field("data.options", "Partnerships are two pairs of the four seated players.")
    if any(abs(seats.index(a) - seats.index(b)) != 2 for a, b in partnerships):
        raise Invalid.field("data.options", "Partners sit opposite each other (seats i and i+2).")


def cassino_deal_counted(game: Game, data: dict) -> list[dict]:
    """Counts per seated player; nothing moves (scores are a projection)."""
    if scores(game.record)["winner"] is not None:
        raise Conflict("This game has been won.", {"game_id": ["the game is over"]})
    counts = data["counts"]
    missing = [seat for seat in game.seats if seat not in counts]
    strangers = [p for p in counts if p not in game.seats]
    if missing or strangers:
        raise Invalid.field("data.counts", "Count every seated player once and nobody else "
                            f"(missing: {', '.join(missing) or '-'}; "
                            f"not seated: {', '.join(strangers) or '-'}).")
    _check_whole_deal(game.options, counts)
    return []


def _check_whole_deal(options: dict, counts: dict) -> None:
    pack = PACKS[options["pack"]]
    for field, expected in pack.items():
        total = sum(c[field] for c in counts.values())
        if total != expected:
            raise Invalid.field(f"data.counts.{field}",
                                f"A {options['pack']}-card deal has {expected} in all, not {total}.")
    for player, c in counts.items():
        if c["spades"] > c["cards"] or c["aces"] > c["cards"]:
            raise Invalid.field(f"data.counts.{player}", "More spades or aces than cards taken.")
        if c["great_cassino"] + c["little_cassino"] > c["cards"]:
            raise Invalid.field(f"data.counts.{player}", "A cassino held but no cards taken.")
    if options["last_take_sweeps"] and not any(c["sweeps"] for c in counts.values()):
        raise Invalid.field("data.counts.sweeps",
                            "The last taker of the table's cards scores a sweep: at least one.")


RULES = {"cassino_deal_counted": cassino_deal_counted}
