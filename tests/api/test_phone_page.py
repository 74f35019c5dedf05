"""The phone page as served, and the games' catalogue it draws its forms from: the start-game
form's options come from the options schemas, each game's sheets from its module; the page's
own code stays within its weight budget and goes compressed."""

import json
import re
from pathlib import Path

import pytest

from api.phone import VERSION
from api.phone.page import PRELOADED, SCRIPTS, asset_in, version_in
from ledger import games
from ledger.games.page import compact
from ledger.language import LANGUAGES
from tests.elements import Elements

BUDGET = 62_500  # bytes, uncompressed: the page's own HTML, script, style and service worker
# (50,000 until the set-up that leads an empty evening and the game switcher added ~5 KB and
# the live stream's client ~1.2 KB; 58,000 until the evenings kept on the phone, a new one
# and back to each, added ~1.9 KB, and the deals started offline, the one-line header and
# the players' colours ~1.2 KB; what a phone downloads is the compressed page, about a
# quarter of it, and its slow-3G render did not move: bench/page; a refusal's display and a
# whole deal's count grid are loaded when first needed, refusal.js and counted.js; 62,000
# until a sheet's rows followed what the deal has settled meanwhile, kept sheets too)
ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "api/phone/static"


def own(entry: str = "phone.js", page: str = "/") -> list[str]:
    """What a page is made of: its HTML, style, service worker and every module it loads at
    once (those loaded on first use, such as the night's results, apart)."""
    return [page, f"/phone/v/{VERSION}/phone.css", "/sw.js",
            *(f"/phone/v/{VERSION}/{name}" for name in PRELOADED[entry])]


OWN = own()



@pytest.fixture
def catalogue(client):
    answer = client.get("/api/v1/games")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    return {game["kind"]: game for game in answer.get_json()["games"]}


def options_of(catalogue) -> dict:
    return {kind: game["options"] for kind, game in catalogue.items()}


def test_the_catalogue_lists_every_game_with_its_options_and_facts(client, catalogue):
    assert list(catalogue) == list(games.GAMES)  # in the registry's order
    assert catalogue == {kind: game.described() for kind, game in games.GAMES.items()}
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert client.get(f"/phone/v/{VERSION}/phone.js").status_code == 200


def test_the_catalogue_answers_304_while_its_tag_stands(client):
    first = client.get("/api/v1/games")
    tag = first.headers["ETag"]
    assert tag.startswith('W/"') and first.headers["Cache-Control"].startswith("no-cache")
    again = client.get("/api/v1/games", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert client.get("/api/v1/games", headers={"If-None-Match": 'W/"other"'}).status_code == 200
    # the page names the catalogue it goes with, so a phone asks again only for a new one
    assert Elements(client.get("/").get_data(as_text=True)).first("html")["data-games"] == tag[3:-1]


def test_a_key_at_its_default_is_left_out_and_a_zero_or_a_list_is_kept():
    assert compact({"a": None, "b": False, "c": "", "d": [], "f": 0, "g": True}) == {
        "d": [], "f": 0, "g": True}


@pytest.mark.parametrize("kind", sorted(games.GAMES))
def test_the_forms_defaults_are_what_the_api_fills_in(kind, catalogue):
    shown = {field["name"]: field.get("default") for field in options_of(catalogue)[kind]}
    options = games.GAMES[kind].options()
    asked = tuple(name for name, field in options.fields.items() if field.required)
    filled = options.load({}, partial=asked)  # (Progressive Poker's tables have no default)
    assert set(shown) == set(filled) | set(asked) and not any(shown[name] for name in asked)
    for name, value in filled.items():
        assert shown[name] == (value or None if isinstance(value, (list, bool)) else value), name


def test_each_option_gets_the_input_its_schema_calls_for(catalogue):
    inputs = {(kind, field["name"]): field["input"]
              for kind, fields in options_of(catalogue).items() for field in fields}
    assert inputs[("vingt_un", "tie_share")] == "choice"
    assert inputs[("cassino", "pack")] == "choice"
    assert inputs[("cassino", "target")] == "number"
    assert inputs[("cassino", "last_take_sweeps")] == "bool"
    assert inputs[("cassino", "first_dealer")] == "seat"
    assert inputs[("cassino", "partnerships")] == "partners"
    assert inputs[("progressive_poker", "tables")] == "tables"
    numbers = [f for fs in options_of(catalogue).values() for f in fs if f["input"] == "number"]
    assert all(f["min"] in (0, 1) for f in numbers)


def test_each_games_buttons_are_served_from_its_module(client, catalogue):
    """phone.js has no per-game code: each game's title, reads and buttons are data."""
    offered = {kind: [b["type"] for b in spec["buttons"]] for kind, spec in catalogue.items()}
    assert offered["three_stake_brag"] == ["deal_started", "brag_bet", "stake_won",
                                           "stake_carried_over"]
    assert offered["pope_joan"] == ["deal_started", "pope_joan_out", "trump_turned_up",
                                    "compartment_won"]
    quick = {kind: next(b["type"] for b in spec["buttons"] if b.get("quick"))
             for kind, spec in catalogue.items()}
    assert quick["commerce"] == "commerce_stand" and quick["cassino"] == "cassino_deal_taken"
    assert [label for label, _ in catalogue["vingt_un"]["buttons"][1]["outcomes"]][:4] == [
        "lost", "won", "natural", "tie"]
    assert catalogue["other"]["offered_as"] == "Another game"
    for source in [*(STATIC / name for name in SCRIPTS), ROOT / "api/phone/templates/phone.html"]:
        text = source.read_text()
        assert not re.search(r"\b(commerce|cassino|vingt_un|brag|pope_joan|progressive_poker)\b",
                             text), source


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_own_code_in_each_language_is_within_its_budget(client, language):
    """What a phone in that language loads: its page, and its modules with its words."""
    asked = {"Accept-Language": language}
    page = client.get("/", headers=asked).get_data(as_text=True)
    assert Elements(page).first("html")["lang"] == language
    paths = [path.replace(f"/v/{VERSION}/", f"/v/{version_in(language)}/") for path in OWN]
    assert all(path == "/" or path == "/sw.js" or path in page for path in paths)
    sizes = {path: len(client.get(path, headers=asked).data) for path in paths}
    assert sum(sizes.values()) < BUDGET, sizes


def test_the_pages_own_code_is_within_its_budget_and_goes_compressed(client):
    sizes = {path: len(client.get(path).data) for path in OWN}
    assert sum(sizes.values()) < BUDGET, sizes
    for path in OWN:
        squeezed = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert squeezed.headers["Content-Encoding"] == "gzip", path
        assert len(squeezed.data) < sizes[path] / 2, path


def test_the_modules_and_style_are_served_as_written_less_comments_and_spaces(client):
    for name in (*SCRIPTS, "phone.css"):
        written = (STATIC / name).read_text()
        served = client.get(f"/phone/v/{VERSION}/{name}")
        assert served.mimetype == ("text/css" if name.endswith(".css") else "text/javascript")
        assert served.get_data(as_text=True) == asset_in(name, "en")[0]
        assert len(served.data) < len(written.encode())
        assert "// " not in served.get_data(as_text=True).replace("://", "")  # no comment left
        # of the page's version it is kept; of another, it is today's, asked again each time
        assert served.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        older = client.get(f"/phone/v/0000000000000000/{name}")
        assert older.data == served.data and older.headers["Cache-Control"] == "no-cache"
        assert client.get(f"/phone/v/{VERSION}/{name}", headers={
            "If-None-Match": served.headers["ETag"]}).status_code == 304
    assert client.get(f"/phone/v/{VERSION}/sw.js").status_code == 404
    assert client.get(f"/phone/v/{VERSION}/..%2Fpage.py").status_code == 404


def test_each_page_is_es_modules_all_preloaded_none_over_400_lines():
    """One module per screen or concern, no build step: a page's entry is a module, and what
    it imports at once is preloaded, so that a slow link fetches them side by side."""
    for name in SCRIPTS:
        source = (STATIC / name).read_text()
        assert len(source.splitlines()) <= 400, name
        assert '"use strict"' not in source  # a module is strict already
    for entry in ("phone.js", "club.js"):
        assert PRELOADED[entry][-1] == entry and PRELOADED[entry][0] == "core.js"  # as they run
        assert "night.js" not in PRELOADED[entry] and "share.js" not in PRELOADED[entry]


def test_a_page_loads_its_entry_as_a_module_and_preloads_the_rest(client):
    for entry, page in (("phone.js", "/"), ("club.js", "/club")):
        html = client.get(page).get_data(as_text=True)
        found = Elements(html)
        assert {"type": "module", "src": f"/phone/v/{VERSION}/{entry}"} in found.all("script")
        preloaded = [link["href"] for link in found.all("link", rel="modulepreload")]
        loaded = {script["src"] for script in found.all("script") if "src" in script}
        assert preloaded == [f"/phone/v/{VERSION}/{name}" for name in PRELOADED[entry]
                             if f"/phone/v/{VERSION}/{name}" not in loaded]
        assert set(preloaded) | loaded >= {f"/phone/v/{VERSION}/{n}" for n in PRELOADED[entry]}


def test_the_service_worker_is_served_at_the_root_with_the_pages_version(client):
    from api.phone import VERSION

    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    script = worker.get_data(as_text=True)
    assert re.search(f'const VERSION ?= ?"{VERSION}"', script) and "__VERSION__" not in script
    # everything it keeps for opening offline is served
    pages, versioned = re.search(r"const SHELL ?= ?\[\.\.\.(\[.*?\]), ?\.\.\.(\[.*?\])\.map",
                                 script, re.S).groups()
    shell = [*json.loads(pages), *(f"/phone/v/{VERSION}/{name}" for name in json.loads(versioned))]
    for path in shell:
        assert client.get(path).status_code == 200, path
    # by the very addresses the pages ask for: the script and style by the page's version, so
    # an old worker's cache never serves them to a page of a new version
    for page in ("/", "/club"):
        asked = [attrs[key] for _tag, attrs in Elements(client.get(page).get_data(as_text=True)).found
                 for key in ("src", "href") if attrs.get(key, "").startswith("/phone/")]
        assert {f"/phone/v/{VERSION}/{name}" for name in ("core.js", "phone.css")} <= set(asked)
        assert set(asked) <= set(shell), (page, asked)


def test_the_manifest_makes_it_installable(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert body["start_url"] == "/" and body["display"] == "standalone"
    assert all(client.get(icon["src"]).status_code == 200 for icon in body["icons"])
    assert Elements(client.get("/").get_data(as_text=True)).all("link", rel="manifest") == [
        {"rel": "manifest", "href": "/manifest.webmanifest"}]


def test_the_vendored_qr_library_is_the_one_recorded():
    import hashlib

    vendor = ROOT / "api" / "phone" / "static" / "vendor"
    digest = hashlib.sha256((vendor / "qrcode.js").read_bytes()).hexdigest()
    assert f"`{digest}`" in (vendor / "README.md").read_text()
    assert "Licensed under the MIT license" in (vendor / "qrcode.js").read_text()


def nested_templates(source: str) -> list[int]:
    """Lines where a template literal opens inside another's `${…}`: rjsmin, which serves the
    scripts without comments and spaces, reads the inner one as code and drops the spaces at
    its edges ("Ann (lady)" became "Ann(lady)")."""
    found, stack, i, line = [], ["code"], 0, 1  # states: code, template, expr (depth), string
    while i < len(source):
        c, state = source[i], stack[-1]
        if c == "\n":
            line += 1
        if state in ("code", "expr"):
            if source.startswith("//", i):
                i = source.index("\n", i)
                continue
            if source.startswith("/*", i):
                i = source.index("*/", i) + 2
                continue
            before = source[:i].rstrip()[-1:]
            if c in "'\"" or (c == "/" and before in tuple("(,=:[!&|?{};") + ("",)):
                end, klass = i + 1, False  # a string, or a regular expression literal
                while source[end] != c or klass:
                    klass = (klass or source[end] == "[") and source[end] != "]"
                    end += 2 if source[end] == "\\" else 1
                i = end + 1
                continue
            if c == "`":
                if "expr" in stack:
                    found.append(line)
                stack.append("template")
            elif state == "expr" and c == "{":
                stack.append("expr")
            elif state == "expr" and c == "}":
                stack.pop()
        elif state == "template":
            if c == "\\":
                i += 2
                continue
            if c == "`":
                stack.pop()
            elif source.startswith("${", i):
                stack.append("expr")
                i += 2
                continue
        i += 1
    return found


def test_no_script_nests_a_template_literal_which_the_minifier_would_garble():
    for name in (*SCRIPTS, "sw.js"):
        source = (STATIC / name).read_text()
        assert nested_templates(source) == [], f"{name}: nested template literals"
    assert nested_templates("const a = `x${b ? ` (${c})` : ''}`;") == [1]  # the guard sees one


def test_the_catalogue_says_how_each_fact_stands_to_the_deal(catalogue):
    """As the rules refuse them: a fact settling one thing once per deal names it; a fact of
    a deal's play (Commerce's trades) says so; a hand settled per player is neither."""
    buttons = {kind: {b["type"]: b for b in game["buttons"]} for kind, game in catalogue.items()}
    assert buttons["commerce"]["commerce_stand"]["settles"] == "the stand"
    assert buttons["commerce"]["card_bought"]["play"] and buttons["commerce"]["card_bought"]["in_deal"]
    hands = buttons["vingt_un"]["vingt_un_hand_settled"]
    assert hands["in_deal"] and "settles" not in hands and "play" not in hands
    assert "in_deal" not in buttons["commerce"]["stake_paid"]


def test_each_language_has_its_own_modules_and_service_worker(client):
    german = client.get(f"/phone/v/{version_in('de')}/core.js").get_data(as_text=True)
    assert german == asset_in("core.js", "de")[0]
    assert client.get(f"/phone/v/{VERSION}.xx/core.js").status_code == 404  # not spoken
    worker = client.get("/sw.js", headers={"Accept-Language": "de"})
    assert version_in("de") in worker.get_data(as_text=True) and "Cookie" in worker.headers["Vary"]
    client.set_cookie("lang", "fr")
    switched = client.get("/sw.js", headers={"Accept-Language": "de"})
    assert version_in("fr") in switched.get_data(as_text=True)  # the page's switch first
