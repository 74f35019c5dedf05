"""Generated requests over every operation of /openapi.json: never a 5xx, and every answer
matches its documented status codes, content type and schema (schemathesis).

Every schemathesis check runs but one: `positive_data_acceptance`. An event's `data` depends
on its `type` and a game's `options` on its `kind` (each documented as its own component),
so a body that fits the envelope's schema may still be refused with 422, by design."""

import tempfile

import pytest

import schemathesis
from schemathesis.checks import positive_data_acceptance
from schemathesis.core.parameters import ParameterLocation
from hypothesis import HealthCheck, settings

from api import create_app
from tests.factories import Table

APP = create_app({"DATABASE_URL": f"sqlite:///{tempfile.mkdtemp(prefix='ledger-st-')}/st.sqlite3"})
TABLE = Table(APP.test_client())
GAME = TABLE.start_game(kind="commerce")
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)
CASES = {"run": 0}


@schema.parametrize()
@settings(max_examples=80, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    """Well-formed cases are aimed at a real session with its write token; a case that is
    deliberately wrong in its path or headers (a missing token, say) is sent as generated."""
    negative = case.meta.is_negative_at if case.meta else (lambda location: False)
    if not negative(ParameterLocation.PATH):
        real = {"sid": TABLE.id, "gid": GAME, "pid": TABLE.players[0]}
        for name in set(real) & set(case.path_parameters or {}):
            case.path_parameters[name] = real[name]
    headers = {} if negative(ParameterLocation.HEADER) else {
        "Authorization": TABLE.write["Authorization"]}
    CASES["run"] += 1
    case.call_and_validate(headers=headers, excluded_checks=[positive_data_acceptance])


def test_at_least_a_thousand_generated_cases_ran():
    if CASES["run"] == 0:
        pytest.skip("the generated cases were not selected")
    assert CASES["run"] >= 1000
