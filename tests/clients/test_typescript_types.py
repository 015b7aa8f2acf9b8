"""The TypeScript types openapi-typescript generates from openapi.yaml (default settings)
type the guide's bodies, every example request and every example answer (of any media type)
under `tsc --strict`; and refuse a wrong body (the check can fail)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.clients.conftest import BUILD, CALLS, DOCUMENT, NODE_BIN, fresh, shown
from tests.conftest import ROOT

JSON = "application/json"


def typed(name: str, kind: str, value: object) -> str:
    return f"export const {name}: {kind} = {json.dumps(value, ensure_ascii=False)};\n"


def request(operation_id: str) -> str:
    return f'operations["{operation_id}"]["requestBody"]["content"]["{JSON}"]'


def answer(operation_id: str, media: str) -> str:
    return f'operations["{operation_id}"]["responses"][200]["content"]["{media}"]'


def program() -> str:
    """A module typing the guide's bodies and each example request as its operation's request,
    and each example answer of the document as its operation's response."""
    lines = ['import type { operations } from "./referee";\n\n']
    for index, call in enumerate(CALLS):
        if call.body is not None:
            lines.append(typed(f"readme_{index}", request(call.operation_id), call.body))
    for item in DOCUMENT["paths"].values():
        for operation in item.values():
            oid = operation["operationId"]
            asked = operation.get("requestBody", {}).get("content", {}).get(JSON, {})
            for name, example in asked.get("examples", {}).items():
                lines.append(typed(f"{oid}_{name}_request", request(oid), example["value"]))
            for media, content in operation["responses"]["200"]["content"].items():
                for name, example in content.get("examples", {}).items():
                    kind = answer(oid, media)
                    lines.append(typed(f"{oid}_{name}", kind, shown(example)["value"]))
    # A wrong body must not compile: `hand` is a list of cards.
    lines.append("// @ts-expect-error\n")
    lines.append(typed("wrong", request("legal_moves"), {"trump": "H", "leader": 1, "hand": "KD"}))
    return "".join(lines)


def tsc(directory: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(NODE_BIN / "tsc"), "--strict", "--noEmit", "--target", "es2022", "readme.ts"],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def types() -> Path:
    """build/clients/typescript, with referee.d.ts generated from the committed document."""
    if not (NODE_BIN / "openapi-typescript").exists():
        pytest.fail("the Node tools are missing: `make test` installs them (npm ci)")
    out = fresh(BUILD / "typescript")
    subprocess.run(
        [str(NODE_BIN / "openapi-typescript"), str(ROOT / "openapi.yaml"), "-o", "referee.d.ts"],
        cwd=out,
        check=True,
        capture_output=True,
        timeout=300,
    )
    return out


def test_readme_bodies_and_example_answers_compile_under_strict(types: Path) -> None:
    (types / "readme.ts").write_text(program())
    run = tsc(types)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_wrong_body_does_not_compile(types: Path) -> None:
    (types / "readme.ts").write_text(program().replace("// @ts-expect-error\n", ""))
    run = tsc(types)
    assert run.returncode != 0
    (error,) = run.stdout.splitlines()  # that body's `hand`, and nothing else
    assert "not assignable to type 'string[]'" in error
