"""Request and response examples for openapi.yaml: requests beside their views, answers real.

An operation's examples are one declaration above its view, under its operationId:

    @blp.route("/v1/legal-moves")
    class LegalMoves(MethodView):
        @blp.doc(operationId="legal_moves")
        @example("must_trump", {"trump": "H", "leader": 1, "trick": ["AS", "JH"], ...},
                 "Seat 3 can neither follow spades nor beat JH: it must still trump.")
        @judgement(blp, TurnSchema, RulingSchema)
        def post(self, turn): ...

(`@example(name)` without a body for a GET; `answer_type=` for an answer that is not JSON,
which is kept as its text.) The answers are the app's own, kept in
`examples.json` beside this module by operationId and example name: `make examples`
(`scripts/examples.py`) sends every example request to the app and writes its answers there,
and tests/contract/test_operations.py checks that the app still gives them. A request with no
answer kept yet shows no response example, and that test says to run `make examples`.

A field whose value depends on the machine or the moment (an analysis's `elapsed_ms` and
`nodes`) is named in `varying=`: the response example lists it under `x-varying`, the test
checks that it is there but not its value, and `make examples` keeps its stored value rather
than a new one, so that openapi.yaml does not change with the machine that wrote it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final, NamedTuple, TypeVar

from service.api.blueprint import Blueprint

ANSWERS_PATH: Final = Path(__file__).with_name("examples.json")
JSON: Final = "application/json"
OK: Final = 200  # an int, as flask-smorest's own responses are keyed until apispec cleans them

View = TypeVar("View", bound=Callable[..., Any])
Answers = Mapping[str, Mapping[str, Any]]


VARYING: Final = "x-varying"  # in a response example: the fields whose value is not compared


class Request(NamedTuple):
    """One example request: where it goes, its body (None: no body), the media type of its
    answer and the answer's fields whose value varies."""

    operation_id: str
    name: str
    method: str
    path: str
    body: Any
    answer_type: str = JSON
    varying: tuple[str, ...] = ()


def example(
    name: str,
    body: Any = None,
    summary: str | None = None,
    *,
    answer_type: str = JSON,
    varying: tuple[str, ...] = (),
) -> Callable[[View], View]:
    """Declare the example request `name` of the view below (its body, for a POST) and its
    response example, whose value is the answer `make examples` keeps (of `answer_type`; the
    top-level fields named in `varying` are not compared)."""
    described = {} if summary is None else {"summary": summary}
    shown = {**described, VARYING: list(varying)} if varying else dict(described)
    doc: dict[str, Any] = {
        "responses": {OK: {"content": {answer_type: {"examples": {name: shown}}}}}
    }
    if body is not None:
        doc["requestBody"] = {"content": {JSON: {"examples": {name: {**described, "value": body}}}}}
    return Blueprint.doc(**doc)


def each_example(
    declared: Iterable[tuple[str, Any, str | None]], *, varying: tuple[str, ...] = ()
) -> Callable[[View], View]:
    """`@example(name, body, summary, varying=varying)` for each of `declared`, in its order,
    as they would stand one above the other over the view (a variant's examples of a view
    written once for every variant)."""

    def decorate(view: View) -> View:
        for name, body, summary in reversed(tuple(declared)):
            view = example(name, body, summary, varying=varying)(view)
        return view

    return decorate


def load_answers(path: Path = ANSWERS_PATH) -> Answers:
    """The answers kept for the examples, by operationId and example name."""
    answers: Answers = json.loads(path.read_text()) if path.exists() else {}
    return answers


def fill(path: str, method: str, operation: dict[str, Any], answers: Answers) -> list[Request]:
    """Give each response example of `operation` its kept answer (dropping those that have
    none), and return the operation's example requests."""
    operation_id = operation.get("operationId", "")
    kept = answers.get(operation_id, {})
    responses = operation.get("responses", {})
    response = responses.get(OK) or responses.get(str(OK)) or {}
    content = response.get("content", {})
    answer_type = next((media for media in content if content[media].get("examples")), None)
    if answer_type is None:
        return []
    shown = content[answer_type]["examples"]
    bodies = operation.get("requestBody", {}).get("content", {}).get(JSON, {}).get("examples", {})
    requests = [
        Request(
            operation_id,
            name,
            method.upper(),
            path,
            bodies.get(name, {}).get("value"),
            answer_type,
            tuple(shown[name].get(VARYING, ())),
        )
        for name in shown
    ]
    for name in list(shown):
        if name in kept:
            shown[name]["value"] = kept[name]
        else:
            del shown[name]
    if not shown:
        del content[answer_type]["examples"]
    return requests
