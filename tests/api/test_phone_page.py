"""The phone page as served: the start-game form's options come from the options schemas."""

import json
import re

import pytest

from api.phone import OPTION_FIELDS
from ledger import games


def test_the_page_embeds_every_kinds_options_and_its_assets(client):
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    embedded = re.search(r'<script type="application/json" id="option-specs">(.*?)</script>',
                         html, re.S).group(1)
    assert json.loads(embedded) == OPTION_FIELDS
    assert set(OPTION_FIELDS) == set(games.GAMES)
    assert client.get("/phone/static/phone.js").status_code == 200


@pytest.mark.parametrize("kind", sorted(games.GAMES))
def test_the_forms_defaults_are_what_the_api_fills_in(kind):
    shown = {field["name"]: field["default"] for field in OPTION_FIELDS[kind]}
    filled = games.GAMES[kind].options().load({})
    assert set(shown) == set(filled)
    for name, value in filled.items():
        assert shown[name] == (value or None if isinstance(value, list) else value), name


def test_each_option_gets_the_input_its_schema_calls_for():
    inputs = {(kind, field["name"]): field["input"]
              for kind, fields in OPTION_FIELDS.items() for field in fields}
    assert inputs[("vingt_un", "tie_share")] == "choice"
    assert inputs[("cassino", "pack")] == "choice"
    assert inputs[("cassino", "target")] == "number"
    assert inputs[("cassino", "last_take_sweeps")] == "bool"
    assert inputs[("cassino", "first_dealer")] == "seat"
    assert inputs[("cassino", "partnerships")] == "partners"
    assert inputs[("progressive_poker", "tables")] == "tables"
    numbers = [f for fs in OPTION_FIELDS.values() for f in fs if f["input"] == "number"]
    assert all(f["min"] in (0, 1) for f in numbers)


def test_each_games_buttons_are_served_from_its_module(client):
    """phone.js has no per-game code: each game's title, reads and buttons are data."""
    html = client.get("/").get_data(as_text=True)
    specs = json.loads(re.search(r'<script type="application/json" id="game-specs">(.*?)</script>',
                                 html, re.S).group(1))
    assert specs == {kind: game.described() for kind, game in games.GAMES.items()}
    offered = {kind: [b["type"] for b in spec["buttons"]] for kind, spec in specs.items()}
    assert offered["three_stake_brag"] == ["deal_started", "brag_bet", "stake_won",
                                           "stake_carried_over"]
    assert offered["pope_joan"] == ["deal_started", "pope_joan_out", "trump_turned_up",
                                    "compartment_won"]
    quick = {kind: next(b["type"] for b in spec["buttons"] if b["quick"]) for kind, spec in specs.items()}
    assert quick["commerce"] == "commerce_stand" and quick["cassino"] == "cassino_deal_counted"
    assert [label for label, _ in specs["vingt_un"]["buttons"][1]["outcomes"]][:4] == [
        "lost", "won", "natural", "tie"]
    assert specs["pope_joan"]["title"] in html  # the start-game form offers it
    script = client.get("/phone/static/phone.js").get_data(as_text=True)
    assert not re.search(r"\b(commerce|cassino|vingt_un|brag|pope_joan|progressive_poker)\b", script)


def test_the_service_worker_is_served_at_the_root_with_the_pages_version(client):
    from api.phone import VERSION

    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    script = worker.get_data(as_text=True)
    assert f'const VERSION = "{VERSION}"' in script and "__VERSION__" not in script
    # everything it keeps for opening offline is served
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script, re.S).group(1))
    for path in shell:
        assert client.get(path).status_code == 200, path


def test_the_manifest_makes_it_installable(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert body["start_url"] == "/" and body["display"] == "standalone"
    assert all(client.get(icon["src"]).status_code == 200 for icon in body["icons"])
    assert 'rel="manifest" href="/manifest.webmanifest"' in client.get("/").get_data(as_text=True)


def test_the_vendored_qr_library_is_the_one_recorded():
    import hashlib
    from pathlib import Path

    vendor = Path(__file__).resolve().parents[2] / "api" / "phone" / "static" / "vendor"
    digest = hashlib.sha256((vendor / "qrcode.js").read_bytes()).hexdigest()
    assert f"`{digest}`" in (vendor / "README.md").read_text()
    assert "Licensed under the MIT license" in (vendor / "qrcode.js").read_text()
