"""The shape of the code, checked from its own source: no import cycle between the packages of
`ledger/` or of `api/`, the API never importing or reaching the store, no SQL and no dialect
branch outside the store package, no module over 300 lines, no library used by its private
names, and an append that reads top-down from the route to the store and back."""

import ast
import io
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "ledger" / "events" / "store"
SQL = re.compile(r"^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE|DROP|ALTER|PRAGMA|BEGIN|"
                 r"COMMIT|ROLLBACK|LISTEN|LOCK TABLE)\b")
DIALECTS = {"sqlite", "postgresql", "postgres"}
DRIVERS = {"sqlite3", "psycopg"}
LONGEST = 300


def modules(package: str) -> dict[str, Path]:
    """Every module of a package by its dotted name."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules `name` imports (a name imported from a package, if it is a
    module of it, counts as that module)."""
    tree, found = ast.parse(path.read_text()), set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([node.module] if node.module else []))
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                      for a in node.names}
    return {imported for imported in found if imported in known and imported != name}


def graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    known = {name: path for package in packages for name, path in modules(package).items()}
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles_between(edges: dict[str, set[str]], level: int) -> list[list[str]]:
    """Cycles among the nodes one level under each package (`ledger.events`, `api.clubs`, …
    at level 2; their own children at level 3), each module standing for its node."""
    def node(name):
        return ".".join(name.split(".")[:level])
    collapsed: dict[str, set[str]] = {}
    for name, targets in edges.items():
        if name.count(".") + 1 < level:
            continue
        for target in targets:
            if target.count(".") + 1 >= level and node(target) != node(name) and (
                    node(target).rpartition(".")[0] == node(name).rpartition(".")[0]):
                collapsed.setdefault(node(name), set()).add(node(target))
    return _cycles(collapsed)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for target in sorted(edges.get(node, ())):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[node] = "done"

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    return found


@pytest.mark.parametrize("level", [2, 3, 4])
def test_no_import_cycle_between_the_packages_of_ledger_or_of_api(level):
    assert cycles_between(graph(("ledger", "api")), level) == []


def test_no_module_imports_one_that_imports_it_back():
    assert _cycles(graph(("ledger", "api"))) == []


STORE_MODULE = "ledger.events.store"
# Who may import the store: itself, the service (the unit of work, the views, the tokens),
# and the `ledger` command's store keeping (backups, restores, moving a log)
STORE_IMPORTERS = ("ledger.events.store", "ledger.service", "ledger.cli", "ledger.cli_store")


def reaches_the_store(source: str) -> list[str]:
    """Where `source` imports the store or a module of it (`import ledger.events.store.base`,
    `from ledger.events import store`, `from ledger.events.store.counts import Counts`,
    `importlib.import_module("ledger.events.store")` alike) or reaches it through what it
    was handed (`ledger().store`, `service.sessions.store`, `getattr(service, "store")`)."""
    faults = []
    for node in ast.walk(ast.parse(source)):
        named = []
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            named = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call):
            called = getattr(node.func, "attr", getattr(node.func, "id", ""))
            said = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            if called in ("import_module", "__import__"):
                named = [str(arg) for arg in said[:1]]
            elif called == "getattr" and "store" in said:
                faults.append(f"{node.lineno}: getattr(…, 'store')")
        elif isinstance(node, ast.Attribute) and node.attr == "store":
            faults.append(f"{node.lineno}: .store")
        hits = [name for name in named
                if name == STORE_MODULE or name.startswith(STORE_MODULE + ".")]
        faults += [f"{node.lineno}: imports {hits[0]}"] if hits else []
    return faults


def test_the_api_never_imports_the_store_nor_reaches_it():
    """api → service → store: the HTTP layer asks the service (its handlers and views, its
    tokens, the ledger's own methods) and never the store, neither by an import nor through
    the ledger it is handed. Every module under api/, as its source parses."""
    faults = {str(path.relative_to(ROOT)): found for path in sorted((ROOT / "api").rglob("*.py"))
              if (found := reaches_the_store(path.read_text()))}
    assert faults == {}


def test_the_store_is_imported_only_by_the_service_and_the_command():
    """The domain (rules, projections, games, clubs, the events' catalogue) knows nothing of
    where the log is kept: only the service and the `ledger` command import the store."""
    faults = {name: found for name, path in modules("ledger").items()
              if not name.startswith(STORE_IMPORTERS)
              and (found := [f for f in reaches_the_store(path.read_text()) if "imports" in f])}
    assert faults == {}


@pytest.mark.parametrize("planted", [
    "from ledger.events.store import open_store",
    "from ledger.events.store.base import SESSION_TOKENS",
    "from ledger.events.store.counts import Counts",
    "from ledger.events import store",
    "import ledger.events.store",
    "import ledger.events.store.sqlite as sqlite",
    "def f():\n    from ledger.events.store.memory import MemoryStore",
    "importlib.import_module('ledger.events.store.backup')",
    "ledger().store.version(sid)",
    "self.ledger.sessions.store.find_token(whose, digest)",
    "getattr(ledger(), 'store')",
])
def test_the_check_finds_the_store_however_it_is_reached(planted):
    """The check above fails on a module that reaches the store in any of these ways, and
    not on one that goes through the service."""
    assert reaches_the_store(f"from api.service import ledger\n{planted}\n") != []
    assert reaches_the_store("from ledger.service.bootstrap import DEFAULT_URL, bootstrap\n"
                             "from ledger.events.fields import REF_PATTERN\n"
                             "ledger().views.results(sid)\nledger().tokens.session(t)\n") == []


def code_strings(tree: ast.AST):
    """String constants that are code, not docstrings."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [node for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs]


def test_no_sql_and_no_dialect_branch_outside_the_store_package():
    faults = []
    for package in ("ledger", "api"):
        for path in (ROOT / package).rglob("*.py"):
            if STORE in path.parents:
                continue
            tree = ast.parse(path.read_text())
            shown = path.relative_to(ROOT)
            faults += [f"{shown}:{n.lineno} SQL {n.value[:30]!r}" for n in code_strings(tree)
                       if SQL.match(n.value)]
            faults += [f"{shown}:{n.lineno} compares with {n.value!r}" for n in ast.walk(tree)
                       if isinstance(n, ast.Compare) for n in [*n.comparators, n.left]
                       if isinstance(n, ast.Constant) and n.value in DIALECTS]
            faults += [f"{shown}:{n.lineno} .{n.attr}" for n in ast.walk(tree)
                       if isinstance(n, ast.Attribute) and n.attr in ("dialect", "sqlite")]
            faults += [f"{shown}:{n.lineno} imports {name}" for n in ast.walk(tree)
                       if isinstance(n, (ast.Import, ast.ImportFrom))
                       for name in [a.name for a in n.names] + [getattr(n, "module", "") or ""]
                       if name.split(".")[0] in DRIVERS]
    assert faults == []


def test_no_library_is_used_by_its_private_names():
    """What a library keeps to itself (a name or module with a leading underscore, as
    Flask-Compress's `_compress_data`) may change in any release; the service uses what
    each library offers."""
    faults = []
    for package in ("ledger", "api"):
        for path in (ROOT / package).rglob("*.py"):
            for n in ast.walk(ast.parse(path.read_text())):
                if isinstance(n, ast.ImportFrom) and not n.level and n.module != "__future__":
                    names = [n.module, *(f"{n.module}.{a.name}" for a in n.names)]
                elif isinstance(n, ast.Import):
                    names = [a.name for a in n.names]
                else:
                    continue
                faults += [f"{path.relative_to(ROOT)}:{n.lineno} {name}" for name in names
                           if name.split(".")[0] not in ("api", "ledger")
                           and any(part.startswith("_") for part in name.split("."))]
    assert faults == []


def python_files():
    for folder in ("ledger", "api", "tests", "bench", "migrations"):
        for path in sorted((ROOT / folder).rglob("*")):
            if "node_modules" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or (path.suffix == "" and path.read_bytes()[:40].startswith(
                    b"#!/usr/bin/env python")):
                yield path


def test_no_module_over_300_lines():
    longer = {str(path.relative_to(ROOT)): n for path in python_files()
              if (n := len(path.read_text().splitlines())) > LONGEST}
    assert longer == {}


def test_an_append_reads_top_down_from_the_route_to_the_store_and_back(tmp_path):
    """Traced call by call: on every path from the route down, no module of the service is
    entered again after the call went on to another (no callbacks, no back and forth)."""
    from api import create_app
    from tests.factories import Table

    for fast in (True, False):
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/{fast}.sqlite3",
                          "TESTING": True, "FAST_APPENDS": fast, "REQUEST_LOG": False})
        table = Table(app.test_client(), players=3)
        a, b, c = table.players
        game, board = table.start_game(kind="commerce"), table.start_game(kind="pope_joan")

        def evening():
            table.record("deal_started", game)
            bought = table.record("card_bought", game, buyer=b)
            table.record("event_voided", event_id=bought["id"], reason="a slip")
            table.record("commerce_stand", game, stander=a, winner=a)
            table.record("deal_started", board)
            table.record("pope_joan_out", board, player=b, cards_left={a: 2, c: 1})
        paths = traced(evening)
        visited = sorted({m for path in paths for m in path})
        assert "api.appends" in visited if fast else "api.events.resources" in visited
        assert {"ledger.service.sessions", "ledger.service.unit_of_work", "ledger.rules",
                "ledger.events.store.sql"} <= set(visited)
        back_and_forth = [path for path in paths if len(path) != len(set(path))]
        assert back_and_forth == [], [" → ".join(path) for path in back_and_forth[:3]]


def traced(call) -> set[tuple[str, ...]]:
    """Each distinct path of the project's modules on the call stack (consecutive frames of
    one module counted once) while `call` runs. WSGI's `start_response` and `wsgi.input` (a
    stream), which a server hands down to be called back by the protocol's own design, are
    not counted."""
    ours = ("ledger.", "api.")
    stack: list[str] = []
    paths: set[tuple[str, ...]] = set()

    def profile(frame, event, _arg):
        if event == "call":
            name = frame.f_globals.get("__name__", "")
            if (stack and stack[-1] == "~") or frame.f_code.co_name.endswith("start_response") \
                    or isinstance(frame.f_locals.get("self"), io.IOBase):
                stack.append("~")  # the protocol's callback, and whatever it calls
                return
            stack.append(name if name.startswith(ours) else "")
            path = tuple(m for i, m in enumerate(stack)
                         if m not in ("", "~") and (i == 0 or stack[i - 1] != m))
            paths.add(tuple(m for i, m in enumerate(path) if i == 0 or path[i - 1] != m))
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return paths
