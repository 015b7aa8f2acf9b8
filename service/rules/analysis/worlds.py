"""One position valued in many deals of its hands: every legal card's value in each, as
`questions.solve_in(..., every_card=True)` gives it, at a fraction of its cost.

The advice solves the same position in dozens of deals of the cards its seat does not see.
`solve_in` answers each as a question of its own: it replays the record with the deal's
hands, searches the position's value, then each card's, with a perfect line after each card,
and replays the record once more with every line to score it. Across the deals, most of that
is the same work:

- the record is public: `Worlds` replays it once, without hands (its tricks, who is to play,
  the points won so far), and each deal only places its cards (`questions.deal_from`);
- a card's value needs no separate value of the position first: the position's value is the
  best of its cards' (the mover's team's best), so each card is searched once, every card of
  every deal asked at once in one question to the search (`values_of`,
  `Search.deals_card_values`: one call into the C search, without the GIL, rather than one
  from Python per card or per deal);
- a finished deal's outcome (points, capot, contract, score) is a function of the takers'
  gain (the search's count, a capot in it: `questions.Objective`) and of who holds the king
  and queen of each suit whose belote can count under the strain (`scored_honours`): the
  record's plays, renonces and annonces are the same in every deal. So the replay of one
  perfect line (as `solve_in` plays it) gives, per honour holders, the summary a score is
  worked out from; every other gain is that summary with its points and capot, scored by
  the variant's scoring (each score kept, `_scored`), and each outcome is kept per honour
  holders and gain, for other cards and other deals;
- one search serves every deal on a thread (the C search and the reference empty their
  table when a card moves to another seat), and deals may be valued on several threads at
  once, each with its own search (`values_in_order`).

A differential test holds `Worlds.values` equal to `solve_in`'s moves (card, outcome, loss)
on hundreds of positions of both variants, renonces, annonces and belote options included,
and the deals the advice draws for one position through one `Worlds`.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from time import perf_counter
from typing import Any, Generic, TypeVar

from service.rules.analysis.questions import Deal, MoveValue, Outcome, deal_from, objective_in
from service.rules.analysis.reference import OutOfTime, Search, seat_to_move
from service.rules.core.cards import DEAL_POINTS, KING, QUEEN, Card, Suit, mask_of
from service.rules.core.seats import team_of
from service.rules.core.strains import Strain, belote_suits
from service.rules.variants import Replayed, Variant
from service.rules.variants.base import OptionsT, RecordT

Hands = tuple[tuple[Card, ...], ...]
SCORES_KEPT = 8192  # the scores of summaries kept (`_scored`): a few MB at most
MIN_LEFT = 0.001  # seconds: a deal (or chunk of deals) is not begun with less left
V = TypeVar("V")
D = TypeVar("D")  # what values_in_order values: a deal's hands, or a chunk of deals
_HONOURS = tuple((Card.of(KING, suit), Card.of(QUEEN, suit)) for suit in Suit)
EVERY_SUIT = tuple(Suit)


def honour_holders(hands: Hands, suits: Sequence[int] = EVERY_SUIT) -> tuple[int | None, ...]:
    """For each suit of `suits`, the seat whose hand (as dealt) holds its king and queen, else
    None: all a deal's hands change in its score, the record's plays being the same."""
    holders: list[int | None] = []
    for suit in suits:
        king, queen = _HONOURS[suit]
        holder = None
        for seat, hand in enumerate(hands):
            if king in hand and queen in hand:
                holder = seat
        holders.append(holder)
    return tuple(holders)


def scored_honours(strain: Strain) -> tuple[int, ...]:
    """The suits whose king and queen together can count in a deal of `strain`: the trump
    suit's; none under sans-atout; under tout-atout every suit (whether they count there is an
    option, `ta_belote`: its default, every suit, is the safe side)."""
    return belote_suits(strain)


class Worlds:
    """A record of `variant` whose hands are unknown, at the position after its plays, to be
    valued in deals of its hands (`values`). The record is replayed once, here."""

    def __init__(
        self, variant: Variant[RecordT, OptionsT, Any, Any], record: RecordT, options: OptionsT
    ):
        self.variant = variant
        self.record = replace(record, hands=None)
        self.options = options
        self.judged: Replayed = variant.replay(self.record, options)
        self.objective = objective_in(variant, variant.strain(record), options)
        self.taker = variant.taker(record)
        self.honours = scored_honours(variant.strain(record))
        self._summaries: dict[tuple[int | None, ...], Any] = {}
        self._outcomes: dict[tuple[tuple[int | None, ...], int], Outcome] = {}
        self._first: Deal | None = None
        self._local = threading.local()  # each thread's search: (its deadline, the search)
        self._played = mask_of(record.plays)

    def deal(self, hands: Hands) -> Deal:
        """The position in the deal of `hands` (each seat's 8 cards as dealt): the first
        deal's, its held cards replaced (the tricks, who leads and the points won so far are
        the record's, the same in every deal). A line from it is scored by the replay of the
        record and the line, without the hands: a complete deal's plays show them. (Two
        threads may both make a first deal: each answers its own, and either serves after.)"""
        first = self._first
        if first is None:
            first = deal_from(
                hands,
                self.record.plays,
                self.taker,
                self.options,
                self.objective,
                self._finish,
                self.judged,
            )
            self._first = first
            return first
        return first._replace(state=first.state._replace(hands=self._held(hands)))

    def _held(self, hands: Hands) -> tuple[int, int, int, int]:
        """The cards each seat of the deal of `hands` still holds (masks)."""
        played = self._played
        return (
            mask_of(hands[0]) & ~played,
            mask_of(hands[1]) & ~played,
            mask_of(hands[2]) & ~played,
            mask_of(hands[3]) & ~played,
        )

    def _finish(self, line: Sequence[Card]) -> Replayed:
        record = self.record
        return self.variant.replay(replace(record, plays=(*record.plays, *line)), self.options)

    def values(self, hands: Hands, deadline: float) -> tuple[MoveValue, ...] | None:
        """Every legal card's value in the deal of `hands`, in the order of the mover's hand,
        as `solve_in` with `every_card` gives them; None when `deadline` (a `perf_counter`
        time) passes first. The deal must go on. Threads may ask at once: each has its own
        search."""
        answers = self.values_of((hands,), deadline)
        return answers[0] if answers else None

    def values_of(self, deals: Sequence[Hands], deadline: float) -> list[tuple[MoveValue, ...]]:
        """`values` of each deal of `deals` in turn, the deals searched in one question to
        the search (`Search.deals_card_values`: one call into the C search, which holds no
        GIL while it searches them all): the answers of the deals valued before `deadline`
        passed, the first ones of `deals`, in their order."""
        if not deals:
            return []
        first = self.deal(deals[0])
        state, takers = first.state, first.takers
        search = self._search(first, deadline)
        honours = self.honours
        held = [self._held(hands) for hands in deals]
        mover = seat_to_move(state)
        sign = 1 if team_of(mover) == takers else -1
        extreme = max if sign == 1 else min
        team_points, past = self.objective.team_points, first.past[takers]
        answers: list[tuple[MoveValue, ...]] = []
        # The first deals' cards and gains (fewer than asked when the deadline passed).
        for place, valued in enumerate(search.deals_card_values(state, held)):
            hands = deals[place]
            holders = honour_holders(hands, honours)
            best = team_points(past + extreme(after for _, after in valued))
            values: dict[Card, MoveValue] = {}
            try:
                for card, after in valued:
                    outcome = self._outcome(hands, search, card, after, holders)
                    loss = sign * (best - team_points(past + after))
                    values[card] = MoveValue(card, outcome, loss)
            except OutOfTime:
                break
            answers.append(tuple(values[card] for card in hands[mover] if card in values))
        return answers

    def _search(self, deal: Deal, deadline: float) -> Search:
        """The search of every deal until `deadline` on this thread: one, kept from deal to
        deal (it empties its table when the cards move to other seats, and keeps its memory),
        made again for another deadline."""
        searching: tuple[float, Search] | None = getattr(self._local, "searching", None)
        if searching is None or searching[0] != deadline:
            search = deal.search(deal.takers, deal.takers, False, self.objective.bonus, deadline)
            searching = self._local.searching = (deadline, search)
        return searching[1]

    def _outcome(
        self, hands: Hands, search: Search, card: Card, after: int, holders: tuple[int | None, ...]
    ) -> Outcome:
        """The finished deal after `card` and perfect play (the takers' gain `after` from
        here), kept per honour holders and gain: the first time these honour holders are met,
        by the replay of a perfect line; after, by the variant's scoring of that replay's
        summary with the points and capot of the gain (`_scored` keeps each score)."""
        kept = self._outcomes.get((holders, after))
        if kept is not None:
            return kept
        summary = self._summaries.get(holders)
        if summary is None:
            deal = self.deal(hands)
            gain, child = search.after(deal.state, card)
            finished = deal.finish((card, *search.line(child, after - gain)))
            summary = finished.summary
            assert summary is not None
            self._summaries[holders] = summary
            points, capot = summary.points, summary.capot
        else:
            first = self._first  # made by now: its past is every deal's
            assert first is not None
            points, capot = self._points(first.past[first.takers] + after)
        contract, score = _scored(self.variant, summary, points, capot, self.options)
        outcome = self._outcomes[holders, after] = Outcome(points, capot, contract, score)
        return outcome

    def _points(self, gain: int) -> tuple[tuple[int, int], int | None]:
        """Each team's final points (dix de der in, 162 in all) and the capot's team, from the
        takers' final gain in the objective's unit (`questions.Objective`): above every
        card's units the takers won all 8 tricks, below 0 the defenders did."""
        objective, takers = self.objective, team_of(self.taker)
        every = sum(objective.points) + objective.last_bonus
        capot = takers if gain > every else 1 - takers if gain < 0 else None
        ours = objective.team_points(min(max(gain, 0), every))
        return ((ours, DEAL_POINTS - ours) if takers == 0 else (DEAL_POINTS - ours, ours)), capot


class _Shared(Generic[D, V]):
    """What the threads of `values_in_order` share: the deals not yet taken, the answers by
    place, and the place from which no deal is wanted (the first cut short)."""

    def __init__(self, deals: Iterable[D]) -> None:
        self.deals = iter(deals)
        self.taken = 0
        self.end: float = math.inf
        self.answers: dict[int, tuple[D, V]] = {}
        self.lock = threading.Lock()

    def take(self, deadline: float, clock: Callable[[], float]) -> tuple[int, D] | None:
        """The next deal and its place; None when none is left or wanted, or when less than
        `MIN_LEFT` seconds are left before `deadline` (on `clock`) to value it."""
        with self.lock:
            if self.taken >= self.end:
                return None
            place = self.taken
            hands = None if deadline - clock() < MIN_LEFT else next(self.deals, None)
            if hands is None:
                self.end = min(self.end, place)
                return None
            self.taken += 1
            return place, hands

    def cut(self, place: int) -> None:
        """No deal from `place` on is wanted."""
        with self.lock:
            self.end = min(self.end, place)


def values_in_order(
    values: Callable[[D, float], V | None],
    deals: Iterable[D],
    deadline: float,
    threads: int = 1,
    clock: Callable[[], float] = perf_counter,
) -> list[tuple[D, V]]:
    """Each deal of `deals` (drawn one by one as they are taken) with `values(hands,
    deadline)`, in their order, up to the first that could not be valued: `values` answered
    None (the deadline passed during it), or less than `MIN_LEFT` was left to begin it (on
    `clock`, whose time `deadline` is). So the deals kept are always the first ones of
    `deals`, whatever the threads. (A "deal" here may be a chunk of them, as the advice
    hands them: `values` then answers the chunk's first deals.)

    On `threads` threads at once (the caller's and `threads - 1` it starts for the call): the
    same answers as on one, sooner, and more of them within a deadline. `values` must let
    several threads ask at once (as `Worlds.values` does) and should release the GIL while
    it searches (as the native search does). The threads started share the caller's CPU
    priority: on Linux a thread's nice is its own and a new thread inherits its creator's, so
    an analysis lowered to a nice of 10 (the API's `limiter`) searches at 10 on every
    thread."""
    shared: _Shared[D, V] = _Shared(deals)
    failures: list[BaseException] = []

    def work() -> None:
        try:
            while (taken := shared.take(deadline, clock)) is not None:
                place, hands = taken
                answer = values(hands, deadline)
                if answer is None:
                    shared.cut(place)
                    return
                shared.answers[place] = (hands, answer)
        except BaseException as failure:  # raised again in the caller's thread
            failures.append(failure)
            shared.cut(0)

    helpers = [threading.Thread(target=work) for _ in range(threads - 1)]
    for helper in helpers:
        helper.start()
    work()
    for helper in helpers:
        helper.join()
    if failures:
        raise failures[0]
    kept = []  # the answers up to the first place without one: the first deal cut short
    while len(kept) in shared.answers:
        kept.append(shared.answers[len(kept)])
    return kept


@lru_cache(maxsize=SCORES_KEPT)
def _scored(
    variant: Variant[Any, Any, Any, Any],
    summary: Any,
    points: tuple[int, int],
    capot: int | None,
    options: Any,
) -> tuple[str, tuple[int, int]]:
    """The contract and deal score of a complete deal's `summary` with these `points` and
    `capot`: kept, as the same few scores come back deal after deal and advice after advice
    (a bounded cache)."""
    score = variant.score_deal(summary.with_points(points, capot), options)
    return score.contract, score.score
