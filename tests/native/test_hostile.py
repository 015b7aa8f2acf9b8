"""The C search's entry points, fuzzed with hostile arguments through `_native.Core` (which
passes them on unchecked): overlapping hands, wrong hand sizes, cards, strains, seats, sweep
states and flags out of range, huge points and table sizes, extreme bounds. Whatever it is
given, the core answers one of its three statuses; it refuses exactly what search.h calls
invalid, and searches the rest (here against a near deadline). Under the sanitizer build
(test_sanitizers.py) any read or write out of bounds, or undefined behaviour, fails the run.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from time import perf_counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules.analysis.native import _native
from service.rules.analysis.questions import deal_in
from service.rules.variants import CLASSIC
from tests.native.differential import OPTIONS, position

INT32 = st.integers(-(2**31), 2**31 - 1)
UINT32 = st.integers(0, 2**32 - 1)
STATUSES = (_native.OK, _native.OUT_OF_TIME, _native.BAD_ARGUMENT)
SOON = 0.02  # seconds: the deadline of a hostile search
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLE_BITS = 12  # small tables: hundreds of searches are made


def valid_objective(
    strain: int,
    undertrump: int,
    overtrump: int,
    points: Sequence[int],
    last_bonus: int,
    count_tricks: int,
    bonus: int,
    team: int,
    maximizer: int,
) -> bool:
    """search.h's bel_objective, valid."""
    return (
        0 <= strain <= 5
        and all(flag in (0, 1) for flag in (undertrump, overtrump, count_tricks))
        and all(0 <= p <= 100_000 for p in points)
        and 0 <= last_bonus <= 100_000
        and 0 <= bonus <= 1_000_000
        and not (count_tricks and bonus)
        and team in (0, 1)
        and maximizer in (team, -1)
    )


def valid_state(state: Sequence[int]) -> bool:
    """search.h's bel_state, valid (the trick's unused places are not read)."""
    hands, leader, length, trick, sweep = state[:4], state[4], state[5], state[6:9], state[9]
    if not (0 <= leader <= 3 and 0 <= length <= 3 and 0 <= sweep <= 3):
        return False
    played = trick[:length]
    if not all(0 <= card <= 31 for card in played):
        return False
    seen = 0
    for mask in (*hands, *(1 << card for card in played)):
        if seen & mask:
            return False  # a card in two hands, or on the table and in a hand, or twice
        seen |= mask
    have_played = {(leader + i) % 4 for i in range(length)}
    sizes = [hands[seat].bit_count() + (seat in have_played) for seat in range(4)]
    return len(set(sizes)) == 1 and sizes[0] <= 8 and (length == 0 or sizes[0] >= 1)


@st.composite
def objectives(draw: st.DrawFn, hostile_fields: bool = True) -> tuple[int, ...]:
    """Valid objectives, with each field sometimes hostile (`hostile_fields`)."""

    def hostile(valid: st.SearchStrategy[int]) -> st.SearchStrategy[int]:
        if not hostile_fields:
            return valid
        return st.one_of(valid, valid, valid, valid, valid, valid, INT32)

    def field(valid: st.SearchStrategy[int]) -> int:
        return draw(hostile(valid))

    team = field(st.integers(0, 1))
    count_tricks = field(st.integers(0, 1))
    return (
        field(st.integers(0, 5)),
        field(st.integers(0, 1)),
        field(st.integers(0, 1)),
        draw(
            st.lists(st.integers(0, 30), min_size=32, max_size=32)
            | st.lists(st.integers(0, 100_000), min_size=32, max_size=32)
            | st.lists(hostile(st.integers(0, 30)), min_size=32, max_size=32)
        ),
        field(st.sampled_from([0, 10, 100_000])),
        count_tricks,
        field(st.just(0) if count_tricks else st.sampled_from([0, 44, 45, 1_000_000])),
        team,
        field(st.sampled_from([team, -1])),
    )


@st.composite
def states(draw: st.DrawFn) -> tuple[int, ...]:
    """A real position (a seeded deal, some cards played), as it is or with one field made
    hostile; or ten random ints."""
    if draw(st.integers(0, 9)) == 0:
        return (
            *draw(st.lists(UINT32, min_size=4, max_size=4)),
            *draw(st.lists(INT32, min_size=6, max_size=6)),
        )
    options = draw(st.sampled_from(OPTIONS))
    record = position(draw(st.integers(0, 2**32)), draw(st.integers(1, 32)), options)
    state = list(_native._ints(deal_in(CLASSIC, record, options).state))
    spoil = draw(st.integers(0, 14))
    if spoil < 4:  # a hand with a card more, one fewer, another's, anything
        card = draw(st.integers(0, 31))
        state[spoil] = draw(
            st.sampled_from([state[spoil] | 1 << card, state[spoil] & ~(1 << card)]) | UINT32
        )
    elif spoil < 10:
        state[spoil] = draw(st.one_of(st.integers(-2, 40), INT32))
    return tuple(state)


def core(objective: Sequence[object], table_bits: int = TABLE_BITS) -> _native.Core:
    made = _native.Core(*objective, table_bits)
    made.set_deadline(perf_counter() + SOON)
    return made


@FUZZ
@given(objectives(), st.one_of(st.integers(8, 26), INT32))
def test_an_objective_is_refused_exactly_when_it_is_invalid(
    objective: tuple[int, ...], table_bits: int
) -> None:
    valid = valid_objective(*objective) and 10 <= table_bits <= 24
    if valid and table_bits > 16:
        table_bits = 16  # valid sizes above 16 are made in the test below: memory
    try:
        core(objective, table_bits)
    except ValueError:
        assert not valid
    else:
        assert valid


def test_every_valid_table_size_is_made_and_freed() -> None:
    objective = (1, 1, 1, [0] * 32, 10, 0, 45, 0, 0)
    for bits in range(10, 25):
        assert core(objective, bits).nodes == 0


@FUZZ
@given(objectives(hostile_fields=False), states(), INT32, INT32)
def test_every_entry_point_refuses_an_invalid_position_and_searches_a_valid_one(
    objective: tuple[int, ...], state: tuple[int, ...], beta: int, value: int
) -> None:
    assert valid_objective(*objective)
    search = core(objective)
    valid = valid_state(state)
    refused = _native.BAD_ARGUMENT
    status, lo, hi = search.quick_bounds(state)
    assert status == (_native.OK if valid else refused)
    status, _ = search.probe(state, beta)
    assert status in STATUSES and (status == refused) == (not valid)
    status, found, lo, hi = search.value(state, beta)
    assert status in STATUSES and (status == refused) == (not valid)
    if status == _native.OK:
        assert lo == found == hi
        status, line = search.line(state, found)
        assert status in (_native.OK, _native.OUT_OF_TIME)
        if status == _native.OK:
            assert len(line) == sum(hand.bit_count() for hand in state[:4])
    # A line to a value that is not the position's is refused, never a crash.
    status, line = search.line(state, value)
    assert status in STATUSES and len(line) <= 32
    # Every card's value: refused also when no card is left to play.
    status, values = search.card_values(state)
    over = valid and not any(state[:4])
    assert status in STATUSES and (status == refused) == (not valid or over)
    if status == _native.OK:
        mover = state[(state[4] + state[5]) % 4]
        cards = [card for card, _ in values]
        assert cards == sorted(cards) and all(mover >> card & 1 for card in cards)


@pytest.mark.parametrize("deadline", [math.nan, math.inf, -math.inf, -1.0, 0.0, 1e300])
def test_any_deadline_is_taken(deadline: float) -> None:
    # Two tricks left, a few positions: whatever the deadline, the search ends.
    options = OPTIONS[0]
    record = position(7, 8, options)
    state = _native._ints(deal_in(CLASSIC, record, options).state)
    search = _native.Core(record.strain, 1, 1, [3] * 32, 10, 0, 45, 0, 0, TABLE_BITS)
    search.set_deadline(deadline)
    status, value, lo, hi = search.value(state, 0)
    assert status in (_native.OK, _native.OUT_OF_TIME)
    assert lo <= value <= hi if status == _native.OK else lo <= hi


def test_many_deals_are_refused_or_searched_as_each_deal_alone() -> None:
    """`deals_card_values` answers the deals before the first one the core refuses (or runs
    out of time on), with that deal's status; masks that fit no uint32 and a flat list that
    is not four masks a deal are refused before the core."""
    rng = random.Random(2)
    search = core((2, 0, 1, [5] * 32, 10, 0, 45, 1, -1))
    search.set_deadline(perf_counter() + 600)  # (the deals are of 3 tricks at most)
    for round_ in range(200):
        record = position(round_, rng.randint(1, 12), OPTIONS[0])
        state = _native._ints(deal_in(CLASSIC, record, OPTIONS[0]).state)
        held = [card for hand in state[:4] for card in range(32) if hand >> card & 1]
        deals = []
        for _ in range(rng.randint(0, 4)):  # the position's cards dealt again, or hostile masks
            rng.shuffle(held)
            sizes = [hand.bit_count() for hand in state[:4]]
            places = [sum(sizes[:seat]) for seat in range(5)]
            dealt = tuple(sum(1 << c for c in held[places[s] : places[s + 1]]) for s in range(4))
            hostile = tuple(rng.getrandbits(32) >> rng.randrange(32) for _ in range(4))
            deals.append(dealt if rng.random() < 0.7 else hostile)
        status, answers = search.deals_card_values(state, [m for d in deals for m in d])
        alone = [search.card_values(deal + state[4:]) for deal in deals]
        done = next((i for i, (s, _) in enumerate(alone) if s != _native.OK), len(alone))
        assert answers == [values for _, values in alone[:done]]
        assert status == (alone[done][0] if done < len(alone) else _native.OK)
    with pytest.raises(ValueError, match="4 masks each"):
        search.deals_card_values((0,) * 10, [0] * 5)
    with pytest.raises(OverflowError):
        search.deals_card_values((0,) * 10, [2**32, 0, 0, 0])
    with pytest.raises(OverflowError):
        search.deals_card_values((0,) * 10, [-1, 0, 0, 0])


@pytest.mark.parametrize("length", [0, 9, 11, 100])
def test_a_position_of_the_wrong_length_is_refused_before_the_core(length: int) -> None:
    search = _native.Core(0, 1, 1, [0] * 32, 10, 0, 0, 0, 0, TABLE_BITS)
    with pytest.raises(ValueError, match="a position is 10 ints"):
        search.probe((0,) * length, 0)


@pytest.mark.parametrize("points", [[], [0] * 31, [0] * 33])
def test_points_of_the_wrong_length_are_refused_before_the_core(points: list[int]) -> None:
    with pytest.raises(ValueError, match="points are 32 ints"):
        _native.Core(0, 1, 1, points, 10, 0, 0, 0, 0, TABLE_BITS)


def test_a_random_bit_pattern_never_crashes_the_core() -> None:
    # Ten thousand positions of random ints, one search: every answer a status.
    rng = random.Random(1)
    search = core((2, 0, 1, [5] * 32, 10, 0, 45, 1, -1))
    for _ in range(10_000):
        state = tuple(rng.getrandbits(32) for _ in range(4)) + tuple(
            rng.randint(-5, 40) for _ in range(6)
        )
        status, _ = search.probe(state, rng.randint(-(2**31), 2**31 - 1))
        assert status in STATUSES
        assert (status == _native.BAD_ARGUMENT) == (not valid_state(state))
        status, _ = search.card_values(state)
        assert status in STATUSES
        assert (status == _native.BAD_ARGUMENT) == (not valid_state(state) or not any(state[:4]))
