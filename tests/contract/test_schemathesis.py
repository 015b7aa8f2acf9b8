"""schemathesis in-process: every operation of openapi.yaml, every check, positive and
negative data (settings from schemathesis.toml, which this test also pins)."""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.generation import GenerationMode

from service.app import create_app
from tests.conftest import ANALYSIS_BUDGET_CAP_MS, ROOT

os.chdir(ROOT)  # schemathesis.toml is looked up from the working directory
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
# The fuzzer asks for analysis budgets up to 10 s; the test cap keeps each search short.
schema.app = create_app({"ANALYSIS_BUDGET_CAP_MS": ANALYSIS_BUDGET_CAP_MS})
MAX_EXAMPLES = int(os.environ.get("CONTRACT_MAX_EXAMPLES", "100"))


def test_schemathesis_toml_is_in_force() -> None:
    config = schema.config
    assert config.checks.positive_data_acceptance.expected_statuses == ["2xx", "422"]
    assert config.checks.negative_data_rejection.expected_statuses == ["400", "413", "415", "422"]
    assert set(config.generation.modes) == {GenerationMode.POSITIVE, GenerationMode.NEGATIVE}
    assert not config.phases.stateful.enabled


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_api_honours_its_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
