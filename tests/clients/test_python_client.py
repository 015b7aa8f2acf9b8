"""The Python client openapi-python-client generates from openapi.yaml (default settings)
runs every call of the guide (README, docs/) and reads a 422, against a live gunicorn.

A JSON answer is read into its model, which gives the same JSON back. The generator reads no
`image/svg+xml` answer (it warns, and leaves it out): the client hands the picture over as it
came (`content`, `parsed` None), which is what a caller of /v1/deals/render uses."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.clients.conftest import BUILD, CALLS, DOCUMENT, Call, fresh
from tests.conftest import ROOT
from tests.ops.conftest import BIN

PACKAGE = "belote_referee_client"  # from the document's title
JSON = "application/json"


@pytest.fixture(scope="session")
def generation() -> tuple[Path, str]:
    """The generator run as an integrator runs it: the project it wrote in
    build/clients/python, and what it printed (stdout and stderr)."""
    out = fresh(BUILD / "python")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}  # its ruff hooks
    run = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(ROOT / "openapi.yaml")],
        cwd=out,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
    )
    (project,) = out.iterdir()
    return project, run.stdout


@pytest.fixture(scope="session")
def client_package(generation: tuple[Path, str]) -> Iterator[ModuleType]:
    """The generated package, imported from build/clients/python."""
    project, _ = generation
    sys.path.insert(0, str(project))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(project))


def call(package: ModuleType, referee: str, operation_id: str, tag: str, **kwargs: Any) -> Any:
    """`operation_id` called through the generated client: its `sync_detailed` response."""
    module = importlib.import_module(f"{PACKAGE}.api.{tag}.{operation_id}")
    client = package.Client(base_url=referee)
    return module.sync_detailed(client=client, **kwargs)


def body_model(package: ModuleType, call: Call) -> Any:
    module = importlib.import_module(f"{PACKAGE}.api.{call.tag}.{call.operation_id}")
    return typing.get_type_hints(module.sync_detailed)["body"]


@pytest.mark.parametrize("example", CALLS, ids=[c.operation_id for c in CALLS])
def test_the_client_makes_each_call_of_the_guide(
    client_package: ModuleType, referee: str, example: Call
) -> None:
    kwargs: dict[str, Any] = {}
    if example.body is not None:
        kwargs["body"] = body_model(client_package, example).from_dict(example.body)
    if example.language is not None:
        kwargs["accept_language"] = example.language
    response = call(client_package, referee, example.operation_id, example.tag, **kwargs)
    assert response.status_code == 200, response.content
    assert response.headers["Content-Type"].partition(";")[0] == example.answer_type
    if example.answer_type == JSON:
        problem = importlib.import_module(f"{PACKAGE}.models").Problem
        assert not isinstance(response.parsed, problem)
        # The model read every field of the answer, and gives the same JSON back.
        assert response.parsed.to_dict() == json.loads(response.content)
    else:
        assert response.parsed is None
        assert b"<svg" in response.content
    if example.language == "fr":
        assert response.headers["Content-Language"] == "fr"


def test_the_client_reads_a_422_problem(client_package: ModuleType, referee: str) -> None:
    models = importlib.import_module(f"{PACKAGE}.models")
    turn = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "AS", "8C"]}
    response = call(
        client_package,
        referee,
        "legal_moves",
        "play",
        body=models.Turn.from_dict(turn),
        accept_language="fr",
    )
    assert response.status_code == 422
    problem = response.parsed
    assert isinstance(problem, models.Problem)
    assert problem.type_ == models.ProblemType("/problems/inconsistent-input")
    assert [error.pointer for error in problem.errors] == ["/hand/1"]
    assert "as de pique" in problem.errors[0].message
    assert response.headers["Content-Language"] == "fr"


def test_the_guide_calls_every_operation_that_takes_a_body() -> None:
    """Coinche's and analysis's among them: each request built by its model, each answer
    read (above)."""
    posted = {
        operation["operationId"]
        for item in DOCUMENT["paths"].values()
        for operation in item.values()
        if "requestBody" in operation
    }
    assert {"coinche_bidding", "coinche_replay_deal", "solve_deal", "judge_claim"} <= posted
    assert {call.operation_id for call in CALLS} >= posted


def test_the_guide_calls_each_computation_of_the_first_version() -> None:
    first = {"legal_moves", "validate_play", "trick_winner", "replay_deal", "score_deal"}
    first |= {"score_game", "judge_bidding", "deal_cards", "find_annonces", "get_rules"}
    assert {call.operation_id for call in CALLS} >= first


def test_the_generator_warns_of_the_picture_only_and_shows_no_example(
    generation: tuple[Path, str],
) -> None:
    """Issue 31, item 10: the generator printed the render's whole response, its SVG example
    included, as a warning. It still warns that it reads no `image/svg+xml` answer (0.29, by
    default, prints the response it skips: about 30 lines), and that is all: the example is a
    `$ref` to `#/components/examples`, never its markup."""
    _, output = generation
    warnings = re.findall(r"^WARNING (.*)$", output, flags=re.MULTILINE)
    assert warnings == ["parsing POST /v1/deals/render within deals."], output
    assert "Unsupported content_type image/svg+xml" in output
    assert "<svg" not in output and "<?xml" not in output
    assert '"$ref": "#/components/examples/render_deal_renonce"' in output
    assert len(output.splitlines()) < 50, output
    assert "ruff is not in PATH" not in output
