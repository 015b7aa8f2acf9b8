"""Advice at a table (service/rules/table_advice.py): the seat to act is advised from its own
view, as the advice endpoints advise it: the same figures, whatever the other hands hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from service.rules import table_advice
from service.rules.advice.advise import DEFAULT_OBJECTIVE, advise_take, card_question
from service.rules.advice.inference import DEFAULT_INFERENCE
from service.rules.advice.policy import BID_LEVELS, card_samples
from service.rules.core.dealing import shuffled_deck
from service.rules.core.errors import InconsistentInput
from service.rules.table import Dealt, TableRecord, table
from service.rules.table_advice import advise_table, card_level
from service.rules.variants import CLASSIC, COINCHE
from tests.rules.test_table import HANDS, HEARTS_80, SEED, coinche, play_out_to

SAMPLES, ADVICE_SEED, BUDGET = 2, "a bot at the table", 60_000


def steady(advice: Any) -> Any:
    """An advice without its time."""
    return replace(advice, elapsed_ms=0.0)


def asked_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[Any, ...]]:
    """The calls made to table_advice's `name` (an auction's advice), each answered by a
    marker: which advice is asked, and with what, with no deal solved."""
    asked: list[tuple[Any, ...]] = []

    def recorded(*arguments: Any, **keywords: Any) -> str:
        asked.append((*arguments, keywords))
        return f"{name}'s advice"

    monkeypatch.setattr(table_advice, name, recorded)
    return asked


@pytest.mark.parametrize("level", ["fast", "default", "strong"])
def test_coinche_calls_are_asked_of_the_bid_advice_at_the_level(
    monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    asked = asked_of(monkeypatch, "advise_bid")
    state = table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=("80S",)), coinche())
    advised = advise_table(COINCHE, state, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1, level)
    assert (advised.seat, advised.call, advised.card) == (2, "advise_bid's advice", None)
    expected = (0, ("80S",), 2, HANDS[2], coinche(), SAMPLES, ADVICE_SEED, BUDGET)
    assert asked == [(*expected, {"level": level})]


def test_the_table_asks_the_default_level_unless_told() -> None:
    state = table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=("80S",)), coinche())
    advised = advise_table(COINCHE, state, coinche(), None, ADVICE_SEED, BUDGET, 1)
    assert advised.call is not None and advised.call.level == "default"
    assert advised.call.samples == BID_LEVELS["default"].samples


@pytest.mark.parametrize(
    ("level", "card"), [("fast", "fast"), ("default", "default"), ("strong", "default")]
)
def test_a_card_is_chosen_at_the_level_asked_strong_as_default(level: str, card: str) -> None:
    """The card play offers no `strong` level: a table advised at `strong` plays its card at
    `default`'s, over `default`'s deals, and says so."""
    assert card_level(level) == card
    state = late(HANDS)
    advised = advise_table(COINCHE, state, coinche(), None, ADVICE_SEED, BUDGET, 1, level)
    assert advised.card is not None and advised.card.level == card
    assert advised.card.samples == card_samples(card, len(state.record.plays))
    forced = state
    while len(forced.legal) != 1:
        forced = play_out_to(COINCHE, forced, coinche(), plays=len(forced.record.plays) + 1)
    at_once = advise_table(COINCHE, forced, coinche(), None, ADVICE_SEED, BUDGET, 1, level)
    assert at_once.card is not None and at_once.card.level == card


@pytest.mark.parametrize(("calls", "round_"), [((), 1), (("pass",) * 4, 2)])
def test_classic_bids_are_asked_of_the_take_advice(
    monkeypatch: pytest.MonkeyPatch, calls: tuple[str, ...], round_: int
) -> None:
    asked = asked_of(monkeypatch, "advise_take")
    options = CLASSIC.options({"rounding": "nearest_ten"})
    state = table(CLASSIC, TableRecord(3, Dealt(deck=shuffled_deck(SEED)), calls=calls), options)
    advised = advise_table(CLASSIC, state, options, SAMPLES, ADVICE_SEED, BUDGET, 1)
    assert (advised.seat, advised.call, advised.card) == (0, "advise_take's advice", None)
    hand, turned = state.hands[0], state.turned
    assert len(hand) == 5 and turned is not None
    expected = (3, 0, hand, turned, round_, options, SAMPLES, ADVICE_SEED, BUDGET)
    assert asked == [(*expected, {"level": "default"})]


def test_a_classic_take_is_advised_as_the_take_advice_advises_it() -> None:
    options = CLASSIC.options(None)
    state = table(CLASSIC, TableRecord(3, Dealt(deck=shuffled_deck(SEED))), options)
    advised = advise_table(CLASSIC, state, options, 1, ADVICE_SEED, BUDGET, 1)
    alone = advise_take(3, 0, state.hands[0], state.turned, 1, options, 1, ADVICE_SEED, BUDGET)
    assert steady(advised.call) == steady(alone)


def late(hands: Any) -> Any:
    """The deal of `hands` 24 cards in: seat to act with 2 cards, a choice to make."""
    start = table(COINCHE, TableRecord(0, Dealt(hands=hands), calls=HEARTS_80), coinche())
    return play_out_to(COINCHE, start, coinche(), plays=24)


def test_a_card_is_advised_from_the_seats_own_view() -> None:
    state = late(HANDS)
    seat = state.to_act
    advised = advise_table(COINCHE, state, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1)
    assert advised.seat == seat and advised.call is None and advised.card is not None
    seen = replace(state.deal, hands=None)
    question = card_question(COINCHE, seen, seat, state.hands[seat], coinche())
    alone = question.answer(SAMPLES, ADVICE_SEED, BUDGET, 1)
    assert steady(advised.card) == steady(alone)
    assert advised.card.card in state.legal and not advised.card.forced


def test_the_card_advised_is_the_same_whatever_the_other_hands_hold() -> None:
    state = late(HANDS)
    seat = state.to_act
    others = [s for s in range(4) if s != seat and len(state.hands[s]) == len(state.hands[seat])]
    a, b = others[0], others[1]
    # Two unplayed cards of two other seats swapped, the record still the same.
    swapped = [list(hand) for hand in HANDS]
    first, second = state.hands[a][0], state.hands[b][0]
    swapped[a][swapped[a].index(first)] = second
    swapped[b][swapped[b].index(second)] = first
    other = late(tuple(tuple(hand) for hand in swapped))
    assert other.record.plays == state.record.plays and other.hands != state.hands
    mine = advise_table(COINCHE, state, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1)
    theirs = advise_table(COINCHE, other, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1)
    assert steady(mine.card) == steady(theirs.card)


def test_a_forced_card_is_advised_at_once() -> None:
    state = late(HANDS)
    while len(state.legal) != 1:
        state = play_out_to(COINCHE, state, coinche(), plays=len(state.record.plays) + 1)
    advised = advise_table(COINCHE, state, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1)
    assert advised.card is not None and advised.card.forced
    assert (advised.card.card, advised.card.samples) == (state.legal[0], 0)


def test_nobody_to_act_is_nothing_to_advise() -> None:
    over = table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=("pass",) * 4), coinche())
    with pytest.raises(InconsistentInput) as raised:
        advise_table(COINCHE, over, coinche(), SAMPLES, ADVICE_SEED, BUDGET, 1)
    (problem,) = raised.value.problems
    assert (problem.pointer, problem.code) == ("", "advice_nobody_to_act")
    assert "(redeal)" in problem.message("en")


class Question:
    """A card question as `card_question` makes it, answering with what it was asked."""

    def __init__(self, forced: bool) -> None:
        self.forced = forced

    def at_once(self, level: str) -> str:
        return f"at once, {level}"

    def answer(self, *asked: Any) -> tuple[Any, ...]:
        return asked


@pytest.mark.parametrize("forced", [False, True])
def test_a_card_question_holds_the_seats_view_only(
    monkeypatch: pytest.MonkeyPatch, forced: bool
) -> None:
    asked: list[tuple[Any, ...]] = []

    def question(*arguments: Any) -> Question:
        asked.append(arguments)
        return Question(forced)

    monkeypatch.setattr(table_advice, "card_question", question)
    options = CLASSIC.options({"undertrump": "optional"})
    record = TableRecord(0, Dealt(hands=HANDS, turned=HANDS[1][0]), calls=("take",))
    state = table(CLASSIC, record, options)
    advised = advise_table(CLASSIC, state, options, SAMPLES, ADVICE_SEED, BUDGET, 3)
    assert advised.seat == 1 and advised.call is None
    assert advised.card == (
        "at once, default" if forced else (SAMPLES, ADVICE_SEED, BUDGET, 3, "default")
    )
    ((variant, seen, seat, hand, chosen, turned, objective, calls, inference),) = asked
    assert (variant, seat, hand, chosen, turned) == (CLASSIC, 1, HANDS[1], options, HANDS[1][0])
    assert seen == replace(state.deal, hands=None) and seen.hands is None
    assert (objective, calls, inference) == (DEFAULT_OBJECTIVE, (), DEFAULT_INFERENCE)
