"""GET /v1/coinche/rules as `describe_coinche_rules` gives it: every list of codes in
RULES-COINCHE.md's order, each sentence in the language asked (French or English), and the
play violations shared with classic in the same language as the rest."""

from __future__ import annotations

import pytest

from service.rules.variants import CLASSIC
from service.rules.variants.coinche.describe import describe_coinche_rules

# RULES-COINCHE.md "Auction": the violation codes in their precedence.
AUCTION_CODES = [
    "auction_closed",
    "bid_after_coinche",
    "strain_not_allowed",
    "bid_out_of_range",
    "bid_too_low",
    "coinche_without_bid",
    "already_coinched",
    "coinche_own_team",
    "surcoinche_without_coinche",
    "surcoinche_by_defenders",
]
STATUSES = ["open", "taken", "redeal", "invalid"]
PLAY_CODES = ["follow_suit", "raise_trump", "trump", "overtrump", "undertrump", "beat_partner"]
NOT_OFFERED = [
    "ta_j14_scale",
    "coinche_a_la_volee",
    "coinched_litige",
    "bga_house_rules",
    "deal_6_2",
    "annonce_card_reuse",
    "ta_ffb_2016",
    "coinched_defenders_keep_points",
]

# One sentence of each list, as a client reads it in each language.
SENTENCES = {
    "en": {
        "violations": "You hold the suit led: you must play it (you need not win).",
        "auction": "A coinche with no bid standing.",
        "auction_statuses": "Four passes and no bid: the next dealer redeals, no score.",
        "not_offered": "A coinched litige has no source: it is dedans.",
        "choices": "A capot contract is worth the capot option (250 by default).",
    },
    "fr": {
        "violations": "Vous avez la couleur demandée : vous devez fournir",
        "auction": "Une coinche sans enchère en cours.",
        "auction_statuses": "Quatre passes sans enchère : le donneur suivant redistribue, "
        "sans score.",
        "not_offered": "Un litige coinché n'a pas de source : c'est dedans.",
        "choices": "Un contrat capot vaut l'option capot (250 par défaut).",
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_list_of_codes_in_the_language_asked(lang: str) -> None:
    description = describe_coinche_rules(lang)
    assert [c.code for c in description.auction] == AUCTION_CODES
    assert [c.code for c in description.auction_statuses] == STATUSES
    assert [c.code for c in description.violations] == PLAY_CODES
    assert [c.code for c in description.not_offered] == NOT_OFFERED
    for field, sentence in SENTENCES[lang].items():
        texts = [c.description for c in getattr(description, field)]
        assert any(t.startswith(sentence) for t in texts), (field, texts)


@pytest.mark.parametrize(
    "field",
    ["violations", "auction", "auction_statuses", "not_offered", "choices", "options", "table"],
)
def test_no_sentence_is_the_same_in_french_and_english(field: str) -> None:
    english = getattr(describe_coinche_rules("en"), field)
    french = getattr(describe_coinche_rules("fr"), field)
    assert len(english) == len(french)
    assert all(e.description != f.description for e, f in zip(english, french, strict=True))


def test_english_is_the_default_language() -> None:
    assert describe_coinche_rules() == describe_coinche_rules("en")


def test_both_games_state_what_a_table_decides_the_same_way() -> None:
    for lang in ("en", "fr"):
        coinche = describe_coinche_rules(lang).table
        assert coinche == CLASSIC.describe(lang).table
        assert [c.code for c in coinche][:2] == ["belote_said", "annonce"]
