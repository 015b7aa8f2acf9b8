"""The matcher that holds the guide's `# ->` answers to the real ones (tests/docs/examples.py):
what `...` elides, what it does not, and that a wrong value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.examples import ANYTHING, mismatches, page_examples, parse

REAL = {
    "seat": 3,
    "legal": ["9H"],
    "illegal": [
        {"card": "KD", "violation": {"code": "undertrump", "message": "You had to..."}},
        {"card": "8C", "violation": {"code": "undertrump", "message": "You had to..."}},
    ],
    "nodes": 812,
    "elapsed_ms": 1.5,
    "exact": True,
    "points": 100,
}


@pytest.mark.parametrize(
    "shown",
    [
        '{"seat": 3, ...}',
        '{..., "seat": 3}',
        '{"legal": ["9H"], "illegal": [{"card": "KD", ...}, ...], ...}',
        '{"illegal": [{"card": "KD", "violation": {...}}, {"card": "8C", ...}], ...}',
        '{"illegal": [...], "nodes": ..., ...}',
        '{"illegal": [{"violation": {"message": "...", ...}, ...}, ...], ...}',
        '{"illegal": [{"violation": {"message": "You ...", ...}, ...}, ...], ...}',
        '{"points": 100.0, ...}',
        '{"seat": 3, "legal": ["9H"], "illegal": [...], "nodes": 1, "elapsed_ms": 0,'
        ' "exact": true, "points": 100}',
    ],
)
def test_what_an_answer_shows_matches(shown: str) -> None:
    assert mismatches(parse(shown), REAL, varying={"nodes", "elapsed_ms"}) == []


@pytest.mark.parametrize(
    ("shown", "where"),
    [
        ('{"seat": 2, ...}', "/seat: shown 2, got 3"),  # a wrong value
        ('{"legal": ["9C"], ...}', "/legal/0: shown '9C', got '9H'"),
        ('{"exact": 1, ...}', "/exact: shown 1, got True"),  # true is no number
        ('{"points": "100", ...}', "/points: shown '100', got 100"),
        ('{"seat": 3}', "/: keys not shown and no `...`"),  # a closed object
        ('{"illegal": [{"card": "KD", ...}], ...}', "/illegal: shown 1 items, got 2"),
        ('{"illegal": [{}, {}, {}, ...], ...}', "/illegal: shown 3 items+, got 2"),
        ('{"turned": ..., ...}', "/turned: shown, but not in the answer"),
        ('{"illegal": [{"violation": {"message": "Vous ...", ...}, ...}, ...], ...}', "/illegal/0"),
        ('{"legal": {...}, ...}', "/legal: shown an object"),
        ('{"seat": [...], ...}', "/seat: shown an array"),
    ],
)
def test_a_wrong_answer_fails_where_it_differs(shown: str, where: str) -> None:
    found = mismatches(parse(shown), REAL)
    assert found and found[0].startswith(where), found


def test_a_varying_field_must_still_be_there() -> None:
    shown = parse('{"nodes": 5, "time": ..., ...}')
    assert mismatches(parse('{"nodes": 5, ...}'), REAL, varying={"nodes"}) == []
    assert mismatches(shown, REAL, varying={"nodes", "time"}) == [
        "/time: shown, but not in the answer"
    ]


def test_the_notation_parses_as_written() -> None:
    assert parse("...") is ANYTHING
    assert parse('[1, "a", null, true]').items == [1, "a", None, True]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="must end its array"):
        parse("[..., 1]")
    with pytest.raises(ValueError):
        parse('{"a": 1} tail')
    with pytest.raises(ValueError):
        parse("[[8 cards] x4]")


def test_a_page_example_is_its_command_and_its_answer(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Text.\n\n```sh\n"
        'HANDS=\'[["7S"],\n        ["8S"]]\'\n'
        "# A comment.\n"
        "curl -s http://127.0.0.1:8000/v1/x -H 'Content-Type: application/json' \\\n"
        "  -d '{\"hands\": '\"$HANDS\"'}'\n"
        '# -> {"a": 1, "message": "two\n#     lines", ...}\n'
        "\n"
        "curl -s http://127.0.0.1:8000/v1/rules\n"
        "make run\n"
        "```\n"
    )
    first, second = page_examples(page)
    assert first.line == 7 and first.path == "/v1/x"
    assert first.answer == '{"a": 1, "message": "two lines", ...}'
    assert first.expanded.endswith("""-d '{"hands": [["7S"],\n        ["8S"]]}'""")
    assert second.command == "curl -s http://127.0.0.1:8000/v1/rules" and second.answer is None
