"""Reproducible dealing from a client's seed, and a deck dealt in packets.

The shuffle is HMAC-SHA256 in counter mode (key: the seed's UTF-8 bytes; message: the
counter as 8 big-endian bytes) read as 32-bit big-endian words, each drawn into a range by
rejection sampling (no modulo bias), driving a Fisher-Yates shuffle of the deck in code order
(7S 8S ... AS 7H ... AC), from the last position down. The deal follows the texts: from the
dealer's next, in packets: classic 3 then 2 each, then the turned card, and after a take
3 cards each and 2 to the taker, who also takes the turned card; coinche 3, 2 and 3 each. How
many in each packet is the variant's (`Variant.deal`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from service.rules.core.cards import ALL_CARDS, Card
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, TURN_ORDER, Seat, seat_after

ALGORITHM = (
    "belote-deal/1: HMAC-SHA256(key=UTF-8 seed, message=uint64 big-endian counter from 0) "
    "as uint32 big-endian words; unbiased draws by rejection; Fisher-Yates from the last "
    "position of the deck 7S..AS 7H..AH 7D..AD 7C..AC; dealt from index 0"
)
MIN_SEED_LENGTH = 16


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: each seat's hand, the turned card (classic's, before the take;
    None in coinche) and the cards not dealt yet (classic's, before the take)."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None = None
    stock: tuple[Card, ...] = ()


def _words(seed: str) -> Iterator[int]:
    key = seed.encode()
    counter = 0
    while True:
        block = hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        for offset in range(0, len(block), 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def shuffled_deck(seed: str) -> tuple[Card, ...]:
    """The deck shuffled from `seed`, the same on every machine and release of algorithm 1."""
    if len(seed) < MIN_SEED_LENGTH:
        raise InconsistentInput.at("/seed", "seed_too_short", minimum=MIN_SEED_LENGTH)
    deck = list(ALL_CARDS)
    words = _words(seed)
    for top in range(len(deck) - 1, 0, -1):
        bound = top + 1
        limit = (1 << 32) - (1 << 32) % bound  # draws at or above are rejected
        word = next(words)
        while word >= limit:
            word = next(words)
        pick = word % bound
        deck[top], deck[pick] = deck[pick], deck[top]
    return tuple(deck)


def dealt(deck: list[Card], dealer: Seat, packets: Sequence[int]) -> list[list[Card]]:
    """Each packet size in turn to every seat from the dealer's next, taken from the top of
    `deck` (what is dealt leaves it)."""
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for packet in packets:
        for seat in TURN_ORDER[seat_after(dealer)]:
            hands[seat] += deck[:packet]
            del deck[:packet]
    return hands
