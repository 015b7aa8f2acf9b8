"""`describe_rules`: the options, codes, card table and choices a client reads from
GET /v1/rules, in English or French, each from the one place the rules keep it."""

from __future__ import annotations

import pytest

from service.rules.variants.classic.describe import describe_rules
from service.rules.variants.classic.options import OPTION_SPECS
from service.text.catalog import keys, text
from tests.rules.core.test_cards import ORDER_AND_VALUE

OPTIONS = [
    ("undertrump", "required", ("required", "optional"), None, None),
    ("overtrump_partner", True, (True, False), None, None),
    ("belote", "automatic", ("automatic", "announce"), None, None),
    ("capot", 252, (252, 250), None, None),
    ("rounding", "none", ("none", "nearest_ten", "nearest_ten_6up"), None, None),
    ("renonce", "dedans", ("dedans", "annul"), None, None),
    ("target", 1000, None, 1, 100000),
    ("annonces", False, (False, True), None, None),
    ("belote_said", "belote", ("belote", "both"), None, None),
    ("illegal_card", "refuse", ("refuse", "stand"), None, None),
    ("game_end", "reach", ("reach", "pass", "ffb", "ffb_pass"), None, None),
    ("final_deal", "rounded", ("rounded", "exact"), None, None),
    ("partner_trump", "any", ("any", "beat", "beat_if_only_trumps"), None, None),
    ("litige", "reserve", ("reserve", "dedans", "made"), None, None),
    ("misdeal", "none", ("none", "ffb_web"), None, None),
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
    assert [o.description for o in described.options] == [
        text(f"option.{name}", said) for name in OPTION_SPECS
    ]
    for field, prefix in (
        ("violations", "rule.violation."),
        ("bidding", "rule.classic.bidding."),
        ("interpretations", "rule.classic.interpretation."),
        ("table", "rule.table."),
    ):
        assert [(c.code, c.description) for c in getattr(described, field)] == [
            (key.removeprefix(prefix), text(key, said)) for key in keys(prefix)
        ]
    assert [c.code for c in described.violations] == [
        "follow_suit",
        "raise_trump",
        "trump",
        "overtrump",
        "undertrump",
        "beat_partner",
    ]
    assert described.annonce_tie_breaks == text("rule.classic.tie_breaks", said)
    assert len(described.annonce_tie_breaks) == 4


def test_english_is_the_default() -> None:
    assert describe_rules() == describe_rules("en") != describe_rules("fr")
