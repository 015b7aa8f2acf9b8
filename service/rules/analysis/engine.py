"""Which engine answers the questions: the search class `questions.py` asks.

Only the reference search (`reference.Search`, pure Python) exists so far.
"""

from __future__ import annotations

from service.rules.analysis.reference import Search

ENGINE = "reference"


def search_class() -> type[Search]:
    """The search the questions are asked of."""
    return Search
