"""Sentences name cards as players of their language do: "the king or the 8 of hearts", "le
roi ou le 8 de cœur"; every sentence of the catalog reads in English and in French."""

from __future__ import annotations

import re

import pytest

from service.rules import Card, Problem
from service.text.catalog import Cards, card_names, keys, render
from tests.rules.builders import cards
from tests.rules.inconsistent import every, one

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")


@pytest.mark.parametrize(
    ("rank", "en", "fr"),
    [
        ("7", "the 7", "le 7"),
        ("8", "the 8", "le 8"),
        ("9", "the 9", "le 9"),
        ("10", "the 10", "le 10"),
        ("J", "the jack", "le valet"),
        ("Q", "the queen", "la dame"),
        ("K", "the king", "le roi"),
        ("A", "the ace", "l'as"),
    ],
)
def test_each_rank_is_named_with_its_article(rank: str, en: str, fr: str) -> None:
    assert card_names([Card.parse(f"{rank}H")], "en") == f"{en} of hearts"
    assert card_names([Card.parse(f"{rank}H")], "fr") == f"{fr} de cœur"


@pytest.mark.parametrize(
    ("suit", "en", "fr"),
    [
        ("S", "spades", "pique"),
        ("H", "hearts", "cœur"),
        ("D", "diamonds", "carreau"),
        ("C", "clubs", "trèfle"),
    ],
)
def test_each_suit_is_named(suit: str, en: str, fr: str) -> None:
    assert card_names([Card.parse(f"Q{suit}")], "en") == f"the queen of {en}"
    assert card_names([Card.parse(f"Q{suit}")], "fr") == f"la dame de {fr}"


@pytest.mark.parametrize(
    ("listed", "all_of_them", "en", "fr"),
    [
        ("", False, "", ""),
        ("KH 8H", False, "the king or the 8 of hearts", "le roi ou le 8 de cœur"),
        ("7S 8S AS", True, "the 7, the 8 and the ace of spades", "le 7, le 8 et l'as de pique"),
        # Cards of several suits: a group per suit, where its first card stands.
        (
            "7S 8H 7D 9S",
            False,
            "the 7 or the 9 of spades, the 8 of hearts or the 7 of diamonds",
            "le 7 ou le 9 de pique, le 8 de cœur ou le 7 de carreau",
        ),
        # Grouped by rank when that makes fewer groups: a four of a kind.
        (
            "JS JH JD JC",
            True,
            "the jack of spades, hearts, diamonds and clubs",
            "le valet de pique, de cœur, de carreau et de trèfle",
        ),
        ("9D 9C", False, "the 9 of diamonds or clubs", "le 9 de carreau ou de trèfle"),
        # As many groups either way: by suit.
        (
            "7S 8S 7H 8H",
            True,
            "the 7 and the 8 of spades and the 7 and the 8 of hearts",
            "le 7 et le 8 de pique et le 7 et le 8 de cœur",
        ),
        # A card repeated (a player's declaration may) is named again.
        ("KH KH", True, "the king and the king of hearts", "le roi et le roi de cœur"),
    ],
)
def test_cards_are_listed_by_suit_or_by_rank(
    listed: str, all_of_them: bool, en: str, fr: str
) -> None:
    assert card_names(cards(listed), "en", every=all_of_them) == en
    assert card_names(cards(listed), "fr", every=all_of_them) == fr


def test_another_language_is_named_in_english() -> None:
    assert card_names(cards("KH 8H"), "de") == "the king or the 8 of hearts"
    assert render("problem.card_not_in_hand.detail", "de", {"card": one("KH")}) == (
        "The king of hearts is not in the hand."
    )


@pytest.mark.parametrize(
    ("code", "params", "en", "fr"),
    [
        (
            "duplicate_card",
            {"card": one("AS"), "other": "/hand/0"},
            "The ace of spades appears twice (also at /hand/0); a deck has one of each card.",
            "L'as de pique apparaît deux fois (aussi en /hand/0) ; le jeu n'a qu'un exemplaire "
            "de chaque carte.",
        ),
        (
            "card_not_in_hand",
            {"card": one("10D")},
            "The 10 of diamonds is not in the hand.",
            "Le 10 de carreau n'est pas dans la main.",
        ),
        (
            "play_not_in_hand",
            {"card": one("QC"), "seat": 2},
            "Seat 2 plays the queen of clubs, which is not in its hand (or already played).",
            "Le joueur 2 joue la dame de trèfle, qui n'est pas (ou plus) dans sa main.",
        ),
        (
            "declaration.not_held",
            {"seat": 1, "cards": every("7H 8H 9H"), "missing": every("8H 9H")},
            "Seat 1 declared the 7, the 8 and the 9 of hearts but does not hold the 8 and the 9 "
            "of hearts.",
            "Le joueur 1 a annoncé le 7, le 8 et le 9 de cœur mais il lui manque le 8 et le 9 de "
            "cœur.",
        ),
        (
            "declaration.not_an_annonce",
            {"cards": every("7S 8S 10S")},
            "The cards declared (the 7, the 8 and the 10 of spades) form neither a run of 3 or "
            "more cards of one suit nor four jacks, 9s, aces, 10s, kings or queens.",
            "Les cartes annoncées (le 7, le 8 et le 10 de pique) ne forment ni une suite de 3 "
            "cartes ou plus d'une couleur, ni un carré de valets, 9, as, 10, rois ou dames.",
        ),
        (
            "declaration.card_reused",
            {"seat": 0, "card": one("9S")},
            "Seat 0 uses the 9 of spades in two annonces; a card serves in one annonce at most.",
            "Le joueur 0 utilise le 9 de pique dans deux annonces ; une carte ne sert qu'une fois.",
        ),
        (
            "annonce_invalid",
            {"cards": every("QS KS")},
            "These cards (the queen and the king of spades) are no annonce: an annonce is a run "
            "of 3 or more cards of one suit, or four jacks, 9s, aces, 10s, kings or queens.",
            "Ces cartes (la dame et le roi de pique) ne forment pas une annonce : il faut une "
            "suite de 3 cartes ou plus d'une couleur, ou un carré de valets, 9, as, 10, rois ou "
            "dames.",
        ),
    ],
)
def test_a_problem_names_its_cards_in_its_language(
    code: str, params: dict[str, object], en: str, fr: str
) -> None:
    problem = Problem("/hand", code, params)
    assert problem.message("en") == en
    assert problem.message("fr") == fr


def test_cards_named_one_of_them_say_or() -> None:
    assert render(
        "problem.card_not_in_hand.detail", "fr", {"card": Cards(tuple(cards("KH 8H")))}
    ) == ("Le roi ou le 8 de cœur n'est pas dans la main.")


# A value for every parameter any sentence takes: cards as a sentence's `Cards`, suits by name.
SAMPLE = {
    "allowed": "true, false",
    "bid": "take2",
    "call": "90H",
    "card": one("KH"),
    "claimed": 4,
    "got": 3,
    "how": "whatever the opponents do",
    "left": 5,
    "opponents": 90,
    "team": 0,
    "trick": 6,
    "to_move": 2,
    "cards": every("7S 8S 9S"),
    "deal": 3,
    "expected": 8,
    "facts": "the voids its plays show and the annonces",
    "led": "spades",
    "limit": 1000,
    "max_bid": 160,
    "min_bid": 80,
    "bid_step": 10,
    "known": "ffb-belote-2016",
    "game": "classic",
    "minimum": 16,
    "missing": every("9S"),
    "most": 1,
    "name": "capot",
    "other": "/hand/0",
    "points": 100,
    "seat": 1,
    "size": 9,
    "strain": "SA",
    "suit": "X",
    "taker": 1,
    "to_beat": "the jack of hearts",
    "total": 160,
    "trump": "hearts",
    "turned": "hearts",
    "value": 7,
    "winner": 0,
    "given": "2",
    "why": "seat 3 had to play a spade.",
    "plays": 12,
    "play": 14,
    "said": "belote",
    "phase": "deal_over",
}
# A card's code in a sentence: what the client wrote, or the way to write one (not_a_card).
CODE = re.compile(r"\b(?:10|[789JQKA])[SHDC]\b")
QUOTES_A_CODE = {"problem.not_a_card.detail", "auction.auction_closed"}
# A claim's mode, said as the start of the claim's sentence (`how`): a phrase, not a sentence.
PHRASES = {"claim.holds_best", "claim.holds_any", "claim.fails_best", "claim.fails_any"}
# A review's sentences are made of phrases and counts: tests/rules/analysis/test_review_words.py
# reads each, composed as the review composes them, in both languages.
REVIEW = set(keys("review.") + keys("count."))


SENTENCES = [
    key
    for key in keys("")
    if key.split(".")[0] in {"violation", "bidding", "auction", "declaration", "problem", "claim"}
    and key not in PHRASES
]


@pytest.mark.parametrize("code", SENTENCES)
def test_every_sentence_reads_in_english_and_in_french(code: str) -> None:
    en, fr = render(code, "en", SAMPLE), render(code, "fr", SAMPLE)
    assert en != fr
    for sentence in (en, fr):
        assert not sentence[0].islower(), sentence
        assert sentence.endswith("."), sentence
        assert "{" not in sentence and "Cards(" not in sentence, sentence
        if not code.startswith("auction.") and code not in QUOTES_A_CODE:
            assert not CODE.search(sentence), sentence


@pytest.mark.parametrize("code", sorted(PHRASES))
def test_a_claims_mode_is_a_phrase_in_english_and_in_french(code: str) -> None:
    en, fr = render(code, "en", {}), render(code, "fr", {})
    assert en != fr
    for phrase in (en, fr):
        assert not phrase.endswith("."), phrase


def test_a_rank_named_in_several_suits_beside_a_lone_card() -> None:
    # Grouped by rank (two groups, against three by suit): the lone 7 is its own group.
    cards = [Card.parse(code) for code in ("JS", "JH", "JD", "7S")]
    assert card_names(cards, "en") == "the jack of spades, hearts or diamonds or the 7 of spades"
    assert card_names(cards, "fr") == "le valet de pique, de cœur ou de carreau ou le 7 de pique"
