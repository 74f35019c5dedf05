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
    (a page waiting on one draws nothing new), the last they had answered (a page that
    stopped asking), and what its pages had logged as errors so far (a page whose script
    failed draws nothing: the test's own check of them comes after the step that failed)."""
    report = (yield).get_result()
    if report.when != "call":
        return
    if report.failed:
        now = time.monotonic()
        waiting = [f"{now - since:6.1f} s  {request.method} {request.url}"
                   for phone in OPENED for request, since in phone.waiting.items()]
        report.sections.append(("requests unanswered", "\n".join(waiting) or "none"))
        last = [f"{now - answered:6.1f} s ago{took(asked, answered)}: {how} {method} {url}"
                for phone in OPENED for asked, answered, how, method, url in phone.answered]
        report.sections.append(("requests answered last", "\n".join(last) or "none"))
        errors = [f"{n}: {error}" for n, phone in enumerate(OPENED, 1) for error in phone.errors]
        report.sections.append(("errors the pages logged", "\n".join(errors) or "none"))


def took(asked: float | None, answered: float) -> str:
    return "" if asked is None else f", answered in {answered - asked:5.2f} s"
