"""Which search answers the analysis's questions: `asking` hands them to one (the reference
search or the native core) for a while. Shared by tests/native, which asks both the same
questions, and bench/analysis.py, which times each.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from service.rules.analysis import engine, reference


@contextmanager
def asking(search: type[reference.Search]) -> Iterator[None]:
    """The questions asked of `search` meanwhile."""
    previous = engine.SEARCH
    engine.SEARCH = search
    try:
        yield
    finally:
        engine.SEARCH = previous
