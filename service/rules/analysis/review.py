"""The review of a deal: every card played against perfect play with all four hands known,
as a chess site reviews a game (each move's loss, its label, an accuracy per player) and a
bridge hand viewer shows each card's double-dummy result.

For each play from `first` on, the position before it is valued as `solve` values it (the
takers maximise their margin, a capot counting its value), with every legal card's value;
the play's `loss` is what its card costs the mover's team against the best card, in the
solve's points (`MoveValue.loss`: the team's final points, a capot counting
`(capot - 162) / 2` more). A play's `after` is the value of the position after it, which is
the next play's `before`.

What the review decides, stated in the rules' description (`policy.describe_review`):

- labels by loss (`LABEL_THRESHOLDS`): 0 "best"; 1 to 9 an "inaccuracy" (less than a ten: a
  king given where a queen would do); 10 to 24 a "mistake" (a ten or an ace, a trick's
  worth); 25 or more a "blunder" (more than one trick: the trump jack, a contract, a capot);
- `stake`: what the decision put at stake, the spread between the mover's best and worst
  legal card (0: every card is worth the same, nothing to decide);
- `precision`, per seat and per team: `100 * (1 - total loss / total stake)` over the judged
  plays, 100 when nothing was at stake. It is each decision's precision `1 - loss / stake`
  averaged with the stakes as weights: 100 for perfect play, 0 for the worst card at every
  decision, comparable between a deal with little at stake and one with much (both are a
  share of what was at stake), and a choice between two nearly equal cards weighs little
  beside one that decides the contract;
- `decisive`: the card changed the deal's outcome (its contract, made, dedans or litige,
  or its capot) from what perfect play gave before it;
- a renonce (RULES.md "Renonce penalty": the first one decides the deal): the play is
  flagged, labelled "renonce", and loses every point perfect play gave its team before it
  (the penalty takes them; its stake is at least that loss); its `after` and every later
  value are still valued by the cards (the points perfect play gives from there) with the
  contract and score the replay gives, the penalty's. Every later play is left unjudged:
  loss 0, no label, never decisive, counted in no tally.

One search answers every position of the review: its table of positions between tricks is
kept from one position to the next (the positions are one deal's, for one objective), so
that most of each position's tree is already known. Past `budget_ms` (for the whole review)
the plays not yet settled are `exact` false, with bounds in place of the values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter
from typing import Any

from service.rules.analysis.policy import (
    BEST_CARD,
    LABEL_THRESHOLDS,
    LABELS,
    RENONCE,
    REVIEW_BUDGET_MS,
)
from service.rules.analysis.questions import (
    Deal,
    Outcome,
    deal_in,
    elapsed_ms_since,
    within_deal,
)
from service.rules.analysis.reference import OutOfTime, Search, State, seat_to_move
from service.rules.analysis.review_words import play_words, renonce_words, seat_words, team_words
from service.rules.core.cards import DEAL_POINTS, Card
from service.rules.core.replay import Renonce
from service.rules.core.seats import PLAYERS, TEAMS, Seat, team_of
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.base import OptionsT, RecordT
from service.text.catalog import Sentence


def label_of(loss: int) -> str:
    """The label of a legal card that loses `loss` points."""
    return next((label for label, least in LABEL_THRESHOLDS if loss >= least), BEST_CARD)


def precision_of(loss: int, stake: int) -> float:
    """`100 * (1 - loss / stake)`, a percentage to one decimal; 100 with nothing at stake."""
    return round(100 * (1 - loss / stake), 1) if stake else 100.0


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One play judged: its index in the record, its seat and card; the value before it and
    the cards that keep it (`best`, in hand order); the value after it; its `loss` for the
    mover's team and the decision's `stake` (points, as `MoveValue.loss`), its `label`, and
    whether it changed the outcome. `renonce`: the card broke a play obligation. `judged`
    False: after the deal's first renonce (loss 0, no label). Not `exact`: the budget ran out
    first; `before` or `after` is then None and its `bounds` hold the takers' final points.
    `words`: what the card says (`review_words.play_words`), None when it lost nothing and
    changed nothing."""

    play: int
    seat: Seat
    card: Card
    before: Outcome | None
    best: tuple[Card, ...]
    after: Outcome | None
    loss: int | None
    stake: int | None
    label: str | None
    decisive: bool
    renonce: bool
    judged: bool
    exact: bool
    before_bounds: tuple[int, int] | None
    after_bounds: tuple[int, int] | None
    words: Sentence | None = None

    def sentence(self, lang: str) -> str | None:
        return None if self.words is None else self.words.message(lang)


@dataclass(frozen=True, slots=True)
class SideTally:
    """A seat's or a team's judged plays (`side`: the seat, or the team): how many, their
    total and mean loss and stake, the count of each label, and the precision; `words`,
    all that in one line (`review_words.seat_words`, `team_words`)."""

    side: int
    plays: int
    loss: int
    mean_loss: float
    stake: int
    labels: Mapping[str, int]
    precision: float
    words: Sentence | None = None

    def summary(self, lang: str) -> str | None:
        return None if self.words is None else self.words.message(lang)


@dataclass(frozen=True, slots=True)
class Review:
    """Every play from `first` on, judged; the tallies per seat (4) and per team (2); the
    decisive plays' indices; the first renonce's index (None: none), the renonce itself as
    the replay proves it and what it was and cost in words (`review_words.renonce_words`);
    whether every play was settled within the budget."""

    plays: tuple[PlayReview, ...]
    seats: tuple[SideTally, ...]
    teams: tuple[SideTally, ...]
    decisive: tuple[int, ...]
    renonce: int | None
    exact: bool
    nodes: int
    elapsed_ms: float
    renonce_detail: Renonce | None = None
    renonce_words: Sentence | None = None

    def renonce_sentence(self, lang: str) -> str | None:
        return None if self.renonce_words is None else self.renonce_words.message(lang)


# --- the questions -----------------------------------------------------------------------------


def review_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    options: OptionsT | None = None,
    budget_ms: int = REVIEW_BUDGET_MS,
    first: int = 0,
) -> Review:
    """Every play of a deal of `variant` from play `first` on (hands required) against perfect
    play under its strain, in the team points the variant's replay counts; the plays not
    settled within `budget_ms` answer bounds."""
    start = perf_counter()
    chosen = variant.options_or_default(options)
    played = deal_in(variant, record, chosen)
    opening = deal_in(variant, replace(record, plays=record.plays[:first]), chosen)
    return _review(start, played, opening, _hands_of(record), record.plays, first, budget_ms)


# review_deal(record, options, budget_ms, first), one per variant.
review_deal = partial(review_in, CLASSIC)
review_coinche_deal = partial(review_in, COINCHE)


# --- the review --------------------------------------------------------------------------------


class _Walk:
    """The positions of a review, from the opening's: their states, the takers' gain from
    the tricks finished before each, and what the search settles at each: its value (the
    takers' final gain, past and future, in the objective's unit), one perfect line, and
    every legal card's value (`worth`)."""

    def __init__(
        self,
        opening: Deal,
        cards: Sequence[Card],
        hands: tuple[tuple[Card, ...], ...],
        search: Search,
    ) -> None:
        self.opening, self.cards, self.hands, self.search = opening, cards, hands, search
        self.states: list[State] = [opening.state]
        self.past: list[int] = [opening.past[opening.takers]]
        for card in cards:
            gain, state = search.after(self.states[-1], card)
            self.states.append(state)
            self.past.append(self.past[-1] + gain)
        self.values: list[int | None] = [None] * len(self.states)
        self.lines: list[list[Card]] = []
        self.worth: list[dict[Card, int]] = []

    def value(self, k: int, guess: int) -> int:
        """Position `k`'s value, searched from `guess` the first time."""
        known = self.values[k]
        if known is None:
            past = self.past[k]
            known = past + self.search.value(self.states[k], guess - past)
            self.values[k] = known
        return known

    def settle(self, k: int) -> Outcome:
        """Position `k`'s value and line (the line before it less its first card, when that
        card was played), and the finished deal they make, as the replay scores it."""
        state, past = self.states[k], self.past[k]
        value = self.value(k, sum(self.search.quick_bounds(state)) // 2 + past)
        before = self.lines[k - 1] if k else []
        if before and before[0] == self.cards[k - 1]:
            line = before[1:]
        else:
            line = self.search.line(state, value - past)
        self.lines.append(line)
        return self.opening.outcome((*self.cards[:k], *line))

    def decide(self, k: int) -> None:
        """Every legal card's value at position `k` (settled): the played card's is the next
        position's, searched from the position itself, the others' from their group's first.
        (A renonce is no legal card: the next position is searched when it is settled.)"""
        search, state, card = self.search, self.states[k], self.cards[k]
        best = self.values[k]
        assert best is not None
        worth: dict[Card, int] = {}
        for group in search.groups(state):
            if card in group:
                value = self.value(k + 1, best)
            else:
                gain, child = search.after(state, group[0])
                past = self.past[k] + gain
                value = past + search.value(child, best - past)
            for equal in group:
                worth[equal] = value
        self.worth.append(worth)

    def bounds(self, k: int) -> tuple[int, int]:
        """The takers' final points position `k` lies in, from the cards still out alone (a
        finished deal's: its points, the dix de der in)."""
        objective, past, state = self.opening.objective, self.past[k], self.states[k]
        lo, hi = self.search.quick_bounds(state) if any(state.hands) else (0, 0)
        return (
            within_deal(objective.team_points(past + lo)),
            within_deal(objective.team_points(past + hi)),
        )


def _hands_of(record: RecordT) -> tuple[tuple[Card, ...], ...]:
    assert record.hands is not None  # the deal's check requires them
    return record.hands


def _review(
    start: float,
    played: Deal,
    opening: Deal,
    hands: tuple[tuple[Card, ...], ...],
    plays: Sequence[Card],
    first: int,
    budget_ms: int,
) -> Review:
    """The review of `plays` from play `first` on: `played` is the whole record's deal,
    `opening` the deal of its first `first` plays."""
    cards = plays[first:]
    takers, objective = opening.takers, opening.objective
    search = opening.search(takers, takers, False, objective.bonus, start + budget_ms / 1000)
    walk = _Walk(opening, cards, hands, search)
    outcomes: list[Outcome] = []  # of each position settled, in order
    try:
        outcomes.append(walk.settle(0))
        for k in range(len(cards)):
            walk.decide(k)
            outcomes.append(walk.settle(k + 1))
    except OutOfTime:
        pass
    renonces = {renonce.play: renonce for renonce in played.judged.renonces}
    decided = min(renonces, default=None)
    renonce = None if decided is None else renonces[decided]
    judged = (
        _judge(walk, k, first + k, outcomes, first + k in renonces, decided)
        for k in range(len(cards))
    )
    reviews = tuple(
        replace(r, words=play_words(r, renonce if r.play == decided else None)) for r in judged
    )
    return Review(
        reviews,
        tuple(
            _tally(seat, [r for r in reviews if r.seat == seat], seat_words)
            for seat in range(PLAYERS)
        ),
        tuple(
            _tally(team, [r for r in reviews if team_of(r.seat) == team], team_words)
            for team in range(TEAMS)
        ),
        tuple(r.play for r in reviews if r.decisive),
        decided,
        all(r.exact for r in reviews),
        search.nodes,
        elapsed_ms_since(start),
        renonce,
        None
        if renonce is None
        else renonce_words(renonce, next((r for r in reviews if r.play == decided), None)),
    )


def _judge(
    walk: _Walk,
    k: int,
    play: int,
    outcomes: Sequence[Outcome],
    renonce: bool,
    decided: int | None,
) -> PlayReview:
    """Play `play`, the review's `k`th: judged before the deal's first renonce (`decided`)
    and at it; settled when the positions before and after it are."""
    state, card = walk.states[k], walk.cards[k]
    seat = seat_to_move(state)
    judged = decided is None or play <= decided
    if k + 1 >= len(outcomes):  # not settled within the budget
        unsettled = (None, (), None, None, None, None, False, renonce, judged, False)
        return PlayReview(play, seat, card, *unsettled, walk.bounds(k), walk.bounds(k + 1))
    objective, worth = walk.opening.objective, walk.worth[k]
    takes = team_of(seat) == walk.opening.takers

    def points(gain: int) -> int:  # the mover's team's final points for the takers' gain
        taken = objective.team_points(gain)
        return taken if takes else DEAL_POINTS - taken

    most = max(points(gain) for gain in worth.values())
    stake = most - min(points(gain) for gain in worth.values())
    before, after = outcomes[k], outcomes[k + 1]
    best = tuple(c for c in walk.hands[seat] if c in worth and points(worth[c]) == most)
    changed = (before.contract, before.capot) != (after.contract, after.capot)
    if not judged:
        loss, label, changed = 0, None, False
    elif renonce:
        loss = max(most, 0)  # the penalty takes every point the team had
        stake, label = max(stake, loss), RENONCE
    else:
        played = walk.values[k + 1]
        assert played is not None
        loss = most - points(played)
        label = label_of(loss)
    settled = (before, best, after, loss, stake, label, changed, renonce, judged, True)
    return PlayReview(play, seat, card, *settled, None, None)


def _tally(
    side: int, plays: Sequence[PlayReview], words: Callable[[SideTally], Sentence]
) -> SideTally:
    """What `side`'s judged, settled plays add up to, and in `words` (a seat's or a team's)."""
    counted = [p for p in plays if p.judged and p.exact]
    loss = sum(p.loss or 0 for p in counted)
    stake = sum(p.stake or 0 for p in counted)
    labels = {label: sum(p.label == label for p in counted) for label in LABELS}
    mean = round(loss / len(counted), 2) if counted else 0.0
    tally = SideTally(side, len(counted), loss, mean, stake, labels, precision_of(loss, stake))
    return replace(tally, words=words(tally))
