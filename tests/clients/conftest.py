"""What the client tests share: the README's calls, the committed document, a live gunicorn.

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
from tests.ops.conftest import gunicorn

DOCUMENT: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
BUILD = ROOT / "build" / "clients"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"


class Call(NamedTuple):
    """One call of the README: the operation it makes, its body, its language, and the media
    type of its answer."""

    operation_id: str
    tag: str
    body: Any  # None: no body
    language: str | None
    answer_type: str


def operation(method: str, path: str) -> dict[str, Any]:
    return DOCUMENT["paths"][path][method.lower()]  # type: ignore[no-any-return]


def curl_body(command: str) -> Any:
    """The body a `curl` sends: `-d '{...}'`, or `-d @path` (a file of the repository)."""
    given = re.search(r"-d '([^']*)'", command)
    if given is not None:
        return json.loads(given[1])
    kept = re.search(r"-d @(\S+)", command)
    return None if kept is None else json.loads((ROOT / kept[1]).read_text())


def readme_calls() -> list[Call]:
    """Every `curl` of the README's endpoint examples, as the operation it calls; a shell
    variable the README sets (`HANDS='[...]'`) spliced where a body uses it (`'"$HANDS"'`)."""
    text = (ROOT / "README.md").read_text()
    for name, value in re.findall(r"^([A-Z_]+)='([^']*)'$", text, re.M):
        text = text.replace(f"'\"${name}\"'", value)
    calls = []
    for command in re.findall(r"^curl .*?(?=^\S*$|^# ->|^curl )", text, re.M | re.S):
        path = re.search(r"http://127\.0\.0\.1:8000(/\S*)", command)
        if path is None:
            continue
        body = curl_body(command)
        french = re.search(r"-H 'Accept-Language: fr'", command)
        found = operation("GET" if body is None else "POST", path[1])
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


CALLS = readme_calls()


def fresh(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


@pytest.fixture(scope="session")
def referee() -> Iterator[str]:
    """The base URL of a live gunicorn serving the referee."""
    with gunicorn(workers=2) as (_, port):
        yield f"http://127.0.0.1:{port}"
