"""Reproducible dealing (/v1/deals/deal): the shuffle named by ALGORITHM, then the
deal as the texts say: from the dealer's next, 3 cards each, 2 each, the turned card; after a
take the taker gets the turned card and 2 more, every other player 3."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from itertools import count

import pytest

from service.rules import ALGORITHM, InconsistentInput, deal, shuffled_deck
from service.rules.core import dealing
from service.rules.variants import COINCHE
from tests.rules.builders import codes
from tests.rules.inconsistent import Found, problems

SEED = "a table of four friends, deal one"


def _words(seed: str) -> Iterator[int]:
    for counter in count():
        block = hmac.new(seed.encode(), counter.to_bytes(8, "big"), hashlib.sha256).digest()
        yield from (int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4))


def reference_deck(seed: str, words: Iterator[int] | None = None) -> list[str]:
    """ALGORITHM's words, implemented again: HMAC-SHA256 counter mode, uint32 words,
    unbiased draws by rejection, Fisher-Yates from the last position of the deck in code
    order 7S..AS 7H..AH 7D..AD 7C..AC."""
    deck = [rank + suit for suit in "SHDC" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    words = _words(seed) if words is None else words
    for top in range(31, 0, -1):
        size = top + 1
        word = next(words)
        while word >= 2**32 - 2**32 % size:
            word = next(words)
        deck[top], deck[word % size] = deck[word % size], deck[top]
    return deck


def test_the_algorithm_is_named_with_its_version() -> None:
    assert ALGORITHM.startswith("belote-deal/1")
    assert "HMAC-SHA256" in ALGORITHM and "Fisher-Yates" in ALGORITHM


@pytest.mark.parametrize(
    "seed",
    [SEED, "0123456789abcdef", "é" * 16, "♠♥♦♣" * 4, *(f"{SEED} #{n}" for n in range(12))],
)
def test_the_shuffle_is_the_one_the_algorithm_names(seed: str) -> None:
    assert codes(shuffled_deck(seed)) == reference_deck(seed)
    assert shuffled_deck(seed) == shuffled_deck(seed)


def test_a_draw_that_would_bias_the_shuffle_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """For a deck of `size` cards the last 2**32 % size words are refused: words no seed is
    known to reach, so the stream is given. Before each draw, the lowest refused word (none
    for a power of two), then an accepted one."""
    stream = []
    for top in range(31, 0, -1):
        refused = 2**32 % (top + 1)
        if refused:
            stream.append(2**32 - refused)
        stream.append(2**32 - refused - 1 - 7919 * top)
    monkeypatch.setattr(dealing, "_words", lambda seed: iter(stream))
    assert codes(shuffled_deck(SEED)) == reference_deck(SEED, iter(stream))


def test_different_seeds_give_different_deals() -> None:
    decks = {shuffled_deck(f"{SEED} #{n}") for n in range(50)}
    assert len(decks) == 50


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_five_cards_each_3_then_2_from_the_dealers_next_then_the_turned_card(dealer: int) -> None:
    deck = codes(shuffled_deck(SEED))
    dealt = deal(SEED, dealer)
    for position in range(4):
        seat = (dealer + 1 + position) % 4
        first, second = deck[3 * position : 3 * position + 3], deck[12 + 2 * position :][:2]
        assert codes(dealt.hands[seat]) == first + second
    assert str(dealt.turned) == deck[20]
    assert codes(dealt.stock) == deck[21:]
    assert len(dealt.stock) == 11


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_after_a_take_the_taker_gets_the_turned_card_and_2_others_3(
    dealer: int, taker: int
) -> None:
    five = deal(SEED, dealer)
    stock = codes(five.stock)
    eight = deal(SEED, dealer, taker)
    start = 0
    for position in range(4):  # packets from the dealer's next
        seat = (dealer + 1 + position) % 4
        packet = 2 if seat == taker else 3
        turned = [str(five.turned)] if seat == taker else []
        expected = codes(five.hands[seat]) + turned + stock[start : start + packet]
        assert codes(eight.hands[seat]) == expected
        start += packet
    assert eight.turned == five.turned
    assert eight.stock == ()
    assert sorted(c for hand in eight.hands for c in hand) == list(range(32))


@pytest.mark.parametrize(
    ("seed", "dealer", "taker", "found"),
    [
        ("x" * 15, 0, None, ("/seed", "seed_too_short", {"minimum": 16})),
        ("", 0, None, ("/seed", "seed_too_short", {"minimum": 16})),
        (SEED, 4, None, ("/dealer", "not_a_seat", {"value": 4})),
        (SEED, -1, None, ("/dealer", "not_a_seat", {"value": -1})),
        (SEED, 0, 4, ("/taker", "not_a_seat", {"value": 4})),
    ],
)
def test_a_short_seed_or_a_seat_that_does_not_exist_is_inconsistent_input(
    seed: str, dealer: int, taker: int | None, found: Found
) -> None:
    assert problems(lambda: deal(seed, dealer, taker)) == [found]


def test_a_seed_of_16_characters_is_enough() -> None:
    assert len(deal("x" * 16, 0).hands) == 4


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_coinche_deals_all_32_cards_3_2_3_from_the_dealers_next(dealer: int) -> None:
    """RULES-COINCHE.md "Deal": 8 each, packets 3-2-3 from the dealer's next, no turned card."""
    deck = codes(shuffled_deck(SEED))
    hands = COINCHE.deal(SEED, dealer).hands
    for position in range(4):
        seat = (dealer + 1 + position) % 4
        first = deck[3 * position : 3 * position + 3]
        second = deck[12 + 2 * position : 12 + 2 * position + 2]
        third = deck[20 + 3 * position : 20 + 3 * position + 3]
        assert codes(hands[seat]) == first + second + third
    assert sorted(c for hand in hands for c in codes(hand)) == sorted(deck)


@pytest.mark.parametrize(
    ("seed", "dealer", "pointer"), [(SEED, 4, "/dealer"), ("short", 0, "/seed")]
)
def test_a_coinche_deal_needs_a_seat_and_a_long_seed(seed: str, dealer: int, pointer: str) -> None:
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.deal(seed, dealer)
    assert [p.pointer for p in caught.value.problems] == [pointer]
