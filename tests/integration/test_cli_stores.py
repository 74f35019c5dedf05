"""The `ledger` command on a store it cannot use: a PostgreSQL database without the ledger's
tables is named and left as it is (only `init` creates one), and a URL that names no database
or a server out of reach is said in a sentence; `--database` before the command or after."""

import pytest

from tests.conftest import fresh_postgres_url
from tests.integration.test_cli import cli, store_at


@pytest.mark.postgres
@pytest.mark.parametrize("where", ["before", "after"])
def test_a_database_without_a_ledger_is_named_and_left_as_it_is(where):
    """A mistyped database name on the server: every command but `init` says there is no
    ledger there and writes nothing into it; the option goes before the command or after it."""
    url = fresh_postgres_url()
    for command in (["verify"], ["sessions"], ["clubs"], ["rebuild"]):
        args = ["--database", url, *command] if where == "before" else [*command, "--database", url]
        result = cli(*args)
        assert result.exit_code == 1, (command, result.output)
        assert "No ledger in" in result.stderr and "ledger init" in result.stderr
        assert "Traceback" not in result.output
    with store_at(url) as store:
        assert not store.holds_a_ledger()  # nothing was written into it
    assert cli("init", "--database", url).exit_code == 0
    with store_at(url) as store:
        assert store.holds_a_ledger()


@pytest.mark.parametrize("url, said", [
    ("ledger.sqlite3", "is not a database URL"),
    ("nosuch://x", "is not a database URL"),
    ("postgresql+psycopg://postgres@127.0.0.1:1/nowhere", "Cannot open")])
def test_a_store_that_cannot_be_opened_is_said_in_a_sentence(url, said):
    for args in (["--database", url, "verify"], ["verify", "--database", url]):
        result = cli(*args)
        assert result.exit_code == 1 and said in result.stderr, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
