"""A Splitwise export, brought in as it is: `Date,Description,Category,Cost,Currency`, then one
column per person holding his net for that line, and a last "Total balance" line.

Brought in rather than refused with steps to reshape it, because the reshaping is
mechanical and fully determined by the export's fixed shape (each line an evening named by
its description on its date; each person's nonzero net that line his result in money, in
the line's currency; the nets of a line sum to zero, as an evening's results must), while
doing it by hand — one line per person per evening, signs kept — is exactly where a club's
typos would come from. What is not a result is left out and said so in the preview: the
"Total balance" line (a sum, not an evening) and Splitwise's payments (category Payment:
settling up, which results leave out, SPEC §10.4). A person whose net is 0 on a line had no
share in it (Splitwise writes 0.00 for everyone not in the expense): no result there. The
officer sees every line before anything is recorded, as with any file."""

from decimal import Decimal, InvalidOperation

from ledger.clubs.spreadsheet import _plain
from ledger.language import _

HEAD = ["date", "description", "category", "cost", "currency"]
HEADER = ["date", "evening", "member", "money", "currency"]


def is_export(header: list[str]) -> bool:
    return len(header) > len(HEAD) and [_plain(h) for h in header[:len(HEAD)]] == HEAD


def reshaped(header: list[str], lines: list[tuple[int, list[str]]]
             ) -> tuple[list[tuple[int, list[str]]], list[dict]]:
    """The export's lines as a file of results (`HEADER`, a line per person's result, each
    numbered by its line in the export), and the lines left out with why."""
    people = [(index, name.strip()) for index, name in enumerate(header) if index >= len(HEAD)]
    found, left_out = [], []
    for line, cells in lines:
        cells = cells + [""] * (len(header) - len(cells))
        when, what, category, _cost, currency = (c.strip() for c in cells[:len(HEAD)])
        if not any(c.strip() for c in cells):
            continue
        if what.casefold() == "total balance":
            left_out.append({"line": line, "message": _("the total balance: a sum, not an evening")})
            continue
        if category.casefold() == "payment":
            left_out.append({"line": line, "message": _("%(what)s: a payment (settling up), not a "
                                                        "result", what=what)})
            continue
        shares = [(name, cells[index].strip()) for index, name in people
                  if name and not _zero(cells[index])]
        if not shares:
            left_out.append({"line": line, "message": _("%(what)s: nobody's share", what=what)})
        found += [(line, [when, what, name, net, currency]) for name, net in shares]
    return found, left_out


def _zero(cell: str) -> bool:
    try:
        return not cell.strip() or Decimal(cell.strip()) == 0
    except InvalidOperation:
        return False  # not a number: kept, and said as such by the line's problem
