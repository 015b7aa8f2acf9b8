"""Cards: codes in and out, and RULES.md "Order and value" (one table for order and points)."""

from __future__ import annotations

import pytest

from service.rules import DEAL_POINTS, Card, InconsistentInput, Suit, parse_cards
from service.rules.core.cards import (
    ALL_CARDS,
    CARD_PLAIN_STRENGTH,
    CARD_TRUMP_STRENGTH,
    STRONGER_TRUMPS,
    SUIT_MASKS,
    mask_of,
    spellings,
)
from service.rules.core.strains import card_values
from support.deals import PLAIN_ORDER, TRUMP_ORDER
from tests.rules.builders import PLAIN_POINTS, TRUMP_POINTS

HEARTS = Suit.HEARTS


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("10h", "10H"),
        ("JS", "JS"),
        ("js", "JS"),
        ("7C", "7C"),
        ("AD", "AD"),
        ("qd", "QD"),
        ("A♠", "AS"),
        ("10♥", "10H"),
        ("T♦", "10D"),
        ("k♣", "KC"),
        ("8♠", "8S"),
    ],
)
def test_a_card_is_read_in_any_accepted_spelling_and_printed_canonically(
    text: str, canonical: str
) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "H", "10", "1H", "11H", "6S", "2C", "JX", "HJ", "AS ", " AS", "10HH", "♠A", "ZZ"]
)
def test_anything_else_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize(
    ("text", "suit", "code"),
    [
        ("S", Suit.SPADES, "S"),
        ("h", Suit.HEARTS, "H"),
        ("D", Suit.DIAMONDS, "D"),
        ("c", Suit.CLUBS, "C"),
        ("♠", Suit.SPADES, "S"),
        ("♥", Suit.HEARTS, "H"),
        ("♦", Suit.DIAMONDS, "D"),
        ("♣", Suit.CLUBS, "C"),
    ],
)
def test_a_suit_is_read_from_its_letter_or_symbol_and_printed_as_its_letter(
    text: str, suit: Suit, code: str
) -> None:
    assert Suit.parse(text) is suit
    assert (str(suit), suit.code) == (code, code)


@pytest.mark.parametrize("text", ["", "X", "SH", "spades", "1"])
def test_anything_else_is_not_a_suit(text: str) -> None:
    with pytest.raises(ValueError, match="not a suit"):
        Suit.parse(text)


def test_the_deck_has_32_distinct_cards_with_canonical_codes() -> None:
    printed = [str(c) for c in ALL_CARDS]
    assert len(set(printed)) == 32
    assert {p[:-1] for p in printed} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert {p[-1] for p in printed} == {"S", "H", "D", "C"}
    assert all(Card.parse(p) == c for p, c in zip(printed, ALL_CARDS, strict=True))


def test_parse_cards_reads_each_code_in_order() -> None:
    assert parse_cards(["7S", "th", "A♣"], "/hand") == (ALL_CARDS[0], ALL_CARDS[11], ALL_CARDS[31])


def test_parse_cards_names_the_first_bad_code_by_pointer() -> None:
    with pytest.raises(InconsistentInput) as raised:
        parse_cards(["7S", "XX", "YY"], "/hand")
    (problem,) = raised.value.problems
    assert (problem.pointer, problem.code, problem.params) == (
        "/hand/1",
        "not_a_card",
        {"card": "XX"},
    )
    assert "XX" in problem.message("en")
    assert "XX" in problem.message("fr")


@pytest.mark.parametrize(
    ("card", "written"),
    [
        ("10H", "10H 10h 10♥ TH Th T♥ tH th t♥"),
        ("AS", "AS As A♠ aS as a♠"),
        ("7C", "7C 7c 7♣"),
    ],
)
def test_every_spelling_of_a_card_is_listed_once_in_order(card: str, written: str) -> None:
    assert spellings(Card.parse(card)) == tuple(sorted(written.split()))


# RULES.md's table, row by row: card, trump order, trump points, plain order, plain points.
ORDER_AND_VALUE = [
    ("J", 1, 20, 5, 2),
    ("9", 2, 14, 6, 0),
    ("A", 3, 11, 1, 11),
    ("10", 4, 10, 2, 10),
    ("K", 5, 4, 3, 4),
    ("Q", 6, 3, 4, 3),
    ("8", 7, 0, 7, 0),
    ("7", 8, 0, 8, 0),
]


@pytest.mark.parametrize(
    ("rank", "trump_order", "trump_points", "plain_order", "plain_points"), ORDER_AND_VALUE
)
def test_order_and_points_follow_the_table(
    rank: str, trump_order: int, trump_points: int, plain_order: int, plain_points: int
) -> None:
    in_trump, plain = Card.parse(rank + "H"), Card.parse(rank + "S")
    assert card_values(HEARTS).points[in_trump] == trump_points
    assert card_values(HEARTS).points[plain] == plain_points
    # Order 1 is the highest: count the cards of the suit that are stronger.
    stronger_in_trump = sum(
        CARD_TRUMP_STRENGTH[c] > CARD_TRUMP_STRENGTH[in_trump]
        for c in ALL_CARDS
        if c.suit == HEARTS
    )
    stronger_plain = sum(
        CARD_PLAIN_STRENGTH[c] > CARD_PLAIN_STRENGTH[plain]
        for c in ALL_CARDS
        if c.suit == plain.suit
    )
    assert stronger_in_trump == trump_order - 1
    assert stronger_plain == plain_order - 1
    # The test helpers' literal reading of the table agrees.
    assert TRUMP_ORDER.index(rank) == trump_order - 1
    assert PLAIN_ORDER.index(rank) == plain_order - 1
    assert (TRUMP_POINTS[rank], PLAIN_POINTS[rank]) == (trump_points, plain_points)


@pytest.mark.parametrize("trump", list(Suit))
def test_the_cards_hold_152_points_and_a_deal_162_with_the_dix_de_der(trump: Suit) -> None:
    assert sum(card_values(trump).points[c] for c in ALL_CARDS) == 152
    assert DEAL_POINTS == 162


@pytest.mark.parametrize("suit", list(Suit))
def test_the_masks_hold_a_suit_and_the_trumps_above_each_card(suit: Suit) -> None:
    """The play obligations' bit masks say what the table says: a suit's eight cards, and
    in trumps, J 9 A 10 K Q 8 7 from the highest."""
    order = [Card.parse(rank + suit.code) for rank in TRUMP_ORDER]  # highest first
    assert SUIT_MASKS[suit] == mask_of(order)
    assert bin(SUIT_MASKS[suit]).count("1") == 8
    for place, card in enumerate(order):
        assert STRONGER_TRUMPS[card] == mask_of(order[:place]), card
