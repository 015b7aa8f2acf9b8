"""Advice from one seat's view (service/rules/advice/advise.py): every deal drawn honours every
public fact, and the advice is a legal card, the perfect-play one when the unseen cards are
determined; the take advice. The sampler's and the voids' own tests are test_sampler.py's and
test_view.py's.

Cheap on purpose (tests/rules run under `make mutants` with the reference search): the
positions solved are late ones, with few samples.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from itertools import count
from math import comb
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.rules import replay
from service.rules.advice import advise as advise_module
from service.rules.advice import view as view_module
from service.rules.advice.advise import (
    POINTS,
    Advice,
    _estimated,
    advise_coinche_play,
    advise_play,
    advise_play_in,
    advise_take,
    card_question,
    holdings_in,
)
from service.rules.advice.deal_model import Estimate, Model
from service.rules.advice.inference import call_weights
from service.rules.advice.policy import STRONG, card_samples
from service.rules.advice.sampler import Constraints, Deals
from service.rules.advice.view import Holding, SeatView, revealed_voids, seat_view
from service.rules.analysis.questions import MoveValue, Outcome, Solution, solve, solve_coinche
from service.rules.analysis.worlds import Worlds
from service.rules.core.annonces import declarable
from service.rules.core.cards import ALL_CARDS, KING, QUEEN, Card, mask_of
from service.rules.core.errors import InconsistentInput
from service.rules.core.replay import Belote, Declaration, Replay
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import TOUT_ATOUT, belote_suits
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.classic.scoring import DealSummary
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from service.text.catalog import Cards
from support.deals import play_deal, random_hands
from tests.rules.builders import cards

OPTIONS = st.builds(
    RuleOptions,
    undertrump=st.sampled_from(["required", "optional"]),
    overtrump_partner=st.booleans(),
    annonces=st.booleans(),
)
PROPERTY = settings(
    max_examples=settings.default.max_examples // 3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def problem_of(error: pytest.ExceptionInfo[InconsistentInput]) -> tuple[str, str]:
    (problem,) = error.value.problems
    return problem.pointer, problem.code


H = RuleOptions()


# --- every deal drawn honours every public fact ---------------------------------------------


@st.composite
def records(draw: st.DrawFn, shortest: int = 0) -> tuple[DealRecord, RuleOptions]:
    """A deal played part of the way (sometimes with a proven renonce), its hands known to the test,
    with the belote announced when a seat holds it and, with annonces, each seat's best
    annonces declared."""
    options = draw(OPTIONS)
    rng = draw(st.randoms(use_true_random=False))
    deal = play_deal(
        rng, draw(st.integers(shortest, 31)), draw(st.sampled_from([0.0, 0.05])), options
    )
    played = deal.record
    # A renonce no later play proves yet is a secret of the hands: the record then says, wrongly
    # but publicly, that the seat lacked a suit. Only proven renonces here.
    proven = {renonce.play for renonce in replay(deal.without_hands(), options).renonces}
    assume(proven == {index for index, legal in enumerate(deal.legal) if not legal})
    hands = played.hands
    assert hands is not None
    trump = played.strain
    honours = {Card.of(KING, trump), Card.of(QUEEN, trump)}
    belote = any(honours <= set(hand) for hand in hands)
    declared = tuple(
        Declaration(seat, annonce.cards)
        for seat, hand in enumerate(hands)
        for annonce in declarable(hand, trump)
        if options.annonces
    )
    return replace(played, belote_announced=belote, declarations=declared), options


def seat_to_play(record: DealRecord, options: RuleOptions) -> tuple[Replay, int, tuple[Card, ...]]:
    """The record replayed without its hands, the seat to play and that seat's cards now."""
    hands = record.hands
    assert hands is not None
    judged = replay(replace(record, hands=None), options)
    seat = judged.to_move if judged.to_move is not None else 0
    return judged, seat, tuple(card for card in hands[seat] if card not in record.plays)


@PROPERTY
@given(records(), st.randoms(use_true_random=False))
def test_every_deal_drawn_honours_every_public_fact(
    case: tuple[DealRecord, RuleOptions], rng: random.Random
) -> None:
    record, options = case
    hands = record.hands
    assert hands is not None
    turned = rng.choice(hands[record.taker])  # the turned card: the taker's since the deal
    shown = replace(record, hands=None)
    judged = replay(shown, options)
    if judged.complete:
        return
    seat = judged.to_move
    assert seat is not None
    hand = tuple(card for card in hands[seat] if card not in record.plays)
    view = seat_view(
        seat,
        hand,
        judged.tricks,
        judged.renonces,
        record.strain,
        options,
        holdings_in(CLASSIC, shown, judged, turned, options),
    )
    proven = {r.play for r in judged.renonces if r.seat != seat}
    honours = {Card.of(KING, record.strain), Card.of(QUEEN, record.strain)}
    holder = next((s for s in range(PLAYERS) if honours <= set(hands[s])), None)
    first = [card for card in record.plays if card in honours]
    for rank in view.deals.ranks(4, rng):
        dealt = view.hands(view.deals.deal(rank))
        again = replay(replace(record, hands=dealt), options)  # the plays are from these hands
        # No play is a renonce that the record does not prove (the asking seat's own aside).
        assert {r.play for r in again.renonces if r.seat != seat} == proven
        assert dealt[seat][len(dealt[seat]) - len(hand) :] == hand
        assert [len(cards) for cards in dealt] == [8] * PLAYERS
        assert turned in dealt[record.taker]
        if holder is not None and len(first) == 1:  # announced as the first honour was played
            assert honours <= set(dealt[holder])
        for declaration in record.declarations:
            assert set(declaration.cards) <= set(dealt[declaration.seat])


@PROPERTY
@given(records(20))
def test_the_true_deal_is_always_among_the_deals(case: tuple[DealRecord, RuleOptions]) -> None:
    record, options = case
    hands = record.hands
    assert hands is not None
    judged, seat, hand = seat_to_play(record, options)
    if judged.complete:
        return
    view = seat_view(seat, hand, judged.tricks, judged.renonces, record.strain, options)
    truth = tuple(tuple(c for c in h if c not in record.plays) for h in hands)
    found = [view.deals.deal(rank) for rank in range(view.deals.count)]
    assert tuple(() if s == seat else tuple(sorted(truth[s])) for s in range(PLAYERS)) in found


# --- the record's facts, and what cannot be judged -----------------------------------------------

# Seed 2674 of `play_deal`, 20 plays: seat 0 to play, and the voids the plays show leave one
# deal of the unseen cards, the true one.
DETERMINED = DealRecord(
    3,
    DIAMONDS,
    3,
    cards("KS AS QS 9D KC 7C QC JC 10D AD QD JD AC 8D KD JS AH 7H KH QH"),
    (
        cards("KS KD AH AD 10S 8H 7C 10H"),
        cards("7S AS JS 8S 7H QD 9S QC"),
        cards("AC KH JC QS 8C JD 10C 9C"),
        cards("JH KC QH 8D 7D 9H 10D 9D"),
    ),
)


def cards_now(record: DealRecord, seat: int) -> tuple[Card, ...]:
    hands = record.hands
    assert hands is not None
    return tuple(card for card in hands[seat] if card not in record.plays)


def test_determined_unseen_cards_make_the_perfect_play_advice() -> None:
    shown = replace(DETERMINED, hands=None)
    assert replay(shown).to_move == 0
    advice = advise_play(shown, 0, cards_now(DETERMINED, 0), samples=4)
    perfect = solve(DETERMINED)
    assert (advice.deals, advice.samples, advice.exact) == (1, 1, True)
    assert advice.card in {move.card for move in perfect.moves if move.loss == 0}
    assert [(m.card, m.points, m.loss, m.best_share) for m in advice.moves] == [
        (m.card, m.value.points[0], m.loss, float(m.loss == 0)) for m in perfect.moves
    ]
    assert [m.made_share for m in advice.moves] == [
        float(m.value.contract == "made") for m in perfect.moves
    ]


@PROPERTY
@given(records(20), st.integers(1, 3))
def test_the_advice_is_a_legal_card_of_the_seat(
    case: tuple[DealRecord, RuleOptions], samples: int
) -> None:
    record, options = case
    hands = record.hands
    assert hands is not None
    judged, seat, hand = seat_to_play(record, options)
    if judged.complete:
        return
    advice = advise_play(replace(record, hands=None), seat, hand, options, samples=samples)
    legal = replay(record, options).legal
    assert legal is not None
    assert advice.card in legal
    assert [move.card for move in advice.moves] == list(legal)
    assert advice.samples == min(samples, advice.deals)
    assert advice.exact == (advice.deals == 1)
    for move in advice.moves:
        assert 0 <= move.best_share <= 1 and 0 <= move.made_share <= 1 and move.loss >= 0
    assert max(move.best_share for move in advice.moves) > 0
    assert advice.forced == (len(legal) == 1)


@PROPERTY
@given(records(20))
def test_a_forced_card_comes_at_once_when_its_figures_are_not_asked(
    case: tuple[DealRecord, RuleOptions],
) -> None:
    """A seat with one legal card, asked without figures for it, gets that card with no deal
    solved; with a choice, the advice is the same as with figures."""
    record, options = case
    judged, seat, hand = seat_to_play(record, options)
    if judged.complete:
        return
    shown = replace(record, hands=None)
    full = advise_play(shown, seat, hand, options, samples=2, objective=POINTS)
    quick = advise_play(
        shown, seat, hand, options, samples=2, objective=POINTS, figures_when_forced=False
    )
    legal = replay(record, options).legal
    assert legal is not None
    assert isinstance(quick.elapsed_ms, float) and quick.elapsed_ms >= 0
    if len(legal) == 1:
        at_once = Advice(seat, legal[0], (), 0, full.deals, full.exact, 0, POINTS, True)
        assert replace(quick, elapsed_ms=0) == at_once
        assert full.card == legal[0] and full.forced and full.samples > 0
        assert [move.card for move in full.moves] == list(legal)
    else:
        assert replace(quick, elapsed_ms=0) == replace(full, elapsed_ms=0)
        assert not quick.forced


# Seat 0 led the ace of hearts, seat 1 trumped with the jack of spades (trump); seat 2 has no
# heart and one trump, below the jack: under-trumping "required" (the default), the 7S is
# its only legal card; "optional", any card is.
UNDERTRUMP = DealRecord(
    3,
    SPADES,
    0,
    cards("AH JS"),
    (
        cards("10S QS 7H 10H QH AH AD AC"),
        cards("8S 9S JS JD QD KD 10C JC"),
        cards("7S 7D 8D 9D 10D 7C 8C 9C"),
        cards("KS AS 8H 9H JH KH QC KC"),
    ),
)


def test_a_forced_card_follows_the_rule_options() -> None:
    shown, hand = replace(UNDERTRUMP, hands=None), cards_now(UNDERTRUMP, 2)
    required = card_question(CLASSIC, shown, 2, hand)  # the default
    assert (required.legal, required.forced) == (cards("7S"), True)
    at_once = required.at_once()
    assert (at_once.seat, at_once.card, at_once.samples, at_once.forced) == (
        2,
        *cards("7S"),
        0,
        True,
    )
    free = card_question(CLASSIC, shown, 2, hand, RuleOptions(undertrump="optional"))
    assert (free.legal, free.forced) == (hand, False)
    # No time for a deal: a forced card is the card all the same; a choice has none.
    out_of_time = required.answer(4, "seed", 0, 1)
    assert (out_of_time.card, out_of_time.samples, out_of_time.moves) == (*cards("7S"), 0, ())
    assert out_of_time.forced
    unsure = free.answer(4, "seed", 0, 1)
    assert (unsure.card, unsure.samples, unsure.forced) == (None, 0, False)


def forced_coinche_deal() -> tuple[CoincheRecord, int, tuple[Card, ...]]:
    """A coinche deal at its last trick (each seat one card: forced), dealer 3, seat 3's 90
    in clubs (`AUCTION`), with the seat to play and its card."""
    played = next(
        deal
        for seed in count()
        if (deal := play_deal(random.Random(seed), 28, trump=CLUBS)).record.dealer == 3
    ).record
    record = CoincheRecord(3, Contract(taker=3, value=90, strain=CLUBS), played.plays)
    judged = COINCHE.replay(record)
    assert judged.to_move is not None and played.hands is not None
    seat = judged.to_move
    return record, seat, tuple(c for c in played.hands[seat] if c not in played.plays)


def test_a_forced_card_is_given_only_to_a_request_that_can_be_judged() -> None:
    record, seat, hand = forced_coinche_deal()
    quick = advise_coinche_play(record, seat, hand, bids=AUCTION, figures_when_forced=False)
    assert (quick.card, quick.moves, quick.samples, quick.forced) == (hand[0], (), 0, True)
    full = advise_coinche_play(record, seat, hand, samples=2, bids=AUCTION)  # figures: the default
    assert (full.card, full.forced, full.samples) == (hand[0], True, min(2, full.deals))
    assert [move.card for move in full.moves] == list(hand)
    with pytest.raises(InconsistentInput) as raised:  # calls that do not make the contract
        advise_coinche_play(record, seat, hand, bids=AUCTION[:3], figures_when_forced=False)
    assert problem_of(raised) == ("/bids", "advice_calls_not_contract")
    other = (seat + 1) % PLAYERS
    with pytest.raises(InconsistentInput) as raised:  # not the seat to play
        advise_coinche_play(record, other, hand, figures_when_forced=False)
    assert problem_of(raised) == ("/seat", "advice_not_to_move")
    with pytest.raises(InconsistentInput) as raised:  # a card already played
        advise_coinche_play(record, seat, record.plays[:1], figures_when_forced=False)
    assert problem_of(raised) == ("/hand/0", "duplicate_card")


# Seed 12 of `play_deal`, 22 plays: seat 0 (the taker) to play third to trick 6; 6 deals of
# the unseen cards agree with what it sees.
LATE_DEAL = DealRecord(
    0,
    HEARTS,
    0,
    cards("9D JD 7D KD AD 9H KH 8D 9S AS 7S 8S 7H 10H 8H QH JS KS 10S AH 7C KC"),
    (
        cards("10D KS 8H JC 8C AD KD 8S"),
        cards("9H QC 10S QH 9S QS 9D 9C"),
        cards("7C AC AS KH JD 7H AH 10C"),
        cards("7S JH JS 10H KC 7D QD 8D"),
    ),
)
LATE = replace(LATE_DEAL, hands=None)
LATE_HAND = cards_now(LATE_DEAL, 0)


# Seed 1409 of `play_deal`, 20 plays: seat 0 to play; 4 deals of the unseen cards agree with
# what it sees, and its 3 cards' losses differ from deal to deal.
VARIED_DEAL = DealRecord(
    3,
    CLUBS,
    3,
    cards("JD KD 10D 7D QH JH 10H 9C QS 7C 10S 7S QC JC AC AD 9D 8C JS 9H"),
    (
        cards("KH 10H 9S 7H JD AC 8C 7S"),
        cards("JS AD KD QS 9C AS 8S KS"),
        cards("10D QC 8H 10C 7C QH 9H KC"),
        cards("JH QD 7D JC AH 9D 8D 10S"),
    ),
)
VARIED = replace(VARIED_DEAL, hands=None)
VARIED_HAND = cards_now(VARIED_DEAL, 0)


def varied_view() -> SeatView:
    judged = replay(VARIED)
    return seat_view(0, VARIED_HAND, judged.tricks, judged.renonces, CLUBS, H)


def test_fewer_deals_than_samples_are_each_solved_once() -> None:
    advice = advise_play(VARIED, 0, VARIED_HAND, samples=50)
    view = varied_view()
    assert advice.seat == 0
    assert advice.samples == advice.deals == view.deals.count == 4
    solutions = [
        solve(replace(VARIED, hands=view.hands(view.deals.deal(rank))))
        for rank in range(view.deals.count)
    ]
    for place, move in enumerate(advice.moves):
        values = [solution.moves[place] for solution in solutions]
        assert move.points == sum(v.value.points[0] for v in values) / 4
        assert move.loss == sum(v.loss for v in values) / 4
        assert move.best_share == sum(v.loss == 0 for v in values) / 4
        assert move.made_share == sum(v.value.contract == "made" for v in values) / 4
        assert move.score == sum(v.value.score[0] for v in values) / 4
        assert move.margin == sum(v.value.score[0] - v.value.score[1] for v in values) / 4
    losses = {move.card: move.loss for move in advice.moves}
    margins = {move.card: move.margin for move in advice.moves}
    assert len(set(losses.values())) == 3  # the deals tell the cards apart
    # By the deal's score (the default), the best mean margin; by card points, the least loss.
    # Here they differ: 7H keeps the most card points, 9S the best score.
    assert advice.objective == "score"
    assert advice.card == max(margins, key=margins.__getitem__) == cards("9S")[0]
    by_points = advise_play(VARIED, 0, VARIED_HAND, samples=50, objective="points")
    assert by_points.objective == "points"
    assert by_points.card == min(losses, key=losses.__getitem__) == cards("7H")[0]
    assert by_points.moves == advice.moves


Hands = tuple[tuple[Card, ...], ...]


def each_deal(answer):  # type: ignore[no-untyped-def]
    """A stand-in for `Worlds.values_of` that answers each deal of a chunk with
    `answer(worlds, hands, deadline)`, the chunk's answers ending at the first None."""

    def values_of(worlds: Worlds, deals: tuple[Hands, ...], deadline: float) -> list:
        answers = []
        for hands in deals:
            if (moves := answer(worlds, hands, deadline)) is None:
                break
            answers.append(moves)
        return answers

    return values_of


class Recorder:
    """Stands for `Worlds.values_of` in advise_play: keeps each deal and deadline asked,
    answers the real values (with a minute of the real clock: the tests' clock is the
    advice's)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[Hands, float]] = []
        self.chunks: list[int] = []
        real = Worlds.values_of

        def values_of(worlds: Worlds, deals: tuple[Hands, ...], deadline: float):
            assert worlds.variant is CLASSIC
            self.asked += [(hands, deadline) for hands in deals]
            self.chunks.append(len(deals))
            return real(worlds, deals, time.perf_counter() + 60)

        monkeypatch.setattr(Worlds, "values_of", values_of)


def test_the_seed_draws_the_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(monkeypatch)
    first = advise_play(VARIED, 0, VARIED_HAND, samples=2, seed="table 4")
    again = advise_play(VARIED, 0, VARIED_HAND, samples=2, seed="table 4")
    assert replace(first, elapsed_ms=0) == replace(again, elapsed_ms=0)
    assert first.samples == 2 and not first.exact and first.deals == 4
    view = varied_view()
    drawn = [view.hands(view.deals.deal(r)) for r in view.deals.ranks(2, random.Random("table 4"))]
    assert [hands for hands, _ in recorder.asked] == drawn * 2


def clock(monkeypatch: pytest.MonkeyPatch, step: float, begin: float = 0.0) -> None:
    """The advice's clock, moving `step` seconds at each reading, from `begin`."""
    ticks = iter(range(1000))
    monkeypatch.setattr(advise_module, "perf_counter", lambda: begin + next(ticks) * step)


def test_the_budget_bounds_the_deals_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 0.25 s at each reading (once a chunk of deals, here one deal each):
    with a budget of 1 s, three deals are solved (0.75 s, 0.5 s, then 0.25 s left), each
    searched until the budget's end; the fourth is not started."""
    clock(monkeypatch, 0.25, begin=100.0)
    monkeypatch.setattr(advise_module, "LONE_CHUNK", 1)
    recorder = Recorder(monkeypatch)
    advice = advise_play(VARIED, 0, VARIED_HAND, samples=50, budget_ms=1000)
    assert advice.samples == 3 and recorder.chunks == [1, 1, 1]
    assert [deadline for _, deadline in recorder.asked] == [101.0] * 3
    assert advice.elapsed_ms >= 0


def test_a_chunk_the_budget_cuts_keeps_its_first_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals of a chunk valued before the budget ran out count, and no chunk after it
    does: the advice is the one of the first deals drawn, as many as were valued."""
    real, chunks = Worlds.values_of, count()

    def cut_in_second(worlds: Worlds, deals: tuple[Hands, ...], deadline: float) -> list:
        answers = real(worlds, deals, deadline)
        return answers[:1] if next(chunks) == 1 else answers

    monkeypatch.setattr(Worlds, "values_of", cut_in_second)
    monkeypatch.setattr(advise_module, "LONE_CHUNK", 2)  # (VARIED's deals are 4: two chunks)
    cut = advise_play(VARIED, 0, VARIED_HAND, samples=4, seed="cut")
    assert cut.samples == 3  # 2, then the first of the next 2
    valued = count()

    def first_three(worlds: Worlds, deals: tuple[Hands, ...], deadline: float) -> list:
        return [moves for moves in real(worlds, deals, deadline) if next(valued) < 3]

    monkeypatch.setattr(Worlds, "values_of", first_three)
    monkeypatch.setattr(advise_module, "LONE_CHUNK", 4)
    alone = advise_play(VARIED, 0, VARIED_HAND, samples=4, seed="cut")
    assert alone.samples == 3
    assert replace(cut, elapsed_ms=0) == replace(alone, elapsed_ms=0)


def test_a_deal_is_started_with_a_millisecond_left(monkeypatch: pytest.MonkeyPatch) -> None:
    clock(monkeypatch, 0.25)
    monkeypatch.setattr(advise_module, "LONE_CHUNK", 1)
    Recorder(monkeypatch)
    assert advise_play(VARIED, 0, VARIED_HAND, samples=50, budget_ms=251).samples == 1
    nothing = advise_play(VARIED, 0, VARIED_HAND, samples=50, budget_ms=250)
    assert (nothing.card, nothing.moves, nothing.samples) == (None, (), 0)
    by_points = advise_play(VARIED, 0, VARIED_HAND, samples=50, budget_ms=250, objective=POINTS)
    assert (by_points.card, by_points.samples) == (None, 0)  # no deal, no card, by any objective
    clock(monkeypatch, 0.0000005)  # 0.9995 ms left: not a whole one
    assert advise_play(VARIED, 0, VARIED_HAND, samples=50, budget_ms=1).samples == 0


def test_a_deal_the_search_does_not_finish_is_not_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Worlds, "values_of", each_deal(lambda *args: None))
    advice = advise_play(VARIED, 0, VARIED_HAND, samples=4)
    assert (advice.card, advice.samples) == (None, 0)


def test_a_search_past_its_deadline_values_no_card() -> None:
    """The first lead of a deal: its search reads the clock before it ends (every
    `CLOCK_EVERY` nodes), and stops there when the deadline has passed."""
    hands = random_hands(random.Random(5))
    record = DealRecord(0, CLUBS, 1, ())
    worlds = Worlds(CLASSIC, record, RuleOptions())
    assert worlds.values(hands, time.perf_counter() - 1) is None


def solution(
    losses: dict[str, int], margins: dict[str, int] | None = None
) -> tuple[MoveValue, ...]:
    """A deal's values with these losses per card (the outcomes made up: the team's score is
    its margin, the other team's 0)."""
    margins = margins or dict.fromkeys(losses, 0)
    return tuple(
        MoveValue(
            cards(card)[0],
            Outcome((100 - loss, 62 + loss), None, "made", (margins[card], 0)),
            loss,
        )
        for card, loss in losses.items()
    )


def test_at_equal_mean_loss_the_card_most_often_best_is_advised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Over two deals 9S loses 0 then 4, KH 2 and 2, 7H 3 and 3: KH and 9S lose 2 on average,
    # and 9S is the best card once.
    answers = iter([solution({"KH": 2, "9S": 0, "7H": 3}), solution({"KH": 2, "9S": 4, "7H": 3})])
    monkeypatch.setattr(Worlds, "values_of", each_deal(lambda *args: next(answers)))
    advice = advise_play(VARIED, 0, VARIED_HAND, samples=2)
    assert [(m.card, m.loss, m.best_share, m.points) for m in advice.moves] == [
        (cards("KH")[0], 2.0, 0.0, 98.0),
        (cards("9S")[0], 2.0, 0.5, 98.0),
        (cards("7H")[0], 3.0, 0.0, 97.0),
    ]
    assert advice.card == cards("9S")[0]
    # Equal in both: the first in hand order.
    answers = iter([solution({"KH": 0, "9S": 2, "7H": 1}), solution({"KH": 2, "9S": 0, "7H": 1})])
    assert advise_play(VARIED, 0, VARIED_HAND, samples=2).card == cards("KH")[0]


def test_the_advice_never_reads_the_hands_a_record_carries() -> None:
    """Seat 2 discards 8D on a spade lead holding 10S, a renonce the plays do not prove yet:
    the hands would prove it; the advice, from seat 3's view, must believe seat 2 void."""
    hands = (
        cards("7S 8S 9S 7H 8H 9H 7C 8C"),
        cards("AS KS QS JS 10H JH QH KH"),
        cards("10S 8D 9D 10D JD QD KD AD"),
        cards("7D 9C 10C JC QC KC AC AH"),
    )
    record = DealRecord(0, HEARTS, 1, cards("AS 8D"), hands)
    assert replay(record).renonces and not replay(replace(record, hands=None)).renonces
    shown = advise_play(replace(record, hands=None), 3, hands[3], samples=1, budget_ms=1)
    carried = advise_play(record, 3, hands[3], samples=1, budget_ms=1)
    assert carried.deals == shown.deals


def test_advice_is_for_the_seat_to_play_in_a_deal_not_over() -> None:
    with pytest.raises(InconsistentInput) as error:
        advise_play(LATE, 1, cards_now(LATE_DEAL, 1))
    assert problem_of(error) == ("/seat", "advice_not_to_move")
    assert error.value.problems[0].params == {"seat": 1, "to_move": 0}
    over = play_deal(random.Random(3)).record
    with pytest.raises(InconsistentInput) as error:
        advise_play(over, 0, ())
    assert problem_of(error) == ("/plays", "advice_after_last_trick")


def test_the_hand_must_be_the_seat_s_cards_now() -> None:
    with pytest.raises(InconsistentInput) as error:
        advise_play(LATE, 0, LATE_HAND[:2])
    assert problem_of(error) == ("/hand", "hand_size")
    assert error.value.problems[0].params == {"expected": 3, "size": 2}
    with pytest.raises(InconsistentInput) as error:
        advise_play(LATE, 0, (*LATE_HAND[:2], *cards("7C")))
    assert problem_of(error) == ("/hand/2", "duplicate_card")
    assert error.value.problems[0].params["other"] == "/plays/20"


def test_the_turned_card_is_the_taker_s() -> None:
    # Seat 0 took and asks: the turned card is in its hand or among its plays; not 8D, which
    # seat 3 played, nor QS, which it does not hold.
    for turned in ("8D", "QS"):
        with pytest.raises(InconsistentInput) as error:
            advise_play(LATE, 0, LATE_HAND, turned=cards(turned)[0])
        assert problem_of(error) == ("/turned", "turned_elsewhere")
        assert error.value.problems[0].params == {"seat": 0}
    for turned in ("10D", "KD"):
        assert advise_play(LATE, 0, LATE_HAND, turned=cards(turned)[0], samples=1).samples == 1


def test_a_turned_card_missing_from_the_taker_s_eight_cards_is_elsewhere() -> None:
    # Seat 1 took and has played its eight cards (play 28 its last): KS, unseen by seat 2 to
    # play, cannot have been turned for it.
    from tests.rules.advice.test_seat_review import RECORD as DEALT

    record = replace(DEALT, plays=DEALT.plays[:29], hands=None)
    assert record.taker == 1
    hand = tuple(card for card in DEALT.hands[2] if card not in record.plays)
    with pytest.raises(InconsistentInput) as error:
        advise_play(record, 2, hand, turned=cards("KS")[0])
    assert problem_of(error) == ("/turned", "turned_elsewhere")
    assert advise_play(record, 2, hand, turned=cards("KH")[0], samples=1).samples == 1


def test_the_turned_card_puts_an_unseen_card_in_the_taker_s_hand() -> None:
    # Seat 0 to play; seat 3 took with KS turned: seat 3 holds it in every deal.
    record = DealRecord(3, SPADES, 3, ())
    hand = cards("7S 8S 9S 7H 8H 9H 7D 8D")
    judged = replay(record)
    turned = cards("KS")[0]
    view = seat_view(0, hand, (), (), SPADES, H, holdings_in(CLASSIC, record, judged, turned, H))
    for rank in view.deals.ranks(5, random.Random(0)):
        assert turned in view.hands(view.deals.deal(rank))[3]
    assert (
        view.deals.count
        == Deals(
            Constraints(
                tuple(c for c in ALL_CARDS if c not in hand and c != turned),
                (0b1110,) * 23,
                (0, 8, 8, 7),
            )
        ).count
    )


def test_a_void_the_facts_contradict_is_taken_for_a_renonce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 did not trump a spade lead (discarded a diamond): it holds no heart, by that play.
    # Hearts are trump, seat 1 took with the turned JH: no deal agrees with both, unless the
    # discard was a renonce left standing. The advice takes the fewest plays for renonces
    # that leave deals, and says which.
    record = DealRecord(3, HEARTS, 1, cards("AS 7D"))
    hand = cards("7S 8S 9S 10S 7C 8C 9C 10C")
    jack = cards("JH")[0]
    advice = advise_play(record, 2, hand, turned=jack, samples=1, budget_ms=1)
    assert advice.assumed == (1,)
    view = card_question(CLASSIC, record, 2, hand, H, jack).view
    assert view.assumed == (1,)
    for rank in view.deals.ranks(4, random.Random(0)):
        assert jack in view.hands(view.deals.deal(rank))[1]
    # A forced card, answered at once, says so too: seat 2 holds one spade.
    forced = cards("7S 7C 8C 9C 10C JC QC KC")
    at_once = advise_play(record, 2, forced, turned=jack, figures_when_forced=False)
    assert (at_once.forced, at_once.samples, at_once.assumed) == (True, 0, (1,))
    # A record that needs none assumes none.
    assert advise_play(record, 2, hand, samples=1, budget_ms=1).assumed == ()
    # Beyond the most plays the view takes for renonces: no deal.
    monkeypatch.setattr(view_module, "MOST_ASSUMED", 0)
    with pytest.raises(InconsistentInput) as error:
        advise_play(record, 2, hand, turned=jack)
    assert problem_of(error) == ("/plays", "advice_no_deal")


def test_each_play_the_facts_contradict_is_taken_for_a_renonce() -> None:
    # Seat 1 discards on two spade leads (no trump, by each play), and took with the turned
    # JH: both discards are taken for renonces, and only they.
    record = DealRecord(3, HEARTS, 1, cards("AS 7D 8S 9S 10S 8D 7S QS"))
    hand = cards("KS 7C 8C 9C 10C JC")
    view = card_question(CLASSIC, record, 0, hand, H, cards("JH")[0]).view
    assert view.assumed == (1, 5)


def view_of(
    record: DealRecord, seat: int, hand: tuple[Card, ...], holdings: list[Holding]
) -> SeatView:
    judged = replay(record)
    return seat_view(seat, hand, judged.tricks, judged.renonces, record.strain, H, holdings)


def test_an_announced_belote_puts_the_other_honour_with_the_seat_that_played_the_first() -> None:
    # Seat 0 leads KH (hearts trump) announcing belote: it holds QH.
    record = DealRecord(3, HEARTS, 1, cards("KH"), belote_announced=True)
    hand = cards("7S 8S 9S 10S 7C 8C 9C 10C")
    view = view_of(record, 1, hand, holdings_in(CLASSIC, record, replay(record), None, H))
    for rank in view.deals.ranks(5, random.Random(0)):
        assert cards("QH")[0] in view.hands(view.deals.deal(rank))[0]
    # Seat 0's 7 cards left: QH and 6 of the 22 others.
    assert (
        view.deals.count
        == Deals(
            Constraints(
                tuple(c for c in ALL_CARDS if c not in (*hand, *cards("KH QH"))),
                (0b1101,) * 22,
                (7 - 1, 0, 8, 8),
            )
        ).count
    )


def test_a_belote_the_record_refutes_is_no_fact() -> None:
    # Announced, but QH is the asking seat's: seat 0 cannot hold it, and nothing is known.
    record = DealRecord(3, HEARTS, 1, cards("KH"), belote_announced=True)
    mine = cards("QH 8S 9S 10S 7C 8C 9C 10C")
    holdings = holdings_in(CLASSIC, record, replay(record), None, H)
    assert (
        view_of(record, 1, mine, holdings).deals.count == view_of(record, 1, mine, []).deals.count
    )
    # Played by two seats: no seat holds both.
    both = DealRecord(3, HEARTS, 1, cards("KH QH"), belote_announced=True)
    holdings = holdings_in(CLASSIC, both, replay(both), None, H)
    assert len(holdings) == 2
    assert (
        view_of(both, 2, (*mine[1:], *cards("7D")), holdings).deals.count
        == view_of(both, 2, (*mine[1:], *cards("7D")), []).deals.count
    )


def test_a_belote_whose_seat_has_played_its_last_card_without_the_other_honour_is_no_fact() -> None:
    # Spades trump: seat 1 played the queen first (play 0), the belote announced, and played
    # its eighth card (play 28) without the king, which seat 2, to play, has not seen: seat 1
    # cannot hold it. The claim says nothing (the view once found no deal at all).
    from tests.rules.advice.test_seat_review import RECORD as DEALT

    record = replace(DEALT, plays=DEALT.plays[:29], hands=None, belote_announced=True)
    hand = tuple(card for card in DEALT.hands[2] if card not in record.plays)
    holdings = holdings_in(CLASSIC, record, replay(record), None, H)
    assert [holding.seat for holding in holdings] == [1] and cards("KS")[0] in holdings[0].cards
    assert cards("KS")[0] not in (*record.plays, *hand)
    claimed, free = view_of(record, 2, hand, holdings), view_of(record, 2, hand, [])
    assert claimed.deals.count == free.deals.count > 0


def test_a_declared_annonce_puts_its_cards_with_its_seat() -> None:
    options = RuleOptions(annonces=True)
    record = DealRecord(
        3, HEARTS, 1, cards("7S"), declarations=(Declaration(0, cards("7S 8S 9S")),)
    )
    holdings = holdings_in(CLASSIC, record, replay(record, options), None, options)
    view = view_of(record, 1, cards("7D 8D 9D 10D JD QD KD AD"), holdings)
    for rank in view.deals.ranks(5, random.Random(0)):
        assert set(cards("8S 9S")) <= set(view.hands(view.deals.deal(rank))[0])
    # Not an annonce, or annonces not counted: no fact.
    loose = replace(record, declarations=(Declaration(0, cards("7S 9S JS")),))
    assert not holdings_in(CLASSIC, loose, replay(loose, options), None, options)
    assert not holdings_in(CLASSIC, record, replay(record), None, H)


@st.composite
def coinche_records(draw: st.DrawFn) -> tuple[CoincheRecord, CoincheOptions]:
    """A coinche deal 5 to 7 tricks in under any strain, every belote of the strain held
    announced."""
    options = CoincheOptions(sa_ta=True, undertrump=draw(st.sampled_from(["optional", "required"])))
    strain = draw(st.integers(0, TOUT_ATOUT))
    rng = draw(st.randoms(use_true_random=False))
    played = play_deal(rng, draw(st.integers(20, 31)), options=options, trump=strain).record
    hands = played.hands
    assert hands is not None
    belotes = tuple(
        Belote(seat, suit)
        for seat, hand in enumerate(hands)
        for suit in range(4)
        if {Card.of(KING, suit), Card.of(QUEEN, suit)} <= set(hand)
    )
    contract = Contract(taker=played.taker, value=80, strain=strain)
    return CoincheRecord(played.dealer, contract, played.plays, hands, belotes), options


@PROPERTY
@given(coinche_records())
def test_coinche_advice_is_legal_and_honours_the_belotes(
    case: tuple[CoincheRecord, CoincheOptions],
) -> None:
    record, options = case
    hands = record.hands
    assert hands is not None
    shown = replace(record, hands=None)
    judged = COINCHE.replay(shown, options)
    if judged.complete:
        return
    seat = judged.to_move
    assert seat is not None
    hand = tuple(card for card in hands[seat] if card not in record.plays)
    advice = advise_coinche_play(shown, seat, hand, options, samples=2)
    legal = COINCHE.replay(record, options).legal
    assert legal is not None and advice.card in legal
    view = seat_view(
        seat,
        hand,
        judged.tricks,
        judged.renonces,
        record.contract.strain,
        options,
        holdings_in(COINCHE, shown, judged, None, options),
    )
    kept = [
        b
        for b in record.belote_announced
        if b.suit in belote_suits(record.contract.strain, options.ta_belote)
    ]
    for rank in view.deals.ranks(3, random.Random(0)):
        dealt = view.hands(view.deals.deal(rank))
        for belote in kept:
            assert {Card.of(KING, belote.suit), Card.of(QUEEN, belote.suit)} <= set(
                dealt[belote.seat]
            )


# --- whether to take ---------------------------------------------------------------------------


class Spy:
    """Stands for `solve` in advise_take: records each deal it is asked, answers a score."""

    def __init__(self, scores: dict[int, tuple[int, int]]) -> None:
        self.asked: list[DealRecord] = []
        self.budgets: list[int] = []
        self.options: list[RuleOptions] = []
        self.scores = scores  # by trump

    def __call__(
        self, record: DealRecord, options: RuleOptions, budget: int, every_card: bool
    ) -> Solution:
        assert every_card is False  # the value and one line: no card's own
        self.asked.append(record)
        self.budgets.append(budget)
        self.options.append(options)
        score = self.scores[record.strain]
        contract = "made" if score[record.taker % 2] > 0 else "dedans"
        value = Outcome((81, 81), None, contract, score)
        return Solution(None, value, (), (), True, None, 0, 0.0)


TAKE_HAND = cards("JH 9H AS 10S 7D")
TURNED = cards("AH")[0]


def test_taking_deals_the_taker_the_turned_card_and_two_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = Spy({HEARTS: (100, 62)})
    monkeypatch.setattr(advise_module, "solve", spy)
    advice = advise_take(0, 1, TAKE_HAND, TURNED, 1, samples=3, seed="s", level=STRONG)
    assert advice.samples == 3 and len(spy.asked) == 3
    for record in spy.asked:
        assert (record.dealer, record.strain, record.taker, record.plays) == (0, HEARTS, 1, ())
        assert record.belote_announced  # a holder announces the belote
        hands = record.hands
        assert hands is not None
        assert [len(hand) for hand in hands] == [8] * PLAYERS
        assert sorted(card for hand in hands for card in hand) == list(ALL_CARDS)
        assert set(TAKE_HAND) | {TURNED} <= set(hands[1])
    assert len({record.hands for record in spy.asked}) == 3  # distinct deals
    # Seat 1's team scores 62 of 162: a made contract is worth 62 - 100 to it.
    (take, passing) = advice.options
    # Each mean sure (the same figures in every deal); passing, a redeal, is 38 ahead.
    assert take == ("take", 62.0, -38.0, 1.0, (62.0, 62.0), (-38.0, -38.0), (38.0, 38.0))
    assert passing == ("pass", 0.0, 0.0, None, (0.0, 0.0), (0.0, 0.0), (0.0, 0.0))
    assert advice.advice == "pass"


def test_round_two_offers_every_other_suit_and_advises_the_best_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = Spy({SPADES: (10, 152), DIAMONDS: (0, 162), CLUBS: (162, 0)})
    monkeypatch.setattr(advise_module, "solve", spy)
    advice = advise_take(2, 3, TAKE_HAND, TURNED, 2, samples=2, level=STRONG)
    assert [option.bid for option in advice.options] == ["S", "D", "C", "pass"]
    # Seat 3's team is team 1: 152 against 10 in spades, 162 in diamonds, 0 in clubs.
    assert [option.expected_margin for option in advice.options] == [142.0, 162.0, -162.0, 0.0]
    assert [option.expected_score for option in advice.options] == [152.0, 162.0, 0.0, 0.0]
    assert [option.made_share for option in advice.options] == [1.0, 1.0, 0.0, None]
    assert advice.advice == "D"
    assert {record.taker for record in spy.asked} == {3}
    again = advise_take(2, 3, TAKE_HAND, TURNED, 2, samples=2, level=STRONG)
    assert replace(again, elapsed_ms=0) == replace(advice, elapsed_ms=0)
    assert spy.asked[:6] == spy.asked[6:]  # the same seed, the same deals


def test_equal_margins_advise_the_first_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advise_module, "solve", Spy(dict.fromkeys((0, 2, 3), (162, 0))))
    assert advise_take(0, 0, TAKE_HAND, TURNED, 2, samples=1, level=STRONG).advice == "S"


def test_a_take_the_budget_cuts_counts_for_no_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    clock(monkeypatch, 0.25, begin=100.0)
    spy = Spy(dict.fromkeys(range(4), (0, 162)))
    monkeypatch.setattr(advise_module, "solve", spy)
    # 1 s: the first deal's three suits with 0.75, 0.5 and 0.25 s left; none for the second.
    advice = advise_take(0, 0, TAKE_HAND, TURNED, 2, samples=4, budget_ms=1000, level=STRONG)
    assert spy.budgets == [750, 500, 250]
    assert advice.elapsed_ms >= 0
    assert advice.samples == 1
    # 0.6 s: the first deal's third suit finds no time left, and the deal counts for none.
    clock(monkeypatch, 0.25, begin=100.0)
    advice = advise_take(0, 0, TAKE_HAND, TURNED, 2, samples=4, budget_ms=600, level=STRONG)
    assert advice.samples == 0 and advice.advice is None
    assert [(o.bid, o.expected_score) for o in advice.options] == [
        ("S", None),
        ("D", None),
        ("C", None),
        ("pass", 0.0),
    ]
    # A whole millisecond is needed to start a search.
    clock(monkeypatch, 0.25)
    assert (
        advise_take(0, 0, TAKE_HAND, TURNED, 1, samples=4, budget_ms=251, level=STRONG).samples == 1
    )
    clock(monkeypatch, 0.0000005)
    assert (
        advise_take(0, 0, TAKE_HAND, TURNED, 1, samples=4, budget_ms=1, level=STRONG).samples == 0
    )


def test_the_take_advice_plays_under_the_request_s_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = Spy({HEARTS: (100, 62)})
    monkeypatch.setattr(advise_module, "solve", spy)
    options = RuleOptions(capot=250, undertrump="optional")
    advise_take(0, 1, TAKE_HAND, TURNED, 1, options, samples=2, level=STRONG)
    assert spy.options == [options, options]


def test_an_unfinished_search_stops_the_take_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    unfinished = Solution(None, None, (), (), False, (0, 162), 0, 0.0)
    monkeypatch.setattr(advise_module, "solve", lambda *args, **kwargs: unfinished)
    assert advise_take(0, 0, TAKE_HAND, TURNED, 1, samples=4, level=STRONG).samples == 0


def test_the_take_hand_is_five_cards_without_the_turned_one() -> None:
    with pytest.raises(InconsistentInput) as error:
        advise_take(0, 1, (*TAKE_HAND[:4], TURNED), TURNED, 1)
    assert problem_of(error) == ("/turned", "duplicate_card")
    assert error.value.problems[0].params == {"card": Cards((TURNED,)), "other": "/hand"}
    with pytest.raises(InconsistentInput) as error:
        advise_take(0, 1, TAKE_HAND[:4], TURNED, 1)
    assert problem_of(error) == ("/hand", "hand_size")
    assert error.value.problems[0].params == {"expected": 5, "size": 4}


# --- what the record says seats hold, and the rule options -------------------------------------


def no_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock 10 s on at each reading: the advice counts the deals and solves none."""
    clock(monkeypatch, 10.0)


def test_the_voids_follow_the_rule_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2 discards 7D under seat 1's 9H, then plays 8H: with undertrump required the
    discard is a renonce (it shows nothing); with it optional, the discard was legal and
    shows no spade and no heart above 9H."""
    no_time(monkeypatch)
    record = DealRecord(3, HEARTS, 1, cards("AS 9H 7D KS 7C 8H"))
    hand = cards("7S 8S 9S 10S 8C 9C 10C")
    optional = RuleOptions(undertrump="optional")
    judged = replay(record, optional)
    assert not judged.renonces and replay(record).renonces
    expected = seat_view(3, hand, judged.tricks, (), HEARTS, optional).deals.count
    assert advise_play(record, 3, hand, optional).deals == expected
    assert advise_play(record, 3, hand).deals != expected


def test_an_honour_given_to_two_seats_leaves_no_deal() -> None:
    # The turned QH is seat 1's (the taker's); seat 0 led KH announcing belote: QH is seat 0's.
    record = DealRecord(3, HEARTS, 1, cards("KH 7S"), belote_announced=True)
    with pytest.raises(InconsistentInput) as error:
        advise_play(record, 2, cards("8S 9S 10S 7C 8C 9C 10C 7D"), turned=cards("QH")[0])
    assert problem_of(error) == ("/plays", "advice_no_deal")


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "No deal of the unseen cards agrees with the record: the voids its plays show, the "
            "turned card, the belote and the annonces cannot all hold.",
        ),
        (
            "fr",
            "Aucune répartition des cartes cachées ne s'accorde avec la donne : les couleurs qui "
            "manquent d'après les cartes jouées, la carte retournée, la belote et les annonces "
            "ne peuvent être vraies ensemble.",
        ),
    ],
)
def test_a_classic_record_that_leaves_no_deal_names_its_facts(lang: str, sentence: str) -> None:
    # The turned QH is seat 1's (the taker's); seat 0 led KH announcing belote: QH is seat 0's.
    record = DealRecord(3, HEARTS, 1, cards("KH 7S"), belote_announced=True)
    with pytest.raises(InconsistentInput) as error:
        advise_play(record, 2, cards("8S 9S 10S 7C 8C 9C 10C 7D"), turned=cards("QH")[0])
    (problem,) = error.value.problems
    assert problem.message(lang) == sentence


@pytest.mark.parametrize(
    ("variant", "facts"),
    [
        ({}, "the voids its plays show, the turned card, the belote and the annonces"),
        ({"variant": "classic"}, "the voids its plays show, the turned card, the belote and"),
        ({"variant": "coinche"}, "the voids its plays show, the belotes and the annonces"),
    ],
    ids=["classic by default", "classic", "coinche"],
)
def test_a_view_that_leaves_no_deal_names_the_facts_of_its_variant(
    variant: dict[str, str], facts: str
) -> None:
    queen = cards("QH")
    held = [Holding(0, queen), Holding(1, queen)]  # one card, two seats: no deal
    with pytest.raises(InconsistentInput) as error:
        seat_view(2, cards("8S 9S 10S 7C 8C 9C 10C 7D"), (), (), HEARTS, H, held, **variant)
    assert problem_of(error) == ("/plays", "advice_no_deal")
    (problem,) = error.value.problems
    assert f": {facts}" in problem.message("en")


COINCHE_HAND = cards("8S 9S 10S 7C 8C 9C 10C 7D")  # seat 1's, after seat 0's 7S


def coinche_deals(strain: int, options: CoincheOptions, **fields: object) -> int:
    record = CoincheRecord(3, Contract(taker=2, value=80, strain=strain), cards("7S"), **fields)
    return advise_coinche_play(record, 1, COINCHE_HAND, options).deals


def test_a_coinche_belote_announced_puts_its_honours_with_its_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    no_time(monkeypatch)
    free = comb(23, 7) * comb(16, 8)  # seat 0 gets 7 of the 23 unseen, seat 2 then 8
    pinned = comb(21, 7) * comb(14, 6)  # KD and QD with seat 2
    belote = (Belote(2, DIAMONDS),)
    plain = CoincheOptions()
    assert coinche_deals(DIAMONDS, plain) == free
    assert coinche_deals(DIAMONDS, plain, belote_announced=belote) == pinned
    assert coinche_deals(SPADES, plain, belote_announced=belote) == free  # not the strain's
    each = CoincheOptions(sa_ta=True)
    assert coinche_deals(TOUT_ATOUT, each, belote_announced=belote) == pinned
    none = CoincheOptions(sa_ta=True, ta_belote="none")
    assert coinche_deals(TOUT_ATOUT, none, belote_announced=belote) == free


def test_a_coinche_annonce_declared_puts_its_cards_with_its_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    no_time(monkeypatch)
    declared = (Declaration(0, cards("8H 9H 10H")),)  # a tierce: seat 0's
    pinned = comb(20, 4) * comb(16, 8)
    assert coinche_deals(DIAMONDS, CoincheOptions(annonces=True), declarations=declared) == pinned
    free = comb(23, 7) * comb(16, 8)
    assert coinche_deals(DIAMONDS, CoincheOptions(), declarations=declared) == free


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "No deal of the unseen cards agrees with the record: the voids its plays show, the "
            "belotes and the annonces cannot all hold.",
        ),
        (
            "fr",
            "Aucune répartition des cartes cachées ne s'accorde avec la donne : les couleurs qui "
            "manquent d'après les cartes jouées, les belotes et les annonces ne peuvent être "
            "vraies ensemble.",
        ),
    ],
)
def test_a_coinche_record_that_leaves_no_deal_names_no_turned_card(
    lang: str, sentence: str
) -> None:
    # Seat 2's announced belote holds QD, and so does seat 0's declared tierce: coinche turns
    # no card, and its sentence names none.
    with pytest.raises(InconsistentInput) as error:
        coinche_deals(
            DIAMONDS,
            CoincheOptions(annonces=True),
            belote_announced=(Belote(2, DIAMONDS),),
            declarations=(Declaration(0, cards("10D JD QD")),),
        )
    assert problem_of(error) == ("/plays", "advice_no_deal")
    (problem,) = error.value.problems
    assert problem.message(lang) == sentence


def test_the_seed_draws_the_coinche_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[tuple[Card, ...], ...]] = []
    real = Worlds.values_of

    def recorded(worlds: Worlds, deals: tuple[Hands, ...], deadline: float) -> list:
        assert worlds.variant is COINCHE
        asked.extend(deals)
        return real(worlds, deals, deadline)

    monkeypatch.setattr(Worlds, "values_of", recorded)
    record = CoincheRecord(3, Contract(taker=3, value=80, strain=CLUBS), VARIED.plays)
    options = CoincheOptions(undertrump="required")
    first = advise_coinche_play(
        record, 0, VARIED_HAND, options, samples=2, seed="s", budget_ms=9000
    )
    view = varied_view()
    drawn = [view.hands(view.deals.deal(r)) for r in view.deals.ranks(2, random.Random("s"))]
    assert asked == drawn
    assert first.samples == 2 and first.card in VARIED_HAND


def test_a_trump_not_raised_on_a_trump_lead_shows_no_higher_trump() -> None:
    # Seat 0 leads AH (hearts trump), seat 1 follows 8H: it holds neither 9H nor JH.
    judged = replay(DealRecord(3, HEARTS, 1, cards("AH 8H")))
    assert revealed_voids(judged.tricks, (), HEARTS, H) == (0, mask_of(cards("9H JH")), 0, 0)


def test_a_coinche_belote_and_annonce_both_count(monkeypatch: pytest.MonkeyPatch) -> None:
    no_time(monkeypatch)
    declared = (Declaration(0, cards("8H 9H 10H")),)
    belote = (Belote(2, DIAMONDS),)
    options = CoincheOptions(annonces=True)
    both = coinche_deals(DIAMONDS, options, declarations=declared, belote_announced=belote)
    assert both == comb(18, 4) * comb(14, 6)  # 8H 9H 10H with seat 0, KD QD with seat 2


def test_the_coinche_advice_never_reads_the_hands_a_record_carries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As in classic: seat 2's renonce (8D on a spade lead, holding 10S) is the hands' secret."""
    no_time(monkeypatch)
    hands = (
        cards("7S 8S 9S 7H 8H 9H 7C 8C"),
        cards("AS KS QS JS 10H JH QH KH"),
        cards("10S 8D 9D 10D JD QD KD AD"),
        cards("7D 9C 10C JC QC KC AC AH"),
    )
    record = CoincheRecord(0, Contract(taker=1, value=80, strain=HEARTS), cards("AS 8D"), hands)
    shown = advise_coinche_play(replace(record, hands=None), 3, hands[3])
    carried = advise_coinche_play(record, 3, hands[3])
    assert carried.deals == shown.deals
    assert carried.elapsed_ms >= 0 and carried.samples == 0


class ByDeal:
    """Stands for a spy's table by trump or strain: each look-up answers the next value, one
    per deal when one trump or strain is asked."""

    def __init__(self, values: list[tuple[int, int]]) -> None:
        self.values = iter(values)

    def __getitem__(self, key: int) -> tuple[int, int]:
        return next(self.values)


class Weigher:
    """Stands for an inference's weight: records what it is asked, answers the next weight."""

    def __init__(self, weights: list[float]) -> None:
        self.weights = iter(weights)
        self.asked: list[tuple[object, ...]] = []

    def __call__(self, *args: object) -> float:
        self.asked.append(args)
        return next(self.weights)


def test_the_passes_before_the_seat_weigh_the_take_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = Spy({})
    spy.scores = ByDeal([(100, 62), (0, 162)])  # type: ignore[assignment]  # made, then not
    monkeypatch.setattr(advise_module, "solve", spy)
    weigher = Weigher([0.75, 0.25])
    monkeypatch.setattr(advise_module, "pass_weights", weigher)
    advice = advise_take(0, 2, TAKE_HAND, TURNED, 1, samples=2, inference="calls", level=STRONG)
    # Seat 2's team: 100 against 62, then 0 against 162, weighed 3 to 1.
    take = advice.options[0]
    assert take[:4] == ("take", 75.0, 0.75 * 38 - 0.25 * 162, 0.75)
    assert [args[:4] for args in weigher.asked] == [(0, 2, TURNED, 1)] * 2
    assert [args[4] for args in weigher.asked] == [record.hands for record in spy.asked]
    # Without it, no weight is asked.
    spy.scores = ByDeal([(100, 62), (0, 162)])  # type: ignore[assignment]
    uniform = advise_take(0, 2, TAKE_HAND, TURNED, 1, samples=2, level=STRONG)
    assert uniform.options[0][:4] == ("take", 50.0, (38 - 162) / 2, 0.5)
    assert len(weigher.asked) == 2


# --- the auction read into the card advice ----------------------------------------------------

# VARIED as a coinche deal: dealer 3, the calls from seat 0 on: seat 1 bid 80 in hearts,
# seat 3 90 in clubs, which made the contract.
AUCTION = ("pass", "80H", "pass", "90C", "pass", "pass", "pass")
CLUB_DEAL = CoincheRecord(3, Contract(taker=3, value=90, strain=CLUBS), VARIED.plays)


def test_the_calls_weigh_each_deal_of_the_card_advice() -> None:
    """With inference "calls", each deal counts as much as the other seats' calls were likely
    with its hands (`call_weights`, the asking seat's own calls left out): every figure is
    that weighted mean; with "none" (the default), the plain mean."""
    view = varied_view()
    deals = [view.hands(view.deals.deal(rank)) for rank in range(view.deals.count)]
    options = CoincheOptions()
    weights = [call_weights(3, AUCTION, hands, options) for hands in deals]
    assert len(set(weights)) > 1  # the calls tell these deals apart
    solved = [solve_coinche(replace(CLUB_DEAL, hands=hands), options).moves for hands in deals]
    weighed = advise_coinche_play(
        CLUB_DEAL, 0, VARIED_HAND, options, samples=50, bids=AUCTION, inference="calls"
    )
    plain = advise_coinche_play(CLUB_DEAL, 0, VARIED_HAND, options, samples=50, bids=AUCTION)
    for place, (move, flat) in enumerate(zip(weighed.moves, plain.moves, strict=True)):
        values = [moves[place] for moves in solved]
        mean = sum(w * v.value.points[0] for w, v in zip(weights, values, strict=True)) / sum(
            weights
        )
        assert move.points == pytest.approx(mean)
        assert move.loss == pytest.approx(
            sum(w * v.loss for w, v in zip(weights, values, strict=True)) / sum(weights)
        )
        assert flat.points == pytest.approx(sum(v.value.points[0] for v in values) / len(values))
    assert weighed.moves != plain.moves


def test_calls_that_do_not_make_the_contract_are_refused() -> None:
    with pytest.raises(InconsistentInput) as raised:
        advise_coinche_play(CLUB_DEAL, 0, VARIED_HAND, bids=("pass", "80H", "pass", "pass", "pass"))
    assert problem_of(raised) == ("/bids", "advice_calls_not_contract")
    with pytest.raises(InconsistentInput) as raised:
        advise_coinche_play(CLUB_DEAL, 0, VARIED_HAND, bids=("pass", "80H", "80C"))
    assert problem_of(raised) == ("/bids/2", "advice_illegal_call")
    unfinished = ("pass", "80H", "pass", "90C")  # three more calls to go
    with pytest.raises(InconsistentInput) as raised:
        advise_coinche_play(CLUB_DEAL, 0, VARIED_HAND, bids=unfinished, inference="calls")
    assert problem_of(raised) == ("/bids", "advice_calls_not_contract")


def test_the_calls_are_read_under_the_deal_s_rules() -> None:
    """Under `sa_ta` a sans-atout bid is a call like any other, and the passes after it are
    weighed against every strain the rules allow."""
    auction = ("90SA", "pass", "100C", "pass", "pass", "pass")
    deal = replace(CLUB_DEAL, contract=Contract(taker=2, value=100, strain=CLUBS))
    view = varied_view()
    deals = [view.hands(view.deals.deal(rank)) for rank in range(view.deals.count)]
    options = CoincheOptions(sa_ta=True)
    weights = [call_weights(3, auction, hands, options) for hands in deals]
    assert weights != [call_weights(3, auction, hands) for hands in deals]
    weighed = advise_coinche_play(
        deal, 0, VARIED_HAND, options, samples=50, bids=auction, inference="calls"
    )
    solved = [solve_coinche(replace(deal, hands=hands), options).moves for hands in deals]
    for place, move in enumerate(weighed.moves):
        values = [moves[place].value.points[0] for moves in solved]
        mean = sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)
        assert move.points == pytest.approx(mean)
    with pytest.raises(InconsistentInput) as raised:
        advise_coinche_play(deal, 0, VARIED_HAND, bids=auction)  # no SA without `sa_ta`
    assert problem_of(raised) == ("/bids/0", "advice_illegal_call")
    assert raised.value.problems[0].params["call"] == "90SA"


# --- the deals valued on several threads ------------------------------------------------------


def test_the_deals_are_valued_on_the_threads_asked_from_twenty_cards_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From `PARALLEL_FROM` (20) cards still held, the threads asked, each valuing chunks of
    `CHUNK` (4) deals, of one in the first trick (`SINGLE_FROM`, 29 held); below 20, one
    thread, valuing every deal in one chunk: a short search does not pay for a second."""
    asked: list[tuple[int, set[int]]] = []

    def spy(values, deals, deadline, threads, clock):  # nothing valued: only the chunks seen
        asked.append((threads, {len(chunk) for chunk in deals}))
        return []

    monkeypatch.setattr(advise_module, "values_in_order", spy)
    assert (advise_module.PARALLEL_FROM, advise_module.SINGLE_FROM) == (20, 29)
    played = play_deal(random.Random(3), 13).record
    every = {32}  # the default samples, in one chunk
    for plays, threads, expected in (
        (12, 3, (3, {4})),
        (13, 3, (1, every)),
        (12, 1, (1, every)),
        (4, 2, (2, {4})),
        (3, 2, (2, {1})),
    ):
        record = replace(played, plays=played.plays[:plays], hands=None)
        seat = replay(record).to_move
        assert seat is not None
        advice = advise_play(
            record, seat, cards_now(replace(played, plays=record.plays), seat), threads=threads
        )
        assert advice.samples == 0
        assert asked.pop() == expected
    record = replace(played, plays=played.plays[:12], hands=None)
    seat = replay(record).to_move
    assert seat is not None
    advise_play(record, seat, cards_now(replace(played, plays=record.plays), seat))
    assert asked.pop() == (1, every)  # by default, one thread
    first_lead = CoincheRecord(0, Contract(1, 80, SPADES), ())
    advise_coinche_play(first_lead, 1, played.hands[1], threads=4)
    advise_coinche_play(first_lead, 1, played.hands[1])
    assert asked == [(4, {1}), (1, every)]


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_the_advice_on_three_threads_is_the_advice_on_one(
    variant: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every figure and the card, on late positions (every position on threads here)."""
    monkeypatch.setattr(advise_module, "PARALLEL_FROM", 0)
    rng = random.Random(f"three threads {variant}")
    for _ in range(3):
        played = play_deal(rng, rng.randrange(18, 26)).record
        record = replace(played, hands=None)
        seat = replay(record).to_move
        assert seat is not None
        hand = cards_now(played, seat)
        if variant is COINCHE:
            contract = Contract(record.taker, 90, record.strain)
            asked = CoincheRecord(record.dealer, contract, record.plays)
            one, three = (
                advise_coinche_play(
                    asked, seat, hand, samples=12, seed="t", budget_ms=60_000, threads=threads
                )
                for threads in (1, 3)
            )
        else:
            one, three = (
                advise_play(
                    record, seat, hand, samples=12, seed="t", budget_ms=60_000, threads=threads
                )
                for threads in (1, 3)
            )
        # A budget no loaded machine comes near: every deal drawn is valued, on either side.
        assert one.samples == min(12, one.deals)
        assert replace(three, elapsed_ms=0) == replace(one, elapsed_ms=0)


# --- the levels ----------------------------------------------------------------------------


def test_the_take_advice_estimates_each_deal_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advise_module, "solve", Spy({}))  # never asked
    asked: list[tuple[object, int, int]] = []

    def estimated(hands: Any, leader: int, trump: int) -> Estimate:
        asked.append((hands, leader, trump))
        return Estimate((62, 100), None)  # 100 to team 1, the taker's (seat 1)

    monkeypatch.setattr(advise_module, "estimate", estimated)
    monkeypatch.setattr(advise_module, "model", lambda: Model((), 0.0, 162, {}))
    advice = advise_take(0, 1, TAKE_HAND, TURNED, 2, samples=2, seed="s")
    assert advice.level == "default" and advice.samples == 2
    # Round 2: spades, diamonds and clubs, the dealer's next (seat 1) leading each deal.
    assert [(leader, trump) for _, leader, trump in asked] == [(1, 0), (1, 2), (1, 3)] * 2
    hands = asked[0][0]
    assert set(TAKE_HAND) | {TURNED} <= set(hands[1])  # type: ignore[index]
    # Each bid scored as classic scores 100 to 62 (the deals' belotes where they fall).
    for option in advice.options[:3]:
        assert option.made_share == 1.0
    assert advice.advice in ("S", "D", "C")
    assert advise_take(0, 1, TAKE_HAND, TURNED, 1, seed="s").samples == 32
    assert advise_take(0, 1, TAKE_HAND, TURNED, 1, seed="s", level="fast").samples == 16


def test_an_estimated_take_is_scored_by_classic_s_scoring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advise_module, "model", lambda: Model((), 0.0, 162, {}))
    hands = (
        cards("JH 9H AH 10H KH QH AS 10S"),  # seat 0 takes, with the belote in hearts
        cards("7S 8S 9S JS QS KS 7H 8H"),
        cards("AD 10D KD QD JD 9D 8D 7D"),
        cards("AC 10C KC QC JC 9C 8C 7C"),
    )
    for points, expected in (((100, 62), "made"), ((70, 92), "dedans")):
        monkeypatch.setattr(advise_module, "estimate", lambda *a, p=points: Estimate(p, None))
        (row,) = _estimated(3, 0, hands, {"take": HEARTS}, RuleOptions(), 0)
        summary = DealSummary(0, points, None, (1, 0), trump=HEARTS)
        score = CLASSIC.score_deal(summary, RuleOptions())
        assert score.contract == expected
        mine, theirs = score.score
        assert row == ("take", mine, mine - theirs, float(expected == "made"))
        (theirs_row,) = _estimated(3, 0, hands, {"take": HEARTS}, RuleOptions(), 1)
        assert theirs_row[1:3] == (theirs, theirs - mine)  # the other team's figures
    # Spread by the model's error: the three ends' scores, weighted 1 4 1.
    monkeypatch.setattr(advise_module, "model", lambda: Model((), 20.0, 162, {}))
    monkeypatch.setattr(advise_module, "estimate", lambda *a: Estimate((90, 72), None))
    (row,) = _estimated(3, 0, hands, {"take": HEARTS}, RuleOptions(), 0)
    ends = [(55, 107), (90, 72), (125, 37)]
    scores = [CLASSIC.score_deal(DealSummary(0, e, None, (1, 0), trump=HEARTS)) for e in ends]
    assert row[1] == pytest.approx(
        sum(w * s.score[0] for w, s in zip((1, 4, 1), scores, strict=True)) / 6
    )
    assert row[3] == pytest.approx(
        sum(w * (s.contract == "made") for w, s in zip((1, 4, 1), scores, strict=True)) / 6
    )


def test_the_card_advice_values_half_its_deals_in_the_first_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert card_samples("default", 0) == card_samples("default", 3) == 16
    assert card_samples("default", 4) == card_samples("default", 31) == 32
    assert card_samples("fast", 0) == card_samples("fast", 12) == 8
    valued: list[int] = []
    real = advise_module._advise

    def spy(asked: float, view: Any, values: Any, samples: int, *rest: Any) -> Advice:
        valued.append(samples)
        return real(asked, view, values, 0, *rest)  # no deal: the test is of the count

    monkeypatch.setattr(advise_module, "_advise", spy)
    record = DealRecord(0, HEARTS, 1, tuple(cards("7S")))
    hand = tuple(cards("8S 9S 10S JS QS KS AS 7D"))
    question = card_question(CLASSIC, record, 2, hand)
    assert question.played == 1
    assert question.answer(None, "s", 10_000, 1).level == "default"
    assert question.answer(None, "s", 10_000, 1, "fast").level == "fast"
    question.answer(3, "s", 10_000, 1, "fast")  # asked: whatever the level
    later = DealRecord(0, HEARTS, 1, tuple(cards("7S 8S 9S 10S")))
    after = card_question(CLASSIC, later, 0, tuple(cards("7D 8D 9D JS QS KS AS")))
    assert after.played == 4
    after.answer(None, "s", 10_000, 1)
    assert valued == [16, 8, 3, 32]


def test_an_estimated_capot_and_the_options_reach_the_take_s_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advise_module, "model", lambda: Model((), 0.0, 162, {}))
    hands = (
        cards("JH 9H AH 10H KH QH AS 10S"),
        cards("7S 8S 9S JS QS KS 7H 8H"),
        cards("AD 10D KD QD JD 9D 8D 7D"),
        cards("AC 10C KC QC JC 9C 8C 7C"),
    )
    monkeypatch.setattr(advise_module, "estimate", lambda *a: Estimate((162, 0), 0))
    (row,) = _estimated(3, 0, hands, {"take": HEARTS}, RuleOptions(), 0)
    capot = CLASSIC.score_deal(DealSummary(0, (162, 0), 0, (1, 0)), RuleOptions())
    assert row[1] == capot.score[0] == 252 + 20  # the capot and the belote
    monkeypatch.setattr(advise_module, "estimate", lambda *a: Estimate((101, 61), None))
    rounded = RuleOptions(rounding="nearest_ten")
    (row,) = _estimated(3, 0, hands, {"take": HEARTS}, rounded, 0)
    assert row[1] == CLASSIC.score_deal(DealSummary(0, (101, 61), None, (1, 0)), rounded).score[0]
    assert row[1] % 10 == 0
    given: list[RuleOptions] = []
    monkeypatch.setattr(
        advise_module, "_estimated", lambda *args: given.append(args[4]) or [("take", 1, 1, 1)]
    )
    advise_take(0, 1, TAKE_HAND, TURNED, 1, rounded, samples=2, seed="s")
    assert given == [rounded, rounded]  # each deal scored under the request's options


def test_each_advice_says_its_level(monkeypatch: pytest.MonkeyPatch) -> None:
    assert advise_take(0, 1, TAKE_HAND, TURNED, 1, seed="s", level="fast").level == "fast"
    monkeypatch.setattr(
        advise_module,
        "_advise",
        lambda *args: Advice(2, None, (), args[3], 1, False, 0.0, "score", False),
    )
    record = DealRecord(0, HEARTS, 1, tuple(cards("7S")))
    hand = tuple(cards("8S 9S 10S JS QS KS AS 7D"))
    advised = advise_play_in(CLASSIC, record, 2, hand, samples=None, level="fast")
    assert (advised.level, advised.samples) == ("fast", 8)
    forced = card_question(CLASSIC, record, 2, tuple(cards("8S 7D 8D 9D 10D JD QD KD")))
    assert forced.forced and forced.at_once("fast").level == "fast"
    assert forced.at_once().level == "default"
