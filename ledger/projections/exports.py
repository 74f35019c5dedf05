"""The rows of the three exports (SPEC §6): results, journal, settlement. Pure functions of
the log; the API writes them as CSV.

Each money column in integer minor units (`money`) has a decimal twin (`money_decimal`,
-145 → -1.45 in GBP) for a person; the journal's time likewise: `recorded_at` in UTC, and
its twin in the evening's time zone, the zone named in its header; both written as
spreadsheets read a date and time.
"""

import re
import unicodedata
from collections.abc import Iterable, Iterator, Set
from datetime import UTC, tzinfo

from ledger import games
from ledger.language import _
from ledger.projections import words
from ledger.projections.days import evening_zone, local_time
from ledger.projections.money import decimal_money
from ledger.projections.results import pool_account, results as results_of
from ledger.projections.state import SessionState

JOURNAL = ["position", "version", "recorded_at", "event_id", "type", "game_id", "account",
           "amount", "holder", "description", "money", "money_decimal", "currency"]
SETTLEMENT = ["from", "to", "from_id", "to_id", "counters", "money", "currency", "kind",
              "money_decimal", "event_id", "note"]
TAB = "the club's tab"


def journal_header(zone: str) -> list[str]:
    """The journal's columns: the SPEC's, then the time in the evening's zone, named in its
    header (`local_time (Europe/London)`)."""
    return [*JOURNAL, f"local_time ({zone})"]


def spreadsheet_time(recorded_at: str, zone: tzinfo = UTC) -> str:
    """`2026-11-22T20:15:03`: a date and time in `zone`, in ISO 8601 with its `T`, which
    LibreOffice's default CSV import and Excel's read as one (with a space in its place,
    LibreOffice's reads text). A time with no offset is UTC, as the store writes it; text
    that is no time (a log imported from elsewhere) is left as it is."""
    moment = local_time(recorded_at, zone)
    return moment.strftime("%Y-%m-%dT%H:%M:%S") if moment else recorded_at


def results(state: SessionState) -> tuple[list[str], list[list]]:
    """One row per player, from the evening's results read model: name, group, his result
    from the games (settle-up payments move money already owed and are left out,
    amendment 4) in counters and money, the counter
    value, and the columns each game adds (each Cassino game's points, each Progressive
    Poker game's yellow chips), numbered by kind in the order the games started."""
    model = results_of(state)
    currency, value = model["currency"], model["counter_value"]
    columns, started = [], {}  # (header, {player: value}) for each game that keeps a score
    for record in state.games.values():
        game = games.of(record)
        if game.csv_columns is None:
            continue
        started[game.kind] = started.get(game.kind, 0) + 1
        columns += [(f"{name}_{started[game.kind]}", values)
                    for name, values in game.csv_columns(record, state)]
    header = ["player_id", "name", "group", "counters", "money", "currency", "money_decimal",
              "counter_value", *(name for name, _values in columns)]
    rows = [[p["id"], p["name"], p["group"] or "", p["result_counters"], p["result_minor"],
             currency, decimal_money(p["result_minor"], currency), value,
             *(values.get(p["id"], "") for _name, values in columns)]
            for p in model["players"]]
    return header, rows


def journal(events: Iterable[dict], told: words.Words, voided: Set[str] = frozenset(),
            zone: tzinfo = UTC) -> Iterator[list]:
    """One row per posting, in log order, each with its event's id, whose account it is (by
    name), what happened in words (`told`: the evening's words as its state has it, the
    same as the events read's `said`; an event undone since, in `voided`, says so) and its
    money; its time in UTC and in the evening's `zone` (`journal_header`). A game's start (the
    counters the bank issues for Progressive Poker) carries the game it starts, and a void's
    rows the game of the event it undid, so that the rows of a game sum to what it moved."""
    game_of: dict[str, str | None] = {}  # each event's game, for the void that names it later
    for event in events:
        description = told.say(event) + (_(" (undone)") if event["id"] in voided else "")
        session = told.session
        game_of[event["id"]] = game_id = (
            game_of.get(event["data"]["event_id"]) if event["type"] == "event_voided"
            else event["id"] if event["type"] == "game_started" else event["game_id"])
        recorded, local = (spreadsheet_time(event["recorded_at"], z) for z in (UTC, zone))
        for posting in event["postings"]:
            minor = posting["amount"] * session["counter_value"]
            yield [event["position"], event["version"], recorded, event["id"], event["type"],
                   game_id or "", posting["account"], posting["amount"],
                   told.holder(posting["account"]), description, minor,
                   decimal_money(minor, session["currency"]), session["currency"], local]


def settlement_rows(state: SessionState) -> tuple[list[str], list[list]]:
    """The settlement as the JSON read model has it, row by row, each with its `kind`: the
    transfers still owed, the unsettled pools (the transfers and the pools together are
    what the players who are down still owe), the payments already made, and once the
    evening is carried to its club's tab, what each player owed it (`carried_to_tab`, to
    the tab) or was owed on it (from the tab)."""
    model = results_of(state)
    currency = model["currency"]
    table = words.Words(state, game_ids=())

    def row(kind, payer, payee, payer_id, payee_id, counters, minor, event_id="", note=""):
        return [payer, payee, payer_id, payee_id, counters, minor, currency, kind,
                decimal_money(minor, currency), event_id, note or ""]

    name = table.name
    rows = [row("transfer", name(t["from"]), name(t["to"]), t["from"], t["to"], t["counters"],
                t["amount_minor"]) for t in model["transfers"]]
    for pool in model["unclaimed_pools"]:
        account = pool_account(pool["game_id"], pool["pool"])
        rows.append(row("unsettled_pool", "", table.holder(account), "", account,
                        pool["counters"], pool["amount_minor"]))
    rows += [row("payment", name(p["from"]), name(p["to"]), p["from"], p["to"], p["counters"],
                 p["amount_minor"], p["event_id"], p["note"]) for p in model["payments"]]
    carried = model["carried"] or {"players": []}
    for p in carried["players"]:
        ends = (name(p["id"]), TAB, p["id"], "") if p["counters"] < 0 else (
            TAB, name(p["id"]), "", p["id"])
        rows.append(row("carried_to_tab", *ends, abs(p["counters"]), abs(p["amount_minor"]),
                        carried["event_id"]))
    return SETTLEMENT, rows


def file_stem(*said: str) -> str:
    """A download's name, from what it is of (`Twelfth Night`, `2026-11-25`): plain letters,
    digits and hyphens, accents dropped (`Zoë's Club` → `zoes-club`), at most 60 characters;
    no id or token in it."""
    words = []
    for part in said:
        plain = unicodedata.normalize("NFKD", part).encode("ascii", "ignore").decode().lower()
        words += re.findall(r"[a-z0-9]+", plain.replace("'", ""))
    return "-".join(words)[:60].strip("-") or "parlour"
