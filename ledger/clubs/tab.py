"""The club's tab (SPEC amendment 9): per currency (pence never added to cents), each
member's balance, the fewest payments that settle it (as an evening's settlement works
them out, `ledger.projections.transfers`: exact up to 20 members owing or owed, a bound said
in words beyond), and its entries in order; and one member's statement with a running
balance. Pure: the club's state (its tab folded from its log: the starting books, the
evenings carried and the payments) and its evenings' summaries (their names and days) in."""

from ledger.clubs import words
from ledger.clubs.state import ClubState
from ledger.projections.days import local_day
from ledger.projections.exports import spreadsheet_time
from ledger.projections.money import decimal_money
from ledger.projections.transfers import EXACT, exact, transfers


def tab(state: ClubState, evenings: dict[str, dict]) -> dict:
    """Every currency's tab, by its code."""
    return {"club_id": state.id, "version": state.version,
            "currencies": [_currency(state, evenings, currency, book)
                           for currency, book in sorted(state.tabs.items())]}


def _currency(state: ClubState, evenings: dict[str, dict], currency: str, book: dict) -> dict:
    balances = book["balances"]
    members = [m for m in state.members if m in balances]  # in the order they joined
    parties = [(m, balances[m]) for m in members]
    owed = transfers(parties)
    return {"currency": currency,
            "members": [{"member": m, "name": state.members[m]["name"],
                         "balance_minor": balances[m]} for m in members],
            "transfers": [{"from": payer, "to": payee, "amount_minor": amount}
                          for payer, payee, amount in owed],
            "exact": exact(parties), "bound": _bound(parties, len(owed)),
            "entries": [_entry(state, evenings, entry) for entry in book["entries"]]}


def _bound(parties: list[tuple[str, int]], made: int) -> str | None:
    """Beyond the members `transfers` settles exactly, what the payments are sure of."""
    if exact(parties):
        return None
    live = sum(1 for _, amount in parties if amount)
    return (f"More than {EXACT} members owe or are owed here, so these {made} payments are "
            f"worked out the quicker way: never more than {live - 1} (one fewer than the "
            "members owing or owed), but a shorter way may exist.")


def _entry(state: ClubState, evenings: dict[str, dict], entry: dict) -> dict:
    """A fact on the tab: what it is, when, in words, and how it moved each member's line."""
    data = entry["data"]
    found = {"type": entry["type"], "event_id": entry["event_id"], "version": entry["version"],
             "at": entry["at"], "said": words.said(state, evenings, entry),
             "moves": [{"member": m, "amount_minor": n}
                       for m, n in words.in_club_order(state, entry["moves"])]}
    if entry["type"] == "evening_carried":
        evening = evenings.get(data["session_id"], {})
        found.update(session_id=data["session_id"], carry=data["carry"],
                     evening=evening.get("name"), date=evening.get("date"),
                     carried_on=local_day(entry["at"], evening.get("time_zone")))
    elif entry["type"] == "tab_paid":
        found.update({"from": data["from"], "to": data["to"], "note": data.get("note")})
    return found


def statement(state: ClubState, evenings: dict[str, dict], member_id: str) -> dict:
    """A member's lines on the tab, a currency each: every entry that moved his line, in
    order, with what it moved and his balance after it."""
    lines = []
    for currency, book in sorted(state.tabs.items()):
        balance, entries = 0, []
        for entry in book["entries"]:
            amount = entry["moves"].get(member_id)
            if amount is None:
                continue
            balance += amount
            entries.append({**_entry(state, evenings, entry), "amount_minor": amount,
                            "balance_minor": balance})
        if entries:
            lines.append({"currency": currency, "balance_minor": balance, "entries": entries})
    return {"member": state.members[member_id], "currencies": lines}


TAB_CSV = ["currency", "kind", "member_id", "name", "from", "to", "from_id", "to_id",
           "amount_minor", "money_decimal", "type", "recorded_at", "said", "event_id"]


def rows(state: ClubState, table: dict, currency: str | None = None) -> tuple[list[str], list]:
    """tab.csv (or one currency's sheet): per currency, each member's balance (`balance`),
    the payments that settle it (`transfer`), then each entry a row per member it moved
    (`entry`), so that a member's entry rows sum to his balance."""
    def name(member: str) -> str:
        return state.members[member]["name"] if member in state.members else ""

    listed = []
    for tab_ in table["currencies"]:
        code = tab_["currency"]
        if currency not in (None, code):
            continue

        def row(kind, member="", payer="", payee="", minor=0, entry=None, code=code):
            return [code, kind, member, name(member), name(payer), name(payee), payer, payee,
                    minor, decimal_money(minor, code), *(
                        (entry["type"], spreadsheet_time(entry["at"]), entry["said"],
                         entry["event_id"])
                        if entry else ("", "", "", ""))]
        listed += [row("balance", line["member"], minor=line["balance_minor"])
                   for line in tab_["members"]]
        listed += [row("transfer", payer=t["from"], payee=t["to"], minor=t["amount_minor"])
                   for t in tab_["transfers"]]
        listed += [row("entry", move["member"], minor=move["amount_minor"], entry=entry)
                   for entry in tab_["entries"] for move in entry["moves"]]
    return TAB_CSV, listed
