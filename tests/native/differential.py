"""What tests/native compares: the same question asked of the reference search and of the native
core, and what must hold of the core's answers where two right answers may differ (a perfect
line, a refutation, a fail-soft probe, the bounds of a search cut short).

The reference is proven by tests/rules (a brute force, tables, its mutants); these tests hold
the core to it. Node counts may differ: the core orders and stores positions its own way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from time import perf_counter
from typing import NamedTuple, TypeVar

from service.rules import DealRecord, RuleOptions, replay
from service.rules.analysis import reference
from service.rules.analysis.native import _native
from service.rules.analysis.questions import ANY, BEST, Claim, ClaimVerdict, Outcome, Solution
from service.rules.core.cards import Card
from service.rules.core.replay import Replay
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from support.deals import play_deal
from support.solver import asking

TRICKS = 8
DECK = 32
UNHURRIED = 600_000  # ms: a budget no search here comes near
OPTIONS = tuple(
    RuleOptions(undertrump=undertrump, overtrump_partner=overtrump, capot=capot)
    for undertrump in ("required", "optional")
    for overtrump in (True, False)
    for capot in (252, 250)
)

# Coinche: every strain, the options that change the play, the points or the objective.
COINCHE_OPTIONS = tuple(
    CoincheOptions(
        sa_ta=True,
        undertrump=undertrump,
        overtrump_partner=overtrump,
        capot=capot,
        sa_points=points[0],
        ta_points=points[1],
    )
    for undertrump in ("optional", "required")
    for overtrump in (True, False)
    for capot in (250, 252)
    for points in (("ace19", "ffb"), ("scaled", "scaled"))
)
STRAINS = (0, 1, 2, 3, SANS_ATOUT, TOUT_ATOUT)

Record = DealRecord | CoincheRecord
Options = RuleOptions | CoincheOptions
T = TypeVar("T")
R = TypeVar("R", DealRecord, CoincheRecord)


def both(question: Callable[[], T]) -> tuple[T, T]:
    """The reference's answer, then the core's."""
    with asking(reference.Search):
        expected = question()
    with asking(_native.Search):
        found = question()
    return expected, found


class Objective(NamedTuple):
    """What a search counts and for whom (reference.Search's arguments but the deadline)."""

    trump: int
    options: Options
    team: int
    maximizer: int | None
    count_tricks: bool
    bonus: int


def takers_objective(record: DealRecord, options: RuleOptions) -> Objective:
    """What `solve` counts: the takers' points, the capot's extra in."""
    takers = record.taker % 2
    return Objective(record.strain, options, takers, takers, False, (options.capot - 162) // 2)


def make(
    search: type[reference.Search], objective: Objective, seconds: float, *counted: object
) -> reference.Search:
    """A search of `objective` with `seconds` to go (`counted`: the points and last bonus
    when not the strain's own)."""
    return search(*objective, perf_counter() + seconds, *counted)


def position(seed: int, left: int, options: RuleOptions) -> DealRecord:
    """A deal from `seed` with `left` cards still to play (random legal plays before), a
    capot at stake in some (the plays so far all won by one team)."""
    return play_deal(random.Random(seed), DECK - left, options=options).record


def replayed(record: Record, options: Options) -> Replay | Replay:
    """The record replayed by its variant's replay."""
    if isinstance(record, CoincheRecord):
        assert isinstance(options, CoincheOptions)
        return COINCHE.replay(record, options)
    assert isinstance(options, RuleOptions)
    return replay(record, options)


def coinche_position(seed: int, left: int, options: CoincheOptions) -> CoincheRecord:
    """A coinche deal from `seed` under a strain and contract drawn from it, with `left` cards
    still to play."""
    rng = random.Random(seed)
    strain = STRAINS[seed % len(STRAINS)]
    played = play_deal(rng, DECK - left, options=options, trump=strain).record
    value = rng.choice([80, 100, 120, 160, CAPOT])
    contract = Contract(played.taker, value, strain, rng.randrange(3))
    return CoincheRecord(played.dealer, contract, played.plays, played.hands)


def outcome(record: Record, options: Options) -> Outcome:
    finished = replayed(record, options)
    assert finished.complete and finished.score is not None
    return Outcome(
        finished.points, finished.score.capot, finished.score.contract, finished.score.score
    )


def followed(record: R, line: Sequence[Card], options: Options) -> R:
    """The record with `line` played after it, every card of it legal when played."""
    plays = list(record.plays)
    for card in line:
        judged = replayed(replace(record, plays=tuple(plays)), options)
        assert judged.legal is not None and card in judged.legal, (plays, card)
        plays.append(card)
    return replace(record, plays=tuple(plays))


def check_solutions(record: Record, options: Options, expected: Solution, found: Solution) -> None:
    """The core's solution is the reference's: the value, every card's value and loss; its
    line is legal and reaches the value."""
    assert (found.exact, found.to_move, found.value, found.bounds) == (
        expected.exact,
        expected.to_move,
        expected.value,
        expected.bounds,
    )
    assert found.moves == expected.moves
    if found.exact and found.value is not None and found.to_move is not None:
        assert outcome(followed(record, found.line, options), options) == found.value


def claimed(record: Record, claim: Claim, options: Options, line: Sequence[Card]) -> bool:
    """Whether the claim is met once `line` has been played to the end of the deal."""
    before = replayed(record, options)
    done = sum(trick.winner is not None for trick in before.tricks)
    after = replayed(followed(record, line, options), options)
    team = claim.seat % 2
    if claim.points is not None:
        return after.points[team] >= claim.points
    won = sum(trick.winner % 2 == team for trick in after.tricks[done:] if trick.winner is not None)
    return won == TRICKS - done if claim.rest else won >= (claim.tricks or 0)


def check_verdicts(
    record: Record,
    claim: Claim,
    options: Options,
    expected: ClaimVerdict,
    found: ClaimVerdict,
) -> None:
    """The core's verdict is the reference's; its refutation is a legal line that defeats the
    claim."""
    assert (found.holds, found.tricks, found.points, found.exact) == (
        expected.holds,
        expected.tricks,
        expected.points,
        expected.exact,
    )
    assert (found.refutation is None) == (expected.refutation is None)
    if found.refutation is not None:
        assert not claimed(record, claim, options, found.refutation)


def claims(rng: random.Random, record: Record) -> list[tuple[Claim, str]]:
    """A claim of each kind, by a random seat, in both modes."""
    seat = rng.randrange(PLAYERS)
    left = TRICKS - len(record.plays) // PLAYERS
    kinds = (
        Claim(seat, tricks=rng.randint(0, left + 1)),
        Claim(seat, rest=True),
        Claim(seat, points=rng.randint(0, 162)),
    )
    return [(claim, mode) for claim in kinds for mode in (BEST, ANY)]
