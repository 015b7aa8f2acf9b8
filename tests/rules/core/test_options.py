"""The options both games have, specified once (`SHARED_SPECS`), each variant giving its own
defaults; a variant's spec lists its default first."""

from __future__ import annotations

from dataclasses import fields

import pytest

from service.rules.core.options import SHARED_SPECS, Options, OptionSpec
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
