"""support/'s place, read from the import statements (`ast`, nothing imported): the benchmarks
and the scripts import nothing from tests/ (what they share with the tests is in support/), and
the service imports neither the tests nor support/, which its image does not ship."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT


def imported(path: Path) -> list[tuple[int, str]]:
    """Each module that `path`'s import statements name, wherever they stand (a function's
    own imports too), with its line: `import a.b` and `from a.b import c` both name `a.b`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def imports_of(folder: str, packages: tuple[str, ...]) -> list[str]:
    """Every import of one of `packages` (or of a module in one) by a Python file under
    `folder`, as `path:line: module`."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for line, module in imported(path):
            if module.split(".")[0] in packages:
                found.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    return found


def test_the_scan_sees_every_kind_of_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "import tests.api\nfrom tests.rules.builders import cards\nfrom . import tests\n"
        "def f():\n    import support.deals as deals\n",
        encoding="utf-8",
    )
    assert imported(module) == [(1, "tests.api"), (2, "tests.rules.builders"), (5, "support.deals")]


@pytest.mark.parametrize("folder", ["bench", "scripts"])
def test_benchmarks_and_scripts_import_nothing_from_the_tests(folder: str) -> None:
    assert list((ROOT / folder).rglob("*.py"))
    assert imports_of(folder, ("tests",)) == []


def test_the_service_imports_neither_the_tests_nor_support() -> None:
    assert imports_of("service", ("tests", "support")) == []
