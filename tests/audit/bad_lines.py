"""Lines that cannot be judged, which the audit's tests spread among the records of a generated
archive (support/archive.py, `Archive.lines`)."""

from __future__ import annotations

from typing import Final

BAD_LINES: Final = (
    b'{"dealer": 3, "trump": "H"',  # not JSON: cut short
    b"[1, 2, 3]",  # JSON, not a deal
    b'{"id": "bad-1", "dealer": 3, "trump": "H", "taker": 0, "plays": ["7S", "7S"]}',  # twice
    b'{"id": "bad-2", "dealer": 9, "trump": "H", "taker": 0, "plays": []}',  # no such seat
    b'{"id": "bad-3", "players": ["a", "b", "c"], "dealer": 0, "trump": "S", "taker": 1, '
    b'"plays": []}',  # three players
    b"",  # an empty line
    b"\xff\xfe not UTF-8",
    b'{"dealer": "' + b"x" * 70_000 + b'"}',  # larger than the referee takes a body
)
"""Lines the audit must put in its errors, each for its own reason."""
