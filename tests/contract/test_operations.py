"""Every operation of openapi.yaml, as an integrator meets it: a readable operationId, a
summary and a description, the Accept-Language parameter, X-Request-ID on every response,
and request and response examples that are the app's real answers (JSON as JSON, any other
media type as its text; the fields an example lists under `x-varying` are there, with any
value)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import pytest
import yaml
from flask.testing import FlaskClient

from service.api.examples import VARYING
from tests.conftest import ROOT

DOCUMENT: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
JSON = "application/json"
OPERATIONS = [
    pytest.param(path, method, operation, id=operation.get("operationId", f"{method} {path}"))
    for path, item in DOCUMENT["paths"].items()
    for method, operation in item.items()
]
NOT_COMPARED = {
    "viewer": "The page is service/static/viewer/index.html naming its assets' version, which "
    "changes with every asset: an example would only copy it. tests/api/test_viewer.py checks "
    "the page and its assets.",
    **dict.fromkeys(
        ("problem_types", "problem_type"),
        "Pages for a person, one per problem type and language: an example would only copy "
        "them. tests/api/test_problem_pages.py checks every one in English and French.",
    ),
}
"""The operations without response examples, and why."""


class Answer(NamedTuple):
    """A response example: its media type, its value, and the fields not compared."""

    media: str
    value: Any
    varying: tuple[str, ...]


def resolved(node: dict[str, Any]) -> dict[str, Any]:
    """`node`, or the component its `$ref` names."""
    while "$ref" in node:
        *_, kind, name = node["$ref"].split("/")
        node = DOCUMENT["components"][kind][name]
    return node


def request_examples(operation: dict[str, Any]) -> dict[str, Any]:
    content = operation.get("requestBody", {}).get("content", {}).get(JSON, {})
    return {name: example["value"] for name, example in content.get("examples", {}).items()}


def response_examples(operation: dict[str, Any]) -> dict[str, Answer]:
    return {
        name: Answer(media, shown["value"], tuple(shown.get(VARYING, ())))
        for media, content in operation["responses"]["200"]["content"].items()
        for name, example in content.get("examples", {}).items()
        for shown in [resolved(example)]
    }


def test_operation_ids_are_unique() -> None:
    ids = [operation["operationId"] for _, _, operation in (p.values for p in OPERATIONS)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS)
def test_an_operation_has_a_name_a_summary_and_a_description(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    assert re.fullmatch(r"[a-z]+(?:_[a-z]+)*", operation.get("operationId", "")), (
        "name it with @blp.doc(operationId='...'), in snake_case"
    )
    assert operation.get("summary"), "the first line of the view's docstring"
    assert operation.get("description"), "the view's docstring, after a blank line"


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS)
def test_an_operation_takes_accept_language_and_every_answer_has_a_request_id(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    names = [resolved(parameter)["name"] for parameter in operation["parameters"]]
    assert "Accept-Language" in names
    for status, response in operation["responses"].items():
        assert "X-Request-ID" in resolved(response)["headers"], status


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS)
def test_an_operation_that_takes_a_body_documents_what_a_body_can_meet(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    if "requestBody" in operation:
        assert {"400", "413", "415", "422"} <= set(operation["responses"])


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS)
def test_every_request_example_has_its_answer(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    requests, answers = request_examples(operation), response_examples(operation)
    if operation["operationId"] in NOT_COMPARED:
        assert not answers, "compared after all: leave NOT_COMPARED"
        return
    assert answers, "declare one with @example(...) above the view"
    if "requestBody" in operation:
        assert set(requests) == set(answers), "run `make examples`, then `make openapi`"


EXAMPLES = [
    pytest.param(path, method, request_examples(operation).get(name), answer, id=f"{oid}-{name}")
    for path, method, operation in (p.values for p in OPERATIONS)
    for oid in [operation["operationId"]]
    for name, answer in response_examples(operation).items()
]


@pytest.mark.parametrize(("path", "method", "body", "answer"), EXAMPLES)
def test_an_example_is_the_app_s_real_answer(
    client: FlaskClient, path: str, method: str, body: Any, answer: Answer
) -> None:
    response = client.open(path, method=method, json=body)
    assert response.status_code == 200
    assert response.mimetype == answer.media
    if answer.media != JSON:
        assert response.get_data(as_text=True) == answer.value, "`make examples`?"
        return
    got, expected = response.get_json(), dict(answer.value)
    for field in answer.varying:
        *parents, name = field.split(".")  # `card.elapsed_ms`: a nested answer's figure
        inside, shown = got, expected
        for key in parents:  # copies: the kept example is not changed
            inside[key], shown[key] = dict(inside[key]), dict(shown[key])
            inside, shown = inside[key], shown[key]
        assert type(inside.pop(name)) is type(shown.pop(name)), field
    assert got == expected, "the app answers otherwise: `make examples`?"


def test_only_search_figures_vary() -> None:
    varying = {field for *_, answer in (p.values for p in EXAMPLES) for field in answer.varying}
    assert {field.split(".")[-1] for field in varying} == {"nodes", "elapsed_ms"}


def schemas_under(node: Any, found: set[str]) -> set[str]:
    """The names of the schema components `node` refers to, directly or through others."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/components/schemas/") and ref.rpartition("/")[2] not in found:
            name = ref.rpartition("/")[2]
            found.add(name)
            schemas_under(DOCUMENT["components"]["schemas"][name], found)
        for value in node.values():
            schemas_under(value, found)
    elif isinstance(node, list):
        for value in node:
            schemas_under(value, found)
    return found


ANSWERS = sorted(
    schemas_under(
        [op["responses"] for _, _, op in (p.values for p in OPERATIONS)]
        + [DOCUMENT["components"]["responses"]],
        set(),
    )
)


@pytest.mark.parametrize("name", ANSWERS)
def test_every_field_of_an_answer_is_always_there(name: str) -> None:
    schema = DOCUMENT["components"]["schemas"][name]
    assert set(schema["properties"]) == set(schema.get("required", [])), "null, never omitted"
