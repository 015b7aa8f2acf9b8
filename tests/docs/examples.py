"""The guide's answered examples: every `curl` of README.md and docs/*.md, and the matcher that
holds each `# ->` answer to the service's real one.

An answer is JSON written for a reader, with `...` for what it leaves out: among an object's
members, the other keys; as an array's last item, further items; as a value, anything; inside a
string, any text there (`"belote-deal/1: ..."`). Every field it shows must have the value
shown, and an object or array written without `...` must be the whole of it. The fields the
contract lists as varying (`x-varying`: `elapsed_ms`, `nodes`) are exempt from their value,
not from being there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

# The pages whose examples are proven: the front page and every page of the guide.
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))
SERVER = "http://127.0.0.1:8000"


class Elided:
    """`...` as a value: anything."""

    def __repr__(self) -> str:
        return "..."


ANYTHING = Elided()


@dataclass(frozen=True)
class Shape:
    """An object (`items` a dict) or an array (`items` a list) as written; `open` when it holds
    `...` (anywhere in an object, where keys have no order; last in an array)."""

    items: dict[str, Any] | list[Any]
    open: bool


@dataclass(frozen=True)
class Text:
    """A string written with `...` in it: the parts between must appear in that order."""

    pattern: re.Pattern[str]


_DECODER = json.JSONDecoder()


def parse(text: str) -> Any:
    """An answer as written, into the pattern `mismatches` reads."""
    value, end = _value(text, _skip(text, 0))
    if _skip(text, end) != len(text):
        raise ValueError(f"unexpected text after the answer: {text[end:]!r}")
    return value


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _value(text: str, i: int) -> tuple[Any, int]:
    if text.startswith("...", i):
        return ANYTHING, i + 3
    if text[i] in "{[":
        return _shape(text, i)
    value, end = _DECODER.raw_decode(text, i)
    if isinstance(value, str) and "..." in value:
        parts = (re.escape(part) for part in value.split("..."))
        return Text(re.compile(".*".join(parts), re.S)), end
    return value, end


def _shape(text: str, i: int) -> tuple[Shape, int]:
    """An object or array from its bracket at `i` to the one that closes it."""
    closing = "}" if text[i] == "{" else "]"
    items: dict[str, Any] | list[Any] = {} if closing == "}" else []
    i = _skip(text, i + 1)
    elided = False
    while text[i] != closing:
        if elided and isinstance(items, list):
            raise ValueError(f"`...` must end its array, at {text[i : i + 20]!r}")
        if text.startswith("...", i):
            elided, i = True, i + 3
        elif isinstance(items, dict):
            key, i = _DECODER.raw_decode(text, i)
            i = _skip(text, i)
            if text[i] != ":":
                raise ValueError(f"expected ':' at {text[i : i + 20]!r}")
            items[key], i = _value(text, _skip(text, i + 1))
        else:
            item, i = _value(text, i)
            items.append(item)
        i = _skip(text, i)
        if text[i] == ",":
            i = _skip(text, i + 1)
        elif text[i] != closing:
            raise ValueError(f"expected ',' or {closing!r} at {text[i : i + 20]!r}")
    return Shape(items, elided), i + 1


def mismatches(
    expected: Any, actual: Any, varying: Iterable[str] = (), where: str = ""
) -> list[str]:
    """Where `actual` differs from the pattern `expected`, as JSON pointers with what was
    shown and what came; empty when it matches."""
    varying = frozenset(varying)
    if expected is ANYTHING:
        return []
    if isinstance(expected, Text):
        if isinstance(actual, str) and expected.pattern.fullmatch(actual):
            return []
        return [f"{where or '/'}: shown {expected.pattern.pattern!r}, got {actual!r}"]
    if isinstance(expected, Shape):
        return _shape_mismatches(expected, actual, varying, where)
    same = type(expected) is type(actual) or ({type(expected), type(actual)} <= {int, float})
    if same and expected == actual:
        return []
    return [f"{where or '/'}: shown {expected!r}, got {actual!r}"]


def _shape_mismatches(
    expected: Shape, actual: Any, varying: frozenset[str], where: str
) -> list[str]:
    if isinstance(expected.items, dict):
        if not isinstance(actual, dict):
            return [f"{where or '/'}: shown an object, got {actual!r}"]
        found = []
        for key, value in expected.items.items():
            if key not in actual:
                found.append(f"{where}/{key}: shown, but not in the answer")
            elif key not in varying:
                found += mismatches(value, actual[key], varying, f"{where}/{key}")
        unshown = sorted(set(actual) - set(expected.items))
        if unshown and not expected.open:
            found.append(f"{where or '/'}: keys not shown and no `...`: {unshown}")
        return found
    if not isinstance(actual, list):
        return [f"{where or '/'}: shown an array, got {actual!r}"]
    shown = len(expected.items)
    if len(actual) < shown or (len(actual) > shown and not expected.open):
        return [
            f"{where or '/'}: shown {shown} items{'+' if expected.open else ''}, "
            f"got {len(actual)}: {actual!r}"
        ]
    found = []
    for index, value in enumerate(expected.items):
        found += mismatches(value, actual[index], varying, f"{where}/{index}")
    return found


@dataclass(frozen=True)
class Example:
    """One `curl` of a page: the shell lines it needs (the page's variables before it), the
    command as written, and its answer as written (None: the page shows none)."""

    page: Path
    line: int
    setup: tuple[str, ...]
    command: str
    answer: str | None

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def expanded(self) -> str:
        """The command with each variable it uses (`'"$HANDS"'`) written out."""
        command = self.command
        for assignment in self.setup:
            name, _, value = assignment.partition("=")
            command = command.replace(f"'\"${name}\"'", value.strip("'"))
        return command

    @property
    def path(self) -> str:
        found = re.search(re.escape(SERVER) + r"(/\S*)", self.command)
        assert found is not None
        return found[1]


def shell_blocks(text: str) -> Iterable[tuple[int, list[str]]]:
    """Each ```sh block of a page: the line number of its first line, and its lines."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start, i = i + 1, i + 1
            while lines[i].strip() != "```":
                i += 1
            yield start + 1, lines[start:i]
        i += 1


def page_examples(page: Path) -> list[Example]:
    """The examples of one page, in order. A command is a line that starts in the first
    column and is no comment, with the indented lines after it (a body over several lines);
    its answer is a `# -> ` line after it with the `#`-and-indented lines that continue it."""
    found: list[Example] = []
    setup: list[str] = []
    for first, lines in shell_blocks(page.read_text()):
        i = 0
        while i < len(lines):
            start = i
            i += 1
            if not lines[start] or lines[start][0] in " #":
                continue
            while i < len(lines) and lines[i][:1] == " ":
                i += 1
            command = "\n".join(lines[start:i])
            if re.match(r"[A-Z_]+='", command):
                setup.append(command)
                continue
            answer = None
            if i < len(lines) and lines[i].startswith("# -> "):
                parts = [lines[i][len("# -> ") :]]
                i += 1
                while i < len(lines) and re.match(r"#\s{2,}", lines[i]):
                    parts.append(lines[i][1:].strip())
                    i += 1
                answer = " ".join(part.strip() for part in parts)
            if "curl " in command and SERVER in command:
                found.append(Example(page, first + start, tuple(setup), command, answer))
    return found


def guide_examples() -> list[Example]:
    return [example for page in PAGES for example in page_examples(page)]
