"""`describe_rules`: the options, codes, card table and choices a client reads from
GET /v1/rules, in English or French, each from the one place the rules keep it."""

from __future__ import annotations

import pytest

from service.rules.advice.bid import BID_TEXTS, describe_bid_advice
from service.rules.advice.seat_review import SEAT_TEXTS, describe_seat_view
from service.rules.analysis.review import REVIEW_TEXTS, describe_review
from service.rules.core.options import OPTION_SPECS
from service.rules.variants.classic.describe import (
    ANNONCE_TIE_BREAKS,
    BIDDING,
    INTERPRETATIONS,
    VIOLATIONS,
    describe_rules,
)
from tests.rules.core.test_cards import ORDER_AND_VALUE

OPTIONS = [
    ("undertrump", "required", ("required", "optional"), None, None),
    ("overtrump_partner", True, (True, False), None, None),
    ("belote", "automatic", ("automatic", "announce"), None, None),
    ("capot", 252, (252, 250), None, None),
    ("rounding", "none", ("none", "nearest_ten"), None, None),
    ("renonce", "dedans", ("dedans", "annul"), None, None),
    ("target", 1000, None, 1, 100000),
    ("annonces", False, (False, True), None, None),
]


def test_the_options_with_their_defaults_and_values() -> None:
    described = describe_rules()
    assert [(o.name, o.default, o.allowed, o.minimum, o.maximum) for o in described.options] == (
        OPTIONS
    )


def test_the_card_table_is_rules_mds() -> None:
    described = describe_rules()
    assert [
        (c.rank, c.trump_order, c.trump_points, c.plain_order, c.plain_points)
        for c in described.cards
    ] == sorted(
        ORDER_AND_VALUE, key=lambda row: ("7", "8", "9", "10", "J", "Q", "K", "A").index(row[0])
    )
    assert described.deal_points == 162


@pytest.mark.parametrize(("lang", "said"), [("en", "en"), ("fr", "fr"), ("de", "en")])
def test_every_sentence_is_in_the_language_asked_else_english(lang: str, said: str) -> None:
    described = describe_rules(lang)
    descriptions = {"en": "description", "fr": "description_fr"}[said]
    assert [o.description for o in described.options] == [
        getattr(spec, descriptions) for spec in OPTION_SPECS.values()
    ]
    assert [(c.code, c.description) for c in described.violations] == [
        (str(code), texts[said]) for code, texts in VIOLATIONS.items()
    ]
    assert [(c.code, c.description) for c in described.bidding] == [
        (code, texts[said]) for code, texts in BIDDING.items()
    ]
    assert [(c.code, c.description) for c in described.interpretations] == [
        (code, texts[said]) for code, texts in INTERPRETATIONS.items()
    ]
    assert described.annonce_tie_breaks == tuple(texts[said] for texts in ANNONCE_TIE_BREAKS)
    # The review's labels and definitions, as the review describes them, in that language.
    assert described.review == describe_review(lang)
    assert described.review.loss == REVIEW_TEXTS["loss"][said]
    # The review from the seat's thresholds and words, as the seat view states them.
    assert described.seat_view == describe_seat_view(lang)
    assert described.seat_view.seat_loss == SEAT_TEXTS["seat_loss"][said]
    # The bid advice's reading of the calls, in that language.
    assert described.bid_advice == describe_bid_advice(lang)
    assert described.bid_advice.model.startswith(BID_TEXTS[said][:40])


def test_english_is_the_default() -> None:
    assert describe_rules() == describe_rules("en") != describe_rules("fr")
