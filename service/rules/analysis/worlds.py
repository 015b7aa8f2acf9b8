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
  best of its cards' (the mover's team's best), so each card is searched once;
- a finished deal's outcome (points, capot, contract, score) is a function of the takers'
  gain (the search's count, a capot in it: `questions.Objective`) and of who holds each king
  and queen (the belotes): the record's plays, renonces and annonces are the same in every
  deal. So each (gain, holders) is scored once, by the replay itself (a perfect line from
  that card, as `solve_in` plays it), and kept for the deals after.

A differential test holds `Worlds.values` equal to `solve_in`'s moves (card, outcome, loss)
on thousands of deals of both variants, renonces, annonces and belote options included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from time import perf_counter

from service.rules.analysis.questions import (
    Deal,
    MoveValue,
    Outcome,
    deal_from,
    objective_in,
)
from service.rules.analysis.reference import OutOfTime, seat_to_move
from service.rules.cards import KING, QUEEN, Card, Suit
from service.rules.table import team_of
from service.rules.variants import OptionsT, RecordT, Replayed, Variant

Hands = tuple[tuple[Card, ...], ...]
_HONOURS = tuple((Card.of(KING, suit), Card.of(QUEEN, suit)) for suit in Suit)


def honour_holders(hands: Hands) -> tuple[int | None, ...]:
    """For each suit, the seat whose hand (as dealt) holds its king and queen, else None: all
    a deal's hands change in its score, the record's plays being the same."""
    holders: list[int | None] = []
    for king, queen in _HONOURS:
        holder = None
        for seat, hand in enumerate(hands):
            if king in hand and queen in hand:
                holder = seat
        holders.append(holder)
    return tuple(holders)


class Worlds:
    """A record of `variant` whose hands are unknown, at the position after its plays, to be
    valued in deals of its hands (`values`). The record is replayed once, here."""

    def __init__(self, variant: Variant[RecordT, OptionsT], record: RecordT, options: OptionsT):
        self.variant = variant
        self.record = replace(record, hands=None)
        self.options = options
        self.judged: Replayed = variant.replay(self.record, options)
        self.objective = objective_in(variant, variant.strain(record), options)
        self.taker = variant.taker(record)
        self._outcomes: dict[tuple[int, tuple[int | None, ...]], Outcome] = {}

    def deal(self, hands: Hands) -> Deal:
        """The position in the deal of `hands` (each seat's 8 cards as dealt)."""
        dealt = replace(self.record, hands=hands)

        def finish(line: Sequence[Card]) -> Replayed:
            return self.variant.replay(replace(dealt, plays=(*dealt.plays, *line)), self.options)

        return deal_from(
            hands, self.record.plays, self.taker, self.options, self.objective, finish, self.judged
        )

    def values(self, hands: Hands, deadline: float) -> tuple[MoveValue, ...] | None:
        """Every legal card's value in the deal of `hands`, in the order of the mover's hand,
        as `solve_in` with `every_card` gives them; None when `deadline` (a `perf_counter`
        time) passes first. The deal must go on."""
        deal = self.deal(hands)
        state, objective, takers = deal.state, deal.objective, deal.takers
        search = deal.search(takers, takers, False, objective.bonus, deadline)
        mover = seat_to_move(state)
        sign = 1 if team_of(mover) == takers else -1
        holders = honour_holders(hands)
        try:
            guess = sum(search.quick_bounds(state)) // 2
            searched = []
            for group in search.groups(state):
                gain, child = search.after(state, group[0])
                after = gain + search.value(child, guess - gain)
                guess = after
                searched.append((group, gain, child, after))
            pick = max if sign == 1 else min
            best = pick(after for _, _, _, after in searched)
            values: dict[Card, MoveValue] = {}
            for group, gain, child, after in searched:
                loss = objective.team_points(deal.past[takers] + best) - objective.team_points(
                    deal.past[takers] + after
                )
                outcome = self._outcome(deal, search, group[0], gain, child, after, holders)
                for card in group:
                    values[card] = MoveValue(card, outcome, sign * loss)
        except OutOfTime:
            return None
        return tuple(values[card] for card in hands[mover] if card in values)

    def _outcome(
        self,
        deal: Deal,
        search: object,
        card: Card,
        gain: int,
        child: object,
        after: int,
        holders: tuple[int | None, ...],
    ) -> Outcome:
        """The finished deal after `card` and perfect play, scored once per (gain, holders)
        by the replay of a perfect line."""
        key = (after, holders)
        found = self._outcomes.get(key)
        if found is None:
            rest = search.line(child, after - gain)  # type: ignore[attr-defined]
            found = self._outcomes[key] = deal.outcome((card, *rest))
        return found


def left_ms(deadline: float) -> int:
    """The milliseconds left before `deadline` (a `perf_counter` time)."""
    return int((deadline - perf_counter()) * 1000)
