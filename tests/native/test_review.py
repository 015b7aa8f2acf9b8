"""The review on the native core: the reference's reviews, and one search kept for a whole
review (its transposition table reused from one position of the deal to the next) answering
every position exactly as a fresh search does.

A review asks one `Search` (one C search and its table) the value of every position of the
deal and of every legal card's position after it. The C search keeps its table from one call
to the next, cleared only for another deal (search.h): positions met again along the deal,
with the same objective, reuse what earlier positions proved. These tests hold that reuse to
a fresh search's answers, from the first lead to the last card.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from service.rules import RuleOptions
from service.rules.analysis.native import _native
from service.rules.analysis.questions import deal_in
from service.rules.analysis.reference import State
from service.rules.analysis.review import Review, review_coinche_deal, review_deal
from service.rules.variants import CLASSIC
from support.deals import play_deal
from tests.native.differential import (
    COINCHE_OPTIONS,
    DECK,
    OPTIONS,
    UNHURRIED,
    both,
    coinche_position,
    make,
    takers_objective,
)


def same_review(expected: Review, found: Review) -> None:
    """Two reviews of one deal give the same answers (their search's effort apart)."""
    assert found.plays == expected.plays
    assert (found.seats, found.teams, found.decisive, found.renonce, found.exact) == (
        expected.seats,
        expected.teams,
        expected.decisive,
        expected.renonce,
        expected.exact,
    )


@pytest.mark.parametrize("left", [4, 8, 12, 16, 20])
def test_reviews_from_late_positions_answer_as_the_reference(left: int) -> None:
    for seed in range(4 if left <= 12 else 2):
        options = OPTIONS[seed % len(OPTIONS)]
        played = play_deal(random.Random(100 * left + seed), DECK, 0.03, options).record
        first = DECK - left
        same_review(*both(partial(review_deal, played, options, UNHURRIED, first)))


@pytest.mark.parametrize("left", [8, 16])
def test_coinche_reviews_answer_as_the_reference(left: int) -> None:
    for seed in range(6):
        options = COINCHE_OPTIONS[seed % len(COINCHE_OPTIONS)]
        record = coinche_position(7 * left + seed, 0, options)
        first = DECK - left
        same_review(*both(partial(review_coinche_deal, record, options, UNHURRIED, first)))


def positions_of_a_deal(seed: int, options: RuleOptions) -> tuple[object, list[State]]:
    """A whole deal of random legal plays: its objective and, along it, each position and
    each legal card's position after it, in the order a review asks them."""
    record = play_deal(random.Random(seed), DECK, options=options).record
    opening = deal_in(CLASSIC, replace(record, plays=()), options)
    objective = takers_objective(record, options)
    walker = make(_native.Search, objective, UNHURRIED / 1000)
    states, state = [], opening.state
    for card in record.plays:
        states.append(state)
        for group in walker.groups(state):
            states.append(walker.after(state, group[0])[1])
        state = walker.after(state, card)[1]
    return objective, states


@pytest.mark.parametrize("seed", range(8))
def test_a_search_kept_for_a_whole_deal_answers_every_position_as_a_fresh_one(seed: int) -> None:
    # About 90 positions a deal, from the first lead to the last card.
    options = OPTIONS[seed * 3 % len(OPTIONS)]
    objective, states = positions_of_a_deal(seed, options)
    kept = make(_native.Search, objective, UNHURRIED / 1000)
    for state in states:
        fresh = make(_native.Search, objective, UNHURRIED / 1000)
        guess = sum(fresh.quick_bounds(state)) // 2
        value = fresh.value(state, guess)
        assert kept.value(state, guess) == value
        assert kept.line(state, value) == fresh.line(state, value)


@pytest.mark.parametrize("seed", range(60))
def test_a_search_kept_for_the_last_tricks_answers_as_a_fresh_one(seed: int) -> None:
    # Thousands of positions in all: the last three tricks of many deals, cheap to search.
    options = OPTIONS[seed % len(OPTIONS)]
    objective, states = positions_of_a_deal(seed, options)
    kept = make(_native.Search, objective, UNHURRIED / 1000)
    for state in states:
        if sum(hand.bit_count() for hand in state.hands) > 12:
            continue
        fresh = make(_native.Search, objective, UNHURRIED / 1000)
        lo, hi = fresh.quick_bounds(state)
        value = fresh.value(state, (lo + hi) // 2)
        for guess in (lo, value, hi):  # each a window of its own: the table's bounds at work
            assert kept.value(state, guess) == value
