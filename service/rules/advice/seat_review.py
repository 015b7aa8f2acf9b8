"""A deal's review judged from the seat: for each card, beside its double-dummy loss (the
review's, every hand known), what its player could have known when playing it.

For each judged play, the position before it is seen from the mover's chair as the card
advice sees it (`advise.card_question`: the cards played, the voids they revealed, the
turned card, announced belotes and declared annonces), `samples` deals of the unseen cards
are drawn from that view (`Deals.ranks`, from `seed` and the play's index), and every legal
card is valued in each by perfect play (`advise.valued_deals`: one question to the search
for a play's deals, on the threads asked when many cards are still held). Each deal weighs
how likely the auction's calls were with its hands (`inference`) times how likely the other
seats' cards before the play were (`reading`: a model of how honest players choose a card).
Then, over those deals, each by its weight:

- a card's mean loss (`MoveValue.loss`, the review's points); the seat's best cards
  (`seat_best`) are the least mean loss's; a play's `seat_loss` is its card's mean loss less
  theirs, and the decision's `seat_stake` the worst card's less theirs;
- a card's best share: the share of the deals where it is a best card. A decision is a guess
  (`guess`) when no card is best in more than `DOUBT_SHARE` of them: the seat's view leaves
  real doubt. On a guess, the played card was the double-dummy best (`hit`: its review loss
  is 0) with a chance the view puts at its best share (`chance`).

The label from the seat (`seat_label`): a double-dummy best card is "best"; a card with a
double-dummy loss whose seat loss is under `NEAR_BEST` points is "unlucky"; otherwise the
review's labels by the seat loss (an inaccuracy, a mistake, a blunder). A renonce stays one,
and the plays the review does not judge are not seen from the seat either.

Per seat and per team: `seat_precision` (`100 x (1 - seat loss / seat stake)`, as the
review's precision) and, on the guesses, how many (`guess_decisions`), how many hit
(`guess_hits`), how many the view expected (`guess_expected`, the chances summed) and the
spread of that count (`guess_variance`, the sum of `chance x (1 - chance)`): the audit's
`z_guess` is `(hits - expected) / sqrt(variance)`, flagged past `GUESS_Z_THRESHOLD` over at
least `MIN_GUESSES` guesses (the thresholds are the advice's policy, `policy.py`). An honest
player's hits follow its view's chances; a player who sees the hidden cards finds the
double-dummy card on guess after guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import islice
from random import Random
from time import perf_counter
from typing import Any, NamedTuple

from service.rules.advice.advise import card_question, valued_deals
from service.rules.advice.inference import (
    call_weights,
    classic_call_weights,
    implied_classic_bids,
    implied_coinche_calls,
)
from service.rules.advice.policy import (
    DOUBT_SHARE,
    GUESS_CALIBRATION,
    NEAR_BEST,
    SEAT_SAMPLES,
    UNLUCKY,
)
from service.rules.advice.reading import PLAY_MODEL, plays_log_chance
from service.rules.advice.sampler import Hands
from service.rules.analysis.policy import (
    BEST_CARD,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    RENONCE,
    REVIEW_BUDGET_MS,
)
from service.rules.analysis.questions import MoveValue, elapsed_ms_since
from service.rules.analysis.review import PlayReview, Review, label_of, review_in
from service.rules.core.cards import Card
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, TEAMS, team_of
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.base import OptionsT, RecordT
from service.rules.variants.classic.bidding import judge_bidding
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.bidding import TAKEN, judge_auction
from service.rules.variants.coinche.options import CoincheOptions
from service.rules.variants.coinche.replay import CoincheRecord

SEAT_SEED = "seat"
SEAT_LABELS = (BEST_CARD, UNLUCKY, INACCURACY, MISTAKE, BLUNDER, RENONCE)


class Calibration(NamedTuple):
    """What an honest strong player hits at the chance `p` its seat's view gives a guess: the
    view's odds times `e^a`, `sigmoid(a + logit(p))` (scripts/fit_guess_calibration.py fits
    `a` on honest play); `a` 0 leaves the view's chance as it is."""

    a: float

    def of(self, p: float) -> float:
        if self.a == 0.0:
            return p
        return 1.0 / (1.0 + math.exp(-(self.a + logit(p))))


# A chance is read on a few dozen deals: 0 and 1 are "almost never" and "almost always".
CHANCE_FLOOR = 0.005


def logit(p: float) -> float:
    """The log-odds of `p`, kept off 0 and 1 by `CHANCE_FLOOR`."""
    p = min(max(p, CHANCE_FLOOR), 1 - CHANCE_FLOOR)
    return math.log(p / (1 - p))


CALIBRATION = Calibration(GUESS_CALIBRATION)
"""The committed calibration (policy's, from `guess_calibration.json`)."""


@dataclass(frozen=True, slots=True)
class SeatPlay:
    """One play from its seat: the deals valued (`samples`, 0: not seen from the seat: not
    judged, a renonce, or out of time), its `seat_loss` and the decision's `seat_stake` (mean
    points, None without a deal), the cards best from the seat (hand order), the label from
    the seat, whether it was a guess, its chance there and whether it hit."""

    play: int
    samples: int
    seat_loss: float | None
    seat_stake: float | None
    seat_best: tuple[Card, ...]
    seat_label: str | None
    guess: bool
    chance: float | None
    hit: bool


@dataclass(frozen=True, slots=True)
class SeatTally:
    """A seat's or a team's plays seen from the seat (`side`: the seat, or the team)."""

    side: int
    plays: int
    seat_loss: float
    seat_stake: float
    seat_precision: float
    guess_decisions: int
    guess_hits: int
    guess_expected: float
    guess_variance: float


@dataclass(frozen=True, slots=True)
class SeatReview:
    """The double-dummy `review`, each of its plays from the seat (the same order), the
    tallies per seat and per team, and whether every judged play was seen from the seat."""

    review: Review
    plays: tuple[SeatPlay, ...]
    seats: tuple[SeatTally, ...]
    teams: tuple[SeatTally, ...]
    complete: bool
    elapsed_ms: float


def seat_label(play: PlayReview, seat_loss: float) -> str | None:
    """The label from the seat of a judged legal play with this seat loss."""
    if play.loss == 0:
        return BEST_CARD
    if seat_loss < NEAR_BEST:
        return UNLUCKY
    return label_of(round(seat_loss))


def seat_figures(
    play: PlayReview,
    moves: Sequence[tuple[MoveValue, ...]],
    weights: Sequence[float] | None = None,
) -> SeatPlay:
    """`play` seen over the deals of `moves` (each deal's legal cards' values, at least one),
    each deal weighing its weight (`weights`, by the calls; None: alike). Whether the decision
    was a guess is read on the deals at even places, its chance on those at odd places: read
    on the same deals, the chance of a decision found doubtful would be low by the luck that
    made it look doubtful, and an honest player would hit more often than expected."""
    weights = weights or [1.0] * len(moves)
    losses = _weighed(moves, weights, lambda move: move.loss)
    total = sum(weights)
    least = min(losses.values())
    seat_loss = (losses[play.card] - least) / total
    stake = (max(losses.values()) - least) / total
    told = _weighed(moves[0::2], weights[0::2], lambda move: move.loss == 0)
    # One deal at an even place (one or two drawn), or one legal card: some card is best in
    # all of it, past the doubt share: no guess.
    guess = max(told.values()) <= DOUBT_SHARE * sum(weights[0::2])
    chance = None
    if guess:
        hits = _weighed(moves[1::2], weights[1::2], lambda move: move.loss == 0)
        chance = round(CALIBRATION.of(hits[play.card] / sum(weights[1::2])), 4)
    return SeatPlay(
        play.play,
        len(moves),
        round(seat_loss, 2),
        round(stake, 2),
        tuple(card for card in losses if losses[card] == least),
        seat_label(play, seat_loss),
        guess,
        chance,
        guess and play.loss == 0,
    )


def _weighed(
    moves: Sequence[tuple[MoveValue, ...]],
    weights: Sequence[float],
    value: Callable[[MoveValue], float],
) -> dict[Card, float]:
    """Each card's `value` summed over the deals of `moves`, each deal weighing its weight."""
    summed: dict[Card, float] = {}
    for deal, weight in zip(moves, weights, strict=True):
        for move in deal:
            summed[move.card] = summed.get(move.card, 0) + weight * value(move)
    return summed


def unseen(play: PlayReview) -> SeatPlay:
    """A play not seen from its seat: not judged, a renonce, or out of time."""
    return SeatPlay(play.play, 0, None, None, (), play.label, False, None, False)


def seat_review_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    options: OptionsT | None = None,
    budget_ms: int = REVIEW_BUDGET_MS,
    first: int = 0,
    samples: int = SEAT_SAMPLES,
    seed: str = SEAT_SEED,
    turned: object = None,
    threads: int = 1,
    calls: Sequence[str] = (),
) -> SeatReview:
    """The review of `record` (`analysis.review_in`, hands required), each judged play then
    seen from its seat over `samples` deals drawn from `seed`, valued on `threads` threads
    (the same figures on any number); the plays not reached within `budget_ms` (for both)
    are left unseen. Each deal weighs how likely the auction was with its hands (`auction`:
    `calls`, else the shortest auction the contract implies) and how likely the other seats'
    cards before the play were (`reading.plays_log_chance`)."""
    start = perf_counter()
    deadline = start + budget_ms / 1000
    chosen = variant.options_or_default(options)
    weigh = auction_weigher(record, chosen, calls, turned)
    review = review_in(variant, record, chosen, budget_ms, first)
    hands = record.hands
    assert hands is not None  # the review requires them
    seen: list[SeatPlay] = []
    for play in review.plays:
        moves = None
        if play.judged and play.exact and play.label != RENONCE:
            moves = _sampled(
                variant,
                record,
                chosen,
                play,
                hands,
                (samples, seed),
                turned,
                deadline,
                threads,
                weigh,
            )
        seen.append(seat_figures(play, *zip(*moves, strict=True)) if moves else unseen(play))
    pairs = list(zip(review.plays, seen, strict=True))
    return SeatReview(
        review,
        tuple(seen),
        tuple(_tally(s, [v for p, v in pairs if p.seat == s]) for s in range(PLAYERS)),
        tuple(_tally(t, [v for p, v in pairs if team_of(p.seat) == t]) for t in range(TEAMS)),
        all(v.samples for p, v in pairs if p.judged and p.exact and p.label != RENONCE),
        elapsed_ms_since(start),
    )


seat_review_deal = partial(seat_review_in, CLASSIC)
seat_review_coinche_deal = partial(seat_review_in, COINCHE)


def auction_weigher(
    record: object, options: object, calls: Sequence[str], turned: object
) -> Callable[[Hands], float] | None:
    """How the auction weighs a deal of the hands (`inference.call_weights`, or classic's
    `classic_call_weights`): the record's `calls` (InconsistentInput at `/calls` when they do
    not end in its contract), else the shortest auction its contract implies (classic's
    needs the turned card; None without it)."""
    try:
        return _auction_weigher(record, options, calls, turned)
    except InconsistentInput as error:
        raise error.moved("/bids", "/calls") from None


def _auction_weigher(
    record: object, options: object, calls: Sequence[str], turned: object
) -> Callable[[Hands], float] | None:
    dealer = record.dealer  # type: ignore[attr-defined]
    if isinstance(record, CoincheRecord):
        assert isinstance(options, CoincheOptions)
        bids = tuple(calls) or implied_coinche_calls(dealer, record.contract, options)
        if calls:
            _check_calls(judge_auction(dealer, bids, options), record.contract)
        return partial(call_weights, dealer, bids, options=options) if bids else None
    assert isinstance(record, DealRecord)
    if not isinstance(turned, Card):
        if calls:
            raise InconsistentInput.at("/turned", "calls_without_turned")
        return None
    bids = tuple(calls) or implied_classic_bids(dealer, record.taker, record.strain, turned)
    bidding = judge_bidding(dealer, turned, bids)
    if bidding.violation is not None or (bidding.taker, bidding.trump) != (
        record.taker,
        record.strain,
    ):
        raise InconsistentInput.at("/calls", "calls_not_contract")
    return partial(classic_call_weights, dealer, bids, turned)


def _check_calls(auction: Any, contract: object) -> None:
    """The coinche calls end in the record's contract (InconsistentInput at `/calls`)."""
    if auction.violation is not None:
        index = auction.violation.index
        raise InconsistentInput.at(f"/calls/{index}", "calls_not_contract")
    if auction.status != TAKEN or auction.contract != contract:
        raise InconsistentInput.at("/calls", "calls_not_contract")


def _sampled(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    options: OptionsT,
    play: PlayReview,
    hands: tuple[tuple[Card, ...], ...],
    drawn_by: tuple[int, str],
    turned: object,
    deadline: float,
    threads: int,
    weigh: Callable[[Hands], float] | None,
) -> list[tuple[tuple[MoveValue, ...], float]]:
    """Every legal card's values in the deals drawn from `play`'s seat before it, as the card
    advice draws and values them for that seat (`card_question`, `valued_deals`, on
    `threads` threads), each with its weight: by the auction (`weigh`; 1 without) times by
    the other seats' plays before it (`reading`, the likeliest deal's 1): one deal
    when the seat had one legal card (nothing to decide); as many as `deadline` lets.
    `drawn_by`: how many deals, and the seed they are drawn from."""
    samples, seed = drawn_by
    before = replace(record, plays=record.plays[: play.play])  # its hands unread: Worlds'
    gone = set(before.plays)
    hand = tuple(card for card in hands[play.seat] if card not in gone)
    question = card_question(variant, before, play.seat, hand, options, turned)  # type: ignore[arg-type]
    ranks = question.view.deals.ranks(samples, Random(f"{seed}/{play.play}"))
    drawn = islice(ranks, 1) if question.forced else ranks
    strain = variant.strain(record)
    read = [
        (
            dealt,
            moves,
            plays_log_chance(PLAY_MODEL, dealt, before.plays, play.seat, strain, options),  # type: ignore[arg-type]
        )
        for dealt, moves in valued_deals(
            question.worlds.values_of, question.view, drawn, deadline, threads
        )
    ]
    likeliest = max((log for _, _, log in read), default=0.0)  # weighs 1: none underflows
    return [
        (moves, (1.0 if weigh is None else weigh(dealt)) * math.exp(log - likeliest))
        for dealt, moves, log in read
    ]


def _tally(side: int, plays: Sequence[SeatPlay]) -> SeatTally:
    counted = [p for p in plays if p.samples]
    loss = sum(p.seat_loss or 0.0 for p in counted)
    stake = sum(p.seat_stake or 0.0 for p in counted)
    guesses = [p for p in counted if p.guess]
    chances = [p.chance or 0.0 for p in guesses]
    return SeatTally(
        side,
        len(counted),
        round(loss, 2),
        round(stake, 2),
        round(100 * (1 - loss / stake), 1) if stake else 100.0,
        len(guesses),
        sum(p.hit for p in guesses),
        round(float(sum(chances)), 4),
        round(float(sum(c * (1 - c) for c in chances)), 4),
    )
