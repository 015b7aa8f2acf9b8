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
(`hang_limit`): see `pytest_runtest_call`.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Generator, Mapping
from types import FrameType

import pytest
from hypothesis import Phase, settings

from service.rules.analysis import engine, reference
from tests.rules.mutation import MUTANTS_EXAMPLES, RULES_EXAMPLES, skip_listed_equivalent

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


# A mutant's test that has taken this many times its own measured time, and at least
# HANG_FLOOR_S, of CPU is taken to hang. The margin is wide on purpose: the slowest test here
# takes under 2 s of CPU under mutmut's tracing (which its measured times include), and no
# mutant that only slows a test down, however much, is stopped before it is 20 times as slow.
HANG_FACTOR = 20
HANG_FLOOR_S = 5.0
# The exit code mutmut reads as "timeout" (mutmut.stats.status_by_exit_code), which counts as
# killed and is listed by name in scripts/mutants.py's report, as its own time limit's are.
MUTMUT_TIMEOUT = 36


def hang_limit(durations: Mapping[str, float], nodeid: str) -> float:
    """The CPU seconds a mutant's test may take: HANG_FACTOR times what it took in mutmut's
    own measurement of this run, never under HANG_FLOOR_S."""
    return max(HANG_FLOOR_S, HANG_FACTOR * durations.get(nodeid, 0.0))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Under `make mutants`, each test runs under a CPU timer of `hang_limit`; a test past it
    ends the mutant's process as a timeout.

    mutmut stops a mutant only once its whole run reaches twice the time of every test that
    reaches the mutated function (up to some 15 s for the reference search's, each test
    traced): a mutant that makes one quick test loop for ever (a hand mask turned negative,
    a bound that never meets the other) cost 35 s of a worker each, some 30 of them. Stopped
    at its own test's limit, it costs 5. Outside a mutant's run (a plain pytest, mutmut's
    measuring and clean runs) nothing is timed.
    """
    durations = _measured_durations()
    if not durations:
        return (yield)
    signal.signal(signal.SIGPROF, _hung)
    signal.setitimer(signal.ITIMER_PROF, hang_limit(durations, item.nodeid))
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _hung(signum: int, frame: FrameType | None) -> None:
    os._exit(MUTMUT_TIMEOUT)


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
