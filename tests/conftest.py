"""Fixtures: an app on an SQLite file, its test client, and engines for both stores; and a
guard that a test run leaves the README's pictures as they are."""

import atexit
import hashlib
import itertools
import logging
import os
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from api import create_app
from ledger.events.store import open_store
from ledger.service.bootstrap import bootstrap
from tests.factories import Table

POSTGRES_URL = os.environ.get("LEDGER_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def scratch_folder(prefix: str) -> Path:
    """A folder for a module that opens its store as it is imported (before any fixture can
    give it one), removed when the test process ends: a run leaves nothing behind."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


_MIGRATED: list[Path] = []  # a store this test process migrated once


def migrated_store(path: Path) -> Path:
    """A new SQLite store at `path`, migrated: a copy of one this test process migrated once
    (migrating a new file was 19 of the 49 ms an app takes to build, ~700 apps a run)."""
    if not _MIGRATED:
        template = scratch_folder("ledger-migrated-") / "ledger.sqlite3"
        create_app({"DATABASE_URL": f"sqlite:///{template}"}).extensions["ledger"].dispose()
        _MIGRATED.append(template)  # (disposed: the whole store in its one file)
    shutil.copyfile(_MIGRATED[0], path)
    return path


@pytest.fixture
def app(tmp_path):
    store = migrated_store(tmp_path / "ledger.sqlite3")
    return create_app({"DATABASE_URL": f"sqlite:///{store}", "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def table(client):
    return Table(client)


def fresh_postgres_url() -> str:
    """A new, empty database on the test server."""
    if not POSTGRES_URL:
        pytest.fail("LEDGER_TEST_POSTGRES_URL is not set: run the suite with .ci/test")
    name = f"ledger_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/ledger.sqlite3"
    return fresh_postgres_url()


@pytest.fixture
def store(database_url):
    """The store at `database_url`, migrated."""
    store = open_store(database_url)
    yield store
    store.dispose()


@pytest.fixture
def service(store):
    """The ledger's service on that store (`ledger.service.bootstrap`)."""
    return bootstrap(store=store)


PICTURES = Path(__file__).resolve().parents[1] / "api" / "phone"


def pytest_collection_modifyitems(items):
    for item in items:  # `.ci/pictures` runs these with LEDGER_REFRESH_PICTURES=1
        if "pictures" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.picture)
    # The order the test processes (pytest-xdist, a module whole in one) take modules in: the
    # longest first (one taken last would run on while the others stand idle), then modules
    # that run in the test process (tests/api, tests/unit: a core each) in turn with those that
    # drive servers and browsers (whose waits leave a core free for the former).
    modules = list(dict.fromkeys(item.module for item in items))
    long = {item.module for item in items if item.get_closest_marker("long")}
    first = [m for m in modules if m in long]
    within = [m for m in modules if m not in first and m.__name__.split(".")[1] in ("api", "unit")]
    beside = [m for m in modules if m not in first and m not in within]
    order = first + [m for pair in itertools.zip_longest(within, beside) for m in pair if m]
    rank = {module: index for index, module in enumerate(order)}
    items.sort(key=lambda item: rank[item.module])


# schemathesis's lazily loaded schema (`schemathesis.pytest.from_fixture`) names each of its
# operations' subtests by setting `node._nodeid`, which pytest 9.2 keeps structured as `_id`
if not hasattr(pytest.Function, "_nodeid"):
    pytest.Function._nodeid = property(
        lambda node: node.nodeid,
        lambda node, nodeid: setattr(node, "_id", type(node._id).parse(nodeid)))


def _pictures() -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(PICTURES.glob("*.png"))}


@pytest.fixture(scope="session", autouse=True)
def temporary_folders_removed(request, tmp_path_factory):
    """A passing run's temporary folders (every tmp_path) go when it ends, so that it leaves
    nothing in the temporary folder; a failing run's are kept to look at. Not as each test
    ends: an app's change watcher polls its store's file until the process exits."""
    yield
    if request.session.testsfailed == 0 and request.config.option.basetemp is None:
        # the watchers still polling would log every poll of a file now gone
        logging.getLogger("ledger.events.store.sqlite").disabled = True
        shutil.rmtree(tmp_path_factory.getbasetemp(), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def pictures_left_alone():
    """A test run writes no tracked picture: the README's are refreshed only on request."""
    before = _pictures()
    yield
    if os.environ.get("LEDGER_REFRESH_PICTURES") != "1":
        after = _pictures()
        changed = sorted(name for name in before.keys() | after.keys()
                         if before.get(name) != after.get(name))
        assert changed == [], f"a test wrote over the README's pictures in api/phone/: {changed}"
