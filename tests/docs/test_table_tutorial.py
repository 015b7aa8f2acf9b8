"""docs/table.md, "Run a table": the tutorial's game loop, in Python and in TypeScript, plays
a whole coinche game against a live gunicorn, as the page says to run it; and it is the short
loop the page promises (at most 60 lines, no rule of the game in it)."""

from __future__ import annotations

import importlib.util
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.ops.conftest import gunicorn

EXAMPLES = ROOT / "examples"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
FINISHED = re.compile(r"^(\d+) deals, totals (\d+) to (\d+): team ([01]) wins$")
# What a loop that decided a rule would have to name: a card, a points value, a seat's turn.
RULE_WORDS = re.compile(r"\b(?:[789JQKA]|10)[SHDC]\b|\b162\b|\b252\b|% ?4\b|trump|atout")


@pytest.fixture(scope="module")
def referee() -> Iterator[str]:
    with gunicorn(workers=2) as (_, port):
        yield f"http://127.0.0.1:{port}"


def finished(output: str) -> tuple[int, int, int, int]:
    match = FINISHED.match(output.strip())
    assert match, output
    deals, a, b, winner = map(int, match.groups())
    assert max(a, b) >= 2000 and (a > b) == (winner == 0), output
    return deals, a, b, winner


def test_the_python_loop_plays_a_game_to_the_target(referee: str) -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "table_game.py"), referee],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    finished(run.stdout)


def test_the_typescript_loop_plays_a_game_to_the_target(referee: str, tmp_path: Path) -> None:
    if not (NODE_BIN / "tsc").exists():
        pytest.fail("the Node tools are missing: `make test` installs them (npm ci)")
    node = shutil.which("node")
    assert node, "the TypeScript loop needs Node.js"
    shutil.copy(EXAMPLES / "table_game.ts", tmp_path)
    generate = [str(NODE_BIN / "openapi-typescript"), str(ROOT / "openapi.yaml")]
    subprocess.run([*generate, "-o", "referee.d.ts"], cwd=tmp_path, check=True, timeout=300)
    compile_ = [str(NODE_BIN / "tsc"), "--strict", "--target", "es2022", "--module", "commonjs"]
    built = subprocess.run(
        [*compile_, "table_game.ts"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert built.returncode == 0, built.stdout + built.stderr
    run = subprocess.run(
        [node, "table_game.js", referee],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    finished(run.stdout)


@pytest.mark.parametrize("name", ["table_game.py", "table_game.ts"])
def test_the_loop_is_short_and_keeps_no_rule(name: str) -> None:
    text = (EXAMPLES / name).read_text()
    # The page promises 60 lines of Python; TypeScript says the same in a few more.
    assert len(text.splitlines()) <= (60 if name.endswith(".py") else 70)
    assert not RULE_WORDS.search(text), RULE_WORDS.search(text)


def test_the_loops_calls_are_its_actions_and_its_bots_questions(
    referee: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's HTTP calls: each action, each bot's question, and one look at the first deal,
    nothing more (the deal after is dealt ahead)."""
    monkeypatch.setattr(sys, "argv", ["table_game.py", referee, "1000"])
    spec = importlib.util.spec_from_file_location("table_game", EXAMPLES / "table_game.py")
    assert spec is not None and spec.loader is not None
    loop = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loop)
    made: list[tuple[str, bool]] = []
    post = loop.post

    def counted(path: str, body: dict[str, object]) -> object:
        made.append((path, "action" in body))
        return post(path, body)

    monkeypatch.setattr(loop, "post", counted)
    table, deals = loop.play_game(random.Random(1))
    assert table["phase"] == "game_over" and deals >= 1
    looks = [path for path, acting in made if path.endswith("/table") and not acting]
    assert looks == ["/v1/coinche/table"]
    assert {path for path, _ in made} == {"/v1/coinche/table", "/v1/coinche/table/advice"}
