"""The club's operations under tests/api/test_schemathesis.py's checks, on its evening and
club, in a test process of their own (the two halves of the document run side by side)."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from tests.api.test_schemathesis import CEILING, CLUBS, answers_as_documented, document  # noqa: F401

pytestmark = pytest.mark.long
schema = schemathesis.pytest.from_fixture("document").include(path_regex=CLUBS)


@CEILING
@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_every_club_operation_answers_as_documented(case):
    answers_as_documented(case)
