"""The shipped deployment files, checked by their own tools and run for real: both Caddy
configurations by `caddy validate` (and what they adapt to: HSTS on the public one, the
redirect and the local authority on the table's), the systemd units by `systemd-analyze
verify`, and the public recipe's commands, exactly as its units write them, on a real
PostgreSQL: gunicorn serves, the backup unit's command copies the store, and the README's
restore brings it back."""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.conftest import fresh_postgres_url
from tests.server import (DIE_WITH_PARENT, REQUEST_SECONDS, START_SECONDS, free_port,
                          wait_until)

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "api" / "deploy"
UNITS = ["parlour-ledger.service", "parlour-ledger-stream.service",
         "parlour-ledger-backup.service", "parlour-ledger-backup.timer"]
INSTALLED = "/srv/parlour-ledger"  # where the recipe puts the checkout


def caddy() -> str:
    found = shutil.which("caddy")
    assert found, "caddy is missing (Debian's caddy package; .ci/test installs it)"
    return found


def settings(text: str) -> list[tuple[str, str]]:
    """A systemd unit's or environment file's `Key=Value` lines, in order."""
    return [tuple(line.split("=", 1)) for line in text.splitlines()
            if "=" in line and not line.lstrip().startswith(("#", "["))]


def public_environment() -> dict:
    drop_in = (DEPLOY / "caddy.service.d" / "parlour-ledger.conf").read_text()
    return {**os.environ, **dict(value.split("=", 1) for key, value in settings(drop_in)
                                 if key == "Environment")}


def table_environment(tmp_path) -> dict:
    """What `.ci/serve` gives the table's Caddy, for one network address (api/serve.py),
    with the table's authority made first, as it makes it."""
    from api.authority import keep_or_make
    from api.serve import Table
    keep_or_make(tmp_path)
    return Table(["192.0.2.2"], 8000, 8443, "127.0.0.1:8001", "127.0.0.1:8002",
                 tmp_path).caddy_environment()


def adapted(name: str, env: dict) -> dict:
    config = DEPLOY / name
    checked = subprocess.run([caddy(), "validate", "--config", str(config), "--adapter",
                              "caddyfile"], env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    out = subprocess.run([caddy(), "adapt", "--config", str(config), "--adapter", "caddyfile"],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def compact(config: dict) -> str:
    return json.dumps(config, separators=(",", ":"))


def handlers(config, kind: str) -> list[dict]:
    """Every handler of that kind in an adapted configuration, in order."""
    if isinstance(config, dict):
        found = [config] if config.get("handler") == kind else []
        return found + [h for value in config.values() for h in handlers(value, kind)]
    if isinstance(config, list):
        return [h for value in config for h in handlers(value, kind)]
    return []


def assert_bodies_buffered_for_the_app_only(config: dict, app: str, streams: str) -> None:
    """Requests to gunicorn's sync workers are read whole first, up to 4 MiB (a body
    streamed through Caddy 2.6 could cost its answer's body: table.Caddyfile says how), a
    body without a Content-Length with its buffer's limit (without it, one that stalled went
    on as if whole); the streams go unbuffered, flushed as they come."""
    proxies = handlers(config, "reverse_proxy")
    to_app = [p for p in proxies if p["upstreams"] == [{"dial": app}]]
    to_streams = [p for p in proxies if p["upstreams"] == [{"dial": streams}]]
    assert to_app and to_streams
    assert all(p.get("buffer_requests") and p["flush_interval"] == -1 for p in to_app)
    assert all(not p.get("buffer_requests") and p["flush_interval"] == -1 for p in to_streams)
    limited = [p.get("max_buffer_size") for p in to_app]
    assert 4 * 1024 * 1024 in limited and None in limited
    limits = handlers(config, "request_body")
    assert limits and all(limit["max_size"] == 4 * 1024 * 1024 for limit in limits)


def test_the_public_proxy_configuration_passes_caddy_s_validator_with_hsts(tmp_path):
    config = compact(adapted("Caddyfile", public_environment()))
    assert_bodies_buffered_for_the_app_only(json.loads(config), "127.0.0.1:8001",
                                            "127.0.0.1:8002")
    assert '"ledger.example.org"' in config
    assert "Strict-Transport-Security" in config and "max-age=31536000" in config
    assert '"dial":"127.0.0.1:8001"' in config and '"flush_interval":-1' in config
    assert '"dial":"127.0.0.1:8002"' in config  # the streams, to the stream server
    assert "internal" not in config  # a real certificate, by ACME


def test_the_table_s_proxy_configuration_passes_caddy_s_validator(tmp_path):
    config = compact(adapted("table.Caddyfile", table_environment(tmp_path)))
    assert_bodies_buffered_for_the_app_only(json.loads(config), "127.0.0.1:8001",
                                            "127.0.0.1:8002")
    assert '"192.0.2.2"' in config and '"module":"internal"' in config
    assert "https://{http.request.host}:8443{http.request.uri}" in config  # the redirect
    assert "https://192.0.2.2:8443{http.request.uri}" in config  # by a name, or IPv6
    assert '"install_trust":false' in config  # the host's own trust store is left alone
    assert "Strict-Transport-Security" not in config  # an address: browsers ignore HSTS
    # the local authority's root is the table's own, which Caddy reads from its storage too
    root = tmp_path / "pki" / "authorities" / "local"
    (ca,) = json.loads(config)["apps"]["pki"]["certificate_authorities"].values()
    assert ca["root"] == {"certificate": str(root / "root.crt"),
                          "private_key": str(root / "root.key"), "format": "pem_file"}
    # plain http on the network: nothing but GET and HEAD, refused as a problem document
    refusals = [h for h in handlers(json.loads(config), "static_response")
                if h.get("status_code") == 403]
    assert len(refusals) == 1 and json.loads(refusals[0]["body"])["status"] == 403


def installed_here(text: str, env_file: Path, backups: Path, port: int,
                   stream_port: int = 8002) -> str:
    """A unit as the recipe installs it, pointed at this checkout and a test's files."""
    return (text.replace(INSTALLED, str(ROOT)).replace("/etc/parlour-ledger.env", str(env_file))
            .replace("/var/backups/parlour-ledger", str(backups))
            .replace("127.0.0.1:8001", f"127.0.0.1:{port}")
            .replace("127.0.0.1:8002", f"127.0.0.1:{stream_port}"))


def test_the_units_pass_systemd_s_verifier(tmp_path):
    verifier = shutil.which("systemd-analyze")
    assert verifier, "systemd-analyze is missing (Debian's systemd package)"
    shutil.copy(DEPLOY / "parlour-ledger.env", tmp_path / "env")
    for name in UNITS:
        (tmp_path / name).write_text(installed_here((DEPLOY / name).read_text(),
                                                    tmp_path / "env", tmp_path, 8001))
    checked = subprocess.run([verifier, "verify", *(str(tmp_path / n) for n in UNITS)],
                             capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    timer = dict(settings((DEPLOY / "parlour-ledger-backup.timer").read_text()))
    assert timer["OnCalendar"] == "*-*-* 04:00:00" and timer["Persistent"] == "true"


def command(unit: str, key: str, env: dict, tmp_path: Path, port: int,
            stream_port: int = 8002) -> list[str]:
    """The unit's command, as systemd would run it: split as its quoting says (no shell),
    `${VAR}` from its environment file, `%%` for `%`."""
    text = installed_here((DEPLOY / unit).read_text(), tmp_path / "env", tmp_path / "backups",
                          port, stream_port)
    line = dict(settings(text))[key]
    line = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], line)
    return shlex.split(line.replace("%%", "%"))


@pytest.mark.postgres
@pytest.mark.server
def test_the_public_recipe_serves_backs_up_and_restores_on_postgresql(tmp_path):
    url = fresh_postgres_url()
    env = {**os.environ, **dict(settings((DEPLOY / "parlour-ledger.env").read_text())),
           "LEDGER_DATABASE_URL": url, "WORKERS": "1"}
    port, stream_port = free_port(), free_port()
    (tmp_path / "backups").mkdir()
    service = subprocess.Popen(
        [*DIE_WITH_PARENT, str(os.getpid()),
         *command("parlour-ledger.service", "ExecStart", env, tmp_path, port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"

        def up():
            try:
                return requests.get(f"{base}/healthz", timeout=5).status_code == 200
            except requests.RequestException:
                return service.poll() is not None
        wait_until(up, START_SECONDS, "the unit's gunicorn")
        assert service.poll() is None
        opened = requests.post(f"{base}/api/v1/sessions", timeout=REQUEST_SECONDS, json={
            "name": "Twelfth Night", "counter_value": 5, "currency": "GBP"}).json()
        streams = subprocess.Popen(  # the stream unit's command: it answers the evening's stream
            [*DIE_WITH_PARENT, str(os.getpid()),
             *command("parlour-ledger-stream.service", "ExecStart", env, tmp_path, port,
                      stream_port)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        try:
            stream = f"http://127.0.0.1:{stream_port}/api/v1/sessions/{opened['id']}/stream"
            wait_until(lambda: _answers(f"http://127.0.0.1:{stream_port}/healthz"), START_SECONDS,
                       "the stream unit")
            with requests.get(stream, params={"access_token": opened["read_token"]},
                              stream=True, timeout=REQUEST_SECONDS) as hello:
                first = next(hello.iter_lines(decode_unicode=True))
            assert first == "event: hello"
        finally:
            streams.terminate()
            streams.wait(REQUEST_SECONDS)
        for step in ("ExecStart", "ExecStartPost"):
            subprocess.run(command("parlour-ledger-backup.service", step, env, tmp_path, port),
                           cwd=ROOT, env=env, check=True, capture_output=True)
    finally:
        service.terminate()
        service.wait(REQUEST_SECONDS)
    [copy] = (tmp_path / "backups").glob("ledger-*.backup")
    # the README's restore: into an empty database, then every chain verified
    ledger = [sys.executable, "-m", "ledger.cli"]
    restored = {**env, "LEDGER_DATABASE_URL": fresh_postgres_url()}
    subprocess.run([*ledger, "restore", str(copy)], env=restored, cwd=ROOT, check=True,
                   capture_output=True)
    listed = subprocess.run([*ledger, "sessions"], env=restored, cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    assert opened["id"] in listed and "Twelfth Night" in listed


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=5).status_code == 200
    except requests.RequestException:
        return False
