"""Rule options: defaults from RULES.md, every allowed value, and what is refused."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import DEFAULT_OPTIONS, OPTION_SPECS, InconsistentInput
from service.rules.variants import CLASSIC

DEFAULTS = {
    "undertrump": "required",
    "overtrump_partner": True,
    "belote": "automatic",
    "capot": 252,
    "rounding": "none",
    "renonce": "dedans",
    "target": 1000,
    "annonces": False,
    "belote_said": "belote",
    "illegal_card": "refuse",
    "game_end": "reach",
    "final_deal": "rounded",
    "partner_trump": "any",
    "litige": "reserve",
    "misdeal": "none",
}

ALLOWED = [
    ("undertrump", "required"),
    ("undertrump", "optional"),
    ("overtrump_partner", True),
    ("overtrump_partner", False),
    ("belote", "automatic"),
    ("belote", "announce"),
    ("capot", 252),
    ("capot", 250),
    ("rounding", "none"),
    ("rounding", "nearest_ten"),
    ("renonce", "dedans"),
    ("renonce", "annul"),
    ("target", 500),
    ("target", 501),
    ("target", 1000),
    ("target", 1500),
    ("target", 2000),
    ("target", 1),
    ("target", 100000),
    ("annonces", True),
    ("annonces", False),
    ("belote_said", "belote"),
    ("belote_said", "both"),
    ("illegal_card", "refuse"),
    ("illegal_card", "stand"),
    ("rounding", "nearest_ten_6up"),
    ("game_end", "reach"),
    ("game_end", "pass"),
    ("game_end", "ffb"),
    ("game_end", "ffb_pass"),
    ("final_deal", "rounded"),
    ("final_deal", "exact"),
    ("partner_trump", "any"),
    ("partner_trump", "beat"),
    ("partner_trump", "beat_if_only_trumps"),
    ("litige", "reserve"),
    ("litige", "dedans"),
    ("litige", "made"),
    ("misdeal", "none"),
    ("misdeal", "ffb_web"),
]

REFUSED = [
    ("undertrump", "sometimes"),
    ("undertrump", True),
    ("overtrump_partner", "true"),
    ("overtrump_partner", 1),
    ("belote", "always"),
    ("capot", 251),
    ("capot", "252"),
    ("capot", True),
    ("capot", 252.0),
    ("capot", 250.0),
    ("rounding", "up"),
    ("renonce", "redeal"),
    ("target", 0),
    ("target", -1000),
    ("target", "1000"),
    ("target", True),
    ("target", 10**9),
    ("target", 100001),
    ("target", 1000.0),
    ("annonces", 1),
    ("annonces", "yes"),
    ("annonces", 0),
    # The Fédération Française de Coinche's and Cannes's misdeal penalties are coinche's.
    ("misdeal", "ff_coinche"),
    ("misdeal", "cannes"),
    ("misdeal", None),
]


def test_the_defaults_are_the_ones_rules_md_names() -> None:
    assert DEFAULT_OPTIONS.as_dict() == DEFAULTS
    assert {name: spec.default for name, spec in OPTION_SPECS.items()} == DEFAULTS
    assert CLASSIC.options(None) == DEFAULT_OPTIONS
    assert CLASSIC.options({}) == DEFAULT_OPTIONS


@pytest.mark.parametrize(("name", "value"), ALLOWED)
def test_every_allowed_value_is_taken_and_leaves_the_others_at_default(
    name: str, value: Any
) -> None:
    options = CLASSIC.options({name: value})
    assert options.as_dict() == {**DEFAULTS, name: value}


@pytest.mark.parametrize(("name", "value"), REFUSED)
def test_a_bad_value_is_inconsistent_input_pointing_at_the_option(name: str, value: Any) -> None:
    with pytest.raises(InconsistentInput) as raised:
        CLASSIC.options({name: value})
    (problem,) = raised.value.problems
    assert problem.pointer == f"/rules/{name}"
    assert name in problem.message("en")
    assert name in problem.message("fr")


def test_an_unknown_option_is_inconsistent_input_and_every_problem_is_listed() -> None:
    with pytest.raises(InconsistentInput) as raised:
        CLASSIC.options({"trumps": "none", "capot": 300, "undertrump": "optional"})
    assert [p.pointer for p in raised.value.problems] == ["/rules/trumps", "/rules/capot"]
    assert [p.code for p in raised.value.problems] == ["unknown_option", "bad_option_value"]


def test_the_pointer_prefix_follows_where_the_rules_sit() -> None:
    with pytest.raises(InconsistentInput) as raised:
        CLASSIC.options({"target": 0}, pointer="/deals/2/rules")
    assert raised.value.problems[0].pointer == "/deals/2/rules/target"
