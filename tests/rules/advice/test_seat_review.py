"""The review from the seat (service/rules/advice/seat_review.py): each judged card's seat
loss, seat best and guess over the deals its seat could not tell apart, the label from the
seat, and the tallies. Late positions and few samples: these run once per mutant."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from itertools import count

import pytest

from service.rules import DealRecord
from service.rules.advice import advise, inference, seat_review
from service.rules.advice.policy import (
    DOUBT_SHARE,
    GUESS_CALIBRATION,
    GUESS_CALIBRATION_FILE,
    GUESS_Z_THRESHOLD,
    MIN_GUESSES,
    NEAR_BEST,
    SEAT_MAX_SAMPLES,
    SEAT_SAMPLES,
    UNLUCKY,
    describe_seat_view,
)
from service.rules.advice.seat_review import (
    CALIBRATION,
    CHANCE_FLOOR,
    Calibration,
    SeatPlay,
    logit,
    seat_figures,
    seat_label,
    seat_review_coinche_deal,
    seat_review_deal,
    unseen,
)
from service.rules.analysis.policy import BEST_CARD, BLUNDER, INACCURACY, MISTAKE, RENONCE
from service.rules.analysis.questions import MoveValue
from service.rules.analysis.review import review_deal
from service.rules.analysis.worlds import Worlds
from service.rules.core.cards import Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, team_of
from service.rules.core.strains import SANS_ATOUT
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS as COINCHE_OPTIONS
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from service.text.catalog import text
from tests.rules.builders import cards

# The API's example position (service/api/analysis.py LATE_POSITION), played to the end.
HANDS = (
    cards("AD JH 10D 8S 10C JS KD KS"),
    cards("KH QS 10S 9D 8H 8D 7H QC"),
    cards("9C 9H 9S AH JC AC 7S 7D"),
    cards("QD 10H QH 8C AS JD KC 7C"),
)
FIVE_TRICKS = cards("QS 9S AS JS AD 8D 7D JD 10D 9D 7S QD AH QH JH 7H AC 7C 10C QC")
LAST_TRICKS = cards("9H 10H 8S 8H KD 10S 9C KC KH JC 8C KS")
FIRST = len(FIVE_TRICKS)
RECORD = DealRecord(0, Suit.SPADES, 1, (*FIVE_TRICKS, *LAST_TRICKS), HANDS)
NINE_H, NINE_C = Card.parse("9H"), Card.parse("9C")


@pytest.fixture(autouse=True)
def the_views_own_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests below read the chance the seat's view gives a guess; the calibration on
    honest play, which the audit applies to it, is tested on its own (`Calibration`)."""
    monkeypatch.setattr(seat_review, "CALIBRATION", Calibration(0.0))


@pytest.fixture  # each test its own: mutmut credits a call to the test that made it
def seen():  # type: ignore[no-untyped-def]
    return seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)


def test_the_double_dummy_review_is_kept_whole(seen) -> None:  # type: ignore[no-untyped-def]
    assert seen.review.plays == review_deal(RECORD, first=FIRST, budget_ms=20_000).plays
    assert [view.play for view in seen.plays] == list(range(FIRST, len(RECORD.plays)))
    assert seen.complete


def test_the_first_lead_was_unlucky_not_a_mistake(seen) -> None:  # type: ignore[no-untyped-def]
    play, view = seen.review.plays[0], seen.plays[0]
    assert (play.card, play.best, play.loss, play.label) == (NINE_H, (NINE_C,), 4, INACCURACY)
    assert view.samples == 4
    assert NINE_H in view.seat_best and NINE_C not in view.seat_best
    assert view.seat_loss == 0.0
    assert view.seat_stake is not None and view.seat_stake > 0
    assert view.seat_label == UNLUCKY


def test_a_forced_card_is_seen_in_one_deal(seen) -> None:  # type: ignore[no-untyped-def]
    last = seen.plays[-1]  # the last card of the deal: one legal card
    assert (last.samples, last.seat_loss, last.seat_stake, last.guess) == (1, 0.0, 0.0, False)
    assert last.seat_best == (seen.review.plays[-1].card,)


def test_the_tallies_add_the_plays(seen) -> None:  # type: ignore[no-untyped-def]
    for seat in range(PLAYERS):
        mine = [v for p, v in zip(seen.review.plays, seen.plays, strict=True) if p.seat == seat]
        tally = seen.seats[seat]
        assert tally.side == seat
        assert tally.plays == len(mine)
        assert tally.seat_loss == round(sum(v.seat_loss or 0 for v in mine), 2)
        assert tally.seat_stake == round(sum(v.seat_stake or 0 for v in mine), 2)
        stake, loss = tally.seat_stake, tally.seat_loss
        assert tally.seat_precision == (round(100 * (1 - loss / stake), 1) if stake else 100.0)
        assert tally.guess_decisions == sum(v.guess for v in mine)
        assert tally.guess_hits == sum(v.hit for v in mine)
        chances = [v.chance for v in mine if v.guess]
        assert tally.guess_expected == round(sum(chances), 4)
        assert tally.guess_variance == round(sum(c * (1 - c) for c in chances), 4)
        assert isinstance(tally.guess_expected, float)
    for team, tally in enumerate(seen.teams):
        seats = [s for s in seen.seats if team_of(s.side) == team]
        assert tally.side == team
        assert tally.plays == sum(s.plays for s in seats)
        assert tally.guess_decisions == sum(s.guess_decisions for s in seats)
        assert tally.guess_hits == sum(s.guess_hits for s in seats)
        assert tally.seat_loss == pytest.approx(sum(s.seat_loss for s in seats), abs=0.02)


def test_the_same_seed_draws_the_same_deals(seen) -> None:  # type: ignore[no-untyped-def]
    again = seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)
    assert again.plays == seen.plays
    other = seat_review_deal(RECORD, first=FIRST, samples=4, seed="other", budget_ms=20_000)
    assert [v.samples for v in other.plays] == [v.samples for v in seen.plays]


def test_out_of_time_the_plays_are_left_unseen() -> None:
    late = seat_review_deal(RECORD, first=len(RECORD.plays) - 4, samples=4, budget_ms=0)
    assert not late.complete or all(not p.exact for p in late.review.plays)
    assert all(v.samples == 0 and v.seat_loss is None for v in late.plays)


def test_a_coinche_deal_is_seen_from_the_seats() -> None:
    contract = Contract(1, 100, Suit.SPADES, 1)
    record = CoincheRecord(0, contract, RECORD.plays, HANDS)
    seen = seat_review_coinche_deal(record, first=len(RECORD.plays) - 4, samples=2)
    assert seen.complete
    assert [v.samples for v in seen.plays] == [1, 1, 1, 1]  # the last trick: forced


# --- one decision ------------------------------------------------------------------------------

A, B, C = cards("AS KS QS")


def deal(*losses: int) -> tuple[MoveValue, ...]:
    return tuple(
        MoveValue(card, None, loss)  # type: ignore[arg-type]
        for card, loss in zip((A, B, C), losses, strict=False)
    )


def play_of(card: Card, loss: int):  # type: ignore[no-untyped-def]
    judged = review_deal(RECORD, first=len(RECORD.plays) - 1).plays[0]
    return replace(judged, play=7, card=card, loss=loss, label=None)


# Hearts trump, dealer 2, taker 2: seat 1 holds the king and queen of hearts and plays the
# king in the sixth trick (play 22), the queen in the seventh (play 27).
BELOTE_DEAL = DealRecord(
    2,
    Suit.HEARTS,
    2,
    cards(
        "JS AS 10S KS QC 10C KC 7C JD 9D QD 7D 7H 8H JH 9H 8D KD AH 10D QS 9S KH 10H "
        "9C 8S AC QH AD JC 7S 8C"
    ),
    (
        cards("9S 7D QC 8H 10D AS AC 8C"),
        cards("JH 10S 10C JD 8D AD KH QH"),
        cards("KS KD JC 9C 9H 10H KC 9D"),
        cards("QD JS 7S 8S 7H 7C AH QS"),
    ),
)


def test_an_announced_belote_tells_the_other_seats_where_its_second_honour_is() -> None:
    # Announced, the belote says that seat 1, having played the king, still holds the queen:
    # the seats that play before it in the seventh trick see fewer deals (every deal valued,
    # samples above their count). Unannounced, the queen could be in any unseen hand.
    announced = seat_review_deal(replace(BELOTE_DEAL, belote_announced=True), first=24, samples=256)
    silent = seat_review_deal(BELOTE_DEAL, first=24, samples=256)
    seventh = list(zip(announced.review.plays, announced.plays, silent.plays, strict=True))[:3]
    assert [play.seat for play, _, _ in seventh] == [2, 3, 0]
    assert all(told.samples < free.samples for _, told, free in seventh)


def test_the_review_from_the_seat_is_judged_under_the_rules_asked() -> None:
    # Hearts trump, dealer 3. In the seventh trick (plays 24 to 27) seat 2 leads the queen
    # of clubs, seat 3 plays the 10, seat 0 trumps with the queen of hearts and seat 1, out
    # of clubs, plays the 8 of hearts under it. Undertrumping required (the default), that 8
    # was its one legal card; optional, it could have kept it and discarded the 7 of spades.
    record = DealRecord(
        3,
        Suit.HEARTS,
        0,
        cards(
            "10S QS AS 8S 10D AD 7D 8D 8C 7C AC JC JS KS 7H JH JD KH 9D KD 9S 9H 9C KC "
            "QC 10C QH 8H AH 7S 10H QD"
        ),
        (
            cards("7D 10S QH KC JH 7C JD AH"),
            cards("KH QS 7S 9S JS 8D AC 8H"),
            cards("9H AS KS 9D 10D QC 10H JC"),
            cards("KD 7H QD 8S 10C 9C 8C AD"),
        ),
    )
    optional = RuleOptions(undertrump="optional")
    seen = seat_review_deal(record, optional, first=24, samples=4)
    required = seat_review_deal(record, first=24, samples=4)
    assert seen.review.plays == review_deal(record, optional, first=24).plays
    assert seen.review.plays != required.review.plays == review_deal(record, first=24).plays
    free, bound = seen.plays[3], required.plays[3]
    assert (free.play, free.samples, free.seat_best) == (27, 4, cards("7S 8H"))
    assert (bound.play, bound.samples, bound.seat_best) == (27, 1, cards("8H"))
    assert seen.complete and required.complete


def test_the_seat_loss_is_against_the_least_mean_loss() -> None:
    moves = [deal(0, 10, 30), deal(20, 0, 30), deal(0, 10, 0), deal(20, 0, 30)]
    view = seat_figures(play_of(C, 30), moves)
    # mean losses: A 40/4, B 20/4, C 90/4: B best from the seat
    assert view.play == 7
    assert view.samples == 4
    assert view.seat_best == (B,)
    assert view.seat_loss == round(70 / 4, 2)
    assert view.seat_stake == round(70 / 4, 2)
    assert view.seat_label == MISTAKE
    # best shares over the even deals (the first and third): A 2/2, C 1/2: no doubt
    assert not view.guess and view.chance is None


def test_a_guess_hits_on_a_double_dummy_best_card() -> None:
    # A guess is read on the even deals (A best in one, B in the other), its chance on the odd
    # ones (B best in two of four): B, the double-dummy best card, hits.
    moves = [
        deal(0, 10),
        deal(5, 0),
        deal(10, 0),
        deal(0, 5),
        deal(0, 10),
        deal(5, 0),
        deal(0, 10),
        deal(5, 5),
    ]
    view = seat_figures(play_of(B, 0), moves)
    assert (view.guess, view.chance, view.hit, view.seat_label) == (True, 0.5, True, BEST_CARD)
    assert view.seat_loss == round(15 / 8, 2) and view.seat_best == (A,)  # A: 25, B: 40


def test_no_guess_when_a_card_is_best_in_more_than_the_doubt_share() -> None:
    assert DOUBT_SHARE == 0.75
    a, b = deal(0, 4), deal(4, 0)
    # A best in 3 of the 4 even deals: still a guess; its chance is read on the odd deals.
    eight = [a, b, a, b, a, b, b, b]
    view = seat_figures(play_of(A, 0), eight)
    assert (view.guess, view.chance) == (True, 0.0)
    ten = [a, b, a, b, a, b, a, b, b, b]  # A best in 4 of the 5 even deals: no doubt
    view = seat_figures(play_of(A, 0), ten)
    assert (view.guess, view.chance, view.hit) == (False, None, False)


def test_one_deal_tells_no_guess() -> None:
    view = seat_figures(play_of(A, 0), [deal(0, 0)])
    assert (view.guess, view.chance, view.samples) == (False, None, 1)


def test_one_legal_card_is_no_guess() -> None:
    view = seat_figures(play_of(A, 0), [deal(0)])
    assert (view.guess, view.seat_loss, view.seat_stake, view.seat_best) == (False, 0, 0, (A,))


@pytest.mark.parametrize(
    ("loss", "seat_loss", "label"),
    [
        (0, 30.0, BEST_CARD),
        (3, 0.0, UNLUCKY),
        (40, NEAR_BEST - 0.01, UNLUCKY),
        (40, NEAR_BEST, INACCURACY),
        (1, 9.4, INACCURACY),
        (1, 9.5, MISTAKE),
        (12, 24.6, BLUNDER),
    ],
)
def test_the_label_from_the_seat(loss: int, seat_loss: float, label: str) -> None:
    assert seat_label(play_of(A, loss), seat_loss) == label


def test_an_unseen_play_keeps_its_label() -> None:
    play = replace(play_of(A, 20), label=RENONCE)
    assert unseen(play) == SeatPlay(7, 0, None, None, (), RENONCE, False, None, False)


def test_the_rules_state_the_thresholds() -> None:
    english, french = describe_seat_view("en"), describe_seat_view("fr")
    assert (english.default_samples, english.near_best, english.doubt_share) == (
        SEAT_SAMPLES,
        NEAR_BEST,
        DOUBT_SHARE,
    )
    assert (english.guess_z_threshold, english.min_guesses) == (GUESS_Z_THRESHOLD, MIN_GUESSES)
    assert english.unlucky == (
        "A card with a double-dummy loss that was best or near best from its seat (seat loss "
        "under 5 points): the cards lay against it, not a mistake."
    )
    assert french.unlucky.startswith("Une carte perdante à cartes ouvertes")
    assert "dans plus de 75 % de la moitié des donnes" in french.guess
    assert "more than 75% of half the deals" in english.guess
    assert english.seat_loss == text("advice.seat_view.seat_loss", "en") != french.seat_loss
    assert describe_seat_view("de") == english
    assert english.max_samples == SEAT_MAX_SAMPLES == 256
    assert str(MIN_GUESSES) in english.guess and "75" in french.guess


def test_the_rules_state_the_calibration_on_honest_play() -> None:
    english, french = describe_seat_view("en"), describe_seat_view("fr")
    assert english.guess_calibration == french.guess_calibration == GUESS_CALIBRATION
    odds = math.exp(GUESS_CALIBRATION)
    assert f"its odds times {odds:.2f} (what honest strong players" in english.guess
    assert f"sa cote multipliée par {odds:.2f}".replace(".", ",") in french.guess


def test_a_tally_of_guesses_sums_their_chances_and_spread() -> None:
    from service.rules.advice.seat_review import _tally

    plays = [
        SeatPlay(1, 4, 2.0, 10.0, (A,), UNLUCKY, True, 0.25, False),
        SeatPlay(2, 4, 0.0, 4.0, (B,), BEST_CARD, True, 0.5, True),
        SeatPlay(3, 1, 0.0, 0.0, (C,), BEST_CARD, False, None, False),
        SeatPlay(4, 0, None, None, (), RENONCE, False, None, False),  # not seen: not counted
    ]
    tally = _tally(2, plays)
    assert (tally.side, tally.plays, tally.seat_loss, tally.seat_stake) == (2, 3, 2.0, 14.0)
    assert tally.seat_precision == round(100 * (1 - 2 / 14), 1)
    assert (tally.guess_decisions, tally.guess_hits) == (2, 1)
    assert (tally.guess_expected, tally.guess_variance) == (0.75, 0.4375)
    empty = _tally(0, plays[2:])
    assert (empty.seat_precision, empty.guess_expected, empty.guess_variance) == (100.0, 0.0, 0.0)


def test_what_the_record_says_seats_hold_narrows_the_deals() -> None:
    # Two tricks from the end, every deal of the unseen cards valued (samples above their
    # count): the turned card, still in the taker's hand, pins it there for the other seats.
    first = len(RECORD.plays) - 8
    gone = set(RECORD.plays[:first])
    turned = next(card for card in HANDS[RECORD.taker] if card not in gone)
    free = seat_review_deal(RECORD, first=first, samples=256)
    pinned = seat_review_deal(RECORD, first=first, samples=256, turned=turned)
    others = [
        (f.samples, p.samples)
        for play, f, p in zip(free.review.plays, free.plays, pinned.plays, strict=True)
        if play.seat != RECORD.taker and f.samples > 1
    ]
    assert others and all(p < f for f, p in others)


def test_each_play_is_seen_over_the_deals_its_seed_draws_for_it(seen) -> None:  # type: ignore[no-untyped-def]
    """Every judged play's figures are `seat_figures` over the deals that `Random("seat/N")`
    draws (N the play's index) from that seat's view before it, each valued by `Worlds` and
    weighing how likely the other seats' plays were in it (`reading`, the likeliest deal 1):
    the review's default seed and options."""
    from math import exp
    from random import Random

    from service.rules.advice.advise import holdings_in
    from service.rules.advice.reading import PLAY_MODEL, plays_log_chance
    from service.rules.advice.seat_review import SEAT_SEED
    from service.rules.advice.view import seat_view
    from service.rules.analysis.worlds import Worlds
    from service.rules.variants import CLASSIC
    from service.rules.variants.classic.options import DEFAULT_OPTIONS

    for play, view in list(zip(seen.review.plays, seen.plays, strict=True))[:6]:
        before = replace(RECORD, plays=RECORD.plays[: play.play], hands=None)
        worlds = Worlds(CLASSIC, before, DEFAULT_OPTIONS)
        hand = tuple(c for c in HANDS[play.seat] if c not in before.plays)
        holdings = holdings_in(CLASSIC, before, worlds.judged, None, DEFAULT_OPTIONS)
        sat = seat_view(
            play.seat,
            hand,
            worlds.judged.tricks,
            worlds.judged.renonces,
            Suit.SPADES,
            DEFAULT_OPTIONS,
            holdings,
        )
        ranks = list(sat.deals.ranks(4, Random(f"{SEAT_SEED}/{play.play}")))
        dealt = [sat.hands(sat.deals.deal(r)) for r in ranks]
        moves = [worlds.values(hands, 1e12) for hands in dealt]
        if len(moves[0] or ()) == 1:
            moves, dealt = moves[:1], dealt[:1]  # a forced card: one deal
        read = [
            plays_log_chance(
                PLAY_MODEL, hands, before.plays, play.seat, Suit.SPADES, DEFAULT_OPTIONS
            )
            for hands in dealt
        ]
        weights = [exp(log - max(read)) for log in read]
        assert view == seat_figures(play, moves, weights)  # type: ignore[arg-type]
    assert seen.elapsed_ms >= 0 and isinstance(seen.elapsed_ms, float)


def test_a_tally_is_rounded_as_the_answer_shows_it() -> None:
    """Losses and stakes to 2 decimals, a guess's chances and spread to 4; a guess whose card
    was never best counts its chance 0."""
    from service.rules.advice.seat_review import _tally

    third = 1 / 3
    plays = [
        SeatPlay(1, 3, third, 2 * third, (A,), UNLUCKY, True, 1 / 7, False),
        SeatPlay(2, 3, third, 2 * third, (B,), UNLUCKY, True, 0.0, False),
    ]
    tally = _tally(1, plays)
    assert (tally.seat_loss, tally.seat_stake) == (0.67, 1.33)
    assert (tally.guess_expected, tally.guess_variance) == (0.1429, 0.1224)


def test_by_default_the_review_starts_at_the_deal_s_first_card() -> None:
    unjudged = seat_review_deal(RECORD, samples=1, budget_ms=0)  # no time: nothing searched
    assert [view.play for view in unjudged.plays] == list(range(len(RECORD.plays)))


def test_a_renonce_is_not_seen_from_its_seat_and_leaves_the_review_complete() -> None:
    # 10H kept and KC played on the 9H lead of the sixth trick: a renonce.
    plays = list(RECORD.plays)
    plays[21], plays[27] = plays[27], plays[21]
    seen = seat_review_deal(replace(RECORD, plays=tuple(plays)), first=FIRST, samples=2)
    renonce, view = seen.review.plays[21 - FIRST], seen.plays[21 - FIRST]
    assert (renonce.card, renonce.label) == (Card.parse("KC"), RENONCE)
    assert (view.samples, view.seat_loss, view.seat_label) == (0, None, RENONCE)
    assert seen.complete  # every other judged play was seen


def test_a_play_reached_once_the_budget_is_spent_is_left_unseen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The clock the deals are taken by jumps past the budget once the first play's deals
    # are valued: the first play keeps its 4, the next is left unseen.
    real, asked = advise.perf_counter, []
    monkeypatch.setattr(advise, "perf_counter", lambda: real() + (10**6 if asked else 0))
    values_of = Worlds.values_of

    def valued(self: Worlds, deals: list, deadline: float) -> list:  # type: ignore[type-arg]
        asked.append(len(deals))
        return values_of(self, deals, deadline)

    monkeypatch.setattr(Worlds, "values_of", valued)
    seen = seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)
    assert [view.samples for view in seen.plays[:2]] == [4, 0]
    assert asked == [4]  # one question to the search for a play's deals
    assert seen.plays[0].seat_loss is not None and not seen.complete


def test_deals_not_valued_in_time_end_the_play_s_deals_keeping_those_valued(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search runs out of time after the first play's second deal (it answers the deals
    # valued before the deadline, the first ones); the next play has its time again.
    values_of, calls = Worlds.values_of, count()

    def cut(self: Worlds, deals: list, deadline: float) -> list:  # type: ignore[type-arg]
        answers = values_of(self, deals, deadline)
        return answers[:2] if next(calls) == 0 else answers

    plain = seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)
    monkeypatch.setattr(Worlds, "values_of", cut)
    seen = seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)
    assert (seen.plays[0].samples, plain.plays[0].samples) == (2, 4)
    assert seen.plays[0].seat_loss is not None and seen.complete
    assert seen.plays[1:] == plain.plays[1:]


def test_the_budget_is_milliseconds_from_the_review_s_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The clock the deals are taken by stops at 99.95% of the review's 20 s: every play is
    # still seen over its deals, within the budget to the millisecond.
    start = seat_review.perf_counter()
    monkeypatch.setattr(seat_review, "perf_counter", lambda: start)
    monkeypatch.setattr(advise, "perf_counter", lambda: start + 19.99)
    seen = seat_review_deal(RECORD, first=FIRST, samples=4, budget_ms=20_000)
    assert seen.complete and seen.plays[0].samples == 4


def test_the_review_from_the_seat_is_the_same_on_two_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The fourth trick's lead (20 cards held: advise.PARALLEL_FROM) has its deals valued on
    # the threads asked; the later plays, too quick to share, on one. The same figures.
    values_in_order, threads = advise.values_in_order, []

    def spied(*args: object) -> object:
        threads.append(args[3])
        return values_in_order(*args)  # type: ignore[arg-type]

    # A budget no loaded machine runs out of: the two reviews complete, whatever the load.
    one = seat_review_deal(RECORD, first=12, samples=2, budget_ms=20_000)
    monkeypatch.setattr(advise, "values_in_order", spied)
    two = seat_review_deal(RECORD, first=12, samples=2, threads=2, budget_ms=20_000)
    assert two.plays == one.plays and two.complete
    assert threads[0] == 2 and set(threads[1:]) == {1}


# --- the auction weighs the deals ----------------------------------------------------------------


def test_a_deal_the_auction_makes_likelier_weighs_more() -> None:
    a, b = deal(0, 10), deal(5, 0)
    moves = [a, b, b, a]
    # Even deals (a, b) weighed 1 and 1: a guess. Odd deals (b, a) weighed 3 and 2: B best in
    # 3/5 of their weight. Mean losses over the weight 7: A 20/7, B 30/7.
    view = seat_figures(play_of(B, 0), moves, [1.0, 3.0, 1.0, 2.0])
    assert (view.guess, view.chance, view.hit) == (True, 0.6, True)
    assert view.samples == 4
    assert view.seat_best == (A,) and view.seat_loss == round(10 / 7, 2)
    alike = seat_figures(play_of(B, 0), moves)
    assert alike == seat_figures(play_of(B, 0), moves, [2.0, 2.0, 2.0, 2.0])
    assert (alike.chance, alike.seat_best) == (0.5, (A,))


def test_no_guess_when_the_weighted_best_share_is_past_the_doubt_share() -> None:
    moves = [deal(0, 4), deal(0, 4), deal(4, 0), deal(4, 0)]
    assert seat_figures(play_of(A, 0), moves, [1.0, 1.0, 1.0, 1.0]).guess
    view = seat_figures(play_of(A, 0), moves, [4.0, 1.0, 1.0, 1.0])  # A best in 4/5 of the even
    assert (view.guess, view.chance) == (False, None)


COINCHE_RECORD = CoincheRecord(0, Contract(1, 100, Suit.SPADES, 1), RECORD.plays, HANDS)


def test_without_its_calls_a_coinche_deal_weighs_the_auction_its_contract_implies() -> None:
    implied = inference.implied_coinche_calls(0, COINCHE_RECORD.contract)
    assert implied == ("100S", "coinche", "pass", "pass", "pass")
    weigh = seat_review.auction_weigher(COINCHE_RECORD, COINCHE_OPTIONS, (), None)
    assert weigh is not None
    assert weigh(HANDS) == inference.call_weights(0, implied, HANDS)
    # The taker's spades weigh: the same deal with its spades given away weighs less.
    swapped = (HANDS[0], HANDS[2], HANDS[1], HANDS[3])
    assert weigh(swapped) != weigh(HANDS)


def test_a_surcoinched_contract_implies_its_coinche_and_surcoinche() -> None:
    contract = Contract(3, 80, Suit.HEARTS, 2)
    assert inference.implied_coinche_calls(1, contract) == (
        "pass",
        "80H",
        "coinche",
        "surcoinche",
    )


def test_coinche_calls_that_do_not_end_in_the_contract_are_refused_at_calls() -> None:
    options = COINCHE_OPTIONS
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(COINCHE_RECORD, options, ("90S", "pass"), None)
    assert [p.pointer for p in refused.value.problems] == ["/calls"]
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(COINCHE_RECORD, options, ("100S", "70H"), None)
    assert [(p.pointer, p.code) for p in refused.value.problems] == [
        ("/calls/1", "calls_not_contract")
    ]
    given = ("100S", "110S", "pass", "pass", "coinche", "pass", "pass", "pass")
    record = replace(COINCHE_RECORD, contract=Contract(2, 110, Suit.SPADES, 1))
    weigh = seat_review.auction_weigher(record, options, given, None)
    assert weigh is not None and weigh(HANDS) == inference.call_weights(0, given, HANDS)


TURNED = Card.parse("JS")  # seat 1 took spades in round 1: the turned card is its jack


def test_a_classic_deal_weighs_its_bids_with_the_turned_card() -> None:
    implied = inference.implied_classic_bids(0, 1, Suit.SPADES, TURNED)
    assert implied == ("take",)
    options = RuleOptions()
    weigh = seat_review.auction_weigher(RECORD, options, (), TURNED)
    assert weigh is not None
    assert weigh(HANDS) == inference.classic_call_weights(0, implied, TURNED, HANDS)
    assert seat_review.auction_weigher(RECORD, options, (), None) is None
    round_two = inference.implied_classic_bids(0, 1, Suit.SPADES, Card.parse("7H"))
    assert round_two == ("pass", "pass", "pass", "pass", "S")
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(RECORD, options, ("pass", "take"), TURNED)
    assert [p.pointer for p in refused.value.problems] == ["/calls"]
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(RECORD, options, ("take",), None)
    assert [p.pointer for p in refused.value.problems] == ["/turned"]


def test_classic_bids_read_as_the_passes_and_the_take_of_the_hands() -> None:
    strong, weak = cards("JS 9S AS 10S KS AH AD AC"), cards("7H 8H 7D 8D 7C 8C 9D 9C")
    hands = (weak, strong, weak, weak)
    take = inference.classic_call_weights(0, ("take",), TURNED, hands)
    assert take > 0.9  # a strong hand takes
    reversed_ = inference.classic_call_weights(0, ("take",), TURNED, (strong, weak, strong, weak))
    assert reversed_ == inference.FLOOR  # a hand of nothing takes at the floor
    passes = inference.classic_call_weights(
        0, ("pass", "take"), TURNED, (weak, strong, strong, weak)
    )
    assert passes < inference.classic_call_weights(
        0, ("pass", "take"), TURNED, (weak, weak, strong, weak)
    )
    skipped = inference.classic_call_weights(0, ("pass", "take"), TURNED, hands, skip=1)
    assert skipped == inference.classic_call_weights(0, ("pass",), TURNED, hands)
    named = inference.classic_call_weights(0, ("pass",) * 5 + ("S",), Card.parse("7H"), hands)
    assert 0 < named <= 1


def test_a_reading_too_unlikely_for_a_float_still_weighs_its_deals(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The reading's weights are relative to the likeliest deal's: plays read as likely as
    e^-1000 in every deal (a float's 0) weigh the deals as plays read as certain."""
    first = len(RECORD.plays) - 8
    monkeypatch.setattr(seat_review, "plays_log_chance", lambda *_: 0.0)
    certain = seat_review_deal(RECORD, first=first, samples=8)
    monkeypatch.setattr(seat_review, "plays_log_chance", lambda *_: -1000.0)
    assert seat_review_deal(RECORD, first=first, samples=8).plays == certain.plays


def test_the_calls_change_the_seat_view_of_a_coinche_deal() -> None:
    # The same deals drawn, weighed by two auctions that end in the same contract: the
    # dealer's coinche after two passes, or seat 2's at once (implied); from the fifth trick,
    # where the play read does not yet outweigh the auction.
    first = len(RECORD.plays) - 16
    implied = seat_review_coinche_deal(COINCHE_RECORD, first=first, samples=8, budget_ms=20_000)
    late = ("100S", "pass", "pass", "coinche", "pass", "pass", "pass")
    told = seat_review_coinche_deal(
        COINCHE_RECORD, first=first, samples=8, calls=late, budget_ms=20_000
    )
    assert told.complete and implied.complete
    assert [p.samples for p in told.plays] == [p.samples for p in implied.plays]
    assert [(p.seat_loss, p.chance) for p in told.plays] != [
        (p.seat_loss, p.chance) for p in implied.plays
    ]


def test_a_card_best_in_too_few_deals_leaves_no_doubt_about_the_others() -> None:
    # Even deals: A best in one, B in the other, C in neither: no card past the doubt share,
    # a guess (whatever share C has); its chance on the odd deals.
    a_or_b = [deal(0, 4, 4), deal(4, 0, 4), deal(4, 0, 4), deal(0, 4, 4)]
    view = seat_figures(play_of(A, 0), a_or_b)
    assert (view.guess, view.chance) == (True, 0.5)
    # Weights of a third: the chance and the stake keep 4 and 2 decimals.
    thirds = seat_figures(
        play_of(A, 0), [*a_or_b, deal(0, 4, 4), deal(4, 0, 4)], [1, 1, 1, 1, 1, 1]
    )
    assert thirds.chance == round(1 / 3, 4)
    assert seat_figures(play_of(A, 0), a_or_b[:3]).seat_stake == round(8 / 3, 2)  # C 12, B 4


def test_a_third_of_the_deals_gives_the_chance_to_four_places() -> None:
    a, b = deal(0, 4), deal(4, 0)
    view = seat_figures(play_of(A, 0), [a, a, b, b, a, b])  # odd deals: a, b, b
    assert (view.guess, view.chance) == (True, round(1 / 3, 4)) and view.chance == 0.3333
    # Over three deals, A loses 4 and B 8: a stake of 4/3, to two places.
    assert seat_figures(play_of(A, 0), [a, a, b]).seat_stake == 1.33


def test_the_doubt_share_is_of_the_even_deals_weight() -> None:
    # Even deals weigh 4 and 1: A best in 4/5, past the doubt share, though the odd deals
    # weigh far more.
    moves = [deal(0, 4), deal(0, 4), deal(4, 0), deal(4, 0)]
    view = seat_figures(play_of(A, 0), moves, [4.0, 10.0, 1.0, 10.0])
    assert (view.guess, view.chance) == (False, None)


def test_classic_bids_weigh_as_their_model_reads_each_bid() -> None:
    weak, strong = cards("7H 8H 7D 8D 7C 8C 9D 9C"), cards("JS 9S AS 10S KS AH AD AC")
    spades = cards("JS 9S 7S 8S AD 7D 8C 7C")
    hands = (weak, strong, spades, weak)
    turned = Card.parse("7H")  # a heart turned: all pass in round 1, seat 2 names spades
    bids = ("pass",) * 4 + ("pass", "S")
    others = [Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS]
    expected = 1.0
    for seat in (1, 2, 3, 0):  # round 1, from the dealer's next
        expected *= inference._passed((*hands[seat], turned), [Suit.HEARTS])
    expected *= inference._passed((*hands[1], turned), others)  # round 2: seat 1 passes
    expected *= max(
        inference.FLOOR,
        inference.likely(inference.hand_value(hands[2], Suit.SPADES) - inference.MIN_BID),
    )
    assert inference.classic_call_weights(0, bids, turned, hands) == pytest.approx(expected)
    without_two = expected / inference._passed((*hands[2], turned), [Suit.HEARTS])
    without_two /= max(
        inference.FLOOR,
        inference.likely(inference.hand_value(hands[2], Suit.SPADES) - inference.MIN_BID),
    )
    assert inference.classic_call_weights(0, bids, turned, hands, skip=2) == pytest.approx(
        without_two
    )


def test_the_implied_bids_start_from_the_dealer_s_next() -> None:
    assert inference.implied_classic_bids(1, 0, Suit.SPADES, TURNED) == ("pass", "pass", "take")
    assert inference.implied_classic_bids(3, 0, Suit.SPADES, TURNED) == ("take",)


def test_the_implied_calls_close_the_auction_as_the_options_say() -> None:
    four = CoincheOptions(auction_end="four_passes")
    implied = inference.implied_coinche_calls(0, COINCHE_RECORD.contract, four)
    assert implied == ("100S", "coinche", "pass", "pass", "pass")  # a coinche: three
    plain = Contract(1, 100, Suit.SPADES, 0)
    assert inference.implied_coinche_calls(0, plain, four) == ("100S",) + ("pass",) * 4
    assert inference.implied_coinche_calls(0, plain) == ("100S",) + ("pass",) * 3
    record = replace(COINCHE_RECORD, contract=plain)
    weigh = seat_review.auction_weigher(record, four, (), None)
    assert weigh is not None
    assert weigh(HANDS) == inference.call_weights(0, ("100S",) + ("pass",) * 4, HANDS, four)
    assert inference.implied_coinche_calls(0, Contract(1, 85, Suit.SPADES, 0)) == ()


def test_the_calls_are_read_under_the_rules_asked() -> None:
    sa_ta = CoincheOptions(sa_ta=True)
    record = replace(COINCHE_RECORD, contract=Contract(1, 100, SANS_ATOUT, 0))
    calls = ("100SA", "pass", "pass", "pass")
    weigh = seat_review.auction_weigher(record, sa_ta, calls, None)
    assert weigh is not None and weigh(HANDS) == inference.call_weights(0, calls, HANDS, sa_ta)
    assert weigh(HANDS) != inference.call_weights(0, calls[:1], HANDS, sa_ta)
    implied = seat_review.auction_weigher(record, sa_ta, (), None)
    assert implied is not None and implied(HANDS) == weigh(HANDS)
    # A pass reads the best bid a hand allows, sans-atout and tout-atout among them.
    assert weigh(HANDS) != inference.call_weights(0, calls, HANDS)


def test_calls_ending_in_another_contract_or_unreadable_are_refused_at_calls() -> None:
    options = COINCHE_OPTIONS
    other = ("90S", "pass", "pass", "pass")  # a contract, but not the record's
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(COINCHE_RECORD, options, other, None)
    assert [(p.pointer, p.code) for p in refused.value.problems] == [
        ("/calls", "calls_not_contract")
    ]
    with pytest.raises(InconsistentInput) as refused:
        seat_review.auction_weigher(COINCHE_RECORD, options, ("100S", "eighty"), None)
    assert [p.pointer for p in refused.value.problems] == ["/calls/1"]


def test_a_classic_deal_s_bids_are_read_with_its_turned_card() -> None:
    # Seat 1 took spades: the turned card its 10 of spades, its bid a take in round 1.
    ten = Card.parse("10S")
    first = len(RECORD.plays) - 4
    seen = seat_review_deal(RECORD, first=first, samples=2, turned=ten, calls=("take",))
    assert seen.complete
    with pytest.raises(InconsistentInput):  # bids without their turned card
        seat_review_deal(RECORD, first=first, samples=2, calls=("take",))


# --- the calibration on honest play ---------------------------------------------------------


def test_without_calibration_the_chance_is_the_views_own() -> None:
    for p in (0.0, 0.001, 0.25, 0.5, 0.9999, 1.0):
        assert Calibration(0.0).of(p) == p


def test_the_calibration_multiplies_the_views_odds() -> None:
    """An honest player's odds of hitting are the view's times e^a: at a = ln 3, a guess the
    view gives even odds (1 to 1) is hit at 3 to 1, one at 1 to 3 at even odds."""
    calibration = Calibration(math.log(3))
    assert calibration.of(0.5) == pytest.approx(0.75)
    assert calibration.of(0.25) == pytest.approx(0.5)
    assert Calibration(-math.log(3)).of(0.75) == pytest.approx(0.5)


def test_a_chance_of_0_or_1_is_read_as_almost_never_or_almost_always() -> None:
    assert logit(0.0) == logit(CHANCE_FLOOR) == pytest.approx(math.log(0.005 / 0.995))
    assert logit(1.0) == logit(1 - CHANCE_FLOOR) == pytest.approx(-logit(0.0))
    assert logit(0.3) == pytest.approx(math.log(0.3 / 0.7))
    calibrated = Calibration(1.0)
    assert 0 < calibrated.of(0.0) < 0.02 and 0.99 < calibrated.of(1.0) < 1


def test_the_committed_calibration_is_read_from_its_file() -> None:
    saved = json.loads(GUESS_CALIBRATION_FILE.read_text())
    assert Calibration(saved["a"]) == CALIBRATION and saved["a"] > 0


def test_a_guess_s_chance_is_calibrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chance a guess counts is the view's, calibrated: at a = ln 3 the view's 0.5 (best
    in one of the two odd deals) counts 0.75."""
    monkeypatch.setattr(seat_review, "CALIBRATION", Calibration(math.log(3)))
    # As in test_a_guess_hits_on_a_double_dummy_best_card: B best in two odd deals of four.
    moves = [deal(0, 10), deal(5, 0), deal(10, 0), deal(0, 5)] * 2
    view = seat_figures(play_of(B, 0), moves)
    assert (view.guess, view.chance, view.hit) == (True, 0.75, True)
