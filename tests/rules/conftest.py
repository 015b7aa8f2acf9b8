"""Hypothesis profiles for the rules' properties.

`rules` (the default): 150 examples a property, no deadline. `mutants`, for `make mutants`
(`--hypothesis-profile=mutants`, with a fixed `--hypothesis-seed`): fewer examples, no
example database and no shrinking (a mutant is killed by the first failing example; shrinking
it only costs time), so that each of the mutant runs is quick and reads the same from run to
run; the tables, not luck, must kill the mutants.

Every test here asks the reference search (`reference_search`), whichever engine the service
runs: tests/rules prove the reference, and `make mutants` mutates it; tests/native prove that
the native core gives the reference's answers.

Under `make mutants`, a test that hangs is stopped once it has run far past its own time
(`tests/rules/mutation.py`, `hang_limit`): see `pytest_runtest_protocol`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator, Mapping

import pytest
from hypothesis import Phase, settings

from service.rules.analysis import engine, reference
from tests.rules.mutation import (
    MUTANTS_EXAMPLES,
    RULES_EXAMPLES,
    guarded,
    skip_listed_equivalent,
)

settings.register_profile("rules", max_examples=RULES_EXAMPLES, deadline=None)
settings.register_profile(
    "mutants",
    max_examples=MUTANTS_EXAMPLES,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
)


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hypothesis_profile") is None:
        settings.load_profile("rules")
    skip_listed_equivalent()  # in a mutant's process only (tests/rules/mutation.py)


@pytest.fixture(autouse=True)
def reference_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions are asked of the reference search."""
    monkeypatch.setattr(engine, "SEARCH", reference.Search)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Under `make mutants`, each test (its setup, call and teardown) runs under a CPU limit of
    `hang_limit`, past which its mutant's process ends as a timeout; outside a mutant's
    process its time is measured for that limit (tests/rules/mutation.py, `guarded`).

    mutmut stops a mutant only once its whole run reaches twice the time of every test that
    reaches the mutated function, on the wall clock (some 67 s for the reference search's):
    a mutant that makes one quick test loop for ever cost a worker that long, some 30 of them
    a run. A limit on the test's call alone, by a Python signal handler, missed the loops in a
    fixture (the seat review's deals are played in its setup) and could not stop a loop in
    another thread while the main one waits for it; the kernel's CPU limit stops both."""
    skip_listed_equivalent()  # in a mutant's process, once (scripts/mutate.py's session)
    with guarded(item.nodeid, _measured_durations()):
        return (yield)


def _measured_durations() -> Mapping[str, float]:
    """Each test's time as mutmut measured it in this run, before any mutant (its stats
    phase), when this process is one of its mutants' (else empty). A mutant's process is
    forked from mutmut's, which holds them."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    state = sys.modules.get("mutmut.state")
    if "__mutmut_" not in mutant or state is None:
        return {}
    durations: Mapping[str, float] = state.state().duration_by_test
    return durations
