"""RULES-COINCHE.md "Order and value" and "Play", one table per strain: the trick so far, the
hand of the player to move and the ruling on every card, under sans-atout (SA), tout-atout
(TA) and a suit contract with coinche's defaults. The leader is seat 0, so the player to move
is seat len(trick) and the partner of seat len(trick) - 2."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import Card, Suit, ViolationCode, judge, legal_cards, trick_winner, violation
from service.rules.core.cards import DECK_POINTS, CardValues
from service.rules.core.play import always_legal, obligation_of_mask
from service.rules.core.strains import SA_VALUES, SANS_ATOUT, TA_VALUES, TOUT_ATOUT, card_values
from service.rules.core.tricks import judge_trick
from service.rules.variants.coinche.options import CoincheOptions
from service.rules.variants.coinche.replay import strain_values
from tests.rules.builders import cards
from tests.rules.core.test_play import FOLLOW, OVER, RAISE, TRUMP_IT, UNDER, Row

SANS_ATOUT_ROWS: list[Row] = [
    ("", "7S JH AD 8C", {}, "7S JH AD 8C", {}),
    # Follow suit if you can; you need not win.
    ("KS", "7S AS JH 8D", {}, "7S AS", {"JH": FOLLOW, "8D": FOLLOW}),
    ("AS 10S", "7S JS 9H", {}, "7S JS", {"9H": FOLLOW}),
    # Cannot follow: any card, whoever is winning (no suit trumps).
    ("KS", "JH 9D 8C", {}, "JH 9D 8C", {}),
    ("7S AS", "JH 9D", {}, "JH 9D", {}),
    ("KS AS 7S", "JH 9D", {}, "JH 9D", {}),
    # undertrump and overtrump_partner never apply.
    ("KS", "JH 9D", {"undertrump": "required"}, "JH 9D", {}),
    ("KS", "QS JS AH", {"overtrump_partner": False}, "QS JS", {"AH": FOLLOW}),
]

TOUT_ATOUT_ROWS: list[Row] = [
    ("", "7S JH AD 8C", {}, "7S JH AD 8C", {}),
    # Follow the led suit and beat its best card if you can (order J 9 A 10 K Q 8 7).
    ("AS", "7S 9S KH", {}, "9S", {"7S": RAISE, "KH": FOLLOW}),
    ("AS", "10S KS 8D", {}, "10S KS", {"8D": FOLLOW}),
    ("10H", "AH KH QH", {}, "AH", {"KH": RAISE, "QH": RAISE}),
    ("KD QD", "8D 7D 10D", {}, "10D", {"8D": RAISE, "7D": RAISE}),
    ("10D QD", "8D 7D KD", {}, "8D 7D KD", {}),
    ("KD", "QD 8D", {}, "QD 8D", {}),
    ("9C 7C JC", "AC 8C", {}, "AC 8C", {}),
    ("QH", "KH 7H", {}, "KH", {"7H": RAISE}),
    ("8S", "QS 7S", {}, "QS", {"7S": RAISE}),
    ("7S", "8S", {}, "8S", {}),
    # Even over a partner's card (overtrump_partner true), or not (false).
    ("AS 7S", "9S 8S KH", {}, "9S", {"8S": RAISE, "KH": FOLLOW}),
    ("AS 7S", "9S 8S KH", {"overtrump_partner": True}, "9S", {"8S": RAISE, "KH": FOLLOW}),
    ("AS 7S", "9S 8S KH", {"overtrump_partner": False}, "9S 8S", {"KH": FOLLOW}),
    # An opponent's card is best: overtrump_partner does not matter.
    ("7S AS", "9S 8S", {"overtrump_partner": False}, "9S", {"8S": RAISE}),
    # Cannot follow: any card; no other suit can win, so trump, overtrump, undertrump never
    # apply, whatever the undertrump option.
    ("AS", "JH 9D 8C", {}, "JH 9D 8C", {}),
    ("AS 7S", "JH 9D", {"undertrump": "required"}, "JH 9D", {}),
    ("7S AS", "JH 9D", {"undertrump": "required"}, "JH 9D", {}),
]

SUIT_CONTRACT_ROWS: list[Row] = [
    # Hearts trump, RULES.md's obligations with coinche's default undertrump: optional.
    ("AS JH", "9H 7H 8D", {}, "9H 7H 8D", {}),
    ("AS JH", "9H 7H 8D", {"undertrump": "required"}, "9H 7H", {"8D": UNDER}),
    ("AS 9H", "JH 7H 8D", {}, "JH", {"7H": OVER, "8D": OVER}),
    ("AS", "7H JH 8D", {}, "7H JH", {"8D": TRUMP_IT}),
    ("9H", "JH 7H AS", {}, "JH", {"7H": RAISE, "AS": FOLLOW}),
    ("9H 8H", "JH 7H AS", {}, "JH", {"7H": RAISE, "AS": FOLLOW}),
    ("9H 8H", "JH 7H AS", {"overtrump_partner": False}, "JH 7H", {"AS": FOLLOW}),
    # Partner winning, cannot follow: any card, a lower trump included (FFB).
    ("AS 7S", "7H 8D", {}, "7H 8D", {}),
    ("KS", "7S JH", {}, "7S", {"JH": FOLLOW}),
]

STRAINS = {
    "SA: follow suit, else any card": (SANS_ATOUT, SANS_ATOUT_ROWS),
    "TA: follow and raise over the best card of the led suit": (TOUT_ATOUT, TOUT_ATOUT_ROWS),
    "hearts: RULES.md, undertrump optional": (Suit.HEARTS, SUIT_CONTRACT_ROWS),
}


@pytest.mark.parametrize(
    ("strain", "trick", "hand", "options", "legal", "illegal"),
    [
        pytest.param(strain, *row, id=f"{rule} [{row[0]}] {row[1]} {row[2] or ''}")
        for rule, (strain, rows) in STRAINS.items()
        for row in rows
    ],
)
def test_the_play_obligations_per_strain(
    strain: int,
    trick: str,
    hand: str,
    options: dict[str, Any],
    legal: str,
    illegal: dict[str, ViolationCode],
) -> None:
    rules = CoincheOptions(**options)
    ruling = judge(cards(hand), 0, cards(trick), strain, rules)
    assert ruling.seat == len(cards(trick))
    assert [str(c) for c in ruling.legal] == legal.split()
    assert {str(c): v.code for c, v in ruling.illegal} == illegal
    assert legal_cards(cards(hand), cards(trick), strain, rules) == ruling.legal
    for card in cards(hand):
        found = violation(cards(hand), cards(trick), strain, card, rules)
        assert (found and found.code) == illegal.get(str(card))
        if trick and always_legal(card, cards(trick), strain):
            assert found is None


def test_a_tout_atout_violation_names_the_led_suit_as_trump_and_the_card_to_beat() -> None:
    found = violation(cards("7S 9S KH"), cards("AS"), TOUT_ATOUT, Card.parse("7S"))
    assert found is not None
    assert (found.led, found.trump, found.to_beat) == (Suit.SPADES, Suit.SPADES, Card.parse("AS"))
    assert found.message() == (
        "Trump (spades) was led and you can beat the ace of spades: you had to play the 9 of "
        "spades."
    )
    assert found.message("fr") == (
        "Atout (pique) demandé et vous pouvez battre l'as de pique : il fallait monter avec le 9 "
        "de pique."
    )
    off_suit = violation(cards("7S 9S KH"), cards("AS"), TOUT_ATOUT, Card.parse("KH"))
    assert off_suit is not None
    assert (off_suit.code, off_suit.trump, off_suit.to_beat) == (FOLLOW, Suit.SPADES, None)
    assert off_suit.message() == (
        "The lead is spades and you hold spades: you had to play the 9 of spades."
    )


def test_a_sans_atout_violation_says_which_cards_had_to_follow() -> None:
    found = violation(cards("7S AS JH"), cards("KS"), SANS_ATOUT, Card.parse("JH"))
    assert found is not None
    assert (found.led, found.trump, found.to_beat) == (Suit.SPADES, SANS_ATOUT, None)
    assert found.message() == (
        "The lead is spades and you hold spades: you had to play the 7 or the ace of spades."
    )
    assert found.message("fr") == (
        "Du pique est demandé et vous en avez : il fallait fournir le 7 ou l'as de pique."
    )


def test_the_obligation_names_the_best_card_of_the_led_suit_under_tout_atout() -> None:
    hand = sum(1 << c for c in cards("9S 8S"))
    assert obligation_of_mask(hand, cards("AS 7S"), TOUT_ATOUT, CoincheOptions()) == (
        1 << Card.parse("9S"),
        RAISE,
        Card.parse("AS"),
    )


@pytest.mark.parametrize(
    ("trick", "strain", "winner"),
    [
        # SA: the highest card of the led suit in plain order A 10 K Q J 9 8 7; no suit trumps.
        ("7S AS JH 10S", "SA", 1),
        ("10S KS AS QS", "SA", 2),
        ("JS 9S", "SA", 0),
        ("9S JS", "SA", 1),
        ("KS 10S", "SA", 1),
        ("QS KS", "SA", 1),
        ("8S 9S 7S", "SA", 1),
        ("7D AH AS AC", "SA", 0),
        ("7H JH 9H", "SA", 1),
        # TA: the highest card of the led suit in trump order J 9 A 10 K Q 8 7.
        ("7S AS JH 10S", "TA", 1),
        ("AS 9S JS 10S", "TA", 2),
        ("AS 9S", "TA", 1),
        ("10S AS", "TA", 1),
        ("KS 10S", "TA", 1),
        ("QS KS", "TA", 1),
        ("8S QS", "TA", 1),
        ("7S 8S", "TA", 1),
        ("9S JH JD JC", "TA", 0),
        ("7D 9D AH JS", "TA", 1),
    ],
)
def test_the_trick_goes_to_the_highest_card_of_the_led_suit_in_the_strains_order(
    trick: str, strain: str, winner: int
) -> None:
    code = {"SA": SANS_ATOUT, "TA": TOUT_ATOUT}[strain]
    assert trick_winner(cards(trick), code) == winner


# RULES-COINCHE.md "Order and value": each rank's points in one suit, and the deck's total.
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
VALUES = [
    ("SA", "ace19", (0, 0, 0, 10, 2, 3, 4, 19), 152),
    ("SA", "scaled", (0, 0, 0, 10, 2, 3, 4, 11), 120),
    ("TA", "ffb", (0, 0, 9, 5, 13, 2, 3, 6), 152),
    ("TA", "scaled", (0, 0, 14, 10, 20, 3, 4, 11), 248),
]


@pytest.mark.parametrize(("strain", "option", "points", "deck"), VALUES)
def test_the_card_points_of_sa_and_ta_per_option(
    strain: str, option: str, points: tuple[int, ...], deck: int
) -> None:
    code = {"SA": SANS_ATOUT, "TA": TOUT_ATOUT}[strain]
    name = "sa_points" if strain == "SA" else "ta_points"
    values = strain_values(code, CoincheOptions(**{name: option}))
    for suit in "SHDC":
        assert [values.points[Card.parse(rank + suit)] for rank in RANKS] == list(points)
    assert sum(values.points) == deck
    assert values.raw_deck == deck
    assert values.team_points(deck) == DECK_POINTS


def test_the_federations_points_are_the_default_values() -> None:
    assert card_values(SANS_ATOUT) == strain_values(SANS_ATOUT) == SA_VALUES["ace19"]
    assert card_values(TOUT_ATOUT) == strain_values(TOUT_ATOUT) == TA_VALUES["ffb"]
    assert SA_VALUES["ace19"] != SA_VALUES["scaled"]
    assert TA_VALUES["ffb"] != TA_VALUES["scaled"]


def test_suit_contracts_count_as_classic_whatever_the_sa_and_ta_options() -> None:
    hearts = card_values(Suit.HEARTS, "scaled", "scaled")
    assert hearts == card_values(Suit.HEARTS)
    assert hearts.points[Card.parse("JH")] == 20
    assert hearts.points[Card.parse("JS")] == 2
    assert hearts.raw_deck == DECK_POINTS
    assert hearts.team_points(71) == 71


@pytest.mark.parametrize(
    ("raw_deck", "raw", "scaled"),
    [
        # x 152/120: 71 -> 89.93 (example 13), 49 -> 62.07, 1 -> 1.27, 2 -> 2.53
        (120, 71, 90),
        (120, 49, 62),
        (120, 1, 1),
        (120, 2, 3),
        (120, 0, 0),
        # x 152/248: 193 -> 118.29, 55 -> 33.71, 3 -> 1.84, 2 -> 1.23
        (248, 193, 118),
        (248, 55, 34),
        (248, 3, 2),
        (248, 2, 1),
    ],
)
def test_scaled_team_totals_are_rounded_to_the_nearest_point(
    raw_deck: int, raw: int, scaled: int
) -> None:
    assert CardValues((), raw_deck).team_points(raw) == scaled


@pytest.mark.parametrize(
    ("trick", "strain", "rules", "last", "winner", "points"),
    [
        ("7S AS JH 10S", SANS_ATOUT, {}, False, 1, 31),
        ("7S AS JH 10S", SANS_ATOUT, {"sa_points": "scaled"}, False, 1, 23),
        ("7S AS JH 10S", SANS_ATOUT, {}, True, 1, 41),
        ("7S AS JH 10S", TOUT_ATOUT, {}, False, 1, 24),
        ("7S AS JH 10S", TOUT_ATOUT, {"ta_points": "scaled"}, False, 1, 41),
        ("9S AS", TOUT_ATOUT, {}, True, 0, 15),
    ],
)
def test_a_trick_carries_the_strains_raw_points(
    trick: str, strain: int, rules: dict[str, Any], last: bool, winner: int, points: int
) -> None:
    values = strain_values(strain, CoincheOptions(**rules))
    result = judge_trick(0, cards(trick), strain, last, values)
    assert (result.winner, result.points) == (winner, points)
