"""Every answer a client can get is a problem document the OpenAPI document describes, whoever
in the chain gives it: gunicorn's own (a request line over 4,094 bytes: 414; more than 100
headers, or one over 8,190 bytes: 431), direct and through the table's proxy; the proxy's own
(a body over the 4 MiB it holds, which it cannot hand on, and the service away: 502), from
both Caddyfiles' `handle_errors`; a body over the service's own limit, 413, through it."""

import subprocess
import time

import pytest
import requests

from api.authority import keep_or_make
from api.serve import CADDYFILE, Table, caddy, network_addresses
from tests.server import REQUEST_SECONDS, free_port, gunicorn, wait_until
from tests.table_server import AtTheTable

pytestmark = pytest.mark.server


def problem(answer: requests.Response, status: int | set[int]) -> dict:
    assert answer.status_code in ({status} if isinstance(status, int) else status), (
        answer.status_code, answer.text[:300])
    status = answer.status_code
    assert answer.headers["Content-Type"] == "application/problem+json", answer.headers
    body = answer.json()
    assert body["status"] == status and body["title"] and body["detail"], body
    return body


def too_much(base: str) -> None:
    """A request line and headers over gunicorn's limits, each answered as a problem."""
    problem(requests.get(f"{base}/api/v1/sessions/{'x' * 5000}", timeout=REQUEST_SECONDS), 414)
    many = {f"X-Many-{n}": "1" for n in range(150)}
    problem(requests.get(f"{base}/healthz", headers=many, timeout=REQUEST_SECONDS), 431)
    problem(requests.get(f"{base}/healthz", headers={"X-Long": "y" * 9000},
                         timeout=REQUEST_SECONDS), 431)


def test_gunicorn_s_own_answers_are_problems(tmp_path):
    with gunicorn(f"sqlite:///{tmp_path}/ledger.sqlite3", workers=1) as base:
        too_much(base)
        spec = requests.get(f"{base}/openapi.json", timeout=REQUEST_SECONDS).json()
    for path, operations in spec["paths"].items():
        for method, operation in ((m, o) for m, o in operations.items() if m != "parameters"):
            missing = {"414", "431", "502", "504"} - set(operation["responses"])
            assert not missing, (method, path, missing)
            if "requestBody" in operation:
                assert "413" in operation["responses"], (method, path)


def test_through_the_table_s_proxy_every_answer_is_a_problem(tmp_path):
    with AtTheTable(tmp_path, network_addresses()[0]) as table:
        too_much(table.loopback)
        # over the service's limit: 413; over what the proxy holds, which Caddy 2.6 answers
        # 502 as it cannot hand it on, or, when the service refused before the proxy
        # stopped holding it, the service's 413: a problem either way
        for size, status in ((200_000, 413), (5 * 1024 * 1024, {413, 502})):
            body = tmp_path / f"{size}.json"
            body.write_bytes(b'{"name": "' + b"x" * size + b'"}')
            problem(early(f"{table.loopback}/api/v1/sessions", body, tmp_path), status)


def early(url: str, body, folder) -> requests.Response:
    """A body POSTed by a client that reads the answer while it sends, and stops sending when
    the answer comes first (curl): a server that refuses a body before reading it all closes
    the connection after its answer, and a client that sends it all before reading (requests)
    may see the answer cut by the reset that follows, however whole it was sent."""
    headers, content = folder / "headers", folder / "content"
    status = subprocess.run(
        ["curl", "-sS", "--max-time", "120", "-H", "Content-Type: application/json",
         "--data-binary", f"@{body}", "-D", str(headers), "-o", str(content),
         "-w", "%{http_code}", url], capture_output=True, text=True, check=True).stdout
    answer = requests.Response()
    answer.status_code, answer._content = int(status), content.read_bytes()
    last = headers.read_bytes().decode("latin-1").split("\r\n\r\n")[-2]  # after any 100 Continue
    answer.headers.update(line.split(": ", 1) for line in last.splitlines()[1:] if ": " in line)
    return answer


@pytest.mark.parametrize("caddyfile", ["table", "public"])
def test_the_proxy_says_the_service_is_away_as_a_problem(tmp_path, caddyfile):
    """Caddy in front of an address where no service listens: 502, a problem document."""
    away = f"127.0.0.1:{free_port()}"
    http_port = free_port()
    table = Table(["127.0.0.2"], http_port=http_port, https_port=free_port(), upstream=away,
                  stream_upstream=away, data=tmp_path / "caddy")
    keep_or_make(table.data)  # the table's authority, as api.serve makes it before Caddy
    env = table.caddy_environment()
    path = CADDYFILE
    if caddyfile == "public":  # the club's own server, its site on a plain address here
        path = tmp_path / "Caddyfile"  # as it is, its admin endpoint off: runs at once share
        path.write_text(CADDYFILE.with_name("Caddyfile").read_text().replace(
            "{\n", "{\n\tadmin off\n", 1))
        env.update({"LEDGER_DOMAIN": f"http://127.0.0.1:{http_port}", "LEDGER_ACME_EMAIL": "table@example.org",
                    "LEDGER_UPSTREAM": away, "LEDGER_STREAM_UPSTREAM": away})
    log = tmp_path / "caddy.log"
    with open(log, "wb") as out:
        proxy = subprocess.Popen([caddy(), "run", "--config", str(path), "--adapter", "caddyfile"],
                                 env=env, stdout=out, stderr=out)
    try:
        url = f"http://127.0.0.1:{http_port}/healthz"
        [answer] = wait_until(lambda: _answer(url, proxy), 60, f"Caddy on {url}")
        body = problem(answer, 502)
        assert "proxy" in body["detail"]
    finally:
        proxy.terminate()
        proxy.wait(30)


def _answer(url: str, proxy: subprocess.Popen):
    if proxy.poll() is not None:
        raise RuntimeError(f"Caddy stopped ({proxy.returncode})")
    try:
        return [requests.get(url, timeout=5)]  # (a list: an answer of 502 is false)
    except (requests.ConnectionError, requests.Timeout):  # not up yet, or slow to answer
        time.sleep(0.1)
        return None
