"""The call to make at the coinche auction (service/rules/advice/bid.py): each legal call valued
by the coinche scoring from one perfect-play figure per deal and strain, the best expected
margin advised, ties to the cheaper call.

Cheap on purpose (tests/rules run under `make mutants` with the reference search): the search
is stood in for by `Spy`, which answers each strain's card points; the hands that real
searches advise are tests/api/test_advice.py's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from service.rules.advice import bid as bid_module
from service.rules.advice import policy as policy_module
from service.rules.advice.advise import BidAdvice, BidSums, TakeAdvice, Z, mean_interval
from service.rules.advice.bid import (
    BLOCK,
    DRAW_SHARE,
    advise_bid,
    at_table,
    belotes,
    contract_of,
    drawn_by_calls,
    open_auction,
    played_as,
    resampled,
    scored,
)
from service.rules.advice.deal_model import SPREAD_POINTS, Estimate, Model, model, spread_ends
from service.rules.advice.inference import RESAMPLING, call_weights
from service.rules.advice.policy import (
    BID_LEVELS,
    CANDIDATES,
    DEFAULT_COINCHE_RISK,
    DEFAULT_LEVEL,
    INTERVAL_LEVEL,
    STRONG,
    TABLE_BASE,
    TABLE_SLOPE,
    TABLE_SPREAD,
    LevelDescription,
    describe_bid_advice,
)
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.questions import Outcome, Solution
from service.rules.core.cards import ALL_CARDS
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants import COINCHE, Variant
from service.rules.variants.coinche.bidding import Call, judge_auction
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from service.rules.variants.coinche.scoring import CoincheDealSummary
from tests.rules.advice.test_advise import ByDeal
from tests.rules.builders import cards

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
# Every king: no deal holds a belote, which would add 20 to a team here or there.
HAND = cards("JH 9H AH KH AS KS KD KC")


class Spy:
    """Stands for `solve_in` in advise_bid: records each deal and strain it is asked, answers
    team 0's and team 1's card points per strain (and a capot's team)."""

    def __init__(self, points: dict[int, tuple[int, int]], capot: int | None = None) -> None:
        self.points = points
        self.capot = capot
        self.asked: list[CoincheRecord] = []
        self.budgets: list[int] = []
        self.options: list[CoincheOptions] = []

    def __call__(
        self,
        variant: Variant,
        record: CoincheRecord,
        options: CoincheOptions,
        budget: int,
        every_card: bool,
    ) -> Solution:
        assert variant is COINCHE and every_card is False  # the value and one line
        self.asked.append(record)
        self.budgets.append(budget)
        self.options.append(options)
        value = Outcome(self.points[record.contract.strain], self.capot, "made", (0, 0))
        return Solution(None, value, (), (), True, None, 0, 0.0)


def spied(monkeypatch: pytest.MonkeyPatch, points: dict[int, tuple[int, int]], **kw: int) -> Spy:
    spy = Spy(points, **kw)
    monkeypatch.setattr(bid_module, "solve_in", spy)
    return spy


def plainly(*args: Any, **kwargs: Any) -> TakeAdvice:
    """The advice on deals drawn uniformly, each played out by perfect play as it is, a bid
    standing uncoinched: the model's frame, which reading the calls, the table's play and the
    defenders' coinche refine (below)."""
    kwargs.setdefault("coinche_risk", 0.0)
    return advise_bid(*args, inference="none", play="perfect", level=STRONG, **kwargs)


def figures(advice_options: tuple[BidAdvice, ...]) -> dict[str, BidAdvice]:
    """Each call's means and made share, by its call (how sure they are: the tests of the
    intervals, at the end)."""
    return {option.bid: BidAdvice(*option[:4]) for option in advice_options}


EVEN = {SPADES: (81, 81), HEARTS: (81, 81), DIAMONDS: (81, 81), CLUBS: (81, 81)}


def test_every_legal_call_is_valued_in_the_auction_s_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Team 0 (seat 0's) makes 122 in hearts, 40 elsewhere.
    spy = spied(monkeypatch, {**dict.fromkeys(range(4), (40, 122)), HEARTS: (122, 40)})
    advice = plainly(3, [], 0, HAND, samples=2, seed="s")
    assert [o.bid for o in advice.options] == list(judge_auction(3, []).legal)
    found = figures(advice.options)
    assert found["pass"] == BidAdvice("pass", 0.0, 0.0, None)  # no contract: a redeal
    # 100H made: 122 + 100 rounded to 220, against 40.
    assert found["100H"] == BidAdvice("100H", 220.0, 180.0, 1.0)
    assert found["130H"] == BidAdvice("130H", 0.0, -290.0, 0.0)  # dedans: 160 + 130 to them
    assert found["80S"] == BidAdvice("80S", 0.0, -240.0, 0.0)
    assert advice.advice == "120H" and advice.samples == 2  # 240 + 122 ... the most made
    assert found["120H"].expected_margin == 200.0
    # One search per deal and strain, seat 0 taking, no card played.
    assert len(spy.asked) == 8
    assert [r.contract.strain for r in spy.asked] == [0, 1, 2, 3] * 2
    for record in spy.asked:
        assert (record.dealer, record.contract[:2], record.plays) == (3, (0, 80), ())
    assert advice.elapsed_ms >= 0


def test_each_deal_gives_the_seat_its_hand_and_the_others_eight_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = spied(monkeypatch, EVEN)
    plainly(0, ["pass"], 2, HAND, samples=3, seed="x")
    deals = {record.hands for record in spy.asked}
    assert len(deals) == 3
    for hands in deals:
        assert hands is not None
        assert hands[2] == tuple(sorted(HAND))
        assert [len(hand) for hand in hands] == [8] * PLAYERS
        assert sorted(card for hand in hands for card in hand) == list(ALL_CARDS)


def test_the_same_seed_draws_the_same_deals_and_answers_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = spied(monkeypatch, EVEN)
    first = plainly(0, [], 1, HAND, samples=2, seed="table")
    again = plainly(0, [], 1, HAND, samples=2, seed="table")
    assert replace(first, elapsed_ms=0) == replace(again, elapsed_ms=0)
    assert spy.asked[:8] == spy.asked[8:]
    other = plainly(0, [], 1, HAND, samples=2, seed="other")
    assert other.samples == 2 and spy.asked[16:] != spy.asked[:8]
    drawn = bid_module._unseen(1, HAND)
    ranks = drawn.ranks(2, random.Random("table"))
    assert [spy.asked[4 * i].hands for i in range(2)] == [
        bid_module._with_hand(1, HAND, drawn.deal(r)) for r in ranks
    ]


def test_opponents_at_160_that_we_defeat_are_coinched(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 0 bid 160 in spades; seat 1's team makes 100 of them.
    spied(monkeypatch, {**EVEN, SPADES: (62, 100)})
    advice = plainly(3, ["160S"], 1, HAND, samples=1)
    found = figures(advice.options)
    assert advice.options[0].bid == "pass"
    assert "surcoinche" not in found and "150H" not in found
    # Their 160 dedans: 160 + 160 to us, coinched twice that.
    assert found["pass"] == BidAdvice("pass", 320.0, 320.0, 0.0)
    assert found["coinche"] == BidAdvice("coinche", 640.0, 640.0, 0.0)
    assert advice.advice == "coinche"


def test_a_contract_coinched_that_we_make_is_surcoinched(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = spied(monkeypatch, {HEARTS: (130, 32)})
    advice = plainly(3, ["80H", "coinche", "pass", "pass"], 0, HAND, samples=1)
    assert [o.bid for o in advice.options] == ["pass", "surcoinche"]
    found = figures(advice.options)
    # Made coinched: 2 x (160 + 80); surcoinched: 4 x.
    assert found["pass"] == BidAdvice("pass", 480.0, 480.0, 1.0)
    assert found["surcoinche"] == BidAdvice("surcoinche", 960.0, 960.0, 1.0)
    assert advice.advice == "surcoinche"
    assert [r.contract.strain for r in spy.asked] == [HEARTS]  # the one strain at stake
    # Short of it: the surcoinche costs more, passing is advised.
    spied(monkeypatch, {HEARTS: (70, 92)})
    assert plainly(3, ["80H", "coinche", "pass", "pass"], 0, HAND, samples=1).advice == "pass"


def test_a_partner_s_contract_stands_when_passing(monkeypatch: pytest.MonkeyPatch) -> None:
    spied(monkeypatch, {**EVEN, DIAMONDS: (100, 62)})
    advice = plainly(3, ["90D", "pass"], 2, HAND, samples=1)
    found = figures(advice.options)
    assert found["pass"] == BidAdvice("pass", 190.0, 130.0, 1.0)  # 90D made by seat 0
    assert "coinche" not in found  # no coinche of the partner's bid
    # Raised to 100, made, it is worth 200 - 60; 110D is dedans.
    assert found["100D"] == BidAdvice("100D", 200.0, 140.0, 1.0)
    assert advice.advice == "100D"


def test_equal_margins_advise_the_cheaper_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # A capot in every strain: each capot bid alike, the first (spades) advised.
    spied(monkeypatch, dict.fromkeys(range(4), (162, 0)), capot=0)
    advice = plainly(3, [], 0, HAND, samples=1)
    found = figures(advice.options)
    assert found["capotS"] == found["capotC"]._replace(bid="capotS")
    assert found["capotS"].expected_score == 500.0 and advice.advice == "capotS"


GENERALE_500 = CoincheOptions(generale="flat_500")


def test_a_generale_is_never_advised_though_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every strain a capot of team 0: a capot bid is advised, never a générale over it.
    spied(monkeypatch, dict.fromkeys(range(4), (162, 0)), capot=0)
    legal = judge_auction(3, [], GENERALE_500).legal
    assert legal[-4:] == tuple(f"generale{s}" for s in "SHDC")
    advice = plainly(3, [], 0, HAND, GENERALE_500, samples=1)
    assert [o.bid for o in advice.options] == list(legal[:-4])
    assert advice.advice == "capotS"
    # Over a capot only a générale outbids it: the calls advised among are pass and coinche.
    over = plainly(3, ["capotS"], 1, HAND, GENERALE_500, samples=1)
    assert [o.bid for o in over.options] == ["pass", "coinche"]


@pytest.mark.parametrize(
    ("capot", "advised", "passed"),
    [
        (0, "pass", -500.0),  # the takers' team wins all 8: made, as the model reads a capot
        (None, "coinche", 500.0),  # a trick to the defenders: dedans
    ],
)
def test_a_standing_generale_is_valued_as_a_capot_of_its_team(
    monkeypatch: pytest.MonkeyPatch, capot: int | None, advised: str, passed: float
) -> None:
    points = (162, 0) if capot == 0 else (150, 12)
    spied(monkeypatch, dict.fromkeys(range(4), points), capot=capot)
    advice = plainly(3, ["generaleH"], 1, HAND, GENERALE_500, samples=1)
    found = figures(advice.options)
    assert list(found) == ["pass", "coinche"]
    assert found["pass"].expected_margin == passed
    assert found["coinche"].expected_margin == 2 * passed
    assert advice.advice == advised


def test_the_calls_are_scored_under_the_request_s_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = CoincheOptions(sa_ta=True, max_bid=100, chute_points=0)
    spy = spied(
        monkeypatch, {**EVEN, SANS_ATOUT: (40, 122), TOUT_ATOUT: (122, 40), HEARTS: (40, 122)}
    )
    advice = plainly(3, ["80H"], 1, HAND, options, samples=1)
    assert spy.options == [options] * 6
    found = figures(advice.options)
    assert "110S" not in found and "100TA" in found
    # 80H dedans: 0 of chute points + 80 to team 1 (seat 1's); coinched, twice that.
    assert found["pass"] == BidAdvice("pass", 80.0, 80.0, 0.0)
    assert found["coinche"] == BidAdvice("coinche", 160.0, 160.0, 0.0)
    # 100 made by team 1 in hearts or SA: 220 against 40; hearts first.
    assert found["100SA"] == found["100H"]._replace(bid="100SA")
    assert advice.advice == "100H"


def test_a_belote_counts_for_the_team_holding_it() -> None:
    hands = (cards("KH QH"), cards("KS"), cards("QS KD QD"), ())
    assert belotes(hands, HEARTS, CoincheOptions()) == (1, 0)
    assert belotes(hands, SPADES, CoincheOptions()) == (0, 0)
    assert belotes(hands, TOUT_ATOUT, CoincheOptions()) == (2, 0)
    assert belotes(hands, TOUT_ATOUT, CoincheOptions(ta_belote="none")) == (0, 0)
    assert belotes(hands, SANS_ATOUT, CoincheOptions()) == (0, 0)
    other = (cards("7S"), cards("KC QC"), (), cards("KH QH"))
    assert belotes(other, TOUT_ATOUT, CoincheOptions()) == (0, 2)


def test_the_belote_is_in_the_score(monkeypatch: pytest.MonkeyPatch) -> None:
    spied(monkeypatch, {**EVEN, CLUBS: (62, 100)})
    # Seat 1 holds KC and QC: 100 + 20 + 80.
    advice = plainly(3, ["pass"], 1, cards("KC QC 7S 8S 7H 8H 7D 8D"), samples=1)
    assert figures(advice.options)["80C"].expected_score == 200.0


def test_what_each_call_stands_for() -> None:
    standing = Contract(1, 90, SPADES, 1)
    assert contract_of(Call("bid", 100, HEARTS), 2, standing) == Contract(2, 100, HEARTS, 0)
    assert contract_of(Call("bid", CAPOT, DIAMONDS), 0, None) == Contract(0, CAPOT, DIAMONDS)
    assert contract_of(Call("pass"), 3, standing) == standing
    assert contract_of(Call("pass"), 3, None) is None
    assert contract_of(Call("coinche"), 0, standing._replace(coinche=0)) == standing
    assert contract_of(Call("surcoinche"), 3, standing) == standing._replace(coinche=2)


def problem_of(error: pytest.ExceptionInfo[InconsistentInput]) -> tuple[str, str, dict]:
    (problem,) = error.value.problems
    return problem.pointer, problem.code, problem.params


def test_advice_is_for_the_seat_to_call_in_an_open_auction() -> None:
    with pytest.raises(InconsistentInput) as error:
        open_auction(3, ["pass"], 0, CoincheOptions())
    assert problem_of(error) == ("/seat", "advice_not_to_call", {"seat": 0, "to_move": 1})
    with pytest.raises(InconsistentInput) as error:
        open_auction(3, ["80S", "pass", "pass", "pass"], 0, CoincheOptions())
    assert problem_of(error) == ("/bids/3", "advice_auction_over", {"call": "pass"})
    with pytest.raises(InconsistentInput) as error:
        open_auction(3, ["pass"] * 4, 0, CoincheOptions())
    assert problem_of(error)[:2] == ("/bids/3", "advice_auction_over")
    with pytest.raises(InconsistentInput) as error:
        open_auction(3, ["90S", "80h", "pass"], 2, CoincheOptions())
    assert problem_of(error) == ("/bids/1", "advice_illegal_call", {"call": "80H"})
    assert open_auction(3, ["90S"], 1, CoincheOptions()).next == 1


def test_the_hand_is_eight_cards_each_once() -> None:
    with pytest.raises(InconsistentInput) as error:
        advise_bid(3, [], 0, HAND[:7])
    assert problem_of(error) == ("/hand", "hand_size", {"expected": 8, "size": 7})
    with pytest.raises(InconsistentInput) as error:
        advise_bid(3, [], 0, (*HAND[:7], HAND[0]))
    assert problem_of(error)[:2] == ("/hand/7", "duplicate_card")


def clock(monkeypatch: pytest.MonkeyPatch, step: float, begin: float = 0.0) -> None:
    """The advice's clock, moving `step` seconds at each reading, from `begin`."""
    ticks = iter(range(1000))
    monkeypatch.setattr(bid_module, "perf_counter", lambda: begin + next(ticks) * step)


def test_the_budget_keeps_the_deals_fully_valued(monkeypatch: pytest.MonkeyPatch) -> None:
    clock(monkeypatch, 0.25, begin=100.0)
    spy = spied(monkeypatch, {HEARTS: (130, 32)})
    bids = ["80H", "coinche", "pass", "pass"]  # one strain to solve per deal
    # 1 s: the deals with 0.75, 0.5 and 0.25 s left; the fourth not started.
    advice = plainly(3, bids, 0, HAND, samples=8, budget_ms=1000)
    assert spy.budgets == [750, 500, 250] and advice.samples == 3
    # Four strains a deal: with 1 s the first deal's fourth finds no time, and counts for none.
    clock(monkeypatch, 0.25, begin=100.0)
    spy = spied(monkeypatch, EVEN)
    assert plainly(3, ["80H", "pass"], 2, HAND, samples=8, budget_ms=1000).samples == 0
    clock(monkeypatch, 0.25, begin=100.0)
    assert plainly(3, ["80H", "pass"], 2, HAND, samples=8, budget_ms=1250).samples == 1
    clock(monkeypatch, 0.25)
    none = plainly(3, bids, 0, HAND, samples=8, budget_ms=250)
    assert none.samples == 0 and none.advice is None
    assert none.options == (
        BidAdvice("pass", None, None, None),
        BidAdvice("surcoinche", None, None, None),
    )
    clock(monkeypatch, 0.25)
    assert plainly(3, bids, 0, HAND, samples=8, budget_ms=251).samples == 1
    # A search is given the whole milliseconds left.
    clock(monkeypatch, 0.25)
    spy = spied(monkeypatch, {HEARTS: (130, 32)})
    plainly(3, bids, 0, HAND, samples=1, budget_ms=5000)
    assert spy.budgets == [4750]


def test_an_unfinished_search_stops_the_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    unfinished = Solution(None, None, (), (), False, (0, 162), 0, 0.0)
    monkeypatch.setattr(bid_module, "solve_in", lambda *args, **kwargs: unfinished)
    advice = plainly(3, [], 0, HAND, samples=4)
    assert advice.samples == 0 and advice.advice is None
    assert advice.options[0] == BidAdvice("pass", 0.0, 0.0, None)


def test_systematic_resampling_draws_in_proportion_to_the_weights() -> None:
    # The points (start + k) / count fall in the items' shares of [0, 1), end to end.
    assert resampled([1, 1, 1, 1], 4, 0.5) == [1, 1, 1, 1]
    assert resampled([3, 0, 1], 4, 0.5) == [3, 0, 1]  # 0.125 0.375 0.625 | | 0.875
    assert resampled([1, 3], 2, 0.1) == [1, 1]  # 0.05 | 0.55
    assert resampled([1, 3], 2, 0.9) == [0, 2]  # | 0.45 0.95
    assert resampled([0, 1], 3, 0.0) == [0, 3]  # an item of no weight is never drawn
    assert resampled([0.1, 0.2, 0.7], 10, 0.99) == [1, 2, 7]  # 0.099 | 0.199 0.299 | ...
    assert resampled([2, 1, 1], 2, 0.4) == [1, 1, 0]  # 0.2 | 0.7 | (in the items' order)
    # Seven shares of 0.3 / 2.1 laid end to end reach 0.9999999999999998, by rounding: a
    # point past them falls in the last item.
    assert resampled([0.3] * 7, 1, math.nextafter(1, 0)) == [0] * 6 + [1]
    assert resampled([0, 0, 0], 3, 0.5) == [1, 1, 1]  # no weight at all: all alike


def holds(seat: int, card: str) -> Callable[..., float]:
    """A reading of the calls that sees only whether `seat` holds `card`: 1 if so, else 0."""
    wanted = cards(card)[0]

    def weigh(*args: object) -> float:
        hands = args[2]
        return 1.0 if wanted in hands[seat] else 0.0  # type: ignore[index]

    return weigh


def test_the_deals_searched_are_drawn_again_by_the_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[object, ...]] = []
    reading = holds(0, "JD")
    monkeypatch.setattr(bid_module, "call_weights", lambda *a: asked.append(a) or reading(*a))
    options = CoincheOptions()
    drawn = drawn_by_calls(3, ["100D"], 1, HAND, options, 4, random.Random("s"))
    # The default level's candidates times 4 deals drawn and weighed, seat 1's own calls not
    # read, sharply.
    assert len(asked) == 4 * BID_LEVELS[DEFAULT_LEVEL].candidates
    assert all(a[:2] == (3, ["100D"]) and a[3:] == (options, 1, RESAMPLING) for a in asked)
    # Four kept, each where seat 0 holds the jack of diamonds, with the times it was drawn.
    assert sum(times for _, times in drawn) == 4
    for hands, times in drawn:
        assert times >= 1 and cards("JD")[0] in hands[0]
        assert hands[1] == tuple(sorted(HAND))
        assert [len(hand) for hand in hands] == [8] * PLAYERS
        assert sorted(card for hand in hands for card in hand) == list(ALL_CARDS)
    assert [a[2] for a in asked].count(drawn[0][0]) == 1  # kept in the order drawn
    again = drawn_by_calls(3, ["100D"], 1, HAND, options, 4, random.Random("s"))
    assert again == drawn
    other = drawn_by_calls(3, ["100D"], 1, HAND, options, 4, random.Random("t"))
    assert other != drawn


def test_the_deals_drawn_stop_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []
    monkeypatch.setattr(bid_module, "call_weights", lambda *a: asked.append(a) or 1.0)
    # The clock is looked at after each BLOCK of deals: at the deadline (5 s) after the
    # first, which is not past it, 10 s after the second.
    looks = iter([5.0, 10.0])
    monkeypatch.setattr(bid_module, "perf_counter", lambda: next(looks))
    rng = random.Random("s")
    drawn = drawn_by_calls(3, ["100D"], 1, HAND, CoincheOptions(), 8, rng, 5.0, CANDIDATES)
    assert len(asked) == 2 * BLOCK < 8 * CANDIDATES
    assert sum(times for _, times in drawn) == 8
    assert all(any(hands is a[2] for a in asked) for hands, _ in drawn)


def test_the_calls_choose_the_deals_by_default_each_counted_as_often_as_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = spied(monkeypatch, {})
    spy.points = ByDeal([(130, 32), (70, 92)])  # type: ignore[assignment]  # made, then not
    made, fallen = (tuple(cards(f"{r}S")) for r in "78")  # two deals (their cards unread)
    chosen: list[tuple[object, ...]] = []

    def drawn(*args: object) -> list[tuple[object, int]]:
        chosen.append(args)
        return [(made, 3), (fallen, 1)]

    monkeypatch.setattr(bid_module, "drawn_by_calls", drawn)
    monkeypatch.setattr(bid_module, "belotes", lambda *args: (0, 0))
    monkeypatch.setattr(bid_module, "perf_counter", lambda: 100.0)  # the clock stands still
    bids = ["80H", "coinche", "pass", "pass"]  # one strain a deal
    advice = advise_bid(3, bids, 0, HAND, samples=4, seed="s", play="perfect", level=STRONG)
    # 480 made coinched, -480 dedans coinched: the first deal drawn 3 times, the second once.
    assert figures(advice.options)["pass"] == BidAdvice("pass", 360.0, 240.0, 0.75)
    # How sure that is: a deal drawn three times is still one deal.
    assert advice.options[0].margin_interval == mean_interval([3, 1], [480, -480])
    assert [record.hands for record in spy.asked] == [made, fallen]  # each searched once
    assert advice.samples == 2
    ((dealer, called, seat, hand, options, samples, rng, deadline, candidates),) = chosen
    assert (dealer, called, seat, hand, options, samples) == (3, bids, 0, HAND, CoincheOptions(), 4)
    assert candidates == CANDIDATES  # the strong level's
    # Drawing may take a quarter of the budget (the default, 2 s): half a second on.
    assert deadline == 100.0 + DRAW_SHARE * DEFAULT_BUDGET_MS / 1000 == 100.5
    assert rng.random() == random.Random("s").random()  # type: ignore[attr-defined]
    # Without inference, the deals are drawn uniformly and none is read.
    spy.points = ByDeal([(130, 32), (70, 92)])  # type: ignore[assignment]
    uniform = advise_bid(
        3, bids, 0, HAND, samples=2, inference="none", play="perfect", level=STRONG
    )
    assert figures(uniform.options)["pass"] == BidAdvice("pass", 240.0, 0.0, 0.5)
    assert len(chosen) == 1


def test_the_table_makes_less_of_strong_deals_and_more_of_weak_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A table that makes 20 + 0.75 x perfect play, give or take 20 points.
    monkeypatch.setattr(bid_module, "TABLE_BASE", 20.0)
    monkeypatch.setattr(bid_module, "TABLE_SLOPE", 0.75)
    monkeypatch.setattr(bid_module, "TABLE_SPREAD", 20.0)

    def table(points: tuple[int, int], takers: int, capot: int | None = None) -> list:
        return at_table(Outcome(points, capot, "made", (0, 0)), takers)

    assert [m for m, _ in SPREAD_POINTS] == [-(3**0.5), 0, 3**0.5]
    assert [w for _, w in SPREAD_POINTS] == [1, 4, 1]  # in sixths
    # 100 by perfect play: 95 at the table, or 95 -/+ 34.6, rounded.
    assert table((100, 62), 0) == [
        (1, (60, 102), None),
        (4, (95, 67), None),
        (1, (130, 32), None),
    ]
    # The takers' points are team 1's here; 40 by perfect play make 50 at the table.
    assert [points for _, points, _ in table((122, 40), 1)] == [(147, 15), (112, 50), (77, 85)]
    # Within 0 and 162; a capot stays where perfect play has one and the table leaves the
    # winners all 162: 141.5 + 34.6 for the takers' capot, 10 - 34.6 for the defenders'.
    assert table((0, 162), 1, capot=1) == [
        (1, (55, 107), None),
        (4, (20, 142), None),
        (1, (0, 162), 1),
    ]
    assert table((0, 162), 1)[2] == (1, (0, 162), None)  # all the points, a trick lost
    monkeypatch.setattr(bid_module, "TABLE_BASE", 10.0)
    assert table((162, 0), 1, capot=0)[:2] == [(1, (162, 0), 0), (4, (152, 10), None)]


def test_a_bid_is_valued_by_the_table_s_play_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    spied(monkeypatch, {**EVEN, HEARTS: (100, 62)})
    advice = advise_bid(3, [], 0, HAND, samples=1, inference="none", level=STRONG, coinche_risk=0.0)
    found = figures(advice.options)
    low, middle, high = (
        round(TABLE_BASE + TABLE_SLOPE * 100 + m * TABLE_SPREAD) for m, _ in SPREAD_POINTS
    )
    assert (low, middle, high) == (69, 98, 128)
    # 80H: dedans at 69 (160 + 80 to them), made at 98 (180 to 60) and 128 (210 to 30).
    assert found["80H"] == BidAdvice(
        "80H",
        pytest.approx(2 / 3 * 180 + 1 / 6 * 210),
        pytest.approx(-1 / 6 * 240 + 2 / 3 * 120 + 1 / 6 * 180),
        pytest.approx(5 / 6),
    )
    # By perfect play, 100 in hearts is made at 80H.
    perfect = plainly(3, [], 0, HAND, samples=1)
    assert figures(perfect.options)["80H"] == BidAdvice("80H", 180.0, 120.0, 1.0)


def test_a_bid_that_falls_is_valued_coinched_as_often_as_the_defenders_coinche(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Team 0 makes 122 in hearts: 120H made, 130H dedans (160 + 130 to them; coinched, twice).
    spied(monkeypatch, {**dict.fromkeys(range(4), (40, 122)), HEARTS: (122, 40)})
    for risk, fallen in ((0.0, -290.0), (0.25, -362.5), (0.5, -435.0), (1.0, -580.0)):
        found = figures(plainly(3, [], 0, HAND, samples=1, coinche_risk=risk).options)
        assert found["130H"] == BidAdvice("130H", 0.0, fallen, 0.0)
        # A contract made is valued as it stands: a coinche there would be the takers' gain.
        assert found["120H"] == BidAdvice("120H", 240.0, 200.0, 1.0)
    # By default, the advice's share.
    monkeypatch.setattr(bid_module, "DEFAULT_COINCHE_RISK", 1.0)
    asked = {"samples": 1, "inference": "none", "play": "perfect", "level": STRONG}
    found = figures(advise_bid(3, [], 0, HAND, **asked).options)
    assert found["130H"].expected_margin == -580.0 and found["130H"].made_share == 0.0


def test_only_the_caller_s_team_s_contracts_not_yet_coinched_risk_a_coinche(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spied(monkeypatch, {**EVEN, DIAMONDS: (62, 100)})
    # The partner's 90D falls: passing leaves it to the defenders' coinche too.
    found = figures(plainly(3, ["90D", "pass"], 2, HAND, samples=1, coinche_risk=1.0).options)
    assert found["pass"] == BidAdvice("pass", 0.0, -500.0, 0.0)  # 2 x (160 + 90) to them
    # The opponents' 90D that falls: a pass leaves it as it stands; coinching is the caller's.
    found = figures(plainly(3, ["90D"], 1, HAND, samples=1, coinche_risk=1.0).options)
    assert found["pass"] == BidAdvice("pass", 250.0, 250.0, 0.0)
    assert found["coinche"] == BidAdvice("coinche", 500.0, 500.0, 0.0)
    # The team's own contract coinched already: passing keeps it at that level, no more.
    found = figures(plainly(3, ["90D", "coinche"], 2, HAND, samples=1, coinche_risk=1.0).options)
    assert found["pass"] == BidAdvice("pass", 0.0, -500.0, 0.0)


def test_a_fall_coinched_keeps_the_defenders_capot(monkeypatch: pytest.MonkeyPatch) -> None:
    # Cannes (chute_capot "capot"): defenders who take all 8 tricks of a fall score the capot.
    options = CoincheOptions(chute_capot="capot")
    spied(monkeypatch, dict.fromkeys(range(4), (0, 162)), capot=1)
    found = figures(plainly(3, [], 0, HAND, options, samples=1, coinche_risk=1.0).options)
    (_, swept), _ = scored(Contract(0, 80, HEARTS, 1), (0, 162), 1, (0, 0), options)
    (_, counted), _ = scored(Contract(0, 80, HEARTS, 1), (0, 162), None, (0, 0), options)
    assert swept > counted
    assert found["80H"].expected_margin == -swept


def test_the_defenders_coinche_weighs_only_the_table_s_ends_that_fall(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spied(monkeypatch, {**EVEN, HEARTS: (100, 62)})
    advice = advise_bid(3, [], 0, HAND, samples=1, inference="none", level=STRONG, coinche_risk=0.5)
    # 80H: dedans at 69 (160 + 80 to them, coinched 2 x), made at 98 (180 to 60) and 128.
    assert figures(advice.options)["80H"] == BidAdvice(
        "80H",
        pytest.approx(2 / 3 * 180 + 1 / 6 * 210),
        pytest.approx(-1 / 6 * (240 + 480) / 2 + 2 / 3 * 120 + 1 / 6 * 180),
        pytest.approx(5 / 6),
    )


def test_the_bid_advice_says_its_coinche_risk_as_a_whole_percentage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for risk, said in ((0.75, "75%"), (0.3, "30%"), (1.0, "100%")):
        monkeypatch.setattr(policy_module, "DEFAULT_COINCHE_RISK", risk)
        described = describe_bid_advice()
        assert described.default_coinche_risk == risk
        assert f"valued coinched in {said} of the deals where it falls" in described.model


def test_the_bid_advice_describes_its_reading_and_its_table() -> None:
    described = describe_bid_advice()
    assert described.default_inference == "calls" and described.default_play == "table"
    assert described.candidates == BID_LEVELS[DEFAULT_LEVEL].candidates == 16
    reading = (
        described.reading_base,
        described.reading_spread,
        described.reading_floor,
        described.reading_partner_base,
    )
    assert reading == RESAMPLING
    assert f"{RESAMPLING.partner_base} plus it for the asking seat's partner" in described.model
    assert (described.table_base, described.table_slope, described.table_spread) == (
        TABLE_BASE,
        TABLE_SLOPE,
        TABLE_SPREAD,
    )
    assert f"16 times as many deals drawn uniformly ({CANDIDATES} at the strong" in described.model
    assert f"{TABLE_BASE} + {TABLE_SLOPE} x" in described.model
    assert f"give or take {model().error} card points" in described.model
    assert described.default_level == "default"
    assert described.deal_model_error == model().error
    assert described.default_coinche_risk == DEFAULT_COINCHE_RISK == 0.5
    assert "valued coinched in 50% of the deals where it falls" in described.model
    assert "coinché dans 50 % des donnes où il chute" in describe_bid_advice("fr").model
    levels = {level.level: level for level in described.levels}
    assert list(levels) == ["fast", "default", "strong"]
    assert levels["fast"] == LevelDescription("fast", "model", 16, 16, 8, 8)
    assert levels["default"] == LevelDescription("default", "model", 32, 16, 16, 32)
    assert levels["strong"] == LevelDescription("strong", "search", 32, CANDIDATES, None, None)
    assert f"{TABLE_BASE} + {TABLE_SLOPE} x" in describe_bid_advice("fr").model
    assert "fois" in describe_bid_advice("fr").model
    assert describe_bid_advice("de").model == described.model


# --- how sure a mean is ---------------------------------------------------------------------


def test_a_mean_is_given_with_its_95_percent_interval() -> None:
    assert INTERVAL_LEVEL == 0.95 and round(Z, 6) == 1.959964
    # Four deals alike: the mean, 3, give or take Z standard errors of sqrt(20 / 3 / 4).
    half = Z * math.sqrt(20 / 3 / 4)
    assert mean_interval([1, 1, 1, 1], [0, 2, 4, 6]) == pytest.approx((3 - half, 3 + half))
    assert mean_interval([0.5] * 4, [0, 2, 4, 6]) == pytest.approx((3 - half, 3 + half))
    # A deal drawn twice brings one deal's knowledge, not two: its interval is wider than
    # that of two deals drawn apart with the same values (2 standard errors against 1.5).
    twice = mean_interval([2, 1, 1], [0, 4, 6])
    assert twice == pytest.approx((2.5 - Z * math.sqrt(64.8) / 4, 2.5 + Z * math.sqrt(64.8) / 4))
    assert mean_interval([1, 1, 1, 1], [0, 0, 4, 6]) == pytest.approx(
        (2.5 - 1.5 * Z, 2.5 + 1.5 * Z)
    )
    assert mean_interval([1, 1], [0, 2]) == pytest.approx((1 - Z, 1 + Z))  # two deals, as few
    assert mean_interval([1, 3], [7, 7]) == (7.0, 7.0)  # every deal alike: the mean is sure
    # Nothing says how the deals spread: one deal, none, or one carrying all the weight.
    assert mean_interval([1], [5]) is None
    assert mean_interval([], []) is None
    assert mean_interval([1, 0], [5, 9]) is None
    assert mean_interval([0, 0], [5, 9]) is None


def test_each_call_s_margin_is_compared_with_the_advice_s_deal_by_deal() -> None:
    sums = BidSums(["80H", "90H"])
    # Three deals: 80H made in each; 90H made in two, ten more, and down in the third.
    sums.add_deal(1, [("80H", 180, 120, True), ("90H", 190, 130, True)])
    sums.add_deal(1, [("80H", 170, 100, True), ("90H", 180, 110, True)])
    sums.add_deal(1, [("80H", 160, 90, True), ("90H", 0, -250, False)])
    advice, (passing, eighty, ninety) = sums.answer(["pass", "80H", "90H"])
    alike = [1, 1, 1]
    assert advice == "80H" and sums.used == 3
    # Passing to a redeal: 0 in every deal, surely; 80H's margins ahead of it.
    assert passing == ("pass", 0.0, 0.0, None, (0.0, 0.0), (0.0, 0.0), eighty.margin_interval)
    assert eighty == (
        "80H",
        170.0,
        310 / 3,
        1.0,
        mean_interval(alike, [180, 170, 160]),
        mean_interval(alike, [120, 100, 90]),
        (0.0, 0.0),  # the advice itself
    )
    assert ninety[:4] == ("90H", 370 / 3, -10 / 3, 2 / 3)
    assert ninety.score_interval == mean_interval(alike, [190, 180, 0])
    # 10 behind, 10 behind, then 340 behind: far from sure, but surer than the two margins'
    # intervals side by side, which know nothing of the deals they share.
    gap = ninety.margin_gap_interval
    assert gap == mean_interval(alike, [-10, -10, 340])
    assert gap is not None and eighty.margin_interval is not None
    assert ninety.margin_interval is not None
    assert gap[1] - gap[0] < ninety.margin_interval[1] - ninety.margin_interval[0]
    # Passing advised, each bid's gap is its own margin's, the other way round.
    worse = BidSums(["80H"])
    worse.add_deal(2, [("80H", 0, -240, False)])
    worse.add_deal(1, [("80H", 180, 120, True)])
    advice, (passing, eighty) = worse.answer(["pass", "80H"])
    assert advice == "pass" and passing.margin_gap_interval == (0.0, 0.0)
    assert eighty.margin_gap_interval == mean_interval([2, 1], [240, -120])
    assert eighty.made_share == pytest.approx(1 / 3)


def test_no_interval_below_two_deals() -> None:
    lone = BidSums(["80H"])
    lone.add_deal(1, [("80H", 180, 120, True)])
    assert lone.answer(["pass", "80H"]) == (
        "80H",
        (BidAdvice("pass", 0.0, 0.0, None), BidAdvice("80H", 180.0, 120.0, 1.0)),
    )
    none = BidSums(["80H"])
    assert none.answer(["pass", "80H"]) == (
        None,
        (BidAdvice("pass", 0.0, 0.0, None), BidAdvice("80H", None, None, None)),
    )


# --- the levels: a deal's end estimated, or searched ---------------------------------------


class Estimates:
    """Stands for `deal_model.estimate` in advise_bid: records each deal, leader and strain,
    answers the leader's team's card points per strain."""

    def __init__(self, points: dict[int, int]) -> None:
        self.points = points
        self.asked: list[tuple[object, int, int]] = []

    def __call__(self, hands: object, leader: int, strain: int) -> Estimate:
        self.asked.append((hands, leader, strain))
        first = self.points[strain]
        points = (first, 162 - first) if leader % 2 == 0 else (162 - first, first)
        return Estimate(points, None)


def test_the_default_level_estimates_each_suit_and_searches_no_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = spied(monkeypatch, EVEN)
    estimates = Estimates({SPADES: 60, HEARTS: 130, DIAMONDS: 60, CLUBS: 60})
    monkeypatch.setattr(bid_module, "estimate", estimates)
    monkeypatch.setattr(bid_module, "model", lambda: Model((), 0.0, 162, {}))
    advice = advise_bid(3, [], 0, HAND, samples=3, inference="none", play="perfect")
    assert spy.asked == [] and advice.level == "default" and advice.samples == 3
    # Each deal's four suits, the dealer's next (seat 0) leading: 130 in hearts to team 0.
    asked = [(leader, strain) for _, leader, strain in estimates.asked]
    assert asked == [(0, s) for s in range(4)] * 3
    for hands, _, _ in estimates.asked:  # the deals drawn, the seat's own hand in place
        assert hands[0] == tuple(sorted(HAND))  # type: ignore[index]
        assert sorted(card for hand in hands for card in hand) == list(ALL_CARDS)  # type: ignore[attr-defined]
    found = figures(advice.options)
    assert found["80H"] == BidAdvice("80H", 210.0, 180.0, 1.0)  # 130 + 80 to 32, to 30
    assert advice.advice == "130H"  # 130 + 130 = 260, made at 130, to 32
    # The level's deals when none are asked: 32 by default, 16 fast.
    assert advise_bid(3, [], 0, HAND, inference="none").samples == 32
    assert advise_bid(3, [], 0, HAND, inference="none", level="fast").samples == 16
    assert spy.asked == []
    # The strong level searches every deal.
    strong = advise_bid(3, [], 0, HAND, samples=2, inference="none", level="strong")
    assert len(spy.asked) == 2 * 4 and strong.level == "strong"


def test_sans_atout_and_tout_atout_are_searched_at_every_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = spied(monkeypatch, {**EVEN, SANS_ATOUT: (100, 62), TOUT_ATOUT: (100, 62)})
    estimates = Estimates(dict.fromkeys(range(4), 81))
    monkeypatch.setattr(bid_module, "estimate", estimates)
    options = CoincheOptions(sa_ta=True)
    advice = advise_bid(3, [], 0, HAND, options, samples=1, inference="none")
    assert sorted(record.contract.strain for record in spy.asked) == [SANS_ATOUT, TOUT_ATOUT]
    assert sorted(strain for _, _, strain in estimates.asked) == [0, 1, 2, 3]
    assert advice.samples == 1


def test_an_estimate_is_spread_by_the_model_s_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bid_module, "model", lambda: Model((), 10.0, 162, {}))
    estimated = Estimate((62, 100), None)
    # Perfect play: the estimate give or take the model's error, for the takers (team 1).
    assert played_as(estimated, 1, "perfect") == spread_ends(100, 10.0, 1, None)
    # At the table: corrected as a search's points are, the two spreads together.
    spread = (TABLE_SPREAD**2 + (TABLE_SLOPE * 10.0) ** 2) ** 0.5
    expected = TABLE_BASE + TABLE_SLOPE * 100
    assert played_as(estimated, 1, "table") == spread_ends(expected, spread, 1, None)
    # A search's end is not spread under perfect play, and corrected at the table.
    searched = Outcome((62, 100), None, "made", (0, 0))
    assert played_as(searched, 1, "perfect") == [(1, (62, 100), None)]
    assert played_as(searched, 1, "table") == at_table(searched, 1)
    capot = Estimate((162, 0), 0)
    assert played_as(capot, 0, "perfect")[2] == (1, (162, 0), 0)
    monkeypatch.setattr(bid_module, "model", lambda: Model((), 0.0, 162, {}))
    theirs = Estimate((0, 162), 1)  # team 1 takes: the table leaves it all 162 at the top
    assert played_as(theirs, 1, "table")[2] == (1, (0, 162), 1)
    ours = Estimate((100, 62), None)  # team 0 takes 100: 98.4 at the table
    assert played_as(ours, 0, "table")[1] == (4, (98, 64), None)


@pytest.mark.parametrize("taker", range(4))
@pytest.mark.parametrize("coinche", range(3))
def test_a_deal_is_scored_as_the_coinche_scoring_scores_it(taker: int, coinche: int) -> None:
    options = CoincheOptions()
    for value in (80, 120, CAPOT):
        contract = Contract(taker, value, HEARTS, coinche)
        for points, capot, held in (
            ((100, 62), None, (1, 0)),
            ((70, 92), None, (0, 1)),
            ((162, 0), 0, (0, 0)),
            ((0, 162), 1, (1, 0)),
            ((81, 81), None, (0, 0)),
        ):
            score = COINCHE.score_deal(CoincheDealSummary(contract, points, capot, held), options)
            found = scored(contract, points, capot, held, options)
            assert found == (score.score, score.contract == "made")


def test_a_lowest_bid_of_82_is_searched_and_advised(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Fédération Française de Coinche and BGA open at 82 (`min_bid`), by fives.
    options = CoincheOptions(min_bid=82, bid_step=5)
    spy = spied(monkeypatch, {**EVEN, HEARTS: (120, 42)})
    advice = advise_bid(3, [], 0, HAND, options, samples=1, inference="none", level=STRONG)
    assert {record.contract.value for record in spy.asked} == {82}
    assert [o.bid for o in advice.options][:3] == ["pass", "82S", "82H"]
    estimated = advise_bid(3, ["85H"], 1, HAND, options, samples=2)
    assert [o.bid for o in estimated.options][:3] == ["pass", "90S", "90H"]


def test_the_calls_are_read_at_the_auction_s_own_steps() -> None:
    # A pass with no bid is as unlikely as the hand reaches the lowest bid: the higher the
    # lowest bid, the likelier a strong hand's pass.
    hands = (
        tuple(cards("JS 9S 7H 8H 7D 8D 7C 8C")),
        tuple(cards("JS 9S AS 10S AD KD 7C 8C")),
        (),
        (),
    )
    low = call_weights(3, ["pass"], hands, CoincheOptions())
    high = call_weights(3, ["pass"], hands, CoincheOptions(min_bid=120))
    assert high > low
    # A coinche of V: the defenders need 162 + the step - V.
    hands = (HAND, tuple(cards("JH 9H AH 10H AS AD 7C 8C")), (), ())
    coinched = call_weights(3, ["80H", "coinche"], hands, CoincheOptions(), 0)
    stepped = call_weights(3, ["80H", "coinche"], hands, CoincheOptions(bid_step=5), 0)
    assert stepped > coinched


def test_a_generale_call_is_read_as_a_capot_call() -> None:
    # The calls' model values a team's points: a générale tells what a capot tells, and a
    # call after it is read over it.
    hands = (HAND, tuple(cards("JH 9H AH 10H AS AD 7C 8C")), (), ())
    for after in ([], ["coinche"], ["pass"]):
        generale = call_weights(3, ["generaleH", *after], hands, GENERALE_500)
        capot = call_weights(3, ["capotH", *after], hands, GENERALE_500)
        assert generale == capot
