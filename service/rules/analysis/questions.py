"""The questions perfect play answers with all four hands known (double dummy): a deal's value
from any point, every card's value, one perfect line, and whether a claim holds; for a deal
of either variant (`solve_in`, `judge_claim_in`, given the `variants.Variant`: classic deals
by `solve` and `judge_claim`, coinche deals under every strain by `solve_coinche` and
`judge_coinche_claim`), by the same code: the variant says how a record replays, and a `Deal`
holds the record replayed and what its search counts (`Objective`).

They are asked of a `Search` (the engine `engine.search_class()` names), whatever the engine.

Objective (the `solve`): the takers maximise and the defenders minimise the takers' margin,
their points (card points with the dix de der, as the replay counts them) minus the
defenders', a capot counting the capot value against 0. The search counts it in points: the
takers' points, a capot as `162 + (capot - 162) / 2` and being capot as `-(capot - 162) / 2`
(the margin is twice that less 162, since both teams' points make 162). Under coinche's
`scaled` points the search counts in a finer unit (`Objective`). A claim counts the
claimant's tricks or points instead, and in mode "any" every seat plays against the claim.

The clock is read every `CLOCK_EVERY` nodes; past the budget the search stops and answers the
bounds proved so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from math import gcd
from time import perf_counter
from typing import Any, NamedTuple

from service.rules.analysis.engine import search_class
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.reference import (
    MIXED,
    NO_TRICK,
    OutOfTime,
    Search,
    State,
    seat_to_move,
    swept,
)
from service.rules.core.cards import DEAL_POINTS, DECK_POINTS, LAST_TRICK_BONUS, Card, mask_of
from service.rules.core.errors import InconsistentInput
from service.rules.core.play import PlayOptions
from service.rules.core.seats import team_of
from service.rules.variants import CLASSIC, COINCHE, Replayed, Variant
from service.rules.variants.base import OptionsT, RecordT

# The engine is loaded with the questions: a native core chosen and not built fails here.
search_class()
BEST, ANY = "best", "any"
CLAIM_MODES = (BEST, ANY)

# --- results -----------------------------------------------------------------------------------


class Outcome(NamedTuple):
    """A finished deal, as `replay` (or `replay_coinche`) scores it: points per team (dix de
    der in, 162 in all; coinche's scaled where the options say), the team that won every
    trick, the contract and each team's deal score."""

    points: tuple[int, int]
    capot: int | None
    contract: str
    score: tuple[int, int]


class MoveValue(NamedTuple):
    """A legal card of the player to move, the deal's outcome when it is played and both
    sides play perfectly after, and what it costs the mover's team against the best card, in
    points of the objective (the team's points; a capot counts `(capot - 162) / 2` more)."""

    card: Card
    value: Outcome
    loss: int


@dataclass(frozen=True, slots=True)
class Solution:
    """What perfect play gives from the position after the record's plays.

    `exact` False: the budget ran out; `bounds` then holds what was proved of the takers'
    final points (0 to 162), and `value`, `moves` and `line` are empty."""

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
    included), all of them (`rest`), or at least `points` points at the end of the deal (card
    points with the dix de der, as the replay counts them: coinche's scaled where the options
    say; a capot adds nothing)."""

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
    mode (tricks among those not finished, final points), and when it does not hold a
    line of legal play to the end that defeats it. Fields are None when the budget ran out
    before they were settled (`exact` False)."""

    holds: bool | None
    tricks: int | None
    points: int | None
    refutation: tuple[Card, ...] | None
    exact: bool
    nodes: int
    elapsed_ms: float


# --- what a deal's search counts ----------------------------------------------------------------


class Objective(NamedTuple):
    """What the search counts for one deal, in its own unit: the `strain`, each card's `points`
    (by its int) and the dix de der (`last_bonus`), `unit` of them to a team point, and the
    capot value in team points.

    Unscaled (classic, coinche's suit contracts, `ace19`, `ffb`): the unit is the point.

    Scaled (`sa_points`/`ta_points` `scaled`, RULES-COINCHE.md): a team's points are
    `round(raw * 152 / R)`, plus 10 for the last trick, where `raw` is the raw points of its
    tricks and R the raw deck total (120 under SA, 248 under TA). A rounded total is no sum
    over tricks, which the search needs; so it counts in a finer unit, `1 / u` of a point
    with `u = R / 8` (8 = gcd(152, R); u is 15 under SA, 31 under TA): each card's raw points
    times `152 / 8 = 19`, the dix de der times `10 u`. A team's gain G is then exactly `u`
    times its unrounded points, `G = u * (raw * 152 / R + 10 [last trick])`, and its points
    are `round(G / u)`. Rounding is monotone: a larger gain never gives fewer points, so the
    gain's order is the points' order, and since the best (or worst) of a monotone function
    of the outcomes is that function of the best (worst) outcome, perfect play for the gain
    is perfect play for the points: the same value, line and cards' values. `G / u` is never
    a half on a real deal (38 x raw is even, 15 and 31 are odd: RULES-COINCHE.md), so
    rounding a half up (`team_points`) is the replay's rounding; a capot's bonus is
    `(capot - 162) / 2` points, `u` units each, above every other gain."""

    strain: int
    points: tuple[int, ...]
    last_bonus: int
    unit: int
    capot: int

    @property
    def bonus(self) -> int:
        """What a capot adds for its team in the unit: half of what it adds to the margin."""
        return (self.capot - DEAL_POINTS) // 2 * self.unit

    def team_points(self, gain: int) -> int:
        """The team points of a gain in the unit: the nearest, a half up (never met on a real
        deal; bounds may)."""
        return (2 * gain + self.unit) // (2 * self.unit)

    def gain_for(self, points: int) -> int:
        """The least gain whose `team_points` are `points` or more."""
        return -(-self.unit * (2 * points - 1) // 2)


def objective_in(
    variant: Variant[RecordT, OptionsT, Any, Any], strain: int, options: OptionsT
) -> Objective:
    """A deal's under `strain` in `variant`: its card values, scaled ones in units of `R / 8`
    (classic's and every unscaled strain's unit is the point)."""
    values = variant.card_values(strain, options)
    unit = values.raw_deck // gcd(DECK_POINTS, values.raw_deck)  # 1 when not scaled
    per_raw = DECK_POINTS // gcd(DECK_POINTS, values.raw_deck)
    points = tuple(p * per_raw for p in values.points)
    return Objective(strain, points, LAST_TRICK_BONUS * unit, unit, options.capot)


# --- the deal, classic or coinche ----------------------------------------------------------------


class Deal(NamedTuple):
    """A record checked and replayed, as the questions read it whatever the variant: its
    replay (`judged`), the state after its plays, each team's gain from the tricks finished
    (in the objective's unit), the takers' team, the play options, what the search counts,
    and `finish`, the record's replay with more plays."""

    judged: Replayed
    state: State
    past: tuple[int, int]
    takers: int
    options: PlayOptions
    objective: Objective
    finish: Callable[[Sequence[Card]], Replayed]

    def outcome(self, line: Sequence[Card]) -> Outcome:
        """The finished deal the record and `line` make, as its replay scores it."""
        finished = self.finish(line)
        score = finished.score
        assert score is not None
        return Outcome(finished.points, score.capot, score.contract, score.score)

    def search(
        self, team: int, maximizer: int | None, count_tricks: bool, bonus: int, deadline: float
    ) -> Search:
        """A search of this deal for `team`'s gain (`Search`'s arguments)."""
        objective = self.objective
        return search_class(self.options)(
            objective.strain,
            self.options,
            team,
            maximizer,
            count_tricks,
            bonus,
            deadline,
            objective.points,
            objective.last_bonus,
        )


def _hands(hands: tuple[tuple[Card, ...], ...] | None) -> tuple[tuple[Card, ...], ...]:
    """A record's hands, which the analysis needs."""
    if hands is None:
        raise InconsistentInput.at("/hands", "analysis_needs_hands")
    return hands


def deal_from(
    hands: tuple[tuple[Card, ...], ...],
    plays: tuple[Card, ...],
    taker: int,
    options: PlayOptions,
    objective: Objective,
    finish: Callable[[Sequence[Card]], Replayed],
    judged: Replayed,
) -> Deal:
    """The record (its `hands`, `plays` and `judged` replay) at the position after its plays."""
    held = [mask_of(hand) & ~mask_of(plays) for hand in hands]
    won = {team_of(trick.winner) for trick in judged.tricks if trick.winner is not None}
    sweep = NO_TRICK if not won else MIXED if len(won) == 2 else swept(won.pop())
    on_table = judged.tricks[-1] if judged.tricks and judged.tricks[-1].winner is None else None
    if on_table is None:
        leader, trick = judged.to_move or 0, ()
    else:
        leader, trick = on_table.leader, on_table.cards
    state = State((held[0], held[1], held[2], held[3]), leader, trick, sweep)
    past = [0, 0]
    for done in judged.tricks:
        if done.winner is not None:
            past[team_of(done.winner)] += sum(objective.points[c] for c in done.cards)
    return Deal(
        judged,
        state,
        (past[0], past[1]),
        team_of(taker),
        options,
        objective,
        finish,
    )


def deal_in(
    variant: Variant[RecordT, OptionsT, Any, Any], record: RecordT, options: OptionsT
) -> Deal:
    """A record of `variant` checked (hands required, plays from them, the strain) and
    replayed."""
    hands = _hands(record.hands)

    def finish(line: Sequence[Card]) -> Replayed:
        return variant.replay(replace(record, plays=(*record.plays, *line)), options)

    judged = finish(())  # first: the replay refuses a strain the variant does not play
    objective = objective_in(variant, variant.strain(record), options)
    return deal_from(hands, record.plays, variant.taker(record), options, objective, finish, judged)


# --- the questions -----------------------------------------------------------------------------


def within_deal(points: int) -> int:
    """`points` within the points a team can end with (0 to 162)."""
    return min(max(points, 0), DEAL_POINTS)


def elapsed_ms_since(start: float) -> float:
    return round((perf_counter() - start) * 1000, 3)


def solve_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    options: OptionsT | None = None,
    budget_ms: int = DEFAULT_BUDGET_MS,
    every_card: bool = True,
) -> Solution:
    """What perfect play gives in a deal of `variant` from the position after `record.plays`
    (hands required), under its strain: the value, one perfect line and (`every_card`) each
    legal card's value; bounds when `budget_ms` runs out. The takers maximise their margin of
    the points the variant's replay counts (coinche's scaled where the options say), a capot
    counting the `capot` option's value; the value's contract and score are the replay's."""
    start = perf_counter()
    deal = deal_in(variant, record, variant.options_or_default(options))
    return _solve(start, deal, budget_ms, every_card)


# The public questions, one per variant: solve(record, options, budget_ms, every_card).
solve = partial(solve_in, CLASSIC)
solve_coinche = partial(solve_in, COINCHE)


def _solve(start: float, deal: Deal, budget_ms: int, every_card: bool) -> Solution:
    judged, state, objective = deal.judged, deal.state, deal.objective
    if judged.complete:
        return Solution(None, deal.outcome(()), (), (), True, None, 0, elapsed_ms_since(start))
    takers = deal.takers
    search = deal.search(takers, takers, False, objective.bonus, start + budget_ms / 1000)
    past = deal.past[takers]
    try:
        best = search.value(state, guess=sum(search.quick_bounds(state)) // 2)
        line = search.line(state, best)
        values: dict[Card, MoveValue] = {}
        sign = 1 if team_of(seat_to_move(state)) == takers else -1
        for group in search.groups(state) if every_card else ():
            gain, child = search.after(state, group[0])
            after = gain + search.value(child, best - gain)
            rest = search.line(child, after - gain)
            loss = objective.team_points(past + best) - objective.team_points(past + after)
            for card in group:
                # An equivalent card plays as the group's first: swap them in the line.
                swapped = [group[0] if c == card else c for c in rest]
                values[card] = MoveValue(card, deal.outcome((card, *swapped)), sign * loss)
    except OutOfTime:
        lo, hi = (within_deal(objective.team_points(past + g)) for g in search.bounds)
        return Solution(
            judged.to_move, None, (), (), False, (lo, hi), search.nodes, elapsed_ms_since(start)
        )
    assert judged.legal is not None
    return Solution(
        judged.to_move,
        deal.outcome(line),
        tuple(values[card] for card in judged.legal if card in values),
        tuple(line),
        True,
        None,
        search.nodes,
        elapsed_ms_since(start),
    )


def judge_claim_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    claim: Claim,
    mode: str = BEST,
    options: OptionsT | None = None,
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> ClaimVerdict:
    """Whether `claim` holds in a deal of `variant` from the position after `record.plays`:
    in mode "best" when the claimant's team can force it whatever the opponents do, in mode
    "any" however both sides play. Also what the team can guarantee in that mode (its points
    as the variant's replay counts them), and a refutation."""
    start = perf_counter()
    claim.check()
    deal = deal_in(variant, record, variant.options_or_default(options))
    return _judge_claim(start, deal, claim, mode, budget_ms)


# judge_claim(record, claim, mode, options, budget_ms), one per variant.
judge_claim = partial(judge_claim_in, CLASSIC)
judge_coinche_claim = partial(judge_claim_in, COINCHE)


def _judge_claim(start: float, deal: Deal, claim: Claim, mode: str, budget_ms: int) -> ClaimVerdict:
    if deal.judged.complete:
        raise InconsistentInput.at("/claim", "claim_after_last_trick")
    state, team, objective = deal.state, team_of(claim.seat), deal.objective
    maximizer = team if mode == BEST else None
    deadline = start + budget_ms / 1000
    by_tricks = deal.search(team, maximizer, True, 0, deadline)
    by_points = deal.search(team, maximizer, False, 0, deadline)
    past = deal.past[team]
    if claim.points is not None:
        search, target = by_points, objective.gain_for(claim.points) - past  # still to win
    else:
        search = by_tricks
        target = by_tricks.quick_bounds(state)[1] if claim.rest else claim.tricks or 0
    holds = tricks = points = refutation = None
    try:
        holds = search.probe(state, target) >= target
        tricks = by_tricks.value(state, guess=target if search is by_tricks else 0)
        gained = by_points.value(state, guess=target if search is by_points else 0)
        points = objective.team_points(past + gained)
        if not holds:
            refutation = tuple(search.line(state, tricks if search is by_tricks else gained))
    except OutOfTime:
        pass
    nodes = by_tricks.nodes + by_points.nodes
    exact = holds is not None and points is not None and (holds or refutation is not None)
    return ClaimVerdict(holds, tricks, points, refutation, exact, nodes, elapsed_ms_since(start))
