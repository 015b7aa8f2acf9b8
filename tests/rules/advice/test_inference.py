"""What the calls suggest about the callers' hands (service/rules/advice/inference.py): a
caller's hand that fits its call weighs more than one that does not, every weight in (0, 1].
"""

from __future__ import annotations

import pytest

from service.rules.advice.inference import (
    FLOOR,
    NO_TRUMP_WORTH,
    RESAMPLING,
    SIDE_WORTH,
    TRUMP_WORTH,
    WEIGHING,
    Reading,
    _worth,
    call_weights,
    hand_value,
    likely,
    pass_weights,
    support,
)
from service.rules.core.cards import Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants.coinche.options import CoincheOptions
from tests.rules.builders import cards

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
STRONG = cards("JH 9H AH 10H AS AD 7C 8C")  # the jack, 9, ace and 10 of hearts, two aces
WEAK = cards("7S 8S 7H 8H 7D 8D 7C 8C")  # sevens and eights
NOBODY: tuple[Card, ...] = ()


def at(seat: int, hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Four hands, `hand` at `seat`, the others empty."""
    return [hand if s == seat else NOBODY for s in range(4)]


def test_a_hand_is_valued_by_its_trumps_aces_tens_and_belote() -> None:
    # 20 + jack 25 + 9 20 + ace 12 + 10 10, and two aces outside, 12 each; nothing for 7C 8C.
    assert hand_value(STRONG, HEARTS) == 111
    assert hand_value(STRONG, SPADES) == 20 + (12 + 3) + 12 + 12  # AS a trump; AH 10H, AD plain
    assert hand_value(WEAK, HEARTS) == 20 + 5 + 5
    assert hand_value(cards("KH QH 7S"), HEARTS) == 20 + 5 + 5 + 10  # a belote
    assert hand_value(cards("KH QS"), HEARTS) == 20 + 5  # a king alone is none
    assert hand_value(cards("KH QH KS QS"), TOUT_ATOUT) == 20 + 4 * 5 + 2 * 10
    assert hand_value(cards("KH QH"), SANS_ATOUT) == 20 + 2 + 0  # no belote in SA
    assert hand_value(STRONG, SANS_ATOUT) == 20 + 3 * 25 + 8


def test_a_partner_s_support_is_its_trump_jack_and_9_its_aces_and_length() -> None:
    assert support(cards("JH 9S AS AD 7H 8H 10H"), HEARTS) == 10 + 2 * 10 + 2 * 5
    assert support(cards("9H AH 7H"), HEARTS) == 10 + 5  # the ace of trump is no side ace
    assert support(WEAK, HEARTS) == 0


def test_likely_is_a_logistic_of_ten_points() -> None:
    assert likely(0) == 0.5
    assert likely(10) == pytest.approx(0.7310585786)
    assert likely(-20) == pytest.approx(0.1192029220)


def test_a_bidder_s_strong_hand_weighs_more_than_a_weak_one() -> None:
    strong = call_weights(3, ["100H"], at(0, STRONG))
    weak = call_weights(3, ["100H"], at(0, WEAK))
    assert strong == pytest.approx(likely(11)) and weak == FLOOR
    assert 0 < weak < strong <= 1


def test_a_passer_s_weak_hand_weighs_more_than_a_strong_one() -> None:
    assert call_weights(3, ["pass"], at(0, WEAK)) == pytest.approx(1 - likely(30 - 80))
    assert call_weights(3, ["pass"], at(0, STRONG)) == FLOOR
    # After a bid, a pass says the hand cannot bid 10 more in any strain.
    after = call_weights(3, ["100S", "pass"], at(1, STRONG), skip=0)
    assert after == pytest.approx(1 - likely(111 - 110))


def test_a_partner_s_raise_is_read_as_support() -> None:
    raiser = cards("JD AS AC 7H 8H 9D 7C 8C")  # the jack and 9 of diamonds, two aces: 40
    bids = ["80D", "pass", "110D"]
    assert call_weights(3, bids, at(2, raiser), skip=0) == pytest.approx(
        (1 - likely(hand_value(NOBODY, SPADES) - 90)) * likely(40 - 30)
    )
    # A pass by the partner: its support did not reach a raise of 10.
    passed = call_weights(3, ["80D", "pass", "pass"], at(2, raiser), skip=0)
    assert passed == pytest.approx((1 - likely(20 - 90)) * max(FLOOR, 1 - likely(80 + 40 - 90)))
    # A new strain from the partner is read as its own bid.
    assert call_weights(3, ["80D", "pass", "90H"], at(2, STRONG), skip=0) == pytest.approx(
        (1 - likely(20 - 90)) * likely(111 - 90)
    )


def test_a_coinche_is_read_as_defence_against_the_contract() -> None:
    defender = STRONG  # the master hearts
    weights = [
        call_weights(3, ["150H", "coinche"], at(1, hand), skip=0) for hand in (defender, WEAK)
    ]
    # Defence: the hand's value in hearts less 20, against 162 + 10 - 150.
    assert weights[0] == pytest.approx(likely(91 - 22))
    assert weights[1] == pytest.approx(likely(10 - 22))
    # After a coinche every pass weighs 1, and so does a surcoinche.
    later = ["150H", "coinche", "pass", "pass", "surcoinche"]
    alone = call_weights(3, ["150H"], at(1, defender))  # seat 0's bid, from no card
    assert call_weights(3, later, at(1, defender)) == pytest.approx(alone * weights[0])


def test_a_pass_reads_every_strain_the_table_plays() -> None:
    jacks = cards("JS JH JD JC 7S 7H 8D 8C")  # 50 in any suit, 140 in tout-atout
    assert call_weights(3, ["pass"], at(0, jacks)) == pytest.approx(1 - likely(50 - 80))
    assert call_weights(3, ["pass"], at(0, jacks), CoincheOptions(sa_ta=True)) == FLOOR


def test_a_call_that_is_no_call_is_refused_at_its_index() -> None:
    with pytest.raises(InconsistentInput) as error:
        call_weights(3, ["pass", "81X"], at(0, WEAK))
    ((pointer, code),) = [(p.pointer, p.code) for p in error.value.problems]
    assert (pointer, code) == ("/bids/1", "not_a_call")


def test_capot_counts_above_the_highest_bid() -> None:
    options = CoincheOptions(max_bid=100)
    assert call_weights(3, ["capotH"], at(0, STRONG), options) == pytest.approx(likely(111 - 110))


def test_the_skipped_seat_s_calls_are_not_weighed() -> None:
    assert call_weights(3, ["100H", "pass"], at(0, WEAK), skip=0) == pytest.approx(
        1 - likely(20 - 110)
    )
    assert call_weights(3, [], at(0, WEAK)) == 1.0


def test_classic_passes_weigh_the_passers_who_would_not_take() -> None:
    turned = Card.parse("AH")
    strong = cards("JH 9H 10H AS AD 7C 8C 7D")
    spades = cards("JS 9S AS 10S 7H 8H 7D 8D")  # would name spades in round 2
    hands = [strong, WEAK, spades, spades]
    # Round 1, seat 2 asks: the dealer's next, seat 0, then seat 1 passed; not seat 2 itself.
    weighed = pass_weights(3, 2, turned, 1, hands)
    value = hand_value((*strong, turned), HEARTS)
    assert weighed == pytest.approx(max(FLOOR, 1 - likely(value - 80)) * (1 - likely(42 - 80)))
    assert weighed < pass_weights(3, 2, turned, 1, [WEAK, WEAK, spades, spades])
    # The first to speak: nobody passed before it.
    assert pass_weights(3, 0, turned, 1, hands) == 1.0
    # Round 2, seat 1 asks: every other seat passed hearts in round 1, and seat 0 every other
    # suit in round 2.
    round_two = pass_weights(3, 1, turned, 2, [spades, WEAK, WEAK, spades])
    hearts = [1 - likely(hand_value((*hand, turned), HEARTS) - 80) for hand in (spades, WEAK)]
    others = 1 - likely(hand_value((*spades, turned), SPADES) - 80)
    assert round_two == pytest.approx(hearts[0] ** 2 * hearts[1] * max(FLOOR, others))
    assert others < 0.5  # the spades weigh


def test_a_hand_s_value_counts_what_the_partner_brings_as_its_base() -> None:
    assert hand_value(STRONG, HEARTS, 47) == hand_value(STRONG, HEARTS) + 47 - 20
    assert hand_value(WEAK, SPADES, 0) == 5 + 5
    assert [hand_value(cards("AS"), s) for s in range(6)] == [32, 32, 32, 32, 45, 32]


def test_the_readings_weigh_the_calls_loosely_or_sharply() -> None:
    assert Reading(20, 10.0, FLOOR) == WEIGHING
    assert Reading(47, 5.0, 0.001, 30) == RESAMPLING
    assert likely(5, 5.0) == pytest.approx(0.7310585786)
    # A bid of 100 by the strong hand: 47 + 91 reaches 100 by 38, a logistic of 5 points.
    assert call_weights(3, ["100H"], at(0, STRONG), reading=RESAMPLING) == pytest.approx(
        likely(38, 5.0)
    )
    # The weak hand's 47 + 10 is 43 short: the floor, 0.001.
    assert call_weights(3, ["100H"], at(0, WEAK), reading=RESAMPLING) == 0.001
    # A pass: its best bid, 47 + 10, against 80.
    assert call_weights(3, ["pass"], at(0, WEAK), reading=RESAMPLING) == pytest.approx(
        1 - likely(57 - 80, 5.0)
    )
    # A partner's raise reads its support, whatever the base.
    raiser = cards("JD AS AC 7H 8H 9D 7C 8C")
    raised = Reading(0, 5.0, 0.001)
    assert call_weights(3, ["80D", "pass", "110D"], at(2, raiser), skip=0, reading=raised) == (
        pytest.approx((1 - likely(0 - 90, 5.0)) * likely(40 - 30, 5.0))
    )
    # A coinche reads the defence, the hand's worth without the base.
    for reading in (WEIGHING, RESAMPLING):
        assert call_weights(
            3, ["150H", "coinche"], at(1, STRONG), skip=0, reading=reading
        ) == pytest.approx(likely(91 - 22, reading.spread))


def test_the_partner_s_calls_are_read_with_the_partner_s_base() -> None:
    reading = Reading(47, 5.0, 0.001, 29)
    # Seat 0 bids 100 in hearts: for seat 2, its partner, 29 + 91; for seat 1 or 3, or for
    # nobody in particular, 47 + 91.
    assert call_weights(3, ["100H"], at(0, STRONG), skip=2, reading=reading) == pytest.approx(
        likely(20, 5.0)
    )
    for skip in (1, 3, None):
        assert call_weights(
            3, ["100H"], at(0, STRONG), skip=skip, reading=reading
        ) == pytest.approx(likely(38, 5.0))
    # A partner's pass: its best bid, 29 + 10, against 80.
    assert call_weights(3, ["pass"], at(0, WEAK), skip=2, reading=reading) == pytest.approx(
        1 - likely(39 - 80, 5.0)
    )
    # Without a partner base, the partner is read as anyone.
    same = Reading(47, 5.0, 0.001)
    assert call_weights(3, ["100H"], at(0, STRONG), skip=2, reading=same) == pytest.approx(
        likely(38, 5.0)
    )


@pytest.mark.parametrize(
    ("strain", "table"),
    [
        (SANS_ATOUT, NO_TRUMP_WORTH),  # no trumps: the sans-atout worths
        (TOUT_ATOUT, TRUMP_WORTH),  # all trumps: every card a trump
        (Suit.HEARTS, TRUMP_WORTH),  # the ten of the trump suit
        (Suit.SPADES, SIDE_WORTH),  # a side suit's ten
    ],
)
def test_a_card_is_worth_what_the_strain_makes_it(strain: int, table: tuple[int, ...]) -> None:
    ten = Card.parse("10H")
    assert (TRUMP_WORTH[ten.rank], SIDE_WORTH[ten.rank], NO_TRUMP_WORTH[ten.rank]) == (10, 3, 8)
    assert _worth(ten, strain) == table[ten.rank]
