"""Which engine answers the questions: the search class `questions.py` asks.

- `native` (the default): the compiled core, `native._native.Search` (the C search behind a thin
  Cython wrapper), built by `make native` (`make run` and `make test` build it);
- `reference`: the pure-Python search, `reference.Search`, with the environment variable
  `BELOTE_SOLVER=reference`.

Both have the same methods and give the same answers (tests/native proves it); only their
speed and their `nodes` differ. The choice is read once, at import (`ENGINE`, which names it
without loading it: the rules' description says it); the engine is loaded when the questions
are (`questions.py` asks `search_class()` as it is imported): when the native core is chosen
and not built, that import fails and says what to run, rather than answer 40 times slower.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.rules.analysis.reference import Search
    from service.rules.core.play import PlayOptions

VARIABLE = "BELOTE_SOLVER"
NATIVE, REFERENCE = "native", "reference"
ENGINES = (NATIVE, REFERENCE)


def chosen(environ: Mapping[str, str]) -> str:
    """The engine `environ` names (`BELOTE_SOLVER`), native when it names none."""
    name = environ.get(VARIABLE, NATIVE)
    if name not in ENGINES:
        raise RuntimeError(f"{VARIABLE}={name!r}: the solver is {NATIVE!r} or {REFERENCE!r}")
    return name


def load(name: str) -> type[Search]:
    """The search class of engine `name`."""
    if name == REFERENCE:
        from service.rules.analysis.reference import Search

        return Search
    try:
        from service.rules.analysis.native._native import Search as Native
    except ImportError as missing:
        raise ImportError(
            f"The native search core is not built ({missing}). Run `make native` (it needs a "
            "C compiler and Python's headers: apt-get install gcc python3-dev), or set "
            f"{VARIABLE}={REFERENCE} for the pure-Python search."
        ) from missing
    return Native


ENGINE = chosen(os.environ)
SEARCH: type[Search] | None = None  # loaded by the first `search_class()`


def search_class(options: PlayOptions | None = None) -> type[Search]:
    """The search the questions are asked of: the engine chosen, loaded the first time; but
    the reference search for play rules the native core's move generator does not know
    (`partner_trump: beat`: it has `undertrump` and `overtrump_partner` only)."""
    global SEARCH
    if SEARCH is None:
        SEARCH = load(ENGINE)
    if options is not None and options.partner_trump != "any":
        return load(REFERENCE)
    return SEARCH
