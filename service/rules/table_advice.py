"""Advice at a table: the call or the card for the seat to act, from that seat's view only.

The table (`table.py`) knows every hand; the advice must not. Its question is made of what
the seat to act sees: its own hand, the turned card (classic), the calls, the cards played
and what was said, the deal's record with no hand in it. The other hands never reach the
advice's sampler, so the answer is the same whatever they hold. The auction's advice is each
variant's (classic: take or pass, `advise_take`; coinche: the call, `advise_bid`), the card's
the same for both (`card_question`, which takes for renonces the fewest plays a renonce left
standing needs, `view.seat_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from service.rules.advice.advise import (
    DEFAULT_OBJECTIVE,
    Advice,
    TakeAdvice,
    advise_take,
    card_question,
)
from service.rules.advice.bid import advise_bid
from service.rules.advice.inference import DEFAULT_INFERENCE
from service.rules.advice.policy import CARD_LEVELS, DEFAULT_LEVEL
from service.rules.core.errors import InconsistentInput
from service.rules.table import AUCTION, Table
from service.rules.variants.base import Variant


@dataclass(frozen=True, slots=True)
class TableAdvice:
    """The advice to the seat to act: its `call` (the auction's figures) or its `card`."""

    seat: int
    call: TakeAdvice | None = None
    card: Advice | None = None


CallAdvice = Callable[[Table, Any, int | None, str, int, str], TakeAdvice]


def _take(
    state: Table, options: Any, samples: int | None, seed: str, budget_ms: int, level: str
) -> TakeAdvice:
    """Classic's bidding: take the turned card's suit, name another, or pass."""
    assert state.to_act is not None  # a bidding open has its seat to bid
    assert state.turned is not None  # and classic's its turned card
    assert state.auction is not None
    seat, record = state.to_act, state.record
    hand = state.hands[seat]
    return advise_take(
        record.dealer,
        seat,
        hand,
        state.turned,
        state.auction.round,
        options,
        samples,
        seed,
        budget_ms,
        level=level,
    )


def _bid(
    state: Table, options: Any, samples: int | None, seed: str, budget_ms: int, level: str
) -> TakeAdvice:
    """Coinche's auction: a bid, coinche or surcoinche, or pass."""
    assert state.to_act is not None
    seat, record = state.to_act, state.record
    hand = state.hands[seat]
    return advise_bid(
        record.dealer, record.calls, seat, hand, options, samples, seed, budget_ms, level=level
    )


CALL_ADVICE: Final[dict[str, CallAdvice]] = {"classic": _take, "coinche": _bid}
"""Each variant's advice at its auction."""


def card_level(level: str) -> str:
    """The card's level at a table advised at `level`: the same, but `strong`, which the
    card play does not offer (no method stronger than `default`'s sampling was found to beat
    it): `default`'s."""
    return level if level in CARD_LEVELS else DEFAULT_LEVEL


def advise_table(
    variant: Variant[Any, Any, Any, Any],
    state: Table,
    options: Any,
    samples: int | None,
    seed: str,
    budget_ms: int,
    threads: int,
    level: str = DEFAULT_LEVEL,
) -> TableAdvice:
    """The advice to `state`'s seat to act at `level`, over `samples` deals (by default the
    level's) drawn from `seed` within `budget_ms` on `threads` threads (a forced card at once,
    without figures); InconsistentInput when nobody is to act."""
    seat = state.to_act
    if seat is None:  # nobody acts but in the auction and the play
        raise InconsistentInput.at("", "advice_nobody_to_act", phase=state.phase)
    if state.phase == AUCTION:
        call = CALL_ADVICE[variant.name](state, options, samples, seed, budget_ms, level)
        return TableAdvice(seat, call=call)
    seen = replace(state.deal, hands=None)  # the seat's view: no hand but its own
    question = card_question(
        variant,
        seen,
        seat,
        state.hands[seat],
        options,
        state.turned,
        DEFAULT_OBJECTIVE,
        (),  # the calls are the table's, checked: they weigh no deal (`DEFAULT_INFERENCE`)
        DEFAULT_INFERENCE,
    )
    played = card_level(level)
    if question.forced:
        return TableAdvice(seat, card=question.at_once(played))
    return TableAdvice(seat, card=question.answer(samples, seed, budget_ms, threads, played))
