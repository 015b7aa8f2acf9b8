"""schemathesis in-process: every operation of openapi.yaml but coinche's (those are
test_schemathesis_coinche.py's), every check, positive and negative data (settings from
schemathesis.toml, which this test also pins; tests/contract/contract.py)."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.generation import GenerationMode

from tests.contract.contract import CLASSIC, COINCHE, MAX_EXAMPLES, SCHEMA


def test_schemathesis_toml_is_in_force() -> None:
    config = SCHEMA.config
    assert config.checks.positive_data_acceptance.expected_statuses == ["2xx", "422"]
    assert config.checks.negative_data_rejection.expected_statuses == ["400", "413", "415", "422"]
    assert set(config.generation.modes) == {GenerationMode.POSITIVE, GenerationMode.NEGATIVE}
    assert not config.phases.stateful.enabled


def labels(schema: schemathesis.BaseSchema) -> list[str]:
    """The operations `schema`'s pytest run calls."""
    operations = (result.ok() for result in schema.get_all_operations())
    return sorted(op.label for op in operations if schema.filter_set.applies_to(op))


def test_the_two_runs_share_out_every_operation() -> None:
    classic, coinche = labels(CLASSIC), labels(COINCHE)
    assert not set(classic) & set(coinche)
    assert sorted(classic + coinche) == labels(SCHEMA)
    assert "POST /v1/coinche/legal-moves" in coinche and "POST /v1/legal-moves" in classic


@CLASSIC.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_api_honours_its_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
