"""What a request's schema cannot say, drawn as the OpenAPI document says it in words: for
schemathesis's own command against a running server (`SCHEMATHESIS_HOOKS=tests/schemathesis_hooks.py`,
README "The OpenAPI document") and for the generated-requests test, which imports it.

- A club's file (its schema can only say "a string"): evenings of the members Ann, Ben, Cleo
  and Dora on unambiguous days, each summing to zero (a club without them is told so, 409).
- Its counter value keeps the file's figures (at most 150 counters) within the ledger's 10⁹
  minor units, as the parameter's description says.
- A season's last day is not before its first, as its description says.
- Nobody pays himself (a payment's `from` and `to` differ), as their descriptions say.
- A tab opened from the club's book sums to zero, as its balances' description says.
Only a value already well formed is changed: a case meant to be malformed stays so."""

import schemathesis
from hypothesis import strategies as st

MEMBERS = ("Ann", "Ben", "Cleo", "Dora")
EVENING_ROWS = st.lists(st.integers(-50, 50), min_size=1, max_size=3).map(
    lambda wins: [*wins, -sum(wins)])
CLUB_FILE = st.lists(EVENING_ROWS, min_size=1, max_size=3).map(lambda evenings: "".join(
    ["date;evening;member;counters\n"] + [f"2025-01-{night + 1:02};Night {night + 1};"
                                          f"{MEMBERS[seat]};{n}\n"
                                          for night, rows in enumerate(evenings)
                                          for seat, n in enumerate(rows)]))


def imports(context) -> bool:
    return context.operation is not None and context.operation.path.endswith("/imports")


@schemathesis.hook("map_query")
def within_the_club_file(context, query):
    value = query.get("counter_value") if isinstance(query, dict) else None
    if imports(context) and type(value) is int and value > 10**6:
        query = {**query, "counter_value": value % 10**6 + 1}
    return query


@schemathesis.hook("flatmap_body")
def a_club_file(context, body):
    if imports(context) and isinstance(body, str) and body:
        return CLUB_FILE  # (an empty text is malformed: it stays)
    if imports(context) and type(body).__name__ in ("bytes", "Binary"):
        return CLUB_FILE.map(str.encode)  # (a workbook's bytes: any file is read as what it is)
    return st.just(body)


@schemathesis.hook("map_body")
def a_season_in_order(context, body):
    data = body.get("data") if isinstance(body, dict) else None
    if body_type(body) == "season_declared" and isinstance(data, dict):
        starts, ends = data.get("starts"), data.get("ends")
        if isinstance(starts, str) and isinstance(ends, str) and ends < starts:
            body = {**body, "data": {**data, "starts": ends, "ends": starts}}
    return body


@schemathesis.hook("map_body")
def a_book_that_sums_to_zero(context, body):
    data = body.get("data") if isinstance(body, dict) else None
    balances = data.get("balances") if isinstance(data, dict) else None
    if body_type(body) == "tab_opened" and isinstance(balances, dict) and all(
            type(n) is int for n in balances.values()):
        # each second member owes what the one before him is owed (the last of an odd
        # number nothing): within the figures' bounds, as each is drawn within them
        drawn = list(balances.values())
        owed = [-drawn[i - 1] if i % 2 else (n if i + 1 < len(drawn) else 0)
                for i, n in enumerate(drawn)]
        body = {**body, "data": {**data, "balances": dict(zip(balances, owed))}}
    return body


@schemathesis.hook("filter_body")
def nobody_pays_himself(context, body):
    data = body.get("data") if isinstance(body, dict) else None
    return not (isinstance(data, dict) and "from" in data and data.get("from") == data.get("to"))


def body_type(body) -> object:
    return body.get("type") if isinstance(body, dict) else None
