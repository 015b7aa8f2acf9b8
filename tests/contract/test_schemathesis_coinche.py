"""schemathesis in-process: coinche's operations (`/v1/coinche/...`), every check, positive
and negative data, as test_schemathesis.py runs the others (tests/contract/contract.py)."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from tests.contract.contract import COINCHE, MAX_EXAMPLES


@COINCHE.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_coinche_api_honours_its_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
