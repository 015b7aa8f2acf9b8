"""The deals of the unseen cards (service/rules/advice/sampler.py): counted exactly, numbered
one to one against a brute force, drawn uniformly and distinct from a seed."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from service.rules.advice.sampler import Constraints, Deals
from service.rules.core.cards import ALL_CARDS, Card
from service.rules.core.seats import PLAYERS

# --- the sampler: counted exactly, numbered one to one, drawn uniformly ---------------------------


def brute_force(constraints: Constraints) -> set[tuple[tuple[Card, ...], ...]]:
    """Every deal of the constraints' cards, by trying every seat for every card."""
    found = set()
    for seats in product(range(PLAYERS), repeat=len(constraints.cards)):
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for card, seat, allowed in zip(constraints.cards, seats, constraints.allowed, strict=True):
            if not allowed >> seat & 1:
                break
            hands[seat].append(card)
        else:
            if [len(hand) for hand in hands] == list(constraints.sizes):
                found.add(tuple(tuple(sorted(hand)) for hand in hands))
    return found


SMALL = [
    # Anyone but seat 0, two each: 6! / (2! 2! 2!) = 90.
    Constraints(tuple(ALL_CARDS[:6]), (0b1110,) * 6, (0, 2, 2, 2)),
    # Voids and pins: some cards for one seat, some for two.
    Constraints(
        tuple(ALL_CARDS[:6]), (0b0110, 0b0110, 0b1110, 0b1000, 0b0110, 0b1110), (0, 2, 2, 2)
    ),
    # Unequal hands (seat 1 has played one card more).
    Constraints(
        tuple(ALL_CARDS[8:15]),
        (0b1011, 0b1001, 0b1111, 0b0011, 0b1010, 0b1011, 0b1001),
        (2, 1, 0, 4),
    ),
    # A card nobody may hold: no deal.
    Constraints(tuple(ALL_CARDS[:3]), (0b0010, 0b0100, 0b0000), (0, 1, 1, 1)),
    # Seat 3 may hold only one card but must receive two: no deal.
    Constraints(tuple(ALL_CARDS[:4]), (0b0010, 0b0110, 0b0110, 0b1000), (0, 1, 1, 2)),
    # One way only.
    Constraints(tuple(ALL_CARDS[:3]), (0b0010, 0b0100, 0b1000), (0, 1, 1, 1)),
]


@pytest.mark.parametrize("constraints", SMALL)
def test_the_deals_are_counted_and_numbered_one_to_one(constraints: Constraints) -> None:
    deals = Deals(constraints)
    every = brute_force(constraints)
    assert deals.count == len(every)
    assert {deals.deal(rank) for rank in range(deals.count)} == every


def test_the_deals_of_a_whole_unseen_deck_are_the_multinomial() -> None:
    # 24 cards, 8 to each of three seats: 24! / (8!)^3.
    deals = Deals(Constraints(tuple(ALL_CARDS[8:]), (0b1110,) * 24, (0, 8, 8, 8)))
    assert deals.count == 9_465_511_770
    first, last = deals.deal(0), deals.deal(deals.count - 1)
    assert [len(hand) for hand in first] == [0, 8, 8, 8]
    assert first != last
    assert sorted(card for hand in last for card in hand) == list(ALL_CARDS[8:])


def test_sizes_that_do_not_add_up_to_the_cards_give_no_deal() -> None:
    assert Deals(Constraints(tuple(ALL_CARDS[:3]), (0b1110,) * 3, (0, 1, 1, 2))).count == 0
    assert Deals(Constraints(tuple(ALL_CARDS[:3]), (0b1110,) * 3, (0, 1, 1, 0))).count == 0


def test_a_rank_outside_the_deals_is_refused() -> None:
    deals = Deals(SMALL[0])
    for rank in (-1, deals.count):
        with pytest.raises(IndexError, match=str(rank)):
            deals.deal(rank)


def test_the_draws_are_uniform_over_the_deals() -> None:
    """Chi-square over the 12 deals of a constrained case, 2,400 draws from a fixed seed: far
    under the 0.1% critical value (31.26 for 11 degrees of freedom)."""
    deals = Deals(SMALL[1])
    assert deals.count == 12
    rng = random.Random(2026)
    drawn = Counter(deals.deal(rank) for _ in range(2400) for rank in deals.ranks(1, rng))
    assert len(drawn) == 12
    expected = 2400 / 12
    chi_square = sum((seen - expected) ** 2 / expected for seen in drawn.values())
    assert chi_square < 31.26


def test_the_draws_are_distinct_and_every_deal_is_taken_when_there_are_few() -> None:
    deals = Deals(SMALL[0])
    drawn = deals.ranks(40, random.Random(1))
    assert len(drawn) == len(set(drawn)) == 40
    assert all(0 <= rank < 90 for rank in drawn)
    assert deals.ranks(90, random.Random(1)) == list(range(90))
    assert deals.ranks(200, random.Random(1)) == list(range(90))
    assert deals.ranks(40, random.Random(1)) == drawn  # the seed decides the draws
