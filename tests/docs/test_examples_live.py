"""Every `curl` of the README and the guide, run as written (bash, curl) against a live
gunicorn, its answer held to the `# ->` the page shows (tests/docs/examples.py says how)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT
from tests.docs.examples import SERVER, Example, guide_examples, mismatches, parse
from tests.ops.conftest import gunicorn

EXAMPLES = guide_examples()
DOCUMENT: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())


def varying(path: str) -> set[str]:
    """The fields the contract lists as varying in the answers of the operation at `path`
    (`x-varying` beside its examples)."""
    found: set[str] = set()
    for operation in DOCUMENT["paths"].get(path, {}).values():
        for content in operation["responses"].get("200", {}).get("content", {}).values():
            for example in content.get("examples", {}).values():
                found.update(example.get("x-varying", ()))
    return found


@pytest.fixture(scope="module")
def referee() -> Iterator[str]:
    with gunicorn(workers=2) as (_, port):
        yield f"http://127.0.0.1:{port}"


def run(example: Example, referee: str, out: Path) -> tuple[int, str]:
    """The example's shell lines run by bash: the HTTP status and the body curl printed."""
    assert shutil.which("curl"), "the guide's examples need curl"
    script = "\n".join((*example.setup, example.command)).replace(SERVER, referee)
    script += f" --output-dir {out} -w '\\n%{{http_code}}'"
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    body, _, status = done.stdout.rpartition("\n")
    return int(status), body


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_each_example_answers_what_its_page_shows(
    example: Example, referee: str, tmp_path: Path
) -> None:
    status, body = run(example, referee, tmp_path)
    if example.answer is None:  # a picture to a file, or an answer too long to show
        assert status == 200, body
        return
    answer = json.loads(body)
    wrong = mismatches(parse(example.answer), answer, varying(example.path))
    assert not wrong, "\n".join([*wrong, "the real answer:", body])


def test_the_guide_shows_many_answers() -> None:
    """The examples are found (a change of layout that hid them would pass the test above
    vacuously): the front page's one and the guide's, nearly all answered."""
    pages = {example.page.name for example in EXAMPLES}
    assert "README.md" in pages and len(pages) >= 6
    assert sum(example.answer is not None for example in EXAMPLES) >= 28
