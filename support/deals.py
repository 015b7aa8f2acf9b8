"""Random deals, shared by the tests and bench/: random hands, a deal played at random (legal
cards, or some illegal ones on purpose), and the trick's winner as RULES.md reads, written
apart from service.rules (tests/rules/builders.py holds the rest of that reading).

Random deals come from a `random.Random`, so that hypothesis (`st.randoms()`) and the
benchmark (a fixed seed) drive the same code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from service.rules import Card, DealRecord, RuleOptions, legal_cards
from service.rules.core.cards import ALL_CARDS
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import TOUT_ATOUT
from service.rules.variants.coinche.options import CoincheOptions

HAND_SIZE = 8
DECK_SIZE = 32


def random_hands(rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return tuple(tuple(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(PLAYERS))


@dataclass(frozen=True)
class PlayedDeal:
    """A deal as the test built it: the record (with hands) and, per play, whether the card
    was legal for the hand it came from."""

    record: DealRecord
    legal: tuple[bool, ...]

    def without_hands(self) -> DealRecord:
        return DealRecord(
            self.record.dealer, self.record.strain, self.record.taker, self.record.plays
        )


def play_deal(
    rng: random.Random,
    length: int = DECK_SIZE,
    illegal_rate: float = 0.0,
    options: RuleOptions | CoincheOptions | None = None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    inject_from: int | None = None,
    trump: int | None = None,
) -> PlayedDeal:
    """A random deal of `length` plays: each player plays a random legal card, or with
    probability `illegal_rate` a random card of their hand (legal or not). With
    `inject_from`, the first player from that play on who holds an illegal card plays one.
    The trump is random, or `trump` (a suit or a coinche strain) when given."""
    options = options or RuleOptions()
    hands = hands or random_hands(rng)
    dealer, random_trump, taker = rng.randrange(PLAYERS), rng.randrange(4), rng.randrange(PLAYERS)
    trump = random_trump if trump is None else trump
    remaining = [list(h) for h in hands]
    plays: list[Card] = []
    legal_flags: list[bool] = []
    leader = (dealer + 1) % PLAYERS
    table: list[Card] = []
    while len(plays) < length:
        seat = (leader + len(table)) % PLAYERS
        legal = legal_cards(remaining[seat], table, trump, options)
        illegal = [c for c in remaining[seat] if c not in legal]
        if inject_from is not None and len(plays) >= inject_from and illegal:
            pool, inject_from = illegal, None
        elif rng.random() < illegal_rate:
            pool = remaining[seat]
        else:
            pool = list(legal)
        card = rng.choice(pool)
        legal_flags.append(card in legal)
        remaining[seat].remove(card)
        plays.append(card)
        table.append(card)
        if len(table) == PLAYERS:
            leader = (leader + reference_winner(table, trump)) % PLAYERS
            table = []
    record = DealRecord(dealer, trump, taker, tuple(plays), hands)
    return PlayedDeal(record, tuple(legal_flags))


# RULES.md "Order and value", read literally: ranks from highest to lowest (their points are
# tests/rules/builders.py's).
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")


def _rank(card: int) -> str:
    return str(Card(card))[:-1]


def _suit(card: int) -> int:
    return int(Card(card).suit)


def reference_strength(card: int, trump: int, led: int) -> tuple[int, int]:
    """How strong a card is in a trick: trumps above the led suit above everything else
    (RULES-COINCHE.md: under TA the led suit in trump order, under SA no suit is trump)."""
    if trump == TOUT_ATOUT:
        return (1, -TRUMP_ORDER.index(_rank(card))) if _suit(card) == led else (0, 0)
    if _suit(card) == trump:
        return 2, -TRUMP_ORDER.index(_rank(card))
    if _suit(card) == led:
        return 1, -PLAIN_ORDER.index(_rank(card))
    return 0, 0


def reference_winner(trick: Sequence[int], trump: int) -> int:
    """RULES.md: the highest trump, or without trumps the highest card of the led suit."""
    led = _suit(trick[0])
    strengths = [reference_strength(c, trump, led) for c in trick]
    return strengths.index(max(strengths))
