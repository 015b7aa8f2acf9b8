"""Advice from one seat's view: the card to play, and whether to take.

Monte Carlo over perfect play (as bridge's GIB and the Skat programs): the unseen cards are
dealt many times, uniformly among the deals that agree with every public fact (`view`,
`sampler`), each deal is solved exactly with all four hands known (`analysis.solve`), and the
figures are averaged over the deals. The search in each deal assumes that every seat sees
every card from the next card on ("strategy fusion"): the advice is only as good as that
assumption (README, Advice).

The deals are drawn from `seed` (a `random.Random`), in an order fixed by it: the same request
with the same seed gives the same deals, hence the same answer, whenever the budget lets every
deal be solved; a budget that runs out keeps the deals solved so far, the first ones of that
same order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import islice
from math import sqrt
from random import Random
from statistics import NormalDist
from time import perf_counter
from typing import Any, NamedTuple

from service.rules.advice.deal_model import estimate, model, spread_ends
from service.rules.advice.inference import CALLS, DEFAULT_INFERENCE, call_weights, pass_weights
from service.rules.advice.policy import (
    BID_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_SAMPLES,
    INTERVAL_LEVEL,
    MAX_SAMPLES,
    MODEL,
    card_samples,
)
from service.rules.advice.sampler import Constraints, Deals, Hands
from service.rules.advice.view import EVERY_SEAT, Holding, SeatView, seat_view
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.questions import MoveValue, Outcome, elapsed_ms_since, solve
from service.rules.analysis.worlds import Worlds, values_in_order
from service.rules.core.annonces import classify
from service.rules.core.cards import ALL_CARDS, DECK_SIZE, HAND_SIZE, Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.play import PlayOptions, legal_cards
from service.rules.core.replay import Declaration, TrickRecord
from service.rules.core.scoring import MADE
from service.rules.core.seats import PLAYERS, Seat, Team, other_team, seat_after, team_of
from service.rules.core.strains import Strain
from service.rules.variants import CLASSIC, COINCHE, Replayed, Variant, honours
from service.rules.variants.base import OptionsT, RecordT
from service.rules.variants.classic.bidding import PASS, TAKE, TAKEN, legal_bids
from service.rules.variants.classic.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.classic.scoring import DealSummary
from service.rules.variants.coinche.bidding import judge_auction
from service.rules.variants.coinche.options import CoincheOptions
from service.rules.variants.coinche.replay import CoincheRecord
from service.text.catalog import Cards

# The cards still held from which the deals of one advice are valued on several threads (when
# asked): below, a deal's search is too short for a second thread to pay for its Python
# (which holds the GIL).
PARALLEL_FROM = 20
# The deals one call into the search values at once (`Worlds.values_of`): on one thread,
# all of them (each call from Python costs time: 32 deals in one call took 0.83 times the
# CPU of one call a deal, 4 a call 0.90, on the median position of 186 from the arena);
# on several, a few, so that the threads still share the deals of an advice evenly.
LONE_CHUNK = MAX_SAMPLES
CHUNK = 4
# In the first trick (from 29 cards held) a deal is milliseconds of search, a call's cost
# nothing beside it: each deal is a chunk of its own, so that no thread waits long for the
# other's last chunk (paired on the 24 first leads of arena boards 300 to 323, best of 4
# rounds, 2026-12-03: 0.93 times the wall clock of chunks of 4; following in the first trick
# 0.97; from the second trick on, 1.00 to 1.06: chunks of 4 there).
SINGLE_FROM = DECK_SIZE - 3
DEFAULT_SEED = "advice"
# What the card is chosen by (README, Advice): the deal's score under the contract (its mean
# margin: the team's score less the other's), or the card points alone (the advice before).
SCORE, POINTS = "score", "points"
OBJECTIVES = (SCORE, POINTS)
DEFAULT_OBJECTIVE = SCORE
TAKE_HAND_SIZE = 5  # the cards each seat holds at the bidding (RULES.md "Bidding")
TAKER_COMPLETION = 2  # the taker gets the turned card and 2 more, the others 3


class CardAdvice(NamedTuple):
    """One legal card over the deals solved: the mean final points of the asking seat's team
    (card points with the dix de der, as the replay counts them), the mean of what it costs
    that team against the best card of each deal (`analysis.MoveValue.loss`), the share of
    deals where it is a best card, the share where the contract is made, and the mean deal
    score of the team (`score`, as the variant's scoring counts it under the contract) and
    of its score less the other team's (`margin`)."""

    card: Card
    points: float
    loss: float
    best_share: float
    made_share: float
    score: float
    margin: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The card to play from `seat`'s view (None when the budget solved no deal and the seat
    has a choice), each legal card's figures in hand order, the deals solved (`samples`) out
    of the `deals` that agree with the record, and `exact`: the unseen cards are determined
    (one deal), so the advice is the perfect-play answer. `forced`: the seat has one legal
    card, which is the card to play whatever the deal; asked without figures for it
    (`figures_when_forced` False), the advice solves no deal and gives no figures.
    `assumed`: the plays (indices) taken for renonces not yet proven, without which no deal
    agrees with the record (`view.seat_view`)."""

    seat: Seat
    card: Card | None
    moves: tuple[CardAdvice, ...]
    samples: int
    deals: int
    exact: bool
    elapsed_ms: float
    objective: str
    forced: bool
    assumed: tuple[int, ...] = ()
    level: str = DEFAULT_LEVEL


# A mean's interval: its low and high ends.
Interval = tuple[float, float]


class BidAdvice(NamedTuple):
    """One bid (or coinche call) over the deals solved: the mean deal score of the seat's
    team, the mean of its score less the other team's (its margin), and the share of deals
    where the contract is made; how sure the two means are (`score_interval`,
    `margin_interval`: `mean_interval`'s), and how far behind the advised bid's margin this
    one's is, deal by deal over the same deals (`margin_gap_interval`, the interval of the
    mean of the advised bid's margin less this one's: (0, 0) for the advised bid). Passing
    with no contract standing is valued as a redeal (README, Advice): 0 and 0 in every deal,
    and no contract. An interval is None below two deals (and a gap without an advice)."""

    bid: str
    expected_score: float | None
    expected_margin: float | None
    made_share: float | None
    score_interval: Interval | None = None
    margin_interval: Interval | None = None
    margin_gap_interval: Interval | None = None


@dataclass(frozen=True, slots=True)
class TakeAdvice:
    """The bid to make (None when the budget solved no deal) and every legal bid's figures."""

    advice: str | None
    options: tuple[BidAdvice, ...]
    samples: int
    elapsed_ms: float
    level: str = DEFAULT_LEVEL


def _left_ms(deadline: float) -> int:
    return int((deadline - perf_counter()) * 1000)


# --- the card to play ----------------------------------------------------------------------------


def _view(
    variant: Variant[Any, Any, Any, Any],
    judged: Replayed,
    seat: Seat,
    hand: tuple[Card, ...],
    strain: Strain,
    options: PlayOptions,
    holdings: list[Holding],
) -> SeatView:
    """`seat`'s view of a deal of `variant` replayed without its hands (`view.seat_view`),
    once checked that the deal goes on and that `seat` is the seat to play."""
    if judged.complete:
        raise InconsistentInput.at("/plays", "advice_after_last_trick")
    if judged.to_move != seat:
        raise InconsistentInput.at("/seat", "advice_not_to_move", seat=seat, to_move=judged.to_move)
    tricks, renonces = judged.tricks, judged.renonces
    return seat_view(seat, hand, tricks, renonces, strain, options, holdings, variant.name)


def _declared(declarations: tuple[Declaration, ...]) -> list[Holding]:
    """Each declared annonce (a real one): its seat holds its cards."""
    return [Holding(d.seat, d.cards) for d in declarations if classify(d.cards) is not None]


def holdings_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    judged: Replayed,
    turned: Card | None,
    options: OptionsT,
) -> list[Holding]:
    """What a record of `variant` says seats hold: the `turned` card, the taker's (classic's,
    when given); each announced belote's king and queen, with its seat (`Variant.belotes`);
    with annonces, each declared one's cards."""
    taker = variant.taker(record)
    holdings = [Holding(taker, (turned,), "/turned")] if turned is not None else []
    announced = variant.belotes(record, judged, options)
    holdings += [Holding(belote.seat, honours(belote.suit)) for belote in announced]
    if options.annonces:
        holdings += _declared(record.declarations)
    return holdings


@dataclass(frozen=True, slots=True)
class CardQuestion:
    """A question for the card to play, judged and ready (`card_question`): the record
    replayed once (`worlds`), the asking seat's view and its legal cards, how the calls weigh
    a deal (None: alike), and when the question was asked (`perf_counter`). A forced card
    (one legal card) can be answered at once (`at_once`); `answer` values the deals."""

    asked: float
    worlds: Worlds
    view: SeatView
    weigh: Callable[[Hands], float] | None
    legal: tuple[Card, ...]
    objective: str

    @property
    def forced(self) -> bool:
        """The seat has one legal card: the card to play whatever the deal."""
        return len(self.legal) == 1

    @property
    def played(self) -> int:
        """The cards played so far."""
        return len(self.worlds.record.plays)

    def at_once(self, level: str = DEFAULT_LEVEL) -> Advice:
        """The forced card without its figures: no deal solved."""
        count = self.view.deals.count
        seat, card, elapsed = self.view.seat, self.legal[0], elapsed_ms_since(self.asked)
        return Advice(
            seat,
            card,
            (),
            0,
            count,
            count == 1,
            elapsed,
            self.objective,
            True,
            self.view.assumed,
            level,
        )

    def answer(
        self,
        samples: int | None,
        seed: str,
        budget_ms: int,
        threads: int,
        level: str = DEFAULT_LEVEL,
    ) -> Advice:
        """The advice over `samples` deals (by default the `level`'s, `card_samples`) drawn
        from `seed` on `threads` threads (`_advise`), within `budget_ms` counted from the
        question; a forced card is the card even when the budget solved no deal."""
        if samples is None:
            samples = card_samples(level, self.played)
        advice = _advise(
            self.asked,
            self.view,
            self.worlds.values_of,
            samples,
            seed,
            budget_ms,
            self.objective,
            self.weigh,
            threads,
            self.forced,
        )
        advice = replace(advice, level=level)
        return replace(advice, card=self.legal[0]) if self.forced else advice


def card_question(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    seat: Seat,
    hand: tuple[Card, ...],
    options: OptionsT | None = None,
    turned: Card | None = None,
    objective: str = DEFAULT_OBJECTIVE,
    bids: Sequence[str] = (),
    inference: str = DEFAULT_INFERENCE,
) -> CardQuestion:
    """The question of `advise_play_in`, judged (InconsistentInput when it cannot be: the
    record, the seat, its hand, the turned card, the calls) and ready to answer: what it costs
    before any deal is drawn, a replay and the seat's view."""
    asked = perf_counter()
    chosen = variant.options_or_default(options)
    worlds = Worlds(variant, record, chosen)  # which never reads the record's hands
    record, judged = worlds.record, worlds.judged
    strain = variant.strain(record)
    holdings = holdings_in(variant, record, judged, turned, chosen)
    view = _view(variant, judged, seat, hand, strain, chosen, holdings)
    weigh = _weigher(record, bids, chosen, inference)
    legal = tuple(legal_cards(hand, _on_table(judged.tricks), strain, chosen))
    return CardQuestion(asked, worlds, view, weigh, legal, objective)


def advise_play_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    seat: Seat,
    hand: tuple[Card, ...],
    options: OptionsT | None = None,
    samples: int | None = DEFAULT_SAMPLES,
    seed: str = DEFAULT_SEED,
    budget_ms: int = DEFAULT_BUDGET_MS,
    turned: Card | None = None,
    objective: str = DEFAULT_OBJECTIVE,
    bids: Sequence[str] = (),
    inference: str = DEFAULT_INFERENCE,
    threads: int = 1,
    figures_when_forced: bool = True,
    level: str = DEFAULT_LEVEL,
) -> Advice:
    """The card for `seat` (the seat to play, holding `hand`) in the deal `record` of
    `variant` (its hands unknown), under its strain: over `samples` deals of the unseen cards
    that agree with the record and what it says seats hold (`holdings_in`), each valued by
    perfect play (`analysis.Worlds`), the card chosen by `objective`. A coinche deal's
    auction (`bids`, which must end in the record's contract), with `inference` "calls",
    weighs each deal by how likely the other seats' calls were with its hands
    (`inference.call_weights`): the means are weighted. `threads`: how many threads value the
    deals at once (`_advise`); the answer is the same with any. A seat with one legal card
    is told so (`forced`); without `figures_when_forced`, that card is the answer at once, no
    deal solved (what a seat played by a program needs), once the request is judged
    (`card_question`). `samples` None: the `level`'s (`policy.card_samples`)."""
    question = card_question(
        variant, record, seat, hand, options, turned, objective, bids, inference
    )
    if question.forced and not figures_when_forced:
        return question.at_once(level)
    return question.answer(samples, seed, budget_ms, threads, level)


def _on_table(tricks: Sequence[TrickRecord]) -> tuple[Card, ...]:
    """The cards of the trick in progress (none between tricks)."""
    if tricks and tricks[-1].winner is None:
        return tricks[-1].cards
    return ()


def _weigher(
    record: object, bids: Sequence[str], options: object, inference: str
) -> Callable[[Hands], float] | None:
    """How a coinche deal's auction weighs a deal of the hands (None: every deal alike, with
    `inference` "none" or no calls given); the calls checked to end in the record's
    contract (InconsistentInput at `/bids` otherwise). The asking seat's own calls weigh
    every deal alike (its hand is the same in all), and change no mean."""
    if not bids:
        return None
    assert isinstance(record, CoincheRecord)
    assert isinstance(options, CoincheOptions)
    auction = judge_auction(record.dealer, bids, options)
    if auction.violation is not None:
        index = auction.violation.index
        raise InconsistentInput.at(f"/bids/{index}", "advice_illegal_call", call=bids[index])
    if auction.status != TAKEN or auction.contract != record.contract:
        raise InconsistentInput.at("/bids", "advice_calls_not_contract")
    if inference != CALLS:
        return None
    dealer = record.dealer
    return lambda hands: call_weights(dealer, bids, hands, options)


def advise_play(
    record: DealRecord,
    seat: Seat,
    hand: tuple[Card, ...],
    options: RuleOptions = DEFAULT_OPTIONS,
    turned: Card | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: str = DEFAULT_SEED,
    budget_ms: int = DEFAULT_BUDGET_MS,
    objective: str = DEFAULT_OBJECTIVE,
    threads: int = 1,
    figures_when_forced: bool = True,
) -> Advice:
    """`advise_play_in` a classic deal, the `turned` card (when given) with the taker (no
    auction: classic's bidding is not part of its record)."""
    return advise_play_in(
        CLASSIC,
        record,
        seat,
        hand,
        options,
        samples,
        seed,
        budget_ms,
        turned,
        objective,
        threads=threads,
        figures_when_forced=figures_when_forced,
    )


# advise_coinche_play(record, seat, hand, options, samples, seed, budget_ms, objective=...,
# bids=..., inference=..., threads=..., figures_when_forced=...): no turned card.
advise_coinche_play = partial(advise_play_in, COINCHE)


class _Sums:
    """What the deals valued add up to per legal card, for the asking seat's team, each deal
    by its weight (1 without inference)."""

    def __init__(self, team: Team) -> None:
        self.team = team
        self.used = 0
        self.weight = 0.0
        self.points: dict[Card, float] = {}
        self.losses: dict[Card, float] = {}
        self.best: dict[Card, float] = {}
        self.made: dict[Card, float] = {}
        self.scores: dict[Card, float] = {}
        self.margins: dict[Card, float] = {}

    def add(self, moves: tuple[MoveValue, ...], weight: float = 1.0) -> None:
        self.used += 1
        self.weight += weight
        team, other = self.team, other_team(self.team)
        for move in moves:
            card, value = move.card, move.value
            self.points[card] = self.points.get(card, 0) + weight * value.points[team]
            self.losses[card] = self.losses.get(card, 0) + weight * move.loss
            self.best[card] = self.best.get(card, 0) + weight * (move.loss == 0)
            self.made[card] = self.made.get(card, 0) + weight * (value.contract == MADE)
            self.scores[card] = self.scores.get(card, 0) + weight * value.score[team]
            margin = value.score[team] - value.score[other]
            self.margins[card] = self.margins.get(card, 0) + weight * margin

    def figures(self) -> tuple[CardAdvice, ...]:
        weight = self.weight
        return tuple(
            CardAdvice(
                card,
                self.points[card] / weight,
                self.losses[card] / weight,
                self.best[card] / weight,
                self.made[card] / weight,
                self.scores[card] / weight,
                self.margins[card] / weight,
            )
            for card in self.points  # the legal cards, in hand order
        )

    def choice(self, objective: str) -> Card | None:
        """The card of the best mean deal-score margin (`SCORE`), then the least mean loss
        (the most mean points, a capot counted as the search counts it), then the most often
        best, then the first in hand order; `POINTS` leaves the margin out."""
        cards = list(self.points)

        def by_points(card: Card) -> tuple[float, ...]:
            return (self.losses[card], -self.best[card], cards.index(card))

        if objective == SCORE:
            return min(cards, key=lambda c: (-self.margins[c], *by_points(c)), default=None)
        return min(cards, key=by_points, default=None)


def _chunks(deals: Iterable[Hands], size: int) -> Iterator[tuple[Hands, ...]]:
    """`deals` in chunks of `size` (the last one shorter), each drawn when it is taken."""
    deals = iter(deals)
    while chunk := tuple(islice(deals, size)):
        yield chunk


def valued_deals(
    values_of: Callable[[Sequence[Hands], float], list[tuple[MoveValue, ...]]],
    view: SeatView,
    ranks: Iterable[int],
    deadline: float,
    threads: int,
) -> Iterator[tuple[Hands, tuple[MoveValue, ...]]]:
    """The deal of `view` of each of `ranks` (drawn as it is needed) with every legal card's
    values in it (`values_of`, as `Worlds.values_of` gives them), in their order, until
    `deadline` cuts one short: all in one call into the search on one thread; with `threads`
    above 1 and `PARALLEL_FROM` cards or more still held, in chunks of `CHUNK` (of one from
    `SINGLE_FROM`) on that many threads at once (`worlds.values_in_order`): the same deals
    and values, sooner."""
    deals = (view.hands(view.deals.deal(rank)) for rank in ranks)
    held = DECK_SIZE - sum(len(cards) for cards in view.played)
    on = threads if held >= PARALLEL_FROM else 1
    size = LONE_CHUNK if on == 1 else 1 if held >= SINGLE_FROM else CHUNK

    def valued(chunk: tuple[Hands, ...], deadline: float) -> list[tuple[MoveValue, ...]] | None:
        return values_of(chunk, deadline) or None  # none valued: the chunks are cut here

    chunks = _chunks(deals, size)
    for chunk, answers in values_in_order(valued, chunks, deadline, on, perf_counter):
        for place, moves in enumerate(answers):  # the first deals of the chunk
            yield chunk[place], moves
        if len(answers) < len(chunk):  # the budget ran out in this chunk: none after it
            return


def _advise(
    start: float,
    view: SeatView,
    values_of: Callable[[Sequence[Hands], float], list[tuple[MoveValue, ...]]],
    samples: int,
    seed: str,
    budget_ms: int,
    objective: str,
    weigh: Callable[[Hands], float] | None,
    threads: int,
    forced: bool,
) -> Advice:
    """Each deal of `view.deals` drawn and valued with every legal card (`valued_deals`, on
    `threads` threads), the figures summed per card (each deal by `weigh`'s weight, when
    given) in the order drawn; stopped when the budget runs out, the deals kept the first
    ones drawn."""
    deadline = start + budget_ms / 1000
    sums = _Sums(team_of(view.seat))
    ranks = view.deals.ranks(samples, Random(seed))
    for hands, moves in valued_deals(values_of, view, ranks, deadline, threads):
        sums.add(moves, 1.0 if weigh is None else weigh(hands))
    count = view.deals.count
    return Advice(
        view.seat,
        sums.choice(objective),
        sums.figures(),
        sums.used,
        count,
        count == 1,
        elapsed_ms_since(start),
        objective,
        forced,
        view.assumed,
    )


# --- whether to take ---------------------------------------------------------------------------


def advise_take(
    dealer: Seat,
    seat: Seat,
    hand: tuple[Card, ...],
    turned: Card,
    round_: int,
    options: RuleOptions = DEFAULT_OPTIONS,
    samples: int | None = None,
    seed: str = DEFAULT_SEED,
    budget_ms: int = DEFAULT_BUDGET_MS,
    inference: str = DEFAULT_INFERENCE,
    level: str = DEFAULT_LEVEL,
) -> TakeAdvice:
    """Whether `seat`, holding the 5 cards of `hand` with `turned` turned up, should take in
    bidding round `round_` (every seat before it having passed), and in which suit: for each
    legal bid, the deal's expected score for the seat's team over `samples` deals of the
    other cards (by default the `level`'s; the seat as taker gets the turned card and 2 more,
    the others 3), each played out by perfect play (searched, or at `fast` and `default`
    its end estimated, `deal_model`); passing valued as a redeal, 0. With `inference`
    "calls" each deal weighs what the passes before `seat` suggest of the passers' hands
    (`inference.pass_weights`)."""
    start = perf_counter()
    _check_take_hand(hand, turned)
    how = BID_LEVELS[level]
    samples = how.samples if samples is None else samples
    trumps = _bid_trumps(round_, turned)
    deals = _completions(seat, hand, turned)
    team, deadline = team_of(seat), start + budget_ms / 1000
    sums = BidSums(trumps)
    for rank in deals.ranks(samples, Random(seed)):
        hands = _taker_hands(seat, hand, turned, deals.deal(rank))
        weighed = inference == CALLS
        weight = pass_weights(dealer, seat, turned, round_, hands) if weighed else 1
        if how.valued_by == MODEL:
            sums.add_deal(weight, _estimated(dealer, seat, hands, trumps, options, team))
            continue
        values = _played_out(dealer, seat, hands, trumps, options, deadline)
        if values is None:
            break  # out of time: this deal is not counted for any bid
        sums.add(values, team, weight)
    advice, options = sums.answer([*trumps, PASS])  # passing to a redeal
    return TakeAdvice(advice, options, sums.used, elapsed_ms_since(start), level)


def _check_take_hand(hand: tuple[Card, ...], turned: Card) -> None:
    """The 5 cards a seat holds at the bidding, the turned card not among them."""
    if turned in hand:
        raise InconsistentInput.at(
            "/turned", "duplicate_card", card=Cards((turned,)), other="/hand"
        )
    if len(hand) != TAKE_HAND_SIZE:
        raise InconsistentInput.at("/hand", "hand_size", expected=TAKE_HAND_SIZE, size=len(hand))


def _bid_trumps(round_: int, turned: Card) -> dict[str, Suit]:
    """Each legal bid that takes, with the trump it names: the turned card's suit in round 1
    ("take"), the suit named in round 2 (RULES.md "Bidding")."""
    bids = legal_bids(round_, turned.suit)
    return {bid: turned.suit if bid == TAKE else Suit.parse(bid) for bid in bids if bid != PASS}


def _completions(seat: Seat, hand: tuple[Card, ...], turned: Card) -> Deals:
    """The deals of the cards `seat` does not see, with `seat` as taker: the turned card's
    and 2 more to it, 3 to every other seat, any card anywhere."""
    unseen = tuple(card for card in ALL_CARDS if card not in hand and card != turned)
    sizes = tuple(TAKER_COMPLETION if s == seat else HAND_SIZE for s in range(PLAYERS))
    return Deals(Constraints(unseen, (EVERY_SEAT,) * len(unseen), sizes))


def _taker_hands(
    seat: Seat, hand: tuple[Card, ...], turned: Card, dealt: Hands
) -> tuple[tuple[Card, ...], ...]:
    """The four hands of a completion: `seat`'s 5 cards, the turned card and its 2 more."""
    return tuple((*hand, turned, *dealt[s]) if s == seat else dealt[s] for s in range(PLAYERS))


def _played_out(
    dealer: Seat,
    seat: Seat,
    hands: tuple[tuple[Card, ...], ...],
    trumps: dict[str, Suit],
    options: RuleOptions,
    deadline: float,
) -> list[tuple[str, Outcome]] | None:
    """The deal of `hands` played out by perfect play under each bid's trump, `seat` taking
    and a holder announcing the belote; None when the budget runs out before every bid is
    valued."""
    values = []
    for bid, trump in trumps.items():
        left = _left_ms(deadline)
        if left < 1:
            return None
        record = DealRecord(dealer, trump, seat, (), hands, belote_announced=True)
        solution = solve(record, options, left, every_card=False)
        if solution.value is None:
            return None
        values.append((bid, solution.value))
    return values


def _estimated(
    dealer: Seat,
    seat: Seat,
    hands: tuple[tuple[Card, ...], ...],
    trumps: dict[str, Suit],
    options: RuleOptions,
    team: Team,
) -> list[tuple[str, float, float, float]]:
    """Each bid's row in the deal of `hands` (`BidSums.add_deal`), its end by perfect play
    estimated (`deal_model.estimate`) and spread by the model's error: `team`'s mean score,
    its margin, the share of the ends where the contract is made; a holder announces the
    belote, as `_played_out` plays it."""
    rows = []
    takers = team_of(seat)
    for bid, trump in trumps.items():
        end = estimate(hands, seat_after(dealer), trump)
        king, queen = honours(trump)
        held = [0, 0]
        for s, hand in enumerate(hands):
            held[team_of(s)] += king in hand and queen in hand
        mine = margin = made = 0.0
        ends = spread_ends(end.points[takers], model().error, takers, end.capot)
        for weight, points, capot in ends:
            summary = DealSummary(seat, points, capot, (held[0], held[1]))
            score = CLASSIC.score_deal(summary, options)
            ours, theirs = score.score[team], score.score[other_team(team)]
            mine += weight * ours
            margin += weight * (ours - theirs)
            made += weight * (score.contract == MADE)
        total = sum(weight for weight, _, _ in ends)
        rows.append((bid, mine / total, margin / total, made / total))
    return rows


# A bid's figures in one deal, by their place in its row (`BidSums.deals`): the team's deal
# score, its margin, whether the contract is made.
SCORE_AT, MARGIN_AT, MADE_AT = range(3)
# The normal distribution's quantile for INTERVAL_LEVEL: 1.96 standard errors for 95%.
Z = NormalDist().inv_cdf((1 + INTERVAL_LEVEL) / 2)


def weighted_mean(weights: Sequence[float], values: Sequence[float]) -> float:
    """The mean of `values`, each by its weight in `weights` (which add up to more than 0)."""
    return sum(w * x for w, x in zip(weights, values, strict=True)) / sum(weights)


def mean_interval(weights: Sequence[float], values: Sequence[float]) -> Interval | None:
    """The INTERVAL_LEVEL interval of the weighted mean of `values` (one a deal, each by its
    weight in `weights`), by the normal approximation: the mean give or take Z standard
    errors, the error from the values' weighted variance over the deals' effective number
    (Kish's, (sum of w)^2 / sum of w^2: a deal drawn twice brings one deal's worth of
    knowledge, not two). None below two deals, or when one deal carries all the weight:
    nothing then says how the deals spread."""
    total = sum(weights)
    squares = sum(w * w for w in weights)
    spare = total - squares / total if total else 0.0  # n - 1 when each deal weighs 1
    if len(values) < 2 or spare <= 0:
        return None
    mean = weighted_mean(weights, values)
    spread = sum(w * (x - mean) ** 2 for w, x in zip(weights, values, strict=True)) / spare
    half = Z * sqrt(spread * squares) / total
    return (mean - half, mean + half)


class BidSums:
    """The deals valued, in the order drawn, each with its weight (`inference`; 1 without)
    and, per bid of `bids`, the asking seat's team's deal score, that score less the other
    team's, whether the contract is made (a share at the table); a bid not among `bids` is
    passing to a redeal, 0 and 0 in every deal."""

    def __init__(self, bids: Iterable[str]) -> None:
        self.bids = frozenset(bids)
        self.weights: list[float] = []
        self.deals: list[dict[str, tuple[float, float, float]]] = []

    @property
    def used(self) -> int:
        """How many deals were valued."""
        return len(self.deals)

    def add_deal(self, weight: float, rows: Iterable[tuple[str, float, float, float]]) -> None:
        """One deal's `rows`: per bid the team's score, its margin, whether made."""
        self.weights.append(weight)
        self.deals.append({bid: (score, margin, made) for bid, score, margin, made in rows})

    def add(self, values: list[tuple[str, Outcome]], team: Team, weight: float) -> None:
        rows = [
            (bid, v.score[team], v.score[team] - v.score[other_team(team)], v.contract == MADE)
            for bid, v in values
        ]
        self.add_deal(weight, rows)

    def column(self, bid: str, at: int) -> list[float]:
        """One figure of a bid valued (`SCORE_AT`, `MARGIN_AT`, `MADE_AT`) in each deal."""
        return [deal[bid][at] for deal in self.deals]

    def margins(self, bid: str) -> list[float]:
        """`bid`'s margin in each deal, in order: 0 passing to a redeal."""
        return [deal[bid][MARGIN_AT] if bid in deal else 0.0 for deal in self.deals]

    def figures(self, bid: str) -> BidAdvice:
        """`bid`'s weighted means over the deals and their intervals (None without a deal);
        passing to a redeal, 0 and 0 whatever the deals, and no contract."""
        weights = self.weights
        if bid not in self.bids:
            redeal = mean_interval(weights, self.margins(bid))
            return BidAdvice(bid, 0.0, 0.0, None, redeal, redeal)
        if not self.used:
            return BidAdvice(bid, None, None, None)
        scores, margins = self.column(bid, SCORE_AT), self.column(bid, MARGIN_AT)
        return BidAdvice(
            bid,
            weighted_mean(weights, scores),
            weighted_mean(weights, margins),
            weighted_mean(weights, self.column(bid, MADE_AT)),
            mean_interval(weights, scores),
            mean_interval(weights, margins),
        )

    def answer(self, bids: Sequence[str]) -> tuple[str | None, tuple[BidAdvice, ...]]:
        """The bid advised among `bids` (`best_bid`) and each one's figures, in their order,
        with the interval of the advised bid's margin less its own, deal by deal: every bid
        is valued on the same deals, so that a gap is far surer than two margins' intervals
        side by side."""
        options = [self.figures(bid) for bid in bids]
        advice = best_bid(options, self.used)
        if advice is None:
            return None, tuple(options)
        best = self.margins(advice)

        def gap(option: BidAdvice) -> Interval | None:
            behind = [b - m for b, m in zip(best, self.margins(option.bid), strict=True)]
            return mean_interval(self.weights, behind)

        return advice, tuple(option._replace(margin_gap_interval=gap(option)) for option in options)


def best_bid(figures: list[BidAdvice], used: int) -> str | None:
    """The best expected margin; then the first bid of `figures`. None when no deal was
    played out."""
    if not used:
        return None
    return max(figures, key=lambda f: (f.expected_margin, -figures.index(f))).bid
