"""Reproducible dealing from a client's seed.

The shuffle is HMAC-SHA256 in counter mode (key: the seed's UTF-8 bytes; message: the
counter as 8 big-endian bytes) read as 32-bit big-endian words, each drawn into a range by
rejection sampling (no modulo bias), driving a Fisher-Yates shuffle of the deck in code order
(7S 8S ... AS 7H ... AC), from the last position down. The deal follows the texts: from the
dealer's next, 3 cards each, then 2 each, then the turned card; after a take, from the
dealer's next, 3 cards each and 2 to the taker, who also takes the turned card.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from service.rules.core.cards import ALL_CARDS, Card
from service.rules.core.errors import InconsistentInput
from service.rules.core.table import PLAYERS, TURN_ORDER, Seat, seat_after

ALGORITHM = (
    "belote-deal/1: HMAC-SHA256(key=UTF-8 seed, message=uint64 big-endian counter from 0) "
    "as uint32 big-endian words; unbiased draws by rejection; Fisher-Yates from the last "
    "position of the deck 7S..AS 7H..AH 7D..AD 7C..AC; dealt from index 0"
)
MIN_SEED_LENGTH = 16
FIRST_PACKETS = (3, 2)
COMPLETION_PACKET = 3
# Coinche (RULES-COINCHE.md "Deal"): all 32 cards, 3-2-3 from the dealer's next, no turned card.
COINCHE_PACKETS = (3, 2, 3)


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]
    turned: Card
    stock: tuple[Card, ...]


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


def deal(seed: str, dealer: Seat, taker: Seat | None = None) -> Deal:
    """Deal 5 cards each and turn a card; with `taker`, complete the hands to 8."""
    for name, value in (("dealer", dealer), ("taker", taker)):
        if value is not None and value not in range(PLAYERS):
            raise InconsistentInput.at(f"/{name}", "not_a_seat", value=value)
    deck = list(shuffled_deck(seed))
    order = TURN_ORDER[seat_after(dealer)]
    hands = _packets(deck, order, FIRST_PACKETS)
    turned = deck.pop(0)
    if taker is not None:
        hands[taker].append(turned)
        for seat in order:
            packet = COMPLETION_PACKET - (seat == taker)
            hands[seat] += deck[:packet]
            del deck[:packet]
    return Deal(tuple(tuple(h) for h in hands), turned, tuple(deck))


def _packets(deck: list[Card], order: Sequence[Seat], packets: tuple[int, ...]) -> list[list[Card]]:
    """Each packet size in turn to every seat of `order`, taken from the top of `deck`."""
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for packet in packets:
        for seat in order:
            hands[seat] += deck[:packet]
            del deck[:packet]
    return hands


def deal_coinche(seed: str, dealer: Seat) -> tuple[tuple[Card, ...], ...]:
    """A coinche deal: the same shuffle, all 32 cards, 8 each in packets of 3, 2, 3 from the
    dealer's next."""
    if dealer not in range(PLAYERS):
        raise InconsistentInput.at("/dealer", "not_a_seat", value=dealer)
    order = TURN_ORDER[seat_after(dealer)]
    return tuple(
        tuple(hand) for hand in _packets(list(shuffled_deck(seed)), order, COINCHE_PACKETS)
    )
