"""Hypothesis profiles for the rules' properties.

`rules` (the default): 150 examples a property, no deadline. `mutants`, for `make mutants`
(`--hypothesis-profile=mutants`, with a fixed `--hypothesis-seed`): fewer examples, no
example database and no shrinking (a mutant is killed by the first failing example; shrinking
it only costs time), so that each of the mutant runs is quick and reads the same from run to
run; the tables, not luck, must kill the mutants.

Under mutmut (each mutant's run of the tests that reach it, with `-x`: the first failure kills
it), the tests run quickest first, by the durations mutmut measured in its stats phase
(`mutants/mutmut-stats.json`), so that a killed mutant costs the cheap tests before the first
that fails, not a random share of the slow ones. Each test also gets mutmut's own CPU-time
limit, computed for that test alone (`timeout_multiplier` x 2 x (its time + 1 s)): a mutant
that hangs is stopped by SIGXCPU, as mutmut stops it (a "timeout", counted as killed), after
a few seconds of the test that hangs instead of the limit of all its tests together.

Every test here asks the reference search (`reference_search`), whichever engine the service
runs: tests/rules prove the reference, and `make mutants` mutates it; tests/native prove that
the native core gives the reference's answers.
"""

from __future__ import annotations

import json
import math
import os
import resource
import time
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import Phase, settings

from service.rules.analysis import engine, reference

settings.register_profile("rules", max_examples=150, deadline=None)
settings.register_profile(
    "mutants",
    max_examples=50,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
)


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hypothesis_profile") is None:
        settings.load_profile("rules")


@cache
def measured(root: Path) -> dict[str, float]:
    """Each test's duration (seconds) in mutmut's stats phase, when mutmut runs the tests from
    `root` (its `mutants` directory); nothing otherwise. Read once, in mutmut's fork server."""
    stats = root / "mutmut-stats.json"
    if not stats.is_file():
        return {}
    return json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"]


@cache
def multiplier(root: Path) -> float:
    """`[tool.mutmut] timeout_multiplier` of the pyproject.toml mutmut copied into `root`."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return float(config["tool"]["mutmut"]["timeout_multiplier"])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    durations = measured(config.rootpath)
    if durations:
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    durations = measured(item.config.rootpath)
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", "") or not durations:
        return (yield)
    # The kernel sends SIGXCPU at the soft limit, as it does at mutmut's own (the hard limit
    # stays), even in a loop that never returns to the interpreter.
    limit = multiplier(item.config.rootpath) * 2 * (durations.get(item.nodeid, 0.0) + 1)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    ceiling = math.ceil(time.process_time() + limit)
    unlimited = soft == resource.RLIM_INFINITY
    resource.setrlimit(resource.RLIMIT_CPU, (ceiling if unlimited else min(ceiling, soft), hard))
    try:
        return (yield)
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


@pytest.fixture(autouse=True)
def reference_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions are asked of the reference search."""
    monkeypatch.setattr(engine, "SEARCH", reference.Search)
