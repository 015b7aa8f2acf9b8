"""Strains (RULES-COINCHE.md "Auction", "Order and value", "Belote"): a trump suit, SA or TA."""

from __future__ import annotations

import pytest

from service.rules import replay
from service.rules.core.cards import ALL_CARDS, DECK_POINTS, Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.strains import (
    SANS_ATOUT,
    STRAIN_CODES,
    TOUT_ATOUT,
    allowed_strains,
    belote_suits,
    card_values,
    needs_sa_ta,
    parse_strain,
)
from service.rules.variants.classic.replay import DealRecord


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        *[("S", Suit.SPADES), ("h", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("C", Suit.CLUBS)],
        *[("SA", SANS_ATOUT), ("sa", SANS_ATOUT), ("Ta", TOUT_ATOUT)],
    ],
)
def test_a_strain_is_a_suit_sa_or_ta_in_any_case(text: str, strain: int) -> None:
    assert parse_strain(text) == strain
    assert STRAIN_CODES[strain] == text.upper() or len(text) == 1


@pytest.mark.parametrize("text", ["", "X", "SAT", "NT", "10"])
def test_anything_else_is_not_a_strain(text: str) -> None:
    with pytest.raises(ValueError, match="not a strain"):
        parse_strain(text)


@pytest.mark.parametrize(
    ("card", "points"),
    [("JS", 13), ("9S", 9), ("AS", 6), ("10S", 5), ("KS", 3), ("QS", 2), ("8S", 0), ("7H", 0)],
)
def test_under_tout_atout_ffb_the_jack_is_worth_13_in_every_suit(card: str, points: int) -> None:
    """RULES-COINCHE.md, TA `ffb`: J 13, 9 9, A 6, 10 5, K 3, Q 2."""
    assert card_values(TOUT_ATOUT).points[Card.parse(card)] == points
    assert card_values(TOUT_ATOUT, ta_points="ffb").points[Card.parse(card)] == points


@pytest.mark.parametrize(
    ("card", "points"), [("AS", 19), ("10D", 10), ("KH", 4), ("QC", 3), ("JS", 2), ("9S", 0)]
)
def test_under_sans_atout_ace19_the_ace_is_worth_19(card: str, points: int) -> None:
    """RULES-COINCHE.md, SA `ace19`: A 19, 10 10, K 4, Q 3, J 2, rest 0."""
    assert card_values(SANS_ATOUT).points[Card.parse(card)] == points


def test_scaled_points_are_the_raw_plain_or_trump_values_out_of_their_deck() -> None:
    sa, ta = card_values(SANS_ATOUT, sa_points="scaled"), card_values(TOUT_ATOUT, "x", "scaled")
    assert (sa.points[Card.parse("JS")], sa.raw_deck) == (2, 120)
    assert (ta.points[Card.parse("JS")], ta.raw_deck) == (20, 248)


@pytest.mark.parametrize("strain", range(len(STRAIN_CODES)))
def test_every_strain_holds_152_card_points(strain: int) -> None:
    assert sum(card_values(strain).points) == DECK_POINTS == 152


def test_a_suit_contract_counts_its_trump_jack_20_and_the_others_2() -> None:
    points = card_values(Suit.HEARTS).points
    assert (points[Card.parse("JH")], points[Card.parse("JS")]) == (20, 2)


def test_sa_and_ta_are_played_only_with_the_option_sa_ta() -> None:
    assert list(allowed_strains(sa_ta=False)) == [0, 1, 2, 3]
    assert list(allowed_strains(sa_ta=True)) == [0, 1, 2, 3, SANS_ATOUT, TOUT_ATOUT]
    assert [needs_sa_ta(s, sa_ta=False) for s in range(6)] == [False] * 4 + [True] * 2
    assert not any(needs_sa_ta(s, sa_ta=True) for s in range(6))


def test_belote_is_the_trump_k_and_q_none_under_sa_each_suit_under_ta() -> None:
    assert belote_suits(Suit.CLUBS) == (Suit.CLUBS,)
    assert belote_suits(Suit.CLUBS, "none") == (Suit.CLUBS,)
    assert belote_suits(SANS_ATOUT) == ()
    assert belote_suits(TOUT_ATOUT) == (0, 1, 2, 3)
    assert belote_suits(TOUT_ATOUT, "each_suit") == (0, 1, 2, 3)
    assert belote_suits(TOUT_ATOUT, "none") == ()


@pytest.mark.parametrize("strain", [SANS_ATOUT, TOUT_ATOUT])
def test_a_classic_deal_has_a_trump_suit_never_sa_or_ta(strain: int) -> None:
    """Classic has no SA or TA: a classic record in one is refused at /trump, not crashed on."""
    hands = tuple(ALL_CARDS[seat * 8 : seat * 8 + 8] for seat in range(4))
    with pytest.raises(InconsistentInput) as raised:
        replay(DealRecord(dealer=0, strain=strain, taker=0, plays=(), hands=hands))
    assert [p.pointer for p in raised.value.problems] == ["/trump"]
    assert raised.value.problems[0].code == "not_a_suit"
