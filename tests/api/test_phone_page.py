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
