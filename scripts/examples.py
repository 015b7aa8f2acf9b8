"""Write service/api/examples.json: the app's own answer to every example request its document
declares (`@example`, service/api/examples.py). Run by `make examples`, then `make openapi`.

Usage: python -m scripts.examples (from the repository's root, as `make examples` runs it).
"""

from __future__ import annotations

import json
from typing import Any

from service.api.examples import ANSWERS_PATH, JSON, Answers, Request, load_answers
from service.api.openapi import ContractPlugin
from service.app import create_app


def answer_all(requests: list[Request], kept: Answers) -> dict[str, dict[str, Any]]:
    """The app's answer to every example request, by operationId and name: JSON as read, any
    other type as its text; a varying field keeps its value in `kept` when it has one."""
    client = create_app({"TESTING": True}).test_client()
    answers: dict[str, dict[str, Any]] = {}
    for request in requests:
        response = client.open(request.path, method=request.method, json=request.body)
        if response.status_code != 200 or response.mimetype != request.answer_type:
            raise ValueError(f"{request}: {response.status_code} {response.get_data(as_text=True)}")
        text = response.get_data(as_text=True)
        answer = json.loads(text) if request.answer_type == JSON else text
        before = kept.get(request.operation_id, {}).get(request.name)
        if request.varying and isinstance(before, dict):
            for field in request.varying:
                keep(answer, before, field.split("."))
        answers.setdefault(request.operation_id, {})[request.name] = answer
    return answers


def keep(answer: dict[str, Any], before: dict[str, Any], path: list[str]) -> None:
    """`before`'s value at `path` (a varying field, `card.elapsed_ms` for a nested one) put
    in `answer`, when both hold the field's parent."""
    *parents, field = path
    for key in parents:
        answer, before = answer.get(key), before.get(key)  # type: ignore[assignment]
        if not isinstance(answer, dict) or not isinstance(before, dict):
            return
    if field in before and field in answer:
        answer[field] = before[field]


def example_requests() -> list[Request]:
    """Every example request the app's document declares."""
    api = create_app().extensions["flask-smorest"]["apis"][""]["ext_obj"]
    (plugin,) = (p for p in api.spec.plugins if isinstance(p, ContractPlugin))
    return plugin.requests


def main() -> None:
    """Write examples.json from the app's own answers."""
    answers = answer_all(example_requests(), load_answers())
    ANSWERS_PATH.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
    print(f"{ANSWERS_PATH}: {sum(map(len, answers.values()))} answers")


if __name__ == "__main__":
    main()
