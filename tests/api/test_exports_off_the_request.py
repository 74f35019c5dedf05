"""A workbook that takes longer than the request waits is written off it: the answer is 202 with
how far the writing is, and the file is fetched by a later ask, on any worker, once for every
phone that asks at that version. Here the service waits for nothing (`EXPORT_WAIT` 0), and
"another worker" is a claim made in the service's folder as a worker makes it."""

import io
import os
import time

import openpyxl
import pytest

from api import create_app
from api.exports.prepared import STALE, Preparations
from tests.api.test_openapi import validator
from tests.factories import Table
from tests.server import REQUEST_SECONDS, wait_until

PATH = "/api/v1/sessions/{sid}/export/evening.xlsx"


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "files"


@pytest.fixture
def app(tmp_path, folder):
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True,
                       "EXPORTS_DIR": str(folder), "EXPORT_WAIT": 0})


def claimed(app, table: Table, written: int, rows: int):
    """Another worker's claim on the evening's workbook at its version, that far written."""
    files: Preparations = app.extensions["prepared"]
    key = files.key(table.id, table.get("")["version"], "evening.xlsx")
    files.folder.mkdir(mode=0o700, exist_ok=True)
    claim = files.folder / f"{key}.part"
    claim.write_text(f"{written} {rows}")
    return key, claim


def fetched(client, table: Table):
    """The file, asked for again after each 202 as the page does (without its pause)."""
    def ask():
        answer = client.get(table.url("/export/evening.xlsx"), headers=table.read)
        return answer if answer.status_code != 202 else None

    return wait_until(ask, REQUEST_SECONDS, "the workbook")


def test_while_another_worker_writes_it_the_answer_says_how_far(app, client):
    table = Table(client, players=2)
    claimed(app, table, 1000, 4000)
    answer = client.get(table.url("/export/evening.xlsx"), headers=table.read)
    assert answer.status_code == 202 and answer.mimetype == "application/json"
    assert answer.get_json() == {"file": "evening.xlsx", "written": 1000, "rows": 4000}
    assert answer.headers["Retry-After"] == "1" and answer.headers["Cache-Control"] == "no-store"
    spec = client.get("/openapi.json").get_json()
    documented = spec["paths"][PATH]["get"]["responses"]["202"]
    schema = documented["content"]["application/json"]["schema"]
    assert not list(validator(spec, schema).iter_errors(answer.get_json()))
    assert "Retry-After" in documented["headers"]


def test_a_lapsed_claim_is_taken_over_and_the_file_kept_for_the_next_ask(app, client, folder):
    table = Table(client, players=2)
    key, claim = claimed(app, table, 10, 4000)
    long_ago = time.time() - STALE - 1
    os.utime(claim, (long_ago, long_ago))  # its worker killed mid-way
    answer = fetched(client, table)
    assert answer.status_code == 200 and answer.headers["Content-Disposition"].endswith('.xlsx"')
    book = openpyxl.load_workbook(io.BytesIO(answer.data))
    assert book.sheetnames == ["evening", "results", "journal", "settlement"]
    assert sorted(path.name for path in folder.iterdir()) == [key]  # no claim left
    assert (folder / key).stat().st_mode & 0o777 == 0o600  # the service's own
    again = client.get(table.url("/export/evening.xlsx"), headers=table.read)
    assert again.status_code == 200 and again.data == answer.data  # not written twice


def test_a_later_version_is_written_anew_and_the_earlier_file_goes(app, client, folder):
    table = Table(client, players=2)
    first = fetched(client, table)
    earlier = sorted(path.name for path in folder.iterdir())
    table.add_player(name="Latecomer")
    later = fetched(client, table)
    assert first.status_code == later.status_code == 200 and later.data != first.data
    names = [row[1].value for row in openpyxl.load_workbook(io.BytesIO(later.data))["results"]]
    assert "Latecomer" in names
    # the later one, unless answered at once (a wait of 0 may); a file kept goes into the
    # folder before its claim goes, so the claim may outlive the answer by a moment
    wait_until(lambda: not any(folder.glob("*.part")), REQUEST_SECONDS, "the claim gone")
    now = sorted(path.name for path in folder.iterdir())
    assert len(earlier) == 1 and len(now) <= 1 and earlier != now


def test_a_workbook_written_within_the_wait_is_the_answer_and_nothing_is_kept(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True,
                      "EXPORT_WAIT": 60})
    client = app.test_client()
    table = Table(client)
    answer = client.get(table.url("/export/evening.xlsx"), headers=table.read)
    assert answer.status_code == 200
    assert openpyxl.load_workbook(io.BytesIO(answer.data)).sheetnames[0] == "evening"
    folder = tmp_path / "ledger.files"  # beside the database, as none was named
    assert folder.is_dir() and not list(folder.iterdir())


def test_a_later_version_answered_at_once_takes_the_earlier_file_away(app, client, folder,
                                                                     tmp_path):
    """The earlier version kept for a slow ask goes when a later one is written, even when
    that one is answered within the wait and not kept (another worker waits longer)."""
    table = Table(client, players=2)
    fetched(client, table)
    # (a file kept goes into the folder before its claim goes: the claim may outlive the answer)
    wait_until(lambda: not any(folder.glob("*.part")), REQUEST_SECONDS, "the claim gone")
    assert len(list(folder.iterdir())) == 1
    patient = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3",
                          "TESTING": True, "EXPORTS_DIR": str(folder), "EXPORT_WAIT": 60})
    table.add_player(name="Latecomer")
    answer = patient.test_client().get(table.url("/export/evening.xlsx"), headers=table.read)
    assert answer.status_code == 200 and not list(folder.iterdir())


def test_other_files_are_answered_whole_at_once(client, folder):
    table = Table(client, players=2)
    for name in ("results.csv", "journal.csv", "settlement.csv", "evening.json"):
        assert client.get(table.url(f"/export/{name}"), headers=table.read).status_code == 200
    assert not folder.exists()


def test_a_writing_stopped_half_way_leaves_no_file_behind(tmp_path, monkeypatch):
    """Each sheet's rows wait in a file until the book is closed: a writing that stops (its
    rows fail, or it is given up) removes them too."""
    import tempfile

    from api.exports.workbook import Sheet, workbook
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()

    def rows():
        yield ["Ann", 1]
        raise RuntimeError("stopped half way")

    with pytest.raises(RuntimeError):
        workbook([("Evening", "Twelfth Night")], [Sheet("journal", ["who", "n"], rows())], "GBP")
    assert list((tmp_path / "temporary").iterdir()) == []
