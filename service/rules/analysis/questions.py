"""The questions perfect play answers with all four hands known (double dummy): a deal's value
from any point, every card's value, one perfect line, and whether a claim holds.

They are asked of a `Search` (the engine `engine.search_class()` names), whatever the engine.

Objective (the `solve`): the takers maximise and the defenders minimise the takers' margin,
their card points (dix de der in) minus the defenders', a capot counting the capot value
against 0. The search counts it in points: the takers' card points, a capot as
`162 + (capot - 162) / 2` and being capot as `-(capot - 162) / 2` (the margin is twice that
less 162). A claim counts the claimant's tricks or card points instead, and in mode "any"
every seat plays against the claim.

The clock is read every `CLOCK_EVERY` nodes; past the budget the search stops and answers the
bounds proved so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import NamedTuple

from service.rules.analysis.engine import search_class
from service.rules.analysis.reference import MIXED, NO_TRICK, OutOfTime, State, seat_to_move, swept
from service.rules.cards import (
    DEAL_POINTS,
    Card,
    mask_of,
)
from service.rules.errors import InconsistentInput
from service.rules.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.replay import DealRecord, Replay, replay

DEFAULT_BUDGET_MS = 2000
MAX_BUDGET_MS = 10_000
BEST, ANY = "best", "any"
CLAIM_MODES = (BEST, ANY)

# --- results -----------------------------------------------------------------------------------


class Outcome(NamedTuple):
    """A finished deal, as `replay` scores it: card points per team (dix de der in, 162 in
    all), the team that won every trick, the contract and each team's deal score."""

    points: tuple[int, int]
    capot: int | None
    contract: str
    score: tuple[int, int]


class MoveValue(NamedTuple):
    """A legal card of the player to move, the deal's outcome when it is played and both
    sides play perfectly after, and what it costs the mover's team against the best card, in
    points of the objective (card points; a capot counts `(capot - 162) / 2` more)."""

    card: Card
    value: Outcome
    loss: int


@dataclass(frozen=True, slots=True)
class Solution:
    """What perfect play gives from the position after the record's plays.

    `exact` False: the budget ran out; `bounds` then holds what was proved of the takers'
    final card points, and `value`, `moves` and `line` are empty."""

    to_move: int | None
    value: Outcome | None
    moves: tuple[MoveValue, ...]
    line: tuple[Card, ...]
    exact: bool
    bounds: tuple[int, int] | None
    nodes: int
    elapsed_ms: float


@dataclass(frozen=True, slots=True)
class Claim:
    """`seat`'s team claims at least `tricks` of the tricks not yet finished (the current one
    included), all of them (`rest`), or at least `points` card points at the end of the deal."""

    seat: int
    tricks: int | None = None
    rest: bool = False
    points: int | None = None

    def check(self) -> None:
        """A claim names one thing: tricks, the rest, or points."""
        if (self.tricks is not None) + self.rest + (self.points is not None) != 1:
            raise InconsistentInput.at("/claim", "claim_one_kind")


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """Whether the claim holds in its mode, what the claimant's team can guarantee in that
    mode (tricks among those not finished, final card points), and when it does not hold a
    line of legal play to the end that defeats it. Fields are None when the budget ran out
    before they were settled (`exact` False)."""

    holds: bool | None
    tricks: int | None
    points: int | None
    refutation: tuple[Card, ...] | None
    exact: bool
    nodes: int
    elapsed_ms: float


# --- the questions -----------------------------------------------------------------------------


class _Position(NamedTuple):
    """The record replayed: its judgement, the state after its plays, and each team's card
    points so far."""

    judged: Replay
    state: State
    points: tuple[int, int]


def _position(record: DealRecord, options: RuleOptions) -> _Position:
    """The record checked (hands required, plays from them) and replayed."""
    if record.hands is None:
        raise InconsistentInput.at("/hands", "analysis_needs_hands")
    judged = replay(record, options)
    hands = [mask_of(hand) & ~mask_of(record.plays) for hand in record.hands]
    won = {trick.winner % 2 for trick in judged.tricks if trick.winner is not None}
    sweep = NO_TRICK if not won else MIXED if len(won) == 2 else swept(won.pop())
    on_table = judged.tricks[-1] if judged.tricks and judged.tricks[-1].winner is None else None
    if on_table is None:
        leader, trick = judged.to_move or 0, ()
    else:
        leader, trick = on_table.leader, on_table.cards
    state = State((hands[0], hands[1], hands[2], hands[3]), leader, trick, sweep)
    return _Position(judged, state, judged.points)


def _outcome(record: DealRecord, line: Sequence[Card], options: RuleOptions) -> Outcome:
    """The finished deal the record and `line` make, scored by `replay`."""
    finished = replay(
        DealRecord(
            record.dealer,
            record.trump,
            record.taker,
            (*record.plays, *line),
            record.hands,
            record.belote_announced,
            record.declarations,
        ),
        options,
    )
    score = finished.score
    assert score is not None
    return Outcome(finished.points, score.capot, score.contract, score.score)


def _card_points(points: int) -> int:
    """`points` within the card points a team can end with (0 to 162)."""
    return min(max(points, 0), DEAL_POINTS)


def _elapsed_ms(start: float) -> float:
    return round((perf_counter() - start) * 1000, 3)


def solve(
    record: DealRecord,
    options: RuleOptions = DEFAULT_OPTIONS,
    budget_ms: int = DEFAULT_BUDGET_MS,
    every_card: bool = True,
) -> Solution:
    """What perfect play gives from the position after `record.plays` (hands required): the
    value, one perfect line and (`every_card`) each legal card's value; bounds when
    `budget_ms` runs out."""
    start = perf_counter()
    position = _position(record, options)
    judged, state = position.judged, position.state
    if judged.complete:
        value = _outcome(record, (), options)
        return Solution(None, value, (), (), True, None, 0, _elapsed_ms(start))
    takers = record.taker % 2
    bonus = (options.capot - DEAL_POINTS) // 2
    search = search_class()(
        record.trump, options, takers, takers, False, bonus, start + budget_ms / 1000
    )
    past = position.points[takers]
    try:
        best = search.value(state, guess=sum(search.quick_bounds(state)) // 2)
        line = search.line(state, best)
        values: dict[Card, MoveValue] = {}
        sign = 1 if seat_to_move(state) % 2 == takers else -1
        for group in search.groups(state) if every_card else ():
            gain, child = search.after(state, group[0])
            after = gain + search.value(child, best - gain)
            rest = search.line(child, after - gain)
            for card in group:
                # An equivalent card plays as the group's first: swap them in the line.
                swapped = [group[0] if c == card else c for c in rest]
                outcome = _outcome(record, (card, *swapped), options)
                values[card] = MoveValue(card, outcome, sign * (best - after))
    except OutOfTime:
        lo, hi = search.bounds
        bounds = (_card_points(past + lo), _card_points(past + hi))
        return Solution(
            judged.to_move, None, (), (), False, bounds, search.nodes, _elapsed_ms(start)
        )
    assert judged.legal is not None
    return Solution(
        judged.to_move,
        _outcome(record, line, options),
        tuple(values[card] for card in judged.legal if card in values),
        tuple(line),
        True,
        None,
        search.nodes,
        _elapsed_ms(start),
    )


def judge_claim(
    record: DealRecord,
    claim: Claim,
    mode: str = BEST,
    options: RuleOptions = DEFAULT_OPTIONS,
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> ClaimVerdict:
    """Whether `claim` holds from the position after `record.plays`: in mode "best" when the
    claimant's team can force it whatever the opponents do, in mode "any" however both
    sides play. Also what the team can guarantee in that mode, and a refutation."""
    start = perf_counter()
    claim.check()
    position = _position(record, options)
    if position.judged.complete:
        raise InconsistentInput.at("/claim", "claim_after_last_trick")
    state, team = position.state, claim.seat % 2
    maximizer = team if mode == BEST else None
    deadline = start + budget_ms / 1000
    by_tricks = search_class()(record.trump, options, team, maximizer, True, 0, deadline)
    by_points = search_class()(record.trump, options, team, maximizer, False, 0, deadline)
    past = position.points[team]
    if claim.points is not None:
        search, target = by_points, claim.points - past  # points still to win
    else:
        search = by_tricks
        target = by_tricks.quick_bounds(state)[1] if claim.rest else claim.tricks or 0
    holds = tricks = points = refutation = None
    try:
        holds = search.probe(state, target) >= target
        tricks = by_tricks.value(state, guess=target if search is by_tricks else 0)
        points = past + by_points.value(state, guess=target if search is by_points else 0)
        if not holds:
            refutation = tuple(search.line(state, tricks if search is by_tricks else points - past))
    except OutOfTime:
        pass
    nodes = by_tricks.nodes + by_points.nodes
    exact = holds is not None and points is not None and (holds or refutation is not None)
    return ClaimVerdict(holds, tricks, points, refutation, exact, nodes, _elapsed_ms(start))
