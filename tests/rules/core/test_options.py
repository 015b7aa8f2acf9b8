"""The options both games have, specified once (`SHARED_SPECS`), each variant giving its own
defaults; a variant's spec lists its default first."""

from __future__ import annotations

from dataclasses import fields

import pytest

from service.rules.core.options import (
    MAX_TARGET,
    SHARED_SPECS,
    Options,
    OptionSpec,
    option_specs,
)
from service.rules.variants import VARIANTS
from service.text.catalog import text


def test_the_shared_specs_are_the_options_both_games_have() -> None:
    assert list(SHARED_SPECS) == [field.name for field in fields(Options)]
    for variant in VARIANTS.values():
        assert set(SHARED_SPECS) <= set(variant.specs)


@pytest.mark.parametrize("name", list(SHARED_SPECS))
def test_a_shared_option_takes_the_same_values_in_every_game_its_default_first(name: str) -> None:
    shared = SHARED_SPECS[name]
    for variant in VARIANTS.values():
        spec = variant.specs[name]
        assert spec.default == getattr(variant.default_options, name)
        assert spec.bounds == shared.bounds
        if shared.allowed is None:
            assert spec.allowed is None
        else:
            assert set(spec.allowed or ()) == set(shared.allowed)
            assert spec.allowed and spec.allowed[0] == spec.default


def test_an_option_s_sentence_is_the_catalog_s_in_each_language() -> None:
    spec = SHARED_SPECS["undertrump"]
    assert spec.sentence("fr") == text("option.undertrump", "fr") != spec.description
    assert spec.description == text("option.undertrump", "en")


def test_an_integer_option_says_its_bounds() -> None:
    assert OptionSpec("target", None, bounds=(1, 9)).allowed_text == "an integer from 1 to 9"
    assert not OptionSpec("target", None, bounds=(1, 9)).accepts(True)


def test_a_variant_s_specs_are_its_own_and_the_shared_ones_by_name_each_default_first() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Game(Options):
        undertrump: str = "optional"
        overtrump_partner: bool = False
        belote: str = "announce"
        capot: int = 250
        rounding: str = "nearest_ten"
        renonce: str = "annul"
        target: int = 500
        annonces: bool = True
        belote_said: str = "both"
        illegal_card: str = "stand"
        game_end: str = "pass"
        final_deal: str = "exact"
        partner_trump: str = "beat"
        fives: int = 85

    own = OptionSpec("fives", (80, 85, 90))
    specs = option_specs(Game(), own, *SHARED_SPECS)
    assert list(specs) == ["fives", *SHARED_SPECS]
    assert specs["fives"] == OptionSpec("fives", (85, 80, 90), default=85)
    assert specs["capot"] == OptionSpec("capot", (250, 252), default=250)
    assert specs["overtrump_partner"].allowed == (False, True)
    assert specs["target"] == OptionSpec("target", None, bounds=(1, MAX_TARGET), default=500)
    with pytest.raises(TypeError):
        option_specs(Game(), *SHARED_SPECS)  # `fives` has no spec
