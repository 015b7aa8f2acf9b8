"""openapi.yaml is the contract: it must be what the app serves, and a valid OpenAPI 3.1."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def committed() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return document


def test_committed_document_is_what_the_app_serves(
    client: FlaskClient, committed: dict[str, Any]
) -> None:
    served = yaml.safe_load(client.get("/openapi.yaml").data)
    assert served == committed, "openapi.yaml is stale: run `make openapi` and commit it"


def test_committed_document_is_valid_openapi_3_1(committed: dict[str, Any]) -> None:
    assert committed["openapi"] == "3.1.0"
    validate(committed)


def test_no_summary_has_markdown(committed: dict[str, Any]) -> None:
    """Swagger UI (/docs) shows a summary as plain text: a backtick would show raw (issue 31,
    item 9). Descriptions may keep their Markdown."""
    summaries = [
        operation["summary"]
        for operations in committed["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict) and "summary" in operation
    ]
    assert len(summaries) > 30
    assert [summary for summary in summaries if "`" in summary] == []


def test_every_error_response_is_documented_as_problem_json(committed: dict[str, Any]) -> None:
    responses = committed["components"]["responses"]
    for name, response in responses.items():
        assert set(response.get("content", {})) <= {"application/problem+json"}, name
    for path, operations in committed["paths"].items():
        for method, operation in operations.items():
            # A picture or a page has none (service.api.openapi.without_default_response).
            if "application/json" not in operation["responses"]["200"]["content"]:
                assert "default" not in operation["responses"], (path, method)
                continue
            default = operation["responses"]["default"]
            assert default == {"$ref": "#/components/responses/DEFAULT_ERROR"}, (path, method)
