"""What GET /rules answers for each game (`description.describe`): the variant's own rules,
and beside them what the review, the seat view and the bid advice decide, each as its own
module states it, in the language asked."""

from __future__ import annotations

import pytest

from service.rules.advice.policy import describe_bid_advice, describe_seat_view
from service.rules.analysis import engine
from service.rules.analysis.policy import describe_review
from service.rules.description import describe
from service.rules.variants import VARIANTS


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_game_s_rules_and_its_analyses_side_by_side(name: str, lang: str) -> None:
    variant = VARIANTS[name]
    answer = describe(variant, lang).answer()
    own = variant.describe(lang)
    assert answer["options"] == own.options
    assert answer["violations"] == own.violations
    assert answer["analysis_engine"] == engine.ENGINE
    assert answer["review"] == describe_review(lang)
    assert answer["seat_view"] == describe_seat_view(lang)
    assert answer["bid_advice"] == describe_bid_advice(lang)


def test_another_language_is_english() -> None:
    for variant in VARIANTS.values():
        assert describe(variant, "de") == describe(variant, "en") != describe(variant, "fr")
