"""What the calls suggest about the callers' hands (service/rules/advice/inference.py): a
caller's hand that fits its call weighs more than one that does not, every weight in (0, 1].
"""

from __future__ import annotations

import pytest

from service.rules.advice.inference import (
    FLOOR,
    call_weights,
    hand_value,
    likely,
    pass_weights,
    support,
)
from service.rules.cards import Card
from service.rules.coinche_options import CoincheOptions
from service.rules.strains import SANS_ATOUT, TOUT_ATOUT
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
    defender = cards("JS 9S AS 10S AH AD 7C 8C")
    weights = [
        call_weights(3, ["150S", "coinche"], at(1, hand), skip=0) for hand in (defender, WEAK)
    ]
    # Defence: the hand's value in spades less 20, against 162 + 10 - 150.
    assert weights[0] == pytest.approx(likely(91 - 22))
    assert weights[1] == pytest.approx(likely(10 - 22))
    # After a coinche every pass weighs 1, and so does a surcoinche.
    later = ["150S", "coinche", "pass", "pass", "surcoinche"]
    assert call_weights(3, later, at(1, defender), skip=0) == pytest.approx(weights[0])


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
    hands = [strong, WEAK, NOBODY, NOBODY]
    # Round 1, seat 2 asks: the dealer's next, seat 0, then seat 1 passed.
    weighed = pass_weights(3, 2, turned, 1, hands)
    value = hand_value((*strong, turned), HEARTS)
    assert weighed == pytest.approx(max(FLOOR, 1 - likely(value - 80)) * (1 - likely(42 - 80)))
    assert weighed < pass_weights(3, 2, turned, 1, [WEAK, WEAK, NOBODY, NOBODY])
    # The first to speak: nobody passed before it.
    assert pass_weights(3, 0, turned, 1, hands) == 1.0
    # Round 2, seat 1 asks: every other seat passed hearts in round 1, seat 0 also the others.
    round_two = pass_weights(3, 1, turned, 2, [WEAK, NOBODY, WEAK, WEAK])
    hearts = 1 - likely(hand_value((*WEAK, turned), HEARTS) - 80)
    others = 1 - likely(max(hand_value((*WEAK, turned), s) for s in (0, 2, 3)) - 80)
    assert round_two == pytest.approx(hearts**3 * others)
