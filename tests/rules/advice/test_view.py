"""What a seat's view reveals (service/rules/advice/view.py): the cards each play shows its
seat does not hold, by the play obligations, and nothing from a proven renonce."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules import replay
from service.rules.advice.view import forbidden_by, revealed_voids
from service.rules.core.cards import ALL_CARDS, Card, mask_of
from service.rules.core.play import obligation_of_mask
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.classic.replay import DealRecord
from tests.rules.builders import cards

HEARTS = 1


# --- the voids a play reveals ------------------------------------------------------------------


@st.composite
def plays_to_a_trick(draw: st.DrawFn) -> tuple[Card, int, tuple[Card, ...], int, RuleOptions]:
    """A card, a hand holding it (a mask), the trick it is played to, a strain and options."""
    deck = draw(st.permutations(ALL_CARDS))
    table = tuple(deck[: draw(st.integers(1, 3))])
    hand = deck[len(table) : len(table) + draw(st.integers(1, 8))]
    options = RuleOptions(
        undertrump=draw(st.sampled_from(["required", "optional"])),
        overtrump_partner=draw(st.booleans()),
    )
    return hand[0], mask_of(hand), table, draw(st.integers(0, TOUT_ATOUT)), options


@given(plays_to_a_trick())
def test_a_card_is_legal_exactly_when_the_hand_holds_none_it_forbids(
    case: tuple[Card, int, tuple[Card, ...], int, RuleOptions],
) -> None:
    card, hand, table, strain, options = case
    legal = obligation_of_mask(hand, table, strain, options)[0] >> card & 1
    assert bool(legal) == (not hand & forbidden_by(card, table, strain, options))


H = RuleOptions()


@pytest.mark.parametrize(
    ("card", "table", "strain", "options", "forbidden"),
    [
        # Did not follow a plain lead, the partner winning: none of the led suit.
        ("7D", "AS KS", HEARTS, H, "7S 8S 9S 10S JS QS KS AS"),
        # Discarded on an opponent's winning plain card: none of the led suit, no trump.
        ("7D", "AS", HEARTS, H, "7S 8S 9S 10S JS QS KS AS 7H 8H 9H 10H JH QH KH AH"),
        # Played a trump under an opponent's: none of the led suit, no higher trump.
        ("7H", "AS 9H", HEARTS, H, "7S 8S 9S 10S JS QS KS AS JH"),
        # Discarded over an opponent's trump: with undertrump required, no trump at all...
        ("7D", "AS 9H", HEARTS, H, "7S 8S 9S 10S JS QS KS AS 7H 8H 9H 10H JH QH KH AH"),
        # ... with undertrump optional, no trump above it.
        ("7D", "AS 9H", HEARTS, RuleOptions(undertrump="optional"), "7S 8S 9S 10S JS QS KS AS JH"),
        # A low trump on a trump lead: no higher trump...
        ("8H", "AH", HEARTS, H, "9H JH"),
        # ... the partner winning too, when the partner must be raised over (the default)...
        ("8H", "AH 7S", HEARTS, H, "9H JH"),
        # ... unless the partner wins and need not be raised over.
        ("8H", "AH 7S", HEARTS, RuleOptions(overtrump_partner=False), ""),
        # No trump on a trump lead: no trump.
        ("7D", "AH", HEARTS, H, "7H 8H 9H 10H JH QH KH AH"),
        # Followed a plain lead: nothing.
        ("7S", "AS JH", HEARTS, H, ""),
        # Sans-atout: not following shows only the led suit.
        ("7D", "AS", SANS_ATOUT, H, "7S 8S 9S 10S JS QS KS AS"),
        # Tout-atout: the led suit in trump order; a low card shows no higher one.
        ("7S", "AS", TOUT_ATOUT, H, "9S JS"),
    ],
)
def test_each_play_obligation_reveals_the_cards_it_forbids(
    card: str, table: str, strain: int, options: RuleOptions, forbidden: str
) -> None:
    """(The cards on the table are in no hand: forbidding them says nothing.)"""
    assert forbidden_by(cards(card)[0], cards(table), strain, options) == mask_of(cards(forbidden))


def test_a_proven_renonce_reveals_nothing() -> None:
    # Seat 2 discards 8D on a spade lead, then plays 10S: a renonce, which shows nothing of
    # its hand. Its 10S on seat 1's club lead (seat 1 winning) shows no club and no heart.
    record = DealRecord(3, HEARTS, 0, cards("7S AS 8D KS 9C 10S"))
    judged = replay(record)
    assert [r.play for r in judged.renonces] == [2]
    voids = revealed_voids(judged.tricks, judged.renonces, HEARTS, H)
    assert voids[2] == mask_of(cards("7C 8C 9C 10C JC QC KC AC 7H 8H 9H 10H JH QH KH AH"))
    # Before the proof, the same discard shows no spade and no heart.
    early = replay(replace(record, plays=record.plays[:4]))
    assert revealed_voids(early.tricks, early.renonces, HEARTS, H)[2] == mask_of(
        cards("7S 8S 9S 10S JS QS KS AS 7H 8H 9H 10H JH QH KH AH")
    )


def test_a_seats_voids_add_up_over_its_plays() -> None:
    # Seat 1 discards 7D on seat 0's spade lead (no spade, no heart), then 7C on its diamond
    # lead (no diamond either).
    record = DealRecord(3, HEARTS, 0, cards("AS 7D 8S 9S KD 7C 8D 9D"))
    judged = replay(record)
    voids = revealed_voids(judged.tricks, judged.renonces, HEARTS, H)
    spade_lead = forbidden_by(cards("7D")[0], cards("AS"), HEARTS, H)
    diamond_lead = forbidden_by(cards("7C")[0], cards("KD"), HEARTS, H)
    assert voids[1] == spade_lead | diamond_lead != spade_lead
