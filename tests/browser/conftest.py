"""Fixtures of the browser tests: one headless Chromium and one real gunicorn per module."""

import pytest

from tests.browser.tools import Pictures, chromium
from tests.server import gunicorn


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def base(tmp_path_factory, request):
    """The service (2 sync workers, SQLite) the module's phones talk to."""
    where = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    with gunicorn(f"sqlite:///{where}/ledger.sqlite3", workers=2, log_dir=where) as base:
        yield base


@pytest.fixture
def pictures(tmp_path):
    """Where the test's README pictures go (`tests.browser.tools.Pictures`)."""
    return Pictures(tmp_path)
