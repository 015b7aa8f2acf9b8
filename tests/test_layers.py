"""The layers hold: the rules know nothing of HTTP, nor of the batch job; an API module loads
the solver only if it answers an analysis; no module imports itself back through others
(that bench/ and scripts/ import nothing from tests/: tests/test_support.py).

The import graph is read from the sources (`ast`): every `import` and `from ... import` at
a module's top level, those under `if TYPE_CHECKING:` and inside functions included (a
circle through them is a circle for a reader too), each to the module it names (a name
imported from a package is its submodule when one has that name).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
FOREIGN = ("flask", "flask_smorest", "marshmallow", "werkzeug", "dask", "distributed", "http")
# What answering an analysis loads: the searches and the questions asked of them.
SOLVER = {
    "service.rules.analysis.questions",
    "service.rules.analysis.reference",
    "service.rules.analysis.native._native",
}
# An API module answers an analysis when a view of its takes an analysis slot
# (service/api/limiter.py: `@limited`, `@busy` with `in_slot`; analysis.py's `searching`).
ANSWERS_AN_ANALYSIS = re.compile(r"@limited\(|in_slot\(|@searching\(")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path) -> dict[str, Path]:
    return {module_name(path): path for path in sorted(package.rglob("*.py"))}


ALL = modules(SERVICE)


def imported(name: str, *, top_level_only: bool) -> Iterator[str]:
    """The service's modules `name` imports (at its top level only, or anywhere)."""
    tree = ast.parse(ALL[name].read_text("utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    package = name if ALL[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            if target in ALL and target != name:
                yield target


@cache
def loads(name: str) -> frozenset[str]:
    """Every service module importing `name` loads, at top level, itself included."""
    seen = {name}
    todo = [name]
    while todo:
        for target in imported(todo.pop(), top_level_only=True):
            # Importing a module imports the packages above it first.
            chain = [".".join(target.split(".")[:i]) for i in range(2, target.count(".") + 2)]
            for module in chain:
                if module in ALL and module not in seen:
                    seen.add(module)
                    todo.append(module)
    return frozenset(seen)


def test_the_rules_import_no_web_framework_nor_the_batch_job_in_a_fresh_interpreter() -> None:
    names = [name for name in ALL if name.startswith(("service.rules", "service.text"))]
    names = [name for name in names if not name.endswith("_native")]
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({FOREIGN!r})))\n"
        "print(sorted(m for m in sys.modules if m.startswith('service.')"
        " and not m.startswith(('service.rules', 'service.text'))))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert ran.stdout.splitlines() == ["[]", "[]"], ran.stdout


def test_no_rules_module_names_an_http_path_or_status() -> None:
    said = re.compile(r"/v1/|\b(?:400|404|405|413|415|422|500|503)\b")
    named = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for name, path in ALL.items()
        if name.startswith("service.rules")
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if said.search(line)
    ]
    assert named == []


@pytest.mark.parametrize("name", [name for name in ALL if name.startswith("service.api.")])
def test_an_api_module_loads_the_solver_only_if_it_answers_an_analysis(name: str) -> None:
    answers = bool(ANSWERS_AN_ANALYSIS.search(ALL[name].read_text("utf-8")))
    solver = sorted(loads(name) & SOLVER)
    if not answers:
        assert solver == [], f"{name} answers no analysis but loads {solver}"


def test_the_batch_job_alone_imports_dask() -> None:
    importers = [
        name
        for name, path in ALL.items()
        if re.search(r"^\s*(?:import|from) (?:dask|distributed)\b", path.read_text("utf-8"), re.M)
    ]
    assert importers and all(name.startswith("service.audit") for name in importers)


def test_no_module_imports_itself_back() -> None:
    graph = {name: set(imported(name, top_level_only=False)) for name in ALL}
    circles = []
    for start in graph:
        # A path from one of start's imports back to start is a circle through start.
        seen, todo = set(), list(graph[start])
        while todo:
            node = todo.pop()
            if node == start:
                circles.append(start)
                break
            if node not in seen:
                seen.add(node)
                todo.extend(graph[node])
    assert circles == []
