"""Cards, suits and ranks: one table for order and points in and out of trump (what
coinche's sans-atout and tout-atout make of it is `strains.py`).

A card is a small int (suit * 8 + rank index, ranks in the order 7 8 9 10 J Q K A), so that
the hot paths index tuples instead of walking objects; `Card` is that int with a canonical
code for printing (`str(Card.parse("TH")) == "10H"`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from itertools import product
from typing import NamedTuple

from service.rules.core.errors import InconsistentInput


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def code(self) -> str:
        return SUIT_CODES[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from `S H D C` (any case) or `♠ ♥ ♦ ♣`; ValueError otherwise."""
        suit = _SUIT_INPUT.get(text.upper() if len(text) == 1 else text)
        if suit is None:
            raise ValueError(f"not a suit: {text!r}")
        return cls(suit)

    def __str__(self) -> str:
        return self.code


SUIT_CODES = ("S", "H", "D", "C")

_SUIT_INPUT = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
# What Suit.parse reads, as a pattern (JSON Schema's take no flags: both cases are spelled).
SUIT_PATTERN = r"^[SHDCshdc♠♥♦♣]$"

RANK_CODES = ("7", "8", "9", "10", "J", "Q", "K", "A")
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

# RULES.md "Order and value": the one table. Strength: higher wins the trick.
#           rank:        7  8  9   10  J   Q  K  A
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)

DECK_POINTS = 152
LAST_TRICK_BONUS = 10  # dix de der
DEAL_POINTS = DECK_POINTS + LAST_TRICK_BONUS  # 162
HAND_SIZE = 8
DECK_SIZE = 32


class Card(int):
    """One of the 32 cards; an int in 0..31 that prints as its canonical code."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        return ALL_CARDS[value]

    @property
    def suit(self) -> Suit:
        return Suit(self >> 3)

    @property
    def rank(self) -> int:
        """Index in RANK_CODES (0 for the 7 ... 7 for the ace)."""
        return self & 7

    @property
    def code(self) -> str:
        return CARD_CODES[self]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return ALL_CARDS[suit * 8 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its code: `10H`, `TH`, `JS`, `A♠` (any case); ValueError otherwise."""
        card = _CARD_INPUT.get(text.upper())
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card

    def __str__(self) -> str:
        return CARD_CODES[self]

    def __repr__(self) -> str:
        return f"Card({CARD_CODES[self]})"


def _make_card(value: int) -> Card:
    card = int.__new__(Card, value)
    return card


ALL_CARDS: tuple[Card, ...] = tuple(_make_card(v) for v in range(DECK_SIZE))
CARD_CODES: tuple[str, ...] = tuple(  # each card's canonical code, by its int
    RANK_CODES[v & 7] + SUIT_CODES[v >> 3] for v in range(DECK_SIZE)
)
_CARD_INPUT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank in ("T", "10") if _card.rank == TEN else (RANK_CODES[_card.rank],):
        for _suit, _value in _SUIT_INPUT.items():
            if _value == _card >> 3:
                _CARD_INPUT[_rank + _suit] = _card

# Per card, precomputed for the hot paths: strength and points in and out of trump.
CARD_TRUMP_STRENGTH = tuple(TRUMP_STRENGTH[c & 7] for c in ALL_CARDS)
CARD_PLAIN_STRENGTH = tuple(PLAIN_STRENGTH[c & 7] for c in ALL_CARDS)
CARD_POINTS = tuple(
    tuple(TRUMP_POINTS[c & 7] if c >> 3 == t else PLAIN_POINTS[c & 7] for c in ALL_CARDS)
    for t in range(4)
)


class CardValues(NamedTuple):
    """What the cards are worth under one strain (`strains.card_values`): `points` per card
    (by its int), and the raw deck total that a team's card total is scaled from to 152
    (DECK_POINTS: not scaled).
    """

    points: tuple[int, ...]
    raw_deck: int = DECK_POINTS

    def team_points(self, raw: int) -> int:
        """A team's card points from the raw points of its tricks (dix de der apart)."""
        if self.raw_deck == DECK_POINTS:
            return raw
        # RULES-COINCHE.md: 38x and 15x odd or 31x odd never meet a half, so the two teams'
        # rounded totals add up to 152.
        return round(raw * DECK_POINTS / self.raw_deck)


SUIT_CONTRACT_VALUES = tuple(CardValues(CARD_POINTS[suit]) for suit in range(4))


# Sets of cards as bit masks (bit c: card c), for the play obligations' hot path; a mask is
# not a list (python-chess's `Bitboard`).
Mask = int
SUIT_MASKS: tuple[Mask, ...] = tuple(
    sum(1 << c for c in ALL_CARDS if c >> 3 == suit) for suit in range(4)
)


def _stronger(strength: tuple[int, ...]) -> tuple[Mask, ...]:
    """Per card, the cards of its suit above it in `strength`, as a mask."""
    return tuple(
        sum(
            1 << other
            for other in ALL_CARDS
            if other >> 3 == card >> 3 and strength[other] > strength[card]
        )
        for card in ALL_CARDS
    )


# Per card: the cards of its suit that beat it when that suit is trump, and when it is not.
STRONGER_TRUMPS: tuple[Mask, ...] = _stronger(CARD_TRUMP_STRENGTH)
STRONGER_PLAIN: tuple[Mask, ...] = _stronger(CARD_PLAIN_STRENGTH)


def mask_of(cards: Iterable[int]) -> Mask:
    """The set of `cards` as a bit mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def spellings(card: Card) -> tuple[str, ...]:
    """Every way of writing `card` that `Card.parse` reads (`10H`, `th`, `T♥`...)."""
    found: set[str] = set()
    for text, parsed in _CARD_INPUT.items():
        if parsed == card:
            found.update(map("".join, product(*({ch, ch.lower()} for ch in text))))
    return tuple(sorted(found))


def parse_cards(texts: Iterable[str], pointer: str) -> tuple[Card, ...]:
    """Cards from codes, or InconsistentInput naming `pointer/index` of the first bad one."""
    cards = []
    for index, text in enumerate(texts):
        try:
            cards.append(Card.parse(text))
        except ValueError:
            raise InconsistentInput.at(f"{pointer}/{index}", "not_a_card", card=text) from None
    return tuple(cards)


def codes(cards: Iterable[Card]) -> list[str]:
    return [CARD_CODES[c] for c in cards]
