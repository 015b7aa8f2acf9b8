"""One position valued in many deals (service/rules/analysis/worlds.py) gives exactly what
`solve_in` gives each deal: every legal card, in the same order, with the same outcome (points,
capot, contract, score) and the same loss, in both variants, with renonces, belotes announced
or not, annonces, capot still open, SA and TA and their scaled points.

Late positions (three tricks or fewer to play): tests/rules run under `make mutants` with the
reference search. `tests/native` holds the native search equal to the reference.
"""

from __future__ import annotations

import os
import random
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from service.rules.advice.advise import holdings_in
from service.rules.advice.view import seat_view
from service.rules.analysis import worlds as worlds_module
from service.rules.analysis.questions import solve_in
from service.rules.analysis.reference import OutOfTime
from service.rules.analysis.worlds import (
    MIN_LEFT,
    Worlds,
    honour_holders,
    scored_honours,
    values_in_order,
)
from service.rules.core.annonces import declarable
from service.rules.core.cards import KING, QUEEN, Card
from service.rules.core.errors import InconsistentInput
from service.rules.core.replay import Belote, Declaration
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, belote_suits
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from support.deals import play_deal
from tests.rules.builders import cards
from tests.rules.mutation import share

# The positions each variant's differential test compares, and the records each chunk of the
# drawn deals' test tries: a third under `make mutants` (`mutation.share`), where these tests
# reach every mutant of the search and the replay, which both sides of the comparison share
# (so that they tell those mutants apart only where one search serves several deals) and
# which their own tests prove; this module then took more than half of the time of every such
# mutant that lived or was killed late.
POSITIONS = share(240)  # per variant
DRAWN_RECORDS = share(10)  # per chunk
PINNED_NODES = {
    15: 1879,
    19: 488,
    20: 514,
    23: 130,
}  # the reference search's, for `test_one_replay_per_honour_holders...`


def classic_case(rng: random.Random) -> tuple[DealRecord, RuleOptions]:
    options = RuleOptions(
        undertrump=rng.choice(["required", "optional"]),
        belote=rng.choice(["announce", "automatic"]),
        annonces=rng.random() < 0.3,
    )
    deal = play_deal(rng, rng.randrange(20, 32), rng.choice([0.0, 0.05]), options)
    record = deal.record
    assert record.hands is not None
    declared = tuple(
        Declaration(seat, annonce.cards)
        for seat, hand in enumerate(record.hands)
        for annonce in declarable(hand, record.strain)
        if options.annonces
    )
    return replace(record, belote_announced=rng.random() < 0.7, declarations=declared), options


def coinche_case(rng: random.Random) -> tuple[CoincheRecord, CoincheOptions]:
    options = CoincheOptions(
        sa_ta=True,
        undertrump=rng.choice(["optional", "required"]),
        belote=rng.choice(["announce", "automatic"]),
        capot=rng.choice([250, 252]),
        sa_points=rng.choice(["ace19", "scaled"]),
        ta_points=rng.choice(["ffb", "scaled"]),
        annonces=rng.random() < 0.3,
        made=rng.choice(["beat_defenders", "reach_bid"]),
        litige=rng.choice(["dedans", "reserve"]),
    )
    strain = rng.choice([0, 1, 2, 3, SANS_ATOUT, TOUT_ATOUT])
    deal = play_deal(rng, rng.randrange(20, 32), rng.choice([0.0, 0.05]), options, trump=strain)
    played = deal.record
    hands = played.hands
    assert hands is not None
    value = rng.choice([80, 90, 100, 120, 160, CAPOT])
    contract = Contract(played.taker, value, strain, rng.choice([0, 0, 1, 2]))
    belotes = tuple(
        Belote(seat, suit)
        for suit in belote_suits(strain, options.ta_belote)
        for seat, hand in enumerate(hands)
        if {Card.of(KING, suit), Card.of(QUEEN, suit)} <= set(hand) and rng.random() < 0.7
    )
    declared = tuple(
        Declaration(seat, annonce.cards)
        for seat, hand in enumerate(hands)
        for annonce in declarable(hand, strain if strain < 4 else 0)
        if options.annonces
    )
    record = CoincheRecord(played.dealer, contract, played.plays, hands, belotes, declared)
    return record, options


def compared(variant: Variant, record: DealRecord | CoincheRecord, options: object) -> int:
    """`Worlds` against `solve_in` on one position: the number of cards compared."""
    expected = solve_in(variant, record, options, 60_000)
    assert record.hands is not None
    worlds = Worlds(variant, record, options)
    if expected.to_move is None:  # the deal is over: nothing to value
        return 0
    got = worlds.values(record.hands, time.perf_counter() + 60)
    assert got == expected.moves
    return len(got or ())


# Many short tests rather than one long one: under `make mutants` a test's time limit is a
# multiple of its own time (tests/rules/conftest.py), so a mutant that slows the search down
# is stopped sooner.
CHUNKS = share(24)  # of 10 positions each


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_every_card_is_valued_as_solve_values_it(variant: Variant, chunk: int) -> None:
    rng = random.Random(f"worlds {variant.name} {chunk}")
    valued = 0
    for _ in range(POSITIONS // CHUNKS):
        record, options = (classic_case if variant is CLASSIC else coinche_case)(rng)
        valued += compared(variant, record, options)
    assert valued > POSITIONS // CHUNKS  # most positions have several legal cards


def drawn(variant: Variant, record: DealRecord | CoincheRecord, options: object, count: int):
    """Deals of the record's hands as the advice draws them for the seat to play: agreeing
    with every public fact (the precondition of `Worlds`)."""
    public = replace(record, hands=None)
    judged = variant.replay(public, options)
    seat = judged.to_move
    assert seat is not None and record.hands is not None
    hand = tuple(card for card in record.hands[seat] if card not in record.plays)
    holdings = holdings_in(variant, public, judged, None, options)
    view = seat_view(
        seat, hand, judged.tricks, judged.renonces, variant.strain(record), options, holdings
    )
    return [view.hands(view.deals.deal(rank)) for rank in view.deals.ranks(count, random.Random(1))]


@pytest.mark.parametrize("chunk", range(6))
@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_one_worlds_values_each_deal_the_advice_draws_as_solve_values_it(
    variant: Variant, chunk: int
) -> None:
    """The outcomes and the search kept from one deal serve the next only where they are the
    same: one `Worlds` values every deal drawn for the seat to play, each as `solve_in` values
    it alone; and so does another asked for all of them at once (`values_of`, the advice's
    question)."""
    rng = random.Random(f"drawn {variant.name} {chunk}")
    for _ in range(DRAWN_RECORDS):
        record, options = (classic_case if variant is CLASSIC else coinche_case)(rng)
        options = replace(options, belote="automatic")
        record = replace(record, plays=record.plays[:20])
        if variant.replay(replace(record, hands=None), options).renonces:
            continue  # a proven renonce: its deals are drawn as any other's, tested apart
        worlds = Worlds(variant, record, options)
        try:
            deals = drawn(variant, record, options, 6)
        except InconsistentInput:  # a hidden renonce made a void the hands refute
            continue
        deadline = time.perf_counter() + 60  # one search for all the deals, as the advice's
        expected = [
            solve_in(variant, replace(record, hands=hands), options, 60_000).moves
            for hands in deals
        ]
        assert [worlds.values(hands, deadline) for hands in deals] == expected
        assert Worlds(variant, record, options).values_of(deals, deadline) == expected


def test_a_deal_whose_line_runs_out_of_time_ends_the_deals_valued(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The deadline may pass while a deal's outcome is worked out (its perfect line, the first
    time its honour holders are met): the deals valued before it are answered, none after."""
    rng = random.Random("line out of time")
    record, options = coinche_case(rng)
    record = replace(record, plays=record.plays[:20])
    deals = drawn(COINCHE, record, options, 4)
    deadline = time.perf_counter() + 60
    whole = Worlds(COINCHE, record, options).values_of(deals, deadline)
    assert len(whole) == 4
    real = Worlds._outcome

    def out_in_third(worlds: Worlds, hands: object, *args: object) -> object:
        if hands == deals[2]:
            raise OutOfTime
        return real(worlds, hands, *args)

    monkeypatch.setattr(Worlds, "_outcome", out_in_third)
    assert Worlds(COINCHE, record, options).values_of(deals, deadline) == whole[:2]
    assert Worlds(COINCHE, record, options).values(deals[2], deadline) is None


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_deals_where_another_seat_holds_the_belote_are_valued_as_solve_values_them(
    variant: Variant,
) -> None:
    """Among the deals one `Worlds` values, some where another seat holds the king and queen
    of a suit whose belote counts (another replay's summary: the belote counts for the other
    team under `automatic`)."""
    rng = random.Random(f"belote moved {variant.name}")
    moved = 0
    while moved < 2:
        record, options = (classic_case if variant is CLASSIC else coinche_case)(rng)
        options = replace(options, belote="automatic")
        record = replace(record, plays=record.plays[:20])
        if variant.replay(replace(record, hands=None), options).renonces:
            continue
        worlds = Worlds(variant, record, options)
        try:
            deals = drawn(variant, record, options, 6)
        except InconsistentInput:
            continue
        if len({honour_holders(hands, worlds.honours) for hands in deals}) == 1:
            continue
        moved += 1
        deadline = time.perf_counter() + 60
        expected = [
            solve_in(variant, replace(record, hands=hands), options, 60_000).moves
            for hands in deals
        ]
        assert [worlds.values(hands, deadline) for hands in deals] == expected
        assert Worlds(variant, record, options).values_of(deals, deadline) == expected
        assert Worlds(variant, record, options).values_of((), deadline) == []


def test_the_first_deal_is_made_once_and_each_outcome_scored_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Later deals only place their cards in the first one; a card's outcome is scored once
    per honour holders and gain, however many cards and deals come back to it."""
    made, scored = [], []
    make, score = worlds_module.deal_from, worlds_module._scored

    def counted_deal(*args: object) -> object:
        made.append(1)
        return make(*args)

    def counted_score(*args: object) -> object:
        scored.append(args[1])
        return score(*args)

    monkeypatch.setattr(worlds_module, "deal_from", counted_deal)
    monkeypatch.setattr(worlds_module, "_scored", counted_score)
    record, options = coinche_case(random.Random("once"))
    record = replace(record, plays=record.plays[:24])
    deals = drawn(COINCHE, record, options, 3)
    worlds = Worlds(COINCHE, record, options)
    deadline = time.perf_counter() + 60
    first = [worlds.values(hands, deadline) for hands in deals]
    assert made == [1] and scored
    assert len(scored) == len(worlds._outcomes)  # one scoring an outcome kept
    scored.clear()
    assert [worlds.values(hands, deadline) for hands in deals] == first
    assert made == [1] and scored == []


def test_a_deal_s_belote_holders_are_who_holds_each_king_and_queen() -> None:
    hands = (
        cards("KH QH 7S 8S 9S 10S JS QS"),
        cards("KS AS KD QD 7H 8H 9H 10H"),
        cards("KC 7D 8D 9D 10D JD AD JH"),
        cards("QC 7C 8C 9C 10C JC AC AH"),
    )
    assert honour_holders(hands) == (None, 0, 1, None)  # spades, hearts, diamonds, clubs
    assert honour_holders(hands, (2, 1)) == (1, 0)


def test_only_the_honours_of_a_belote_that_can_count_tell_deals_apart() -> None:
    """A suit contract's trump; none under sans-atout; every suit under tout-atout."""
    assert [scored_honours(suit) for suit in range(4)] == [(0,), (1,), (2,), (3,)]
    assert scored_honours(SANS_ATOUT) == ()
    assert scored_honours(TOUT_ATOUT) == (0, 1, 2, 3)
    record = CoincheRecord(0, Contract(1, 90, 2), ())
    assert Worlds(COINCHE, record, CoincheOptions()).honours == (2,)
    assert Worlds(CLASSIC, DealRecord(0, 3, 1, ()), RuleOptions()).honours == (3,)


@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_a_gain_gives_each_team_its_points_and_the_capot(taker: int) -> None:
    """The takers' final gain (a capot counted in it, `questions.Objective`) as the replay
    counts the deal: all the card points are no capot when a trick was lost; more is the
    takers' capot, less than nothing the defenders'."""
    worlds = Worlds(CLASSIC, DealRecord(0, 1, taker, ()), RuleOptions())
    takers = taker % 2

    def as_takers(points: tuple[int, int]) -> tuple[int, int]:
        return (points[takers], points[1 - takers])

    bonus = worlds.objective.bonus
    points, capot = worlds._points(100)
    assert (as_takers(points), capot) == ((100, 62), None)
    points, capot = worlds._points(162)  # every point, a trick lost: no capot
    assert (as_takers(points), capot) == ((162, 0), None)
    points, capot = worlds._points(162 + bonus)
    assert (as_takers(points), capot) == ((162, 0), takers)
    points, capot = worlds._points(0)  # a trick won, no point in it
    assert (as_takers(points), capot) == ((0, 162), None)
    points, capot = worlds._points(-bonus)
    assert (as_takers(points), capot) == ((0, 162), 1 - takers)


def test_scaled_points_are_rounded_as_the_replay_rounds_them() -> None:
    """Under sans-atout's `scaled` points a gain counts fifteenths of a point."""
    options = CoincheOptions(sa_ta=True, sa_points="scaled")
    record = CoincheRecord(0, Contract(1, 90, SANS_ATOUT), ())
    worlds = Worlds(COINCHE, record, options)
    assert worlds.objective.unit == 15
    assert worlds._points(15 * 80 + 8) == ((81, 81), None)  # 80.53 rounds to 81
    assert worlds._points(15 * 80 + 7) == ((82, 80), None)  # 80.47 rounds to 80


def counting(variant: Variant) -> tuple[Variant, list[int]]:
    """`variant`, its replays counted."""
    replays = [0]

    class Counted(type(variant)):  # type: ignore[misc]
        def replay(self, record, options=None):  # type: ignore[no-untyped-def]
            replays[0] += 1
            return super().replay(record, options)

    return Counted(), replays


@pytest.mark.parametrize(("played", "nodes"), sorted(PINNED_NODES.items()))
def test_one_replay_per_honour_holders_scores_every_card_of_every_deal(
    played: int, nodes: int
) -> None:
    """The record is replayed once; a finished deal once for the first card of the first deal
    with those honour holders; every other card and deal with them is scored from that
    replay's summary. The search of every deal is one, and its effort is pinned (the nodes it
    searched: a change in the guesses or in the search kept shows there)."""
    record, options = coinche_case(random.Random("pinned"))
    record = replace(record, plays=record.plays[:played])  # a trick to lead, or to end
    variant, replays = counting(COINCHE)
    worlds = Worlds(variant, record, options)
    assert replays == [1]
    deals = drawn(COINCHE, record, options, 4)
    deadline = time.perf_counter() + 60
    for hands in deals:
        expected = solve_in(COINCHE, replace(record, hands=hands), options, 60_000)
        assert worlds.values(hands, deadline) == expected.moves
    holders = {honour_holders(hands, worlds.honours) for hands in deals}
    assert replays == [1 + len(holders)]
    deadline_kept, search = worlds._local.searching
    assert deadline_kept == deadline
    assert search.nodes == nodes


# --- many deals at once, in their order ----------------------------------------------------------


class Asked:
    """A stand-in for `Worlds.values`: each deal (here a number) answered by its square, or
    None from `cut_at` on (its deadline passed); the deals asked and the threads that asked,
    and `together` threads held until they are all asking at once."""

    def __init__(
        self, cut_at: int | None = None, together: int = 1, cut_only: int | None = None
    ) -> None:
        self.cut_at = cut_at
        self.cut_only = cut_only  # the one deal cut short
        self.asked: list[int] = []
        self.threads: set[int] = set()
        self.priorities: set[int] = set()
        self.barrier = threading.Barrier(together)
        self.together = together
        self.lock = threading.Lock()

    def __call__(self, deal: int, deadline: float) -> int | None:
        with self.lock:
            self.asked.append(deal)
            first = len(self.asked) <= self.together
            thread = threading.get_native_id()
            self.threads.add(thread)
            if sys.platform == "linux":
                self.priorities.add(os.getpriority(os.PRIO_PROCESS, thread))
        if first and self.together > 1:
            self.barrier.wait(timeout=10)  # broken (an error) unless `together` threads ask
        time.sleep(0.002)
        if (self.cut_at is not None and deal >= self.cut_at) or deal == self.cut_only:
            return None
        return deal * deal


def drawn_lazily(count: int, taken: list[int]) -> Iterator[int]:
    for deal in range(count):
        taken.append(deal)
        yield deal


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_every_deal_is_valued_and_kept_in_its_order(threads: int) -> None:
    asked = Asked(together=threads)
    kept = values_in_order(asked, range(12), time.perf_counter() + 60, threads)
    assert kept == [(deal, deal * deal) for deal in range(12)]
    assert sorted(asked.asked) == list(range(12))
    assert len(asked.threads) == threads  # the caller's and threads - 1 more, all at once


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_deals_kept_end_before_the_first_cut_short(threads: int) -> None:
    asked, taken = Asked(cut_at=5), []
    kept = values_in_order(asked, drawn_lazily(12, taken), time.perf_counter() + 60, threads)
    assert kept == [(deal, deal * deal) for deal in range(5)]
    # No deal is drawn past the first cut short but those already taken by other threads.
    assert len(taken) <= 5 + threads


@pytest.mark.parametrize("threads", [2, 3])
def test_a_deal_cut_short_stops_every_thread_taking_more(threads: int) -> None:
    """The deals after it would be valued, but are not wanted: the other threads end the deal
    they hold and take no other."""
    asked = Asked(cut_only=3)
    kept = values_in_order(asked, range(200), time.perf_counter() + 60, threads)
    assert kept == [(0, 0), (1, 1), (2, 4)]
    assert len(asked.asked) < 200  # (2 ms a deal: the cut comes long before the last)


def test_on_one_thread_no_deal_is_drawn_after_the_first_cut_short() -> None:
    asked, taken = Asked(cut_at=3), []
    assert len(values_in_order(asked, drawn_lazily(12, taken), time.perf_counter() + 60)) == 3
    assert taken == [0, 1, 2, 3] and asked.asked == [0, 1, 2, 3]
    assert len(asked.threads) == 1  # by default, the caller's thread alone


@pytest.mark.parametrize("threads", [1, 2])
def test_no_deal_is_begun_with_less_than_a_millisecond_left(threads: int) -> None:
    asked, taken = Asked(), []
    soon = time.perf_counter() + MIN_LEFT * 0.9
    assert values_in_order(asked, drawn_lazily(4, taken), soon, threads) == []
    assert asked.asked == [] and taken == []
    assert MIN_LEFT == 0.001


def test_a_deal_is_begun_with_a_millisecond_left() -> None:
    def still() -> float:
        return 0.0

    assert values_in_order(Asked(), range(2), MIN_LEFT, 1, still) == [(0, 0), (1, 1)]
    assert values_in_order(Asked(), range(2), MIN_LEFT * 0.99, 1, still) == []


def test_the_time_left_is_read_on_the_clock_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worlds_module, "perf_counter", lambda: 1.0)
    assert values_in_order(Asked(), range(2), 1.0, 1) == []  # by default, perf_counter's
    assert values_in_order(Asked(), range(2), 1.0, 1, lambda: 0.5) == [(0, 0), (1, 1)]


def test_once_the_deals_are_cut_no_thread_takes_one_again() -> None:
    """The first look at the clock finds the deadline passed: no deal is taken after, even
    by a thread that finds time left (a clock made to run backwards)."""
    readings = iter([2.0])

    def clock() -> float:
        return next(readings, 0.0)

    asked = Asked()
    assert values_in_order(asked, range(4), 1.0, 2, clock) == []
    assert asked.asked == []


@pytest.mark.parametrize("threads", [1, 3])
def test_a_failure_on_any_thread_is_raised_to_the_caller(threads: int) -> None:
    def values(deal: int, deadline: float) -> int:
        if deal == 4:
            raise InconsistentInput.at("/plays", "advice_after_last_trick")
        return deal

    with pytest.raises(InconsistentInput):
        values_in_order(values, range(8), time.perf_counter() + 60, threads)


@pytest.mark.skipif(sys.platform != "linux", reason="nice is per thread on Linux only")
def test_the_threads_started_search_at_the_caller_s_priority() -> None:
    """An analysis thread of lower priority (the API's limiter) starts threads of its priority."""
    asked = Asked(together=3)
    found: list[object] = []

    def analysis() -> None:
        thread = threading.get_native_id()
        os.setpriority(
            os.PRIO_PROCESS, thread, min(os.getpriority(os.PRIO_PROCESS, thread) + 3, 19)
        )
        found.append(os.getpriority(os.PRIO_PROCESS, thread))
        found.append(values_in_order(asked, range(6), time.perf_counter() + 60, 3))

    runner = threading.Thread(target=analysis)
    runner.start()
    runner.join()
    lowered, kept = found
    assert kept == [(deal, deal * deal) for deal in range(6)]
    assert len(asked.threads) == 3 and asked.priorities == {lowered}


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_deals_valued_on_three_threads_are_those_valued_on_one(variant: Variant) -> None:
    """One `Worlds` asked by three threads at once (each its own search) answers each deal as
    one thread does."""
    rng = random.Random(f"threads {variant.name}")
    compared = 0
    while compared < 3:
        record, options = (classic_case if variant is CLASSIC else coinche_case)(rng)
        record = replace(record, plays=record.plays[:22])
        if variant.replay(replace(record, hands=None), options).renonces:
            continue
        try:
            deals = drawn(variant, record, options, 8)
        except InconsistentInput:
            continue
        deadline = time.perf_counter() + 60
        alone = values_in_order(Worlds(variant, record, options).values, deals, deadline)
        worlds = Worlds(variant, record, options)
        together = values_in_order(worlds.values, deals, deadline, 3)
        assert together == alone and len(alone) == len(deals)
        compared += 1
