"""Fixtures of the browser tests: one headless Chromium and one real gunicorn for every
browser module a test process runs (each test opens its own evenings in its own browser
context, so nothing of one module reaches another; a module that needs a service or a
browser of its own defines its own `base` or `browser`). Starting each anew for each module
cost about 2.7 s of CPU a module (a server's master builds the app; Chromium starts)."""

import time

import pytest

from tests.browser.tools import OPENED, Pictures, chromium, stop_driver
from tests.server import gunicorn


@pytest.fixture(scope="session", autouse=True)
def _driver():
    """Playwright's driver, stopped once the process's browser tests are done."""
    yield
    stop_driver()


@pytest.fixture(scope="session")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="session")
def base(tmp_path_factory):
    """The service (2 sync workers, SQLite) the phones talk to."""
    where = tmp_path_factory.mktemp("browser-service")
    with gunicorn(f"sqlite:///{where}/ledger.sqlite3", workers=2, log_dir=where) as base:
        yield base


@pytest.fixture(autouse=True)
def _phones_closed():
    """Every phone a test opened is closed after it, whatever happened: one left open (a test
    that failed half way) went on asking for changes twice a second to the end of the run."""
    yield
    for phone in OPENED:
        phone.close()
    OPENED.clear()


@pytest.fixture
def pictures(tmp_path):
    """Where the test's README pictures go (`tests.browser.tools.Pictures`)."""
    return Pictures(tmp_path)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed says which of its phones' requests were still unanswered
    (a page waiting on one draws nothing new)."""
    report = (yield).get_result()
    if report.when != "call":
        return
    if report.failed:
        now = time.monotonic()
        waiting = [f"{now - since:6.1f} s  {request.method} {request.url}"
                   for phone in OPENED for request, since in phone.waiting.items()]
        report.sections.append(("requests unanswered", "\n".join(waiting) or "none"))
