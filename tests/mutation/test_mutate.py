"""`make mutants`'s runner (scripts/mutate.py): mutmut's run with each mutant's tests taken
from one pytest session, against mutmut's own, on a small project. Not in tests/rules: mutmut
runs those in its own measures, and this one runs mutmut."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "mutate.py"

# A small project for mutmut: `scripts/mutate.py` (one pytest session, each mutant's tests
# run from it) must give every mutant the verdict mutmut's own `pytest.main` gives it.
PROJECT = {
    "pyproject.toml": """
[tool.mutmut]
source_paths = ["lib"]
pytest_add_cli_args_test_selection = ["tests"]
pytest_add_cli_args = ["-p", "no:cacheprovider"]
""",
    "lib/__init__.py": "",
    "lib/arith.py": """
def sign(x):
    if x > 0:
        return 1
    if x < 0:
        return -1
    return 0


def total(values, start=0):
    result = start
    for value in values:
        result = result + value
    return result


def describe(x):
    return "positive" if x > 0 else "not positive"
""",
    "tests/__init__.py": "",
    # each pytest configured (mutmut's runs, each mutant's pytest.main) writes a line
    "tests/conftest.py": """
import os


def pytest_configure(config):
    with open(os.environ["CONFIGURED"], "a") as configured:
        configured.write("configured\\n")
""",
    "tests/test_arith.py": """
import pytest

from lib.arith import describe, sign, total


@pytest.fixture(scope="module")
def sums():
    return [total([1, 2]), total([])]  # made in the mutant's process, by its code


def test_a_positive_number_s_sign():
    assert sign(5) == 1


def test_a_negative_number_s_sign():
    assert sign(-2) == -1


def test_sums(sums):
    assert sums == [3, 0]


def test_a_positive_number_described(capsys):
    print(describe(1))
    assert capsys.readouterr().out == "positive\\n"
""",
    # a second file: mutmut's measures run in one process per worker, a file to each
    "tests/test_more.py": """
from lib.arith import describe, total


def test_a_start_is_added():
    assert total([4], start=1) == 5


def test_zero_is_not_positive():
    assert describe(0) == "not positive"
""",
}


def _verdicts(project: Path, command: list[str]) -> tuple[dict[str, str], int, str, dict[str, Any]]:
    """Each mutant's verdict from `command run`, how many times pytest was configured,
    mutants/killed-by.tsv (empty when not written), and mutmut's measures (the tests that
    reach each function, each test's time)."""
    shutil.rmtree(project / "mutants", ignore_errors=True)
    configured = project / "configured.txt"
    configured.write_text("", encoding="utf-8")
    env = {
        **os.environ,
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
        "MUTANT_UNDER_TEST": "",
        "CONFIGURED": str(configured),
    }
    subprocess.run(
        [*command, "run", "--max-children", "2"],
        cwd=project,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    from scripts.mutants import results

    verdicts = results(project)
    killed_by = project / "mutants" / "killed-by.tsv"
    stats = json.loads((project / "mutants" / "mutmut-stats.json").read_text(encoding="utf-8"))
    return (
        verdicts,
        len(configured.read_text(encoding="utf-8").splitlines()),
        killed_by.read_text(encoding="utf-8") if killed_by.exists() else "",
        stats,
    )


def test_mutants_tests_run_from_one_session_get_mutmut_s_own_verdicts(tmp_path: Path) -> None:
    for path, text in PROJECT.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    session = _verdicts(tmp_path, [sys.executable, str(SCRIPT)])
    from_session, configured_once, killed_by, measured_side_by_side = session
    own = _verdicts(tmp_path, [sys.executable, "-m", "mutmut"])
    from_mutmut, configured_each, _, measured = own
    assert from_session == from_mutmut
    # the measures taken in two processes at once, a test file each, are mutmut's own: the
    # same tests reach the same functions, every test measured once
    reached = {
        function: set(tests)
        for function, tests in measured["tests_by_mangled_function_name"].items()
    }
    assert reached == {
        function: set(tests)
        for function, tests in measured_side_by_side["tests_by_mangled_function_name"].items()
    }
    assert len(reached) == 3
    assert measured_side_by_side["duration_by_test"].keys() == measured["duration_by_test"].keys()
    assert len(measured["duration_by_test"]) == 6
    # mutmut's own pytest.main in each mutant's process; the session's pytest configured
    # once, besides the tests' collection and mutmut's measures (two processes) before the
    # forced failure (no clean run after the measures of every test), whatever the mutants'
    # number
    assert configured_each >= len(from_mutmut) + 3
    assert configured_once == 5
    # each killed mutant's killing test is written down, one of the project's
    rows = [line.split("\t") for line in killed_by.splitlines()]
    killed = {name for name, status in from_session.items() if status == "killed"}
    assert {row[0] for row in rows} == killed and len(rows) == len(killed)
    assert all(
        row[1].startswith(("tests/test_arith.py::test_", "tests/test_more.py::test_"))
        for row in rows
    )
    assert all(int(row[2]) >= 1 and float(row[3]) >= 0 for row in rows)
    statuses = set(from_session.values())
    assert {"killed", "survived"} <= statuses  # the project has both, and nothing else
    assert statuses <= {"killed", "survived"}
    assert len(from_session) > 10


def test_tests_that_killed_a_function_s_mutants_run_first_for_its_next_ones(tmp_path: Path) -> None:
    from scripts.mutate import Kills, killers_first

    record = tmp_path / "killed-by.tsv"
    kills = Kills(str(record))
    kills.update()  # nothing written yet
    play, other = (
        "service.rules.core.play.x_judge__mutmut_",
        "service.rules.core.play.x_other__mutmut_",
    )
    record.write_text(
        f"{play}1\tt::slow\t9\t2.0\n{play}2\tt::slow\t9\t2.1\n{play}3\tt::mid\t4\t0.5\n"
        f"{other}1\tt::quick\t1\t0.1\n{play}4\tt::mid",  # the last line still being written
        encoding="utf-8",
    )
    kills.update()
    assert kills.of(f"{play}9") == {"t::slow": 2, "t::mid": 1}
    with record.open("a", encoding="utf-8") as more:
        more.write("\t2\t0.4\n")
    kills.update()
    assert kills.of(f"{play}9") == {"t::slow": 2, "t::mid": 2}
    assert kills.of(f"{other}5") == {"t::quick": 1}
    quickest_first = ["t::quick", "t::mid", "t::other", "t::slow"]
    # equal kills keep mutmut's order; tests that killed nothing of the function, theirs too
    assert killers_first(quickest_first, kills.of(f"{play}9")) == [
        "t::mid",
        "t::slow",
        "t::quick",
        "t::other",
    ]
    assert killers_first(quickest_first, kills.of("service.rules.x_new__mutmut_1")) == (
        quickest_first
    )
