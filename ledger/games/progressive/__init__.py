"""Progressive Poker (seed 004: *Foster's Complete Hoyle*): tables, pots, the bell, and rebuys
from the banker. Seating, chips and prizes are the game's read (`tallies`). It has rounds, not
deals: a pot at each table, then the bell.

Its names: "Progressives Poker", "Poker progressif": the English name said in each language
(the books know it in English only)."""

from marshmallow import fields, validate

from ledger.errors import Conflict, Inconsistent, NotFound
from ledger.events.fields import Count, Counters, EventData, Ref, RefKey, RefList
from ledger.events.postings import BANK, combine, player, transfer
from ledger.games.base import Examples, Game
from ledger.games.in_play import InPlay
from ledger.games.page import Button, Field
from ledger.games.progressive.tallies import going_down, progressive, rounds_rung, tallies
from ledger.games.record import GameRecord
from ledger.games.told import Told
from ledger.language import N_, _


def check_start(state, data: dict) -> None:
    """The tables, head table first by rank, seat every player of the game exactly once."""
    tables = data["options"]["tables"]
    for entry in tables:
        if entry["table_id"] not in state.tables:
            raise NotFound(_("No table %(id)s.", id=entry["table_id"]),
                           {"data.options": [_("unknown table")]})
    ranks = [state.tables[entry["table_id"]].rank for entry in tables]
    if ranks != sorted(set(ranks)):
        raise Conflict.field("data.options", _("List the tables head table first, by rank."))
    seated = [p for entry in tables for p in entry["seats"]]
    if sorted(seated) != sorted(data["seats"]):
        raise Inconsistent.field("data.options",
                                 _("Every player of the game sits at exactly one table."))


def starting_stakes(data: dict) -> list[dict]:
    """Seed 004: each player is provided at starting with counters (usually fifty) by the bank."""
    stake = data["options"]["starting_counters"]
    return combine([p for seat in data["seats"] for p in transfer(BANK, player(seat), stake)])


def progressive_pot_won(game: InPlay, data: dict) -> list[dict]:
    """One table's pool this round: each contribution goes to the winner."""
    now, table = progressive(game.record), data["table_id"]
    if table not in now["seating"]:
        raise Conflict.field("data.table_id", _("Not a table of this game."))
    if table in now["pots"]:
        raise Conflict(_("This table's pot is already recorded this round."),
                       {"data.table_id": [_("pot already recorded this round")]})
    at_table, contributions = now["seating"][table], data["contributions"]
    for contributor, counters in contributions.items():
        if contributor not in at_table:
            raise Conflict(_("%(player)s does not sit at this table.", player=game.name(contributor)),
                           {"data.contributions": [_("not seated at this table")]})
        if counters > now["held"][contributor]:
            raise Conflict(_("%(player)s holds %(held)s counters.", player=game.name(contributor),
                             held=now["held"][contributor]),
                           {"data.contributions": [_("more than the player holds")]})
    if data["winner"] not in contributions:
        raise Inconsistent.field("data.winner", _("The winner is one of the contributors."))
    if data["winner"] in data["callers"]:
        raise Inconsistent.field("data.callers",
                                 _("Callers are the winner's opponents, not the winner."))
    if any(c not in at_table for c in data["callers"]):
        raise Conflict.field("data.callers", _("Callers are the winner's opponents at this table."))
    return combine([p for contributor, counters in contributions.items()
                   for p in transfer(player(contributor), player(data["winner"]), counters)])


def progressive_round_ended(game: InPlay, data: dict) -> list[dict]:
    """The bell: every table's pot must be in; a tie at the head table needs the cuts."""
    now = progressive(game.record)
    missing = [t for t in now["order"] if t not in now["pots"]]
    if missing:
        raise Conflict(_("No pot recorded yet at: %(tables)s.", tables=", ".join(missing)),
                       {"type": [_("a table's pot is missing")]})
    if len(now["order"]) > 1 and len(now["seating"][now["order"][0]]) < 2:
        raise Conflict(_("Only the winner sits at the head table, so nobody can go down to the "
                         "booby table: seat two or more at each table."),
                       {"type": [_("one player at the head table")]})
    if len(now["order"]) > 1:  # (the cutters are seated: ledger.rules checks them)
        going_down(now, now["pots"][now["order"][0]], data.get("cuts") or {}, game.seats, True)
    return []


def progressive_rebuy(game: InPlay, data: dict) -> list[dict]:
    """Seed 004: a player who has lost all his counters takes a fresh stake from the banker."""
    rebuyer = game.seated("data.player", data["player"])
    held = progressive(game.record)["held"][rebuyer]
    if held > 0:
        raise Conflict(_("%(player)s still holds %(held)s counters.", player=game.name(rebuyer),
                         held=held), {"data.player": [_("not broke")]})
    return transfer(BANK, player(rebuyer), game.options["starting_counters"])


RULES = {"progressive_pot_won": progressive_pot_won,
         "progressive_round_ended": progressive_round_ended,
         "progressive_rebuy": progressive_rebuy}


def pot_told(told: Told) -> str:
    data, put_in = told.data, told.data["contributions"]
    pot = sum(told.pays(p, data["winner"], n) for p, n in put_in.items())
    said = _("At %(table)s, %(winner)s won a pot of %(pot)s (put in: %(put_in)s)",
             table=told.table(data["table_id"]), winner=told.name(data["winner"]), pot=pot,
             put_in=told.counted(put_in))
    return said + (_("; %(callers)s called", callers=told.names(data["callers"]))
                   if data["callers"] else "")


def bell_told(told: Told) -> str:
    """The round ended: who took the yellow chip with the head table's pot, and who moved."""
    cuts = told.data.get("cuts") or {}
    said, last = _("The bell: the round ended"), _round_at(told.game, told.event_id)
    if last:
        said = _("The bell: round %(round)s ended; %(winner)s won the head table's pot and a "
                 "yellow chip", round=last["round"], winner=told.name(last["yellow_chip"]))
        said += "".join("; " + (_("%(player)s went down to %(table)s", player=told.name(
            m["player"]), table=told.table(m["to"])) if m["why"] == "fewest counters" else _(
            "%(player)s moved up to %(table)s", player=told.name(m["player"]),
            table=told.table(m["to"]))) for m in last["moves"])
    return said + (_(" (cuts: %(cuts)s)", cuts=told.counted(cuts)) if cuts else "")


def _round_at(record: GameRecord | None, event_id: str) -> dict | None:
    """The round a bell ended (None for a bell undone)."""
    return rounds_rung(record).get(event_id) if record is not None else None


def rebuy_told(told: Told) -> str:
    who = told.data["player"]
    return _("%(player)s took a fresh stake of %(stake)s from the banker", player=told.name(who),
             stake=told.pays(None, who, told.got(who)))


class TableSeats(EventData):
    table_id = Ref(required=True)
    seats = RefList(1, required=True)


class ProgressiveOptions(EventData):
    starting_counters = Counters(load_default=50, metadata={
        "description": "the stake each player takes from the banker"})
    tables = fields.List(fields.Nested(TableSeats), required=True, validate=validate.Length(
        min=1), metadata={"description": "who sits at which table, head table first: every "
                                         "seated player at exactly one table"})
    booby_prize = fields.String(load_default="fewest_counters",
                                validate=validate.OneOf(["fewest_counters", "fewest_yellow_chips"]),
                                metadata={"description": "what wins the booby prize"})


class ProgressivePotWon(EventData):
    table_id = Ref(required=True)
    winner = Ref(required=True, metadata={"description": "one of the contributors"})
    contributions = fields.Dict(keys=RefKey(), values=Counters(), required=True,
                                validate=validate.Length(min=1, max=64))
    callers = RefList(load_default=list, metadata={
        "description": "the winner's opponents at this table who called (not the winner)"})


class ProgressiveRoundEnded(EventData):
    cuts = fields.Dict(keys=RefKey(), values=Count(), validate=validate.Length(max=64), metadata={
        "description": "the cuts of the players tied for fewest counters at the head table: "
                       "each of them, distinct"})


class ProgressiveRebuy(EventData):
    player = Ref(required=True)


def _fact(record: GameRecord, event: dict) -> None:
    record.facts[event["id"]] = {"type": event["type"], **event["data"]}


def _next(record: GameRecord) -> str:
    """A pot at each table, then the bell."""
    now = progressive(record)
    return "progressive_round_ended" if len(now["pots"]) == len(now["order"]) else "progressive_pot_won"


def _offers(record: GameRecord) -> list[str]:
    """What the rules take now: the next table's pot, or the bell once every table's pot is
    in; a rebuy while a player has lost all his counters."""
    now = progressive(record)
    broke = any(held == 0 for held in now["held"].values())
    return [_next(record), *(["progressive_rebuy"] if broke else [])]


def _rebuy_sheet(record: GameRecord, _now) -> dict:
    """A rebuy is for who has lost all his counters."""
    return {"player": {"choices": [p for p, held in progressive(record)["held"].items() if held == 0]}}


def examples(st) -> Examples:
    """Pots drawn from the tallies as they stand (who sits where, what each holds)."""
    def pot(t):
        model = t.read("progressive")
        seating = model["seating"] or {"no-table": t.seats}

        def drawn(table, givers, share, callers):
            held = {p: model["players"].get(p, {}).get("counters", 1) for p in givers}
            return {"table_id": table, "winner": givers[0], "callers": callers,
                    "contributions": {p: max(1, min(held[p], share)) for p in givers}}
        # the tables head first, as the table names them (never by their ids' order, which
        # differs from one run of a drawn evening to the next)
        order = [table for table in t.tables if table in seating] or sorted(seating)
        return st.sampled_from(order).flatmap(lambda table: st.tuples(
            st.just(table), st.lists(st.sampled_from(seating[table]), min_size=1, unique=True),
            st.integers(1, 20), st.lists(st.sampled_from(seating[table]), max_size=1)).map(
            lambda a: drawn(a[0], a[1], a[2], [c for c in a[3] if c != a[1][0]])))
    def options(t):  # the seats shared among the session's tables, head table first
        tables = [(table, t.seats[i::len(t.tables)]) for i, table in enumerate(t.tables)]
        return st.just({"tables": [{"table_id": table, "seats": seats}
                                   for table, seats in tables if seats]})
    return Examples(options=options, facts={
        "progressive_pot_won": pot,
        "progressive_round_ended": lambda t: st.one_of(st.just({}), st.just(
            {"cuts": {p: i for i, p in enumerate(t.seats)}})),
        "progressive_rebuy": lambda t: st.sampled_from(t.seats).map(lambda p: {"player": p})})


def _chips(record: GameRecord, state) -> list[tuple[str, dict]]:
    tally = tallies(record, state.players)["players"]
    return [("yellow_chips", {p: t["yellow_chips"] for p, t in tally.items()})]


def _prizes(record: GameRecord, state) -> dict[str, dict[str, int]]:
    """Yellow chips, and the prizes held when the evening ended (seed 004: most yellow chips,
    each group's, and the booby prize apart)."""
    tally = tallies(record, state.players)
    won: dict[str, int] = {}
    for holder in [tally["prizes"]["most_yellow_chips"], *tally["prizes"]["groups"].values()]:
        if holder is not None:
            won[holder] = won.get(holder, 0) + 1
    return {"yellow_chips": {p: t["yellow_chips"] for p, t in tally["players"].items()},
            "progressive_prizes": won, "booby_prizes": {tally["prizes"]["booby"]: 1}}


GAME = Game(
    kind="progressive_poker", title=N_("Progressive Poker"), book="seed 004 (Foster's Complete Hoyle)",
    seats=range(2, 65), options=ProgressiveOptions, check_start=check_start,
    start_postings=starting_stakes,
    facts={"progressive_pot_won": ProgressivePotWon, "progressive_round_ended": ProgressiveRoundEnded,
           "progressive_rebuy": ProgressiveRebuy},
    rules=RULES, folds=dict.fromkeys(RULES, _fact), next_fact=_next,
    undone_in_order="the later pots, bells and rebuys",
    offers=_offers, sheets={"progressive_rebuy": _rebuy_sheet},
    reads={"progressive": lambda record, state: tallies(record, state.players)},
    csv_columns=_chips, tallies=_prizes, examples=examples,
    words={"progressive_pot_won": pot_told, "progressive_round_ended": bell_told,
           "progressive_rebuy": rebuy_told},
    page=(Button("Pot", "progressive_pot_won", (
              Field("table_id", "table", "At which table"), Field("winner", "player", "Who won the pot"),
              Field("contributions", "counts", "What each put in"),
              Field("callers", "players", "Who called", optional=True)), quick=True,
                 said="At {table_id}, {winner} won a pot (put in: {contributions})[; {callers} called]"),
          Button("Bell", "progressive_round_ended", (
              Field("cuts", "counts", "Cuts for a tie (card ranks)", optional=True),),
              said="The bell: the round ended"),
          Button("Rebuy", "progressive_rebuy", (Field("player", "player", "Who buys in again"),),
                 said="{player} took a fresh stake from the banker")),
)
