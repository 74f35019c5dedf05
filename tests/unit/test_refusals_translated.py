"""No refusal said to people is English alone: every message a refusal raises (the ledger's
errors, an import's problem, the HTTP errors the API raises) and every problem an import
notes is made by `_()` (or `n_()`), so that it is said in the request's language (SPEC §10
amendment 10). What only the command line and the operator read (`ledger restore`, the
store's own faults) stays English; those modules are named here."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# said to a person: the first argument of these, raised or called
REFUSALS = {"NotFound", "Conflict", "Invalid", "Forbidden", "ImportProblem", "BadRequest",
            "Unauthorized", "Gone", "RequestEntityTooLarge", "UnsupportedMediaType",
            "PreconditionFailed", "PreconditionRequired", "TooManyRequests", "field"}
# in the import's modules, a cell's fault too (a ValueError said as its line's problem)
IMPORTS = {"ValueError", "problem"}
# what the operator reads: the command line, the restore of a backup, the store's own faults
OPERATORS = {"ledger/cli.py", "ledger/cli_store.py", "ledger/service/imports.py"}


def worded(node) -> bool:
    """Text written here (a literal, an f-string, a sum with one) that no `_()` made."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return worded(node.left) or worded(node.right)
    return False


def english(path: Path) -> list[str]:
    tree, found = ast.parse(path.read_text()), []
    names = REFUSALS | (IMPORTS if "ledger/clubs/" in path.as_posix() else set())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            said = node.args[1] if name in ("field", "problem") and len(node.args) > 1 else node.args[0]
            if name in names and worded(said):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        if isinstance(node, ast.Dict):  # an import's problem or line left out: {"message": …}
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "message" and worded(value):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_refusal_and_problem_is_said_through_the_catalogue():
    modules = [p for folder in ("ledger", "api") for p in (ROOT / folder).rglob("*.py")
               if p.relative_to(ROOT).as_posix() not in OPERATORS]
    assert modules
    assert [place for path in modules for place in english(path)] == []
