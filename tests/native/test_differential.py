"""The native core gives the reference's answers: on seeded positions at every count of cards
left (mid-trick included), under every rule option, with a capot at stake in some, every
question (the value, every card's value, a perfect line, claims in both modes), and on
searches cut short (the bounds hold the exact value). Hypothesis draws more positions.

Positions late in the deal are many (the reference solves them in milliseconds), early ones
few: one deal with every card valued from the second trick, two from the first lead.
"""

from __future__ import annotations

import random
from functools import partial
from itertools import count

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules import DealRecord, RuleOptions
from service.rules.analysis import reference
from service.rules.analysis.native import _native
from service.rules.analysis.questions import (
    BEST,
    Claim,
    deal_in,
    judge_claim,
    judge_coinche_claim,
    objective_in,
    solve,
    solve_coinche,
)
from service.rules.analysis.reference import MIXED, OutOfTime
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.coinche.options import CoincheOptions
from service.rules.variants.coinche.replay import CoincheRecord
from support.solver import asking
from tests.native.differential import (
    COINCHE_OPTIONS,
    DECK,
    OPTIONS,
    STRAINS,
    UNHURRIED,
    Objective,
    both,
    check_solutions,
    check_verdicts,
    claims,
    coinche_position,
    make,
    position,
    takers_objective,
)

# Positions per count of cards left: many late in the deal, where the reference is quick.
SEEDED = {
    left: 100 if left <= 12 else 24 if left <= 16 else 10 if left <= 20 else 3
    for left in range(1, 25)
}
CAPOTS = 6  # positions per count of cards left where one team has won every trick so far
PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_position(record: DealRecord, options: RuleOptions, rng: random.Random) -> None:
    """Every question asked of both searches: the solve, then six claims."""
    expected, found = both(partial(solve, record, options, UNHURRIED))
    check_solutions(record, options, expected, found)
    for claim, mode in claims(rng, record):
        verdicts = both(partial(judge_claim, record, claim, mode, options, UNHURRIED))
        check_verdicts(record, claim, options, *verdicts)


def check_coinche_position(
    record: CoincheRecord, options: CoincheOptions, rng: random.Random
) -> None:
    """The coinche questions asked of both searches: the solve, then six claims."""
    expected, found = both(partial(solve_coinche, record, options, UNHURRIED))
    check_solutions(record, options, expected, found)
    for claim, mode in claims(rng, record):
        verdicts = both(partial(judge_coinche_claim, record, claim, mode, options, UNHURRIED))
        check_verdicts(record, claim, options, *verdicts)


@pytest.mark.parametrize("left", sorted(SEEDED))
def test_late_positions_answer_as_the_reference(left: int) -> None:
    rng = random.Random(left)
    for index in range(SEEDED[left]):
        options = OPTIONS[index % len(OPTIONS)]
        check_position(position(1000 * left + index, left, options), options, rng)


def swept_positions(left: int) -> list[tuple[DealRecord, RuleOptions]]:
    """The first `CAPOTS` seeded positions with `left` cards left where one team has won
    every trick so far: the capot is at stake, for it or against."""
    found = []
    for seed in count():
        options = OPTIONS[seed % len(OPTIONS)]
        record = position(seed, left, options)
        if deal_in(CLASSIC, record, options).state.sweep != MIXED:
            found.append((record, options))
            if len(found) == CAPOTS:
                return found
    raise AssertionError("unreachable")


@pytest.mark.parametrize("left", range(1, 21))
def test_late_positions_with_a_capot_at_stake_answer_as_the_reference(left: int) -> None:
    rng = random.Random(left)
    for record, options in swept_positions(left):
        check_position(record, options, rng)


@pytest.mark.parametrize(("left", "deals", "every_card"), [(28, 1, True), (32, 2, False)])
def test_early_positions_answer_as_the_reference(left: int, deals: int, every_card: bool) -> None:
    for seed in range(deals):
        options = OPTIONS[seed * 5 % len(OPTIONS)]
        record = position(seed, left, options)
        expected, found = both(partial(solve, record, options, UNHURRIED, every_card=every_card))
        check_solutions(record, options, expected, found)


# --- coinche ------------------------------------------------------------------------------------

COINCHE_SEEDED = {left: 24 if left <= 12 else 8 for left in range(1, 21)}


@pytest.mark.parametrize("left", sorted(COINCHE_SEEDED))
def test_coinche_positions_under_every_strain_answer_as_the_reference(left: int) -> None:
    rng = random.Random(left)
    for index in range(COINCHE_SEEDED[left]):
        options = COINCHE_OPTIONS[index % len(COINCHE_OPTIONS)]
        record = coinche_position(1000 * left + index, left, options)
        check_coinche_position(record, options, rng)


@pytest.mark.parametrize("left", range(1, 17))
def test_coinche_positions_with_a_capot_at_stake_answer_as_the_reference(left: int) -> None:
    rng, found = random.Random(left), 0
    for seed in count():
        options = COINCHE_OPTIONS[seed % len(COINCHE_OPTIONS)]
        record = coinche_position(seed, left, options)
        if deal_in(COINCHE, record, options).state.sweep != MIXED:
            check_coinche_position(record, options, rng)
            found += 1
            if found == CAPOTS:
                break


@pytest.mark.parametrize(("strain", "left"), [(SANS_ATOUT, 28), (TOUT_ATOUT, DECK)])
def test_coinche_deals_early_answer_as_the_reference(strain: int, left: int) -> None:
    options = COINCHE_OPTIONS[strain]  # scaled points under SA, the federation's under TA
    seed = next(s for s in count() if STRAINS[s % len(STRAINS)] == strain)
    record = coinche_position(seed, left, options)
    expected, found = both(partial(solve_coinche, record, options, UNHURRIED, every_card=False))
    check_solutions(record, options, expected, found)


# --- cut short ---------------------------------------------------------------------------------


def test_searches_cut_short_bound_the_exact_value() -> None:
    # The deadline passed before the search began: the core stops at its first look at the
    # clock, the bounds it proved until then around the value (unless it finished first).
    cut = 0
    for seed in range(60):
        options = OPTIONS[seed % len(OPTIONS)]
        left = 8 + seed % 17
        record = position(seed, left, options)
        takers = record.taker % 2
        with asking(reference.Search):
            exact = solve(record, options, UNHURRIED, every_card=False)
        assert exact.value is not None
        with asking(_native.Search):
            found = solve(record, options, 0, every_card=seed % 2 == 0)
        if found.exact:
            assert found.value == exact.value
            continue
        cut += 1
        assert found.bounds is not None and found.value is None
        assert found.bounds[0] <= exact.value.points[takers] <= found.bounds[1]
        assert 0 <= found.bounds[0] <= found.bounds[1] <= DEAL_POINTS
    assert cut, "no search was cut short"


@pytest.mark.parametrize("seed", range(12))
def test_a_claim_cut_short_answers_only_what_it_settled(seed: int) -> None:
    options = OPTIONS[seed % len(OPTIONS)]
    record = position(seed, 16 + seed % 9, options)
    claim = Claim(seed % 4, tricks=2)
    with asking(reference.Search):
        exact = judge_claim(record, claim, BEST, options, UNHURRIED)
    with asking(_native.Search):
        found = judge_claim(record, claim, BEST, options, 0)
    assert found.holds in (None, exact.holds)
    assert found.tricks in (None, exact.tricks)
    assert found.points in (None, exact.points)
    settled = found.holds is not None and found.points is not None
    assert found.exact == (settled and (found.holds or found.refutation is not None))


def test_a_value_interrupted_at_any_moment_holds_the_exact_value_in_its_bounds() -> None:
    # Deadlines a few milliseconds ahead: the search stops wherever it is.
    rng = random.Random(5)
    for seed in range(40):
        options = OPTIONS[seed % len(OPTIONS)]
        record = position(seed, 12 + seed % 13, options)
        state = deal_in(CLASSIC, record, options).state
        objective = takers_objective(record, options)
        exact = make(reference.Search, objective, UNHURRIED / 1000).value(state, 81)
        search = make(_native.Search, objective, rng.random() * 0.004)
        try:
            assert search.value(state, 81) == exact
        except OutOfTime:
            lo, hi = search.bounds
            assert lo <= exact <= hi


# --- the searches themselves ---------------------------------------------------------------------


@PROPERTY
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(OPTIONS),
    st.integers(1, 16),
    st.integers(0, 1),
    st.booleans(),
    st.booleans(),
    st.sampled_from([0, 44, 45]),
    st.sampled_from([None, *STRAINS]),
    st.sampled_from(COINCHE_OPTIONS),
)
def test_each_step_of_the_search_answers_as_the_reference(
    rng: random.Random,
    options: RuleOptions,
    left: int,
    team: int,
    against: bool,
    count_tricks: bool,
    bonus: int,
    strain: int | None,
    coinche: CoincheOptions,
) -> None:
    # As the questions ask: the counted team maximises, or every seat plays against it (a
    # claim in mode "any"); tricks are counted without a capot's bonus.
    record = position(rng.randrange(2**32), left, options)
    state = deal_in(CLASSIC, record, options).state
    maximizer = None if against else team
    bonus = 0 if count_tricks else bonus
    if strain is None:  # classic, the record's trump
        objective = Objective(record.strain, options, team, maximizer, count_tricks, bonus)
        counted: tuple[object, ...] = ()
    else:  # coinche's strain, its points in the search's unit (scaled ones finer)
        objective = Objective(strain, coinche, team, maximizer, count_tricks, bonus)
        counted = objective_in(COINCHE, strain, coinche)[1:3]
    expected = make(reference.Search, objective, UNHURRIED / 1000, *counted)
    found = make(_native.Search, objective, UNHURRIED / 1000, *counted)
    bounds = expected.quick_bounds(state)
    assert found.quick_bounds(state) == bounds
    assert found.card_values(state) == expected.card_values(state)
    value = expected.value(state, rng.randint(*bounds))
    assert found.value(state, rng.randint(*bounds)) == value
    assert found.bounds == (value, value)
    # Fail-soft: an answer at or above beta is a lower bound, below it an upper bound.
    for beta in (bounds[0], value, value + 1, rng.randint(*bounds), bounds[1] + 1):
        g = found.probe(state, beta)
        if g >= beta:
            assert value >= g
        else:
            assert value <= g
    # The line is legal and gains the value, trick by trick: from the search that valued
    # the position, and from one whose table is empty (a probe there may answer with a loose
    # bound: the line must not need what the valuing left in the table).
    fresh = make(_native.Search, objective, UNHURRIED / 1000, *counted)
    for line in (found.line(state, value), fresh.line(state, value)):
        gained, at = 0, state
        for card in line:
            assert card in {c for group in expected.groups(at) for c in group}
            gain, at = expected.after(at, card)
            gained += gain
        assert not any(at.hands) and gained + expected._end(at.sweep) == value


# --- every card's value at once ------------------------------------------------------------------

# Positions per count of cards left, for `card_values` (the advice's one question a deal): many
# late in the deal, where the advice spends most of its answers, few early.
CARD_VALUES = {left: 200 if left <= 12 else 30 if left <= 16 else 6 for left in range(1, 25)}


@pytest.mark.parametrize("left", sorted(CARD_VALUES))
def test_every_card_s_value_at_once_is_the_reference_s(left: int) -> None:
    """`card_values` (search.h's bel_card_values) against the reference's, classic and coinche
    strains, points or tricks counted, a capot at stake or not, every seat maximising or
    playing against the counted team: one search kept over all the positions, as the advice
    keeps one from deal to deal (its table emptied when the cards move to other seats)."""
    rng = random.Random(f"card values {left}")
    searches: dict[Objective, tuple[reference.Search, reference.Search]] = {}
    for index in range(CARD_VALUES[left]):
        options = OPTIONS[index % len(OPTIONS)]
        strain = rng.choice([None, *STRAINS])
        record = position(rng.randrange(2**32), left, options)
        state = deal_in(CLASSIC, record, options).state
        team, count_tricks = rng.randrange(2), rng.random() < 0.2
        maximizer = None if rng.random() < 0.2 else team
        bonus = 0 if count_tricks else rng.choice([0, 44])
        coinche = COINCHE_OPTIONS[index % len(COINCHE_OPTIONS)]
        if strain is None:
            objective = Objective(record.strain, options, team, maximizer, count_tricks, bonus)
            counted: tuple[object, ...] = ()
        else:
            objective = Objective(strain, coinche, team, maximizer, count_tricks, bonus)
            counted = objective_in(COINCHE, strain, coinche)[1:3]
        if objective not in searches:
            searches[objective] = (
                make(reference.Search, objective, UNHURRIED / 1000, *counted),
                make(_native.Search, objective, UNHURRIED / 1000, *counted),
            )
        expected, found = searches[objective]
        values = expected.card_values(state)
        assert found.card_values(state) == values
        legal = {card for group in expected.groups(state) for card in group}
        assert [card for card, _ in values] == sorted(legal)


def _other_deals(state: reference.State, rng: random.Random, count: int) -> list:
    """`count` deals of the cards still held in `state`, each seat keeping its number of
    cards (the same trick, leader and sweep: the advice's deals of one position)."""
    held = [card for hand in state.hands for card in range(32) if hand >> card & 1]
    sizes = [hand.bit_count() for hand in state.hands]
    deals = []
    for _ in range(count):
        rng.shuffle(held)
        masks, place = [], 0
        for size in sizes:
            masks.append(sum(1 << card for card in held[place : place + size]))
            place += size
        deals.append(tuple(masks))
    return deals


@pytest.mark.parametrize("left", [4, 9, 13, 17, 21])
def test_the_values_of_many_deals_in_one_call_are_each_deal_s(left: int) -> None:
    """`deals_card_values` (one call into the C search for every deal of a position, without
    the GIL) answers each deal as the reference's `card_values` does, in the order given."""
    rng = random.Random(f"many deals {left}")
    for index in range(3 if left > 16 else 8):
        options = OPTIONS[index % len(OPTIONS)]
        record = position(rng.randrange(2**32), left, options)
        state = deal_in(CLASSIC, record, options).state
        objective = takers_objective(record, options)
        expected = make(reference.Search, objective, UNHURRIED / 1000)
        found = make(_native.Search, objective, UNHURRIED / 1000)
        deals = [state.hands, *_other_deals(state, rng, 5)]
        values = [expected.card_values(state._replace(hands=held)) for held in deals]
        assert found.deals_card_values(state, deals) == values
        assert expected.deals_card_values(state, deals) == values
        assert found.deals_card_values(state, []) == []


def test_many_deals_out_of_time_answer_none() -> None:
    """Past the deadline neither search answers a deal; each stops at the first it cannot."""
    record = position(7, 24, OPTIONS[0])
    state = deal_in(CLASSIC, record, OPTIONS[0]).state
    deals = [state.hands, *_other_deals(state, random.Random(7), 3)]
    for kind in (_native.Search, reference.Search):
        search = make(kind, takers_objective(record, OPTIONS[0]), 0)
        assert search.deals_card_values(state, deals) == []


def test_every_card_s_value_at_once_out_of_time_is_out_of_time() -> None:
    record = position(7, 24, OPTIONS[0])
    state = deal_in(CLASSIC, record, OPTIONS[0]).state
    search = make(_native.Search, takers_objective(record, OPTIONS[0]), 0)
    with pytest.raises(OutOfTime):
        search.card_values(state)


# --- hypothesis ----------------------------------------------------------------------------------


@PROPERTY
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(OPTIONS),
    st.integers(1, 16),
)
def test_drawn_positions_answer_as_the_reference(
    rng: random.Random, options: RuleOptions, left: int
) -> None:
    check_position(position(rng.randrange(2**32), left, options), options, rng)
