"""What the client tests share: the guide's calls (README, docs/), the committed document,
a live gunicorn.

The clients are generated from the committed openapi.yaml, as an integrator would, with each
generator's default settings, into build/clients/ (git-ignored, made fresh on every run).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml

from tests.conftest import ROOT
from tests.docs.examples import guide_examples
from tests.ops.conftest import gunicorn

DOCUMENT: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
BUILD = ROOT / "build" / "clients"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"


class Call(NamedTuple):
    """One call of the guide: the operation it makes, its body, its language, and the media
    type of its answer."""

    operation_id: str
    tag: str
    body: Any  # None: no body
    language: str | None
    answer_type: str


def shown(example: dict[str, Any]) -> dict[str, Any]:
    """An example of the document, or the component its `$ref` names (a picture's)."""
    if "$ref" in example:
        name = example["$ref"].rsplit("/", 1)[1]
        example = DOCUMENT["components"]["examples"][name]
    return example


def operation(method: str, path: str) -> dict[str, Any]:
    return DOCUMENT["paths"][path][method.lower()]  # type: ignore[no-any-return]


def curl_body(command: str) -> Any:
    """The body a `curl` sends: `-d '{...}'`, or `-d @path` (a file of the repository)."""
    given = re.search(r"-d '([^']*)'", command)
    if given is not None:
        return json.loads(given[1])
    kept = re.search(r"-d @(\S+)", command)
    return None if kept is None else json.loads((ROOT / kept[1]).read_text())


def guide_calls() -> list[Call]:
    """Every `curl` of the README's and the guide's examples (tests/docs/examples.py), as the
    operation it calls, with the page's variables (`HANDS='[...]'`) written out. An error's
    example (a body piped in, `--data-binary @-`, or an answer that is a problem) is no call
    a client makes for a ruling."""
    calls = []
    for example in guide_examples():
        if not example.command.startswith("curl ") or '"type": "/problems/' in (
            example.answer or ""
        ):
            continue
        body = curl_body(example.expanded)
        french = re.search(r"-H 'Accept-Language: fr'", example.command)
        found = operation("GET" if body is None else "POST", example.path)
        (answer_type,) = found["responses"]["200"]["content"]
        calls.append(
            Call(
                found["operationId"],
                found["tags"][0],
                body,
                "fr" if french else None,
                answer_type,
            )
        )
    return calls


CALLS = guide_calls()


def fresh(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


@pytest.fixture(scope="session")
def referee() -> Iterator[str]:
    """The base URL of a live gunicorn serving the referee."""
    with gunicorn(workers=2) as (_, port):
        yield f"http://127.0.0.1:{port}"
