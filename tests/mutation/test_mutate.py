"""`make mutants`'s runner (scripts/mutate.py): mutmut's run with each mutant's tests taken
from one pytest session, against mutmut's own, on a small project. Not in tests/rules: mutmut
runs those in its own measures, and this one runs mutmut."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

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
}


def _verdicts(project: Path, command: list[str]) -> tuple[dict[str, str], int, str]:
    """Each mutant's verdict from `command run`, how many times pytest was configured, and
    mutants/killed-by.tsv (empty when not written)."""
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
    return (
        verdicts,
        len(configured.read_text(encoding="utf-8").splitlines()),
        killed_by.read_text(encoding="utf-8") if killed_by.exists() else "",
    )


def test_mutants_tests_run_from_one_session_get_mutmut_s_own_verdicts(tmp_path: Path) -> None:
    for path, text in PROJECT.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    from_session, configured_once, killed_by = _verdicts(tmp_path, [sys.executable, str(SCRIPT)])
    from_mutmut, configured_each, _ = _verdicts(tmp_path, [sys.executable, "-m", "mutmut"])
    assert from_session == from_mutmut
    # mutmut's own pytest.main in each mutant's process; the session's pytest configured
    # once, besides mutmut's measures and forced failure (no clean run after the measures of
    # every test), whatever the mutants' number
    assert configured_each >= len(from_mutmut) + 3
    assert configured_once == 3
    # each killed mutant's killing test is written down, one of the project's
    rows = [line.split("\t") for line in killed_by.splitlines()]
    killed = {name for name, status in from_session.items() if status == "killed"}
    assert {row[0] for row in rows} == killed and len(rows) == len(killed)
    assert all(row[1].startswith("tests/test_arith.py::test_") for row in rows)
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
    play, other = "service.rules.play.x_judge__mutmut_", "service.rules.play.x_other__mutmut_"
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
