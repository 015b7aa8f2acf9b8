"""Which engine answers the analysis: the native core unless BELOTE_SOLVER names the
reference; a core that is chosen and not built stops the import with what to run."""

from __future__ import annotations

import os
import sys

import pytest

from service.rules.analysis import engine, reference
from service.rules.description import describe
from service.rules.variants import CLASSIC


@pytest.mark.parametrize(
    ("environ", "name"),
    [
        ({}, "native"),
        ({"BELOTE_SOLVER": "native"}, "native"),
        ({"BELOTE_SOLVER": "reference"}, "reference"),
        ({"OTHER": "reference"}, "native"),
    ],
)
def test_the_native_core_answers_unless_the_reference_is_asked_for(
    environ: dict[str, str], name: str
) -> None:
    assert engine.chosen(environ) == name


def test_an_unknown_engine_is_refused_with_the_choices() -> None:
    with pytest.raises(RuntimeError) as raised:
        engine.chosen({"BELOTE_SOLVER": "fast"})
    assert str(raised.value) == "BELOTE_SOLVER='fast': the solver is 'native' or 'reference'"


def test_the_reference_is_the_pure_python_search() -> None:
    assert engine.load("reference") is reference.Search


def test_a_native_core_not_built_stops_the_import_with_what_to_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A module set to None in sys.modules cannot be imported: as if it were never built.
    monkeypatch.setitem(sys.modules, "service.rules.analysis.native._native", None)
    with pytest.raises(ImportError) as raised:
        engine.load("native")
    cause = raised.value.__cause__
    assert isinstance(cause, ImportError)
    assert str(raised.value) == (
        f"The native search core is not built ({cause}). Run `make native` (it needs a C "
        "compiler and Python's headers: apt-get install gcc python3-dev), or set "
        "BELOTE_SOLVER=reference for the pure-Python search."
    )


def test_the_questions_ask_the_chosen_search() -> None:
    # tests/rules ask the reference (conftest.py), whichever engine the service runs.
    assert engine.search_class() is reference.Search


def test_the_rules_say_which_engine_answers() -> None:
    assert describe(CLASSIC).analysis_engine == engine.ENGINE
    assert engine.chosen(os.environ) == engine.ENGINE


def test_the_engine_is_loaded_once_when_first_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "ENGINE", engine.REFERENCE)
    monkeypatch.setattr(engine, "SEARCH", None)
    assert engine.search_class() is reference.Search
    assert engine.SEARCH is reference.Search
    kept = object()
    monkeypatch.setattr(engine, "SEARCH", kept)
    assert engine.search_class() is kept


@pytest.mark.parametrize(("partner_trump", "native"), [("any", True), ("beat", False)])
def test_play_rules_the_native_core_does_not_know_are_searched_by_the_reference(
    monkeypatch: pytest.MonkeyPatch, partner_trump: str, native: bool
) -> None:
    """The compiled move generator has `undertrump` and `overtrump_partner` only: a search
    under `partner_trump` other than "any" is the reference's, which asks
    `play.obligation_of_mask` itself."""
    kept = object()
    monkeypatch.setattr(engine, "SEARCH", kept)
    options = CLASSIC.options({"partner_trump": partner_trump})
    assert (engine.search_class(options) is kept) == native
    if not native:
        assert engine.search_class(options) is reference.Search
    assert engine.search_class() is kept
