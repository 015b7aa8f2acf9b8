"""Invariants over random deals: a random seed, random hands, random (legal or not) play.

The play obligations are checked against `builders.reference_allows`, RULES.md read again
independently, and the points against the table read literally."""

from __future__ import annotations

import random

from hypothesis import assume, example, given
from hypothesis import strategies as st

from service.rules import (
    DealSummary,
    RuleOptions,
    Suit,
    classify,
    deal,
    judge,
    legal_cards,
    replay,
    score_deal,
)
from service.rules.core.cards import mask_of
from service.rules.core.play import always_legal, obligation_of_mask
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from support.deals import DECK_SIZE, PlayedDeal, play_deal, reference_winner
from tests.rules.builders import cards as parse_cards
from tests.rules.builders import reference_allows, reference_points

options_st = st.builds(
    RuleOptions,
    undertrump=st.sampled_from(["required", "optional"]),
    overtrump_partner=st.booleans(),
    partner_trump=st.sampled_from(["any", "beat", "beat_if_only_trumps"]),
    belote=st.sampled_from(["automatic", "announce"]),
    capot=st.sampled_from([252, 250]),
    rounding=st.sampled_from(["none", "nearest_ten"]),
    renonce=st.sampled_from(["dedans", "annul"]),
    annonces=st.booleans(),
)
rngs = st.randoms(use_true_random=False)
lengths = st.integers(min_value=0, max_value=DECK_SIZE)


def remaining_hands(played: PlayedDeal) -> list[list[int]]:
    """Each seat's cards not yet played, in the order of its hand."""
    record = played.record
    assert record.hands is not None
    gone = set(record.plays)
    return [[c for c in hand if c not in gone] for hand in record.hands]


def player_to_move(played: PlayedDeal) -> tuple[int, tuple[int, ...]]:
    """The seat to move and the cards on the table, by the reference winner chain."""
    record = played.record
    leader = (record.dealer + 1) % PLAYERS
    plays = record.plays
    full = len(plays) - len(plays) % PLAYERS
    for start in range(0, full, PLAYERS):
        leader = (
            leader + reference_winner(plays[start : start + PLAYERS], record.strain)
        ) % PLAYERS
    table = plays[full:]
    return (leader + len(table)) % PLAYERS, table


@given(rngs, st.sampled_from([0.0, 0.3, 1.0]))
def test_a_complete_deal_holds_162_points_shared_as_the_table_says(
    rng: random.Random, illegal_rate: float
) -> None:
    played = play_deal(rng, illegal_rate=illegal_rate)
    record = played.record
    expected = [0, 0]
    leader = (record.dealer + 1) % PLAYERS
    for start in range(0, DECK_SIZE, PLAYERS):
        trick = record.plays[start : start + PLAYERS]
        leader = (leader + reference_winner(trick, record.strain)) % PLAYERS
        expected[leader % 2] += sum(reference_points(c, record.strain) for c in trick)
    expected[leader % 2] += 10  # dix de der
    for deal_record in (record, played.without_hands()):
        result = replay(deal_record)
        assert result.points == (expected[0], expected[1])
        assert sum(result.points) == 162
        assert sum(t.points or 0 for t in result.tricks) == 162
        assert result.complete and result.score is not None


@given(rngs, options_st, st.integers(min_value=0, max_value=DECK_SIZE - 1))
def test_the_legal_set_is_never_empty_and_is_what_the_rules_allow(
    rng: random.Random, options: RuleOptions, length: int
) -> None:
    played = play_deal(rng, length, illegal_rate=0.2, options=options)
    seat, table = player_to_move(played)
    hand = remaining_hands(played)[seat]
    trump = played.record.strain
    legal = legal_cards(hand, table, trump, options)
    assert legal
    assert list(legal) == [c for c in hand if c in legal]  # a subset, in the hand's order
    assert [c for c in hand if reference_allows(c, hand, table, trump, options)] == list(legal)
    ruling = judge(hand, played.record.dealer, table, trump, options)
    assert ruling.legal == legal
    assert sorted([*legal, *(c for c, _ in ruling.illegal)]) == sorted(hand)
    for _, violation in ruling.illegal:
        assert violation.required == legal
    # The replay agrees on who is to move and what they may play.
    result = replay(played.record, options)
    assert (result.to_move, result.legal) == (seat, legal)


@given(rngs, options_st, lengths)
def test_a_deal_played_with_legal_cards_only_has_no_renonce(
    rng: random.Random, options: RuleOptions, length: int
) -> None:
    played = play_deal(rng, length, options=options)
    assert replay(played.record, options).renonces == ()
    assert replay(played.without_hands(), options).renonces == ()


@given(rngs, options_st, st.integers(min_value=0, max_value=DECK_SIZE - 1))
def test_an_injected_illegal_card_is_found_from_the_hands_and_from_the_later_plays(
    rng: random.Random, options: RuleOptions, inject_from: int
) -> None:
    played = play_deal(rng, options=options, inject_from=inject_from)
    assume(not all(played.legal))
    (injected,) = [i for i, legal in enumerate(played.legal) if not legal]
    by_hand = replay(played.record, options).renonces
    assert [(r.play, r.proof.by) for r in by_hand] == [(injected, "hand")]
    (found,) = replay(played.without_hands(), options).renonces
    assert (found.play, found.seat, found.card) == (injected, by_hand[0].seat, by_hand[0].card)
    assert found.proof.by == "later_play"
    assert found.proof.play is not None and found.proof.play > injected
    assert played.record.plays[found.proof.play] == found.proof.card
    assert found.proof.card in found.violation.required


def seats_of(played: PlayedDeal) -> list[int]:
    """Who played each card, by the reference winner chain."""
    record = played.record
    leader, seats = (record.dealer + 1) % PLAYERS, []
    for start in range(0, len(record.plays), PLAYERS):
        trick = record.plays[start : start + PLAYERS]
        seats += [(leader + i) % PLAYERS for i in range(len(trick))]
        if len(trick) == PLAYERS:
            leader = (leader + reference_winner(trick, record.strain)) % PLAYERS
    return seats


@given(rngs, options_st, lengths)
def test_a_renonce_names_the_cards_the_rules_required_of_the_cards_known(
    rng: random.Random, options: RuleOptions, length: int
) -> None:
    """With the hands, exactly the illegal plays are renonces, each naming the cards of the
    remaining hand that were legal; from the plays alone, a subset of them, each naming the
    legal cards among the card played and the seat's later plays."""
    played = play_deal(rng, length, illegal_rate=0.3, options=options)
    record, trump = played.record, played.record.strain
    assert record.hands is not None
    seats = seats_of(played)

    def required(index: int, known: list[int]) -> tuple[int, ...]:
        table = record.plays[index - index % PLAYERS : index]
        return tuple(c for c in known if reference_allows(c, known, table, trump, options))

    by_hand = replay(record, options).renonces
    assert [r.play for r in by_hand] == [i for i, legal in enumerate(played.legal) if not legal]
    for r in by_hand:
        before = set(record.plays[: r.play])
        hand = [c for c in record.hands[r.seat] if c not in before]
        assert (r.seat, r.card, r.trick) == (seats[r.play], record.plays[r.play], r.play // 4)
        assert r.violation.required == required(r.play, hand)
    by_plays = replay(played.without_hands(), options).renonces
    assert {r.play for r in by_plays} <= {r.play for r in by_hand}
    for r in by_plays:
        later = [c for i, c in enumerate(record.plays) if i >= r.play and seats[i] == r.seat]
        assert (r.seat, r.card, r.trick) == (seats[r.play], record.plays[r.play], r.play // 4)
        assert r.violation.required == required(r.play, later)
    if length == DECK_SIZE:
        # On a complete deal the later plays are the whole remaining hand: the same rulings.
        def rulings(renonces: tuple) -> list:
            return [
                (r.play, r.trick, r.seat, r.card, r.violation.code, set(r.violation.required))
                for r in renonces
            ]

        assert rulings(by_plays) == rulings(by_hand)
        assert replay(record, options).score == replay(played.without_hands(), options).score


@given(
    st.text(min_size=16, max_size=40),
    st.integers(min_value=0, max_value=3),
    st.none() | st.integers(min_value=0, max_value=3),
)
def test_dealing_is_a_permutation_of_the_deck(seed: str, dealer: int, taker: int | None) -> None:
    dealt = deal(seed, dealer, taker)
    every = [c for hand in dealt.hands for c in hand] + list(dealt.stock)
    if taker is None:
        every.append(dealt.turned)
        assert [len(h) for h in dealt.hands] == [5] * 4
    else:
        assert dealt.turned in dealt.hands[taker]
        assert [len(h) for h in dealt.hands] == [8] * 4
    assert sorted(every) == list(range(32))


@st.composite
def summaries(draw: st.DrawFn) -> DealSummary:
    taker = draw(st.integers(min_value=0, max_value=3))
    takers_points = draw(st.integers(min_value=0, max_value=162))
    points = (
        (takers_points, 162 - takers_points)
        if taker % 2 == 0
        else (
            162 - takers_points,
            takers_points,
        )
    )
    capot_team = points.index(162) if 162 in points else None
    capot = capot_team if capot_team is not None and draw(st.booleans()) else None
    teams = st.none() | st.integers(min_value=0, max_value=1)
    declared: tuple[list, list] = ([], [])
    for annonce in ANNONCES:  # each declared by team 0, team 1 or nobody
        team = draw(teams)
        if team is not None:
            declared[team].append(annonce)
    return DealSummary(
        taker,
        points,
        capot,
        draw(
            st.sampled_from([(0, 0), (1, 0), (0, 1)])
        ),  # the trump's belote: nobody's, or a team's
        renonce=draw(teams),
        annonces=(tuple(declared[0]), tuple(declared[1])),
        trump=Suit.HEARTS,
    )


# Annonces with no card in common, worth 150, 100, 50 and 50: enough for a defenders' pair
# to tie a capot of 250, and for every tie-break between the teams' best.
ANNONCES = [classify(parse_cards(a)) for a in ("9S 9H 9D 9C", "AS AH AD AC", "10S JS QS KS")]
ANNONCES.append(classify(parse_cards("10D JD QD KD")))


def capot(team: int, *annonces: int) -> DealSummary:
    """Team 0 takes, `team` wins every trick, and the other team declared these `ANNONCES`."""
    declared = tuple(ANNONCES[i] for i in annonces)
    points = (162, 0) if team == 0 else (0, 162)
    by_team = ((), declared) if team == 0 else (declared, ())
    return DealSummary(0, points, team, belote=(1, 0), annonces=by_team, trump=Suit.HEARTS)


@given(summaries(), options_st)
# A takers' capot of 250 tied by the defenders' annonces (litige), and one outweighed (dedans);
# takers without a trick whose annonces and belote outweigh the capot (dedans all the same).
@example(capot(0, 0, 1), RuleOptions(capot=250, annonces=True))
@example(capot(0, 0, 1, 2), RuleOptions(annonces=True))
@example(capot(1, 0, 1), RuleOptions(annonces=True))
def test_a_deal_score_is_consistent_with_the_totals(
    summary: DealSummary, options: RuleOptions
) -> None:
    result = score_deal(summary, options)
    takers = summary.taker % 2
    defenders = 1 - takers
    belote = [20 * summary.belote[t] for t in (0, 1)]
    bonus = options.capot - 162
    # The annonces that count (which team's: tested in test_annonces.py), none when off.
    counted = result.annonces.points if result.annonces else (0, 0)
    assert options.annonces or result.annonces is None
    totals = [
        summary.points[t] + belote[t] + counted[t] + (bonus if summary.capot == t else 0)
        for t in (0, 1)
    ]
    if summary.renonce is not None and options.renonce == "annul":
        assert (result.contract, result.score, result.reserve) == ("annulled", (0, 0), 0)
        return
    if summary.renonce is None:
        expected = (
            "dedans"  # whatever the takers' annonces, when they won no trick
            if summary.capot == defenders
            else "made"
            if totals[takers] > totals[defenders]
            else "litige"
            if totals[takers] == totals[defenders]
            else "dedans"
        )
        assert result.contract == expected
    elif summary.renonce == takers:
        assert result.contract == "dedans"
    if result.contract != "made":
        # Takers dedans or in litige score only their belote.
        assert result.score[takers] == round_to(belote[takers], options)
    if result.contract != "litige":
        assert result.reserve == 0
    # Belote always stays with the team that held it.
    for team in (0, 1):
        assert result.score[team] >= belote[team]
    # Nothing is lost or made up: 162 (the capot value when a capot team keeps its tricks)
    # plus the belote and the annonces that count, reserve included.
    capot_stands = summary.capot not in (None, summary.renonce) and not (
        summary.capot == takers and result.contract == "dedans"
    )
    handed_out = (options.capot if capot_stands else 162) + sum(belote) + sum(counted)
    if options.rounding == "none":
        assert sum(result.score) + result.reserve == handed_out
    else:
        assert all(s % 10 == 0 for s in (*result.score, result.reserve))
        assert abs(sum(result.score) + result.reserve - handed_out) <= 15


def round_to(points: int, options: RuleOptions) -> int:
    return (points + 5) // 10 * 10 if options.rounding == "nearest_ten" else points


@given(
    rngs,
    options_st,
    st.sampled_from([*Suit, SANS_ATOUT, TOUT_ATOUT]),
    st.integers(min_value=0, max_value=PLAYERS - 1),
)
def test_a_card_always_legal_is_legal_in_any_hand_that_holds_it(
    rng: random.Random, options: RuleOptions, strain: int, played: int
) -> None:
    # play.py: `always_legal` restates the obligation's branches 1 and 3 for one card.
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    trick, hand = deck[:played], deck[played : played + 8]
    legal = obligation_of_mask(mask_of(hand), trick, strain, options)[0]
    for card in hand:
        if always_legal(card, trick, strain):
            assert legal >> card & 1
