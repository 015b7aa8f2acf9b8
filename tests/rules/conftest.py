"""Hypothesis profiles for the rules' properties.

`rules` (the default): 150 examples a property, no deadline. `mutants`, for `make mutants`
(`--hypothesis-profile=mutants`, with a fixed `--hypothesis-seed`): fewer examples, no
example database and no shrinking (a mutant is killed by the first failing example; shrinking
it only costs time), so that each of the mutant runs is quick and reads the same from run to
run; the tables, not luck, must kill the mutants.

Every test here asks the reference search (`reference_search`), whichever engine the service
runs: tests/rules prove the reference, and `make mutants` mutates it; tests/native prove that
the native core gives the reference's answers.
"""

from __future__ import annotations

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


@pytest.fixture(autouse=True)
def reference_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions are asked of the reference search."""
    monkeypatch.setattr(engine, "SEARCH", reference.Search)
