"""The review of a deal (service/rules/analysis/review.py): every play against perfect play,
checked against the brute force of tests/rules/analysis/test_questions.py in the last three
tricks and against the solver (`solve`) at each position, on the reference search."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import DealRecord, RuleOptions, replay
from service.rules.analysis.policy import (
    BEST_CARD,
    BLUNDER,
    INACCURACY,
    LABELS,
    MISTAKE,
    RENONCE,
    REVIEW_BUDGET_MS,
    REVIEW_MAX_BUDGET_MS,
    describe_review,
)
from service.rules.analysis.questions import Outcome, solve, solve_coinche
from service.rules.analysis.review import (
    Review,
    label_of,
    precision_of,
    review_coinche_deal,
    review_deal,
)
from service.rules.analysis.review_words import play_words, renonce_words, seat_words, team_words
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.seats import PLAYERS, team_of
from service.rules.variants import COINCHE as COINCHE_VARIANT
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from service.text.catalog import text
from support.deals import DECK_SIZE, play_deal
from tests.rules.analysis.test_questions import (
    EXAMPLES,
    OPTIONS,
    UNHURRIED,
    Case,
    Node,
    Tree,
    child,
    classic_case,
    coinche_case,
    coinche_endings,
    margin,
    margin_of,
    minimax,
    position_of,
    tree,
)
from tests.rules.builders import cards

LAST_THREE = DECK_SIZE - 3 * PLAYERS  # the first play of the last three tricks

# --- against the brute force and the solver ----------------------------------------------------


@dataclass(frozen=True)
class Reviewing:
    """A deal to review from play `first` on: the brute force's case, the solver's value of
    each position, and the review."""

    case: Case
    first: int
    value_at: Callable[[int], Outcome | None]
    review: Callable[[], Review]
    renonces: frozenset[int]


def reviewing(
    case: Case,
    options: RuleOptions | CoincheOptions,
    first: int,
    variant: tuple[Callable[..., Any], Callable[..., Review], Callable[..., Any]],
) -> Reviewing:
    """The case's record reviewed from `first` by its variant's solve, review and replay."""
    solver, reviewer, replayer = variant
    record = case.record

    def value_at(play: int) -> Outcome | None:
        prefix = replace(record, plays=record.plays[:play])
        value: Outcome | None = solver(prefix, options, UNHURRIED, every_card=False).value
        return value

    return Reviewing(
        case,
        first,
        value_at,
        lambda: reviewer(record, options, UNHURRIED, first),
        frozenset(r.play for r in replayer(record, options).renonces),
    )


CLASSIC = (solve, review_deal, replay)
COINCHE = (solve_coinche, review_coinche_deal, COINCHE_VARIANT.replay)


def check_the_review(reviewing: Reviewing) -> Review:
    """Each play's values, best cards, loss, stake and label are the brute force's (a renonce
    and the plays after the deal's first renonce as the review's rules say), its `before` the
    solver's value, its `after` the next play's `before`; the tallies add the plays up."""
    case, first = reviewing.case, reviewing.first
    record, takers, capot, reading = case.record, case.takers, case.capot, case.reading
    assert record.hands is not None
    plays = record.plays
    objective = margin(takers, capot)
    renonces = reviewing.renonces
    decided = min(renonces, default=None)

    def brute_force(played: int) -> Tree:
        return tree(position_of(replace(record, plays=plays[:played]), reading), reading)

    reviewed = reviewing.review()
    assert [r.play for r in reviewed.plays] == list(range(first, len(plays)))
    node = brute_force(first)
    for review, following in zip(reviewed.plays, (*reviewed.plays[1:], None), strict=True):
        k, card = review.play, review.card
        assert isinstance(node, Node)
        assert (review.seat, review.card, review.exact) == (node.seat, plays[k], True)
        assert review.renonce == (k in renonces)
        worth = {c: minimax(after, objective, takers) for c, after in node.children}
        before = minimax(node, objective, takers)
        assert review.before is not None and margin_of(review.before, takers, capot) == before
        assert review.before == reviewing.value_at(k)
        # A renonce is no card of the brute force's tree: it goes on from the position after.
        node = child(node, card) if card in worth else brute_force(k + 1)
        after = minimax(node, objective, takers)
        assert review.after is not None and margin_of(review.after, takers, capot) == after
        if following is not None:
            assert review.after == following.before
        sign = 1 if team_of(review.seat) == takers else -1
        assert review.best == tuple(c for c in record.hands[review.seat] if worth.get(c) == before)
        spread = max(worth.values()) - min(worth.values())  # even: margins are
        if decided is not None and k > decided:
            assert (review.judged, review.loss, review.label, review.decisive) == (
                False,
                0,
                None,
                False,
            )
            continue
        assert review.judged
        if review.renonce:
            had = (DEAL_POINTS + sign * before) // 2  # the team's points, a capot's extra in
            assert (review.loss, review.label) == (max(had, 0), RENONCE)
            assert review.stake == max(spread // 2, had)
        else:
            assert review.loss is not None and review.loss * 2 == sign * (before - after)
            assert review.stake is not None and review.stake * 2 == spread
            assert review.label == label_of(review.loss)
        assert review.loss is not None and review.loss >= 0
        changed = (review.before.contract, review.before.capot) != (
            review.after.contract,
            review.after.capot,
        )
        assert review.decisive == changed
    assert reviewed.exact and reviewed.elapsed_ms >= 0
    assert reviewed.renonce == decided
    check_the_words(reviewed)
    assert reviewed.decisive == tuple(r.play for r in reviewed.plays if r.decisive)
    check_the_tallies(reviewed)
    return reviewed


def check_the_words(reviewed: Review) -> None:
    """Each play says its words, the deal's first renonce its own (the same when its play was
    reviewed), each tally its line."""
    detail = reviewed.renonce_detail
    assert (None if detail is None else detail.play) == reviewed.renonce
    at = next((r for r in reviewed.plays if r.play == reviewed.renonce), None)
    for review in reviewed.plays:
        assert review.words == play_words(review, detail if review is at else None)
        assert review.sentence("fr") == (
            None if review.words is None else review.words.message("fr")
        )
    assert reviewed.renonce_words == (None if detail is None else renonce_words(detail, at))
    said = reviewed.renonce_words
    assert reviewed.renonce_sentence("fr") == (None if said is None else said.message("fr"))
    for tally in reviewed.seats:
        assert tally.words == seat_words(tally)
    for tally in reviewed.teams:
        assert tally.words == team_words(tally)
        assert tally.summary("fr") == team_words(tally).message("fr")


def check_the_tallies(reviewed: Review) -> None:
    """Each seat's and team's tally adds up its judged plays; a team's is its seats'."""
    assert [t.side for t in reviewed.seats] == [0, 1, 2, 3]
    assert [t.side for t in reviewed.teams] == [0, 1]
    for tally, seats in (
        *((t, {t.side}) for t in reviewed.seats),
        *((t, {t.side, t.side + 2}) for t in reviewed.teams),
    ):
        counted = [r for r in reviewed.plays if r.seat in seats and r.judged and r.exact]
        loss = sum(r.loss or 0 for r in counted)
        stake = sum(r.stake or 0 for r in counted)
        assert (tally.plays, tally.loss, tally.stake) == (len(counted), loss, stake)
        assert tally.labels == {label: [r.label for r in counted].count(label) for label in LABELS}
        assert tally.mean_loss == (round(loss / len(counted), 2) if counted else 0)
        assert tally.precision == precision_of(loss, stake)
        assert 0 <= tally.precision <= 100


@st.composite
def classic_endings(draw: st.DrawFn) -> Reviewing:
    """A deal reviewed from within its last three tricks, sometimes with renonces."""
    options = draw(OPTIONS)
    rng = draw(st.randoms(use_true_random=False))
    length = draw(st.integers(LAST_THREE + 1, DECK_SIZE))
    rate = draw(st.sampled_from([0.0, 0.0, 0.1]))
    record = play_deal(rng, length, illegal_rate=rate, options=options).record
    first = draw(st.integers(LAST_THREE, length - 1))
    return reviewing(classic_case(record, options), options, first, CLASSIC)


@st.composite
def coinche_reviewed_endings(draw: st.DrawFn) -> Reviewing:
    record, options = draw(coinche_endings())
    last = len(record.plays) - 1  # a play at least, in the last three tricks
    first = draw(st.integers(min(LAST_THREE, last), last))
    return reviewing(coinche_case(record, options), options, first, COINCHE)


REVIEWS = settings(max_examples=max(EXAMPLES // 2, 6), deadline=None)


@REVIEWS
@given(classic_endings())
def test_every_play_s_values_loss_and_label_are_the_brute_force_s(reviewing: Reviewing) -> None:
    check_the_review(reviewing)


@REVIEWS
@given(coinche_reviewed_endings())
def test_every_coinche_play_s_values_loss_and_label_are_the_brute_force_s(
    reviewing: Reviewing,
) -> None:
    check_the_review(reviewing)


# --- along perfect play, and one bad card ------------------------------------------------------


def three_left(seed: int) -> DealRecord:
    """20 random legal plays from the seed: 3 tricks left."""
    return play_deal(random.Random(seed), LAST_THREE).record


def perfect(record: DealRecord) -> DealRecord:
    """The record finished by the solver's perfect line."""
    line = solve(record, budget_ms=UNHURRIED, every_card=False).line
    return replace(record, plays=(*record.plays, *line))


@pytest.mark.parametrize("seed", range(4))
def test_along_a_perfect_line_every_loss_is_0_and_every_precision_100(seed: int) -> None:
    played = perfect(three_left(seed))
    reviewed = review_deal(played, budget_ms=UNHURRIED, first=LAST_THREE)
    assert len(reviewed.plays) == 3 * PLAYERS
    assert {(r.loss, r.label, r.decisive) for r in reviewed.plays} == {(0, BEST_CARD, False)}
    assert all(r.card in r.best for r in reviewed.plays)
    assert reviewed.decisive == ()
    assert [t.precision for t in (*reviewed.seats, *reviewed.teams)] == [100.0] * 6
    assert [t.loss for t in (*reviewed.seats, *reviewed.teams)] == [0] * 6
    # The deal is complete: the last `after` is the deal as the replay scores it.
    score = replay(played).score
    assert score is not None
    assert reviewed.plays[-1].after == Outcome(
        replay(played).points, score.capot, score.contract, score.score
    )


def test_one_bad_card_in_a_perfect_line_is_the_one_found_with_the_brute_force_s_loss() -> None:
    # Seed 1, 3 tricks left: every card a perfect line plays but one, the worst card of the
    # first position where a card loses points; the brute force says how many.
    for seed in range(4):
        record = three_left(seed)
        line = solve(record, budget_ms=UNHURRIED, every_card=False).line
        for at in range(len(line)):
            position = replace(record, plays=(*record.plays, *line[:at]))
            moves = solve(position, budget_ms=UNHURRIED).moves
            worst = max(moves, key=lambda move: move.loss)
            if worst.loss:
                break
        else:
            continue
        injected = perfect(replace(position, plays=(*position.plays, worst.card)))
        case = classic_case(position, RuleOptions())
        full = tree(position_of(position, case.reading), case.reading)
        objective = margin(case.takers, case.capot)
        brute = minimax(full, objective, case.takers) - minimax(
            child(full, worst.card), objective, case.takers
        )
        sign = 1 if team_of(full.seat) == case.takers else -1  # type: ignore[union-attr]
        reviewed = review_deal(injected, budget_ms=UNHURRIED, first=LAST_THREE)
        losses = {r.play: r.loss for r in reviewed.plays if r.loss}
        assert losses == {len(position.plays): sign * brute // 2}
        assert reviewed.plays[len(position.plays) - LAST_THREE].label == label_of(worst.loss)
        return
    pytest.fail("no seed with a card that loses points")


# --- a renonce ---------------------------------------------------------------------------------


def with_renonce(seed: int, options: RuleOptions) -> DealRecord:
    """A deal with a renonce among its last three tricks, the rest random legal plays."""
    return play_deal(random.Random(seed), DECK_SIZE, options=options, inject_from=22).record


@pytest.mark.parametrize("renonce", ["dedans", "annul"])
def test_a_renonce_decides_the_deal_and_the_cards_after_it_are_not_judged(renonce: str) -> None:
    options = RuleOptions(renonce=renonce)
    for seed in range(3):
        record = with_renonce(seed, options)
        first = replay(record, options).renonces[0].play
        reviewed = review_deal(record, options, UNHURRIED, LAST_THREE)
        at = reviewed.plays[first - LAST_THREE]
        assert (reviewed.renonce, at.renonce, at.label, at.judged) == (first, True, RENONCE, True)
        # It loses every point perfect play gave its team before it.
        assert at.before is not None and at.after is not None
        assert at.loss == max(at.before.points[team_of(at.seat)], 0)
        assert at.stake is not None and at.stake >= at.loss
        # The values after it are the penalty's: the offenders dedans (or the deal annulled).
        later = reviewed.plays[first - LAST_THREE + 1 :]
        expected = {"dedans": "dedans" if team_of(at.seat) == team_of(record.taker) else "made"}
        for review in (at, *later):
            assert review.after is not None
            assert review.after.contract == expected.get(renonce, "annulled")
        assert {(r.judged, r.loss, r.label, r.decisive) for r in later} <= {(False, 0, None, False)}
        changed = (at.before.contract, at.before.capot) != (at.after.contract, at.after.capot)
        assert at.decisive == changed
        offenders = reviewed.seats[at.seat]
        assert offenders.labels[RENONCE] == 1
        # Its words: the replay's renonce, and what it cost.
        detail = replay(record, options).renonces[0]
        assert reviewed.renonce_detail == detail
        assert reviewed.renonce_words == renonce_words(detail, at) == at.words
        assert reviewed.renonce_sentence("fr") == renonce_words(detail, at).message("fr")
        check_the_words(reviewed)
        assert offenders.plays == sum(r.seat == at.seat for r in reviewed.plays if r.play <= first)


def test_a_renonce_by_a_team_being_capoted_loses_nothing_more() -> None:
    # Seat 1 holds every trump and both spade masters: the defenders are capoted. Seat 0,
    # holding 7H and 8H, discards 7S on JH: a renonce that loses them no point.
    hands = (
        cards("7S 8S 9S 7H 8H 7D 8D 9D"),
        cards("JH 9H AH 10H KH QH AS 10S"),
        cards("KS QS JS 7C 8C 9C 10C JC"),
        cards("AD 10D KD QD JD QC KC AC"),
    )
    record = DealRecord(0, 1, 1, cards("JH KS AD 7S"), hands)
    at = review_deal(record, budget_ms=UNHURRIED, first=3).plays[0]
    assert at.before is not None and at.before.capot == 1
    assert (at.renonce, at.label, at.loss, at.decisive) == (True, RENONCE, 0, False)


# --- the budget --------------------------------------------------------------------------------


def card_points_bounds(record: DealRecord, play: int) -> tuple[int, int]:
    """What the cards still out prove of the takers' final points before `play`: what they
    have won, and what the defenders have not (the dix de der in once the deal is over)."""
    points = replay(replace(record, plays=record.plays[:play])).points
    takers = team_of(record.taker)
    return points[takers], DEAL_POINTS - points[1 - takers]


def test_past_its_budget_the_review_answers_bounds_for_the_plays_not_settled() -> None:
    # 1 ms: the first look at the clock, after 1024 positions, is past it. Seed 5 from the
    # fifth trick: the first 11 plays are settled by then (1031 positions in all).
    played = play_deal(random.Random(5), DECK_SIZE).record
    exact = review_deal(played, budget_ms=UNHURRIED, first=16)
    cut = review_deal(played, budget_ms=1, first=16)
    assert (exact.exact, exact.nodes, cut.exact, cut.nodes) == (True, 1031, False, 1024)
    assert cut.plays[:11] == exact.plays[:11]
    assert all(r.before_bounds is None and r.after_bounds is None for r in exact.plays)
    for settled, review in zip(exact.plays[11:], cut.plays[11:], strict=True):
        assert (review.play, review.seat, review.card) == (settled.play, settled.seat, settled.card)
        assert (review.renonce, review.judged, review.exact) == (False, True, False)
        assert (review.before, review.after, review.loss, review.stake) == (None,) * 4
        assert (review.best, review.label, review.decisive) == ((), None, False)
        assert review.before_bounds == card_points_bounds(played, review.play)
        assert review.after_bounds == card_points_bounds(played, review.play + 1)
    takers_points = replay(played).points[team_of(played.taker)]  # the deal is over
    assert cut.plays[-1].after_bounds == (takers_points, takers_points)
    # The tallies count the plays settled.
    assert [t.plays for t in cut.teams] == [
        sum(team_of(r.seat) == team for r in cut.plays[:11]) for team in (0, 1)
    ]


def test_the_search_s_effort_is_pinned() -> None:
    # One search for the whole review; the line of the position before a play, less its first
    # card, kept when that card was played; each card searched from the position's value.
    played = play_deal(random.Random(3), DECK_SIZE).record
    assert review_deal(played, budget_ms=UNHURRIED, first=16).nodes == 3319
    assert review_deal(played, budget_ms=UNHURRIED, first=20).nodes == 285


def test_a_deal_s_tallies() -> None:
    # Seed 6, the last three tricks of random legal cards: (seat or team, plays, loss, mean
    # loss, stake, precision).
    played = play_deal(random.Random(6), DECK_SIZE).record
    reviewed = review_deal(played, budget_ms=UNHURRIED, first=LAST_THREE)
    assert [
        (t.side, t.plays, t.loss, t.mean_loss, t.stake, t.precision) for t in reviewed.seats
    ] == [
        (0, 3, 19, 6.33, 29, 34.5),
        (1, 3, 21, 7.0, 45, 53.3),
        (2, 3, 0, 0.0, 0, 100.0),
        (3, 3, 3, 1.0, 6, 50.0),
    ]
    assert [
        (t.side, t.plays, t.loss, t.mean_loss, t.stake, t.precision) for t in reviewed.teams
    ] == [
        (0, 6, 19, 3.17, 29, 34.5),
        (1, 6, 24, 4.0, 51, 52.9),
    ]


def test_a_review_starts_at_the_first_play_unless_told() -> None:
    played = play_deal(random.Random(0), 4).record
    cut = review_deal(played, budget_ms=1)
    assert [r.play for r in cut.plays] == [0, 1, 2, 3]
    # No trick played yet: either team may still make the capot; the bounds are the deal's.
    assert cut.plays[0].before_bounds == (0, DEAL_POINTS)
    coinche = CoincheRecord(
        played.dealer, Contract(played.taker, 80, played.strain), played.plays, played.hands
    )
    assert [r.play for r in review_coinche_deal(coinche, budget_ms=1).plays] == [0, 1, 2, 3]


def test_a_review_of_no_play_is_exact_and_empty() -> None:
    record = three_left(0)
    reviewed = review_deal(record, first=len(record.plays))
    assert (reviewed.plays, reviewed.decisive, reviewed.renonce, reviewed.exact) == (
        (),
        (),
        None,
        True,
    )
    assert [(t.plays, t.loss, t.mean_loss, t.precision) for t in reviewed.seats] == [
        (0, 0, 0.0, 100.0)
    ] * 4


# --- labels, precision, the rules described ------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "label"),
    [
        (0, BEST_CARD),
        (1, INACCURACY),
        (9, INACCURACY),
        (10, MISTAKE),
        (24, MISTAKE),
        (25, BLUNDER),
        (207, BLUNDER),
    ],
)
def test_a_card_s_label_is_by_its_loss(loss: int, label: str) -> None:
    assert label_of(loss) == label


@pytest.mark.parametrize(
    ("loss", "stake", "precision"),
    [(0, 0, 100.0), (0, 20, 100.0), (5, 10, 50.0), (10, 10, 0.0), (1, 3, 66.7), (2, 3, 33.3)],
)
def test_precision_is_the_share_of_the_stake_kept(loss: int, stake: int, precision: float) -> None:
    assert precision_of(loss, stake) == precision


@pytest.mark.parametrize(("lang", "said"), [("en", "en"), ("fr", "fr"), ("de", "en")])
def test_the_review_s_rules_are_described_in_the_language_asked(lang: str, said: str) -> None:
    described = describe_review(lang)
    assert (described.default_budget_ms, described.max_budget_ms) == (5000, 10_000)
    assert (REVIEW_BUDGET_MS, REVIEW_MAX_BUDGET_MS) == (5000, 10_000)
    assert [(d.label, d.least_loss) for d in described.labels] == [
        (BEST_CARD, 0),
        (INACCURACY, 1),
        (MISTAKE, 10),
        (BLUNDER, 25),
        (RENONCE, None),
    ]
    assert [d.description for d in described.labels] == [
        text(f"analysis.review.{d}", said) for d in LABELS
    ]
    assert (
        described.loss,
        described.stake,
        described.precision,
        described.decisive,
        described.budget,
    ) == (
        *(text(f"analysis.review.{key}", said) for key in ("loss", "stake", "precision")),
        text("analysis.review.decisive", said),
        str(text("analysis.review.budget", said)).format(budget=5000, max_budget=10_000),
    )
    assert "5000" in described.budget and "10000" in described.budget
