"""RULES-COINCHE.md "Belote" scored on a complete deal: 20 for every belote that counts, up
to 80 under TA with `ta_belote: each_suit`, always to its team whatever the ruling. The hands
below hold K and Q of spades and of hearts with seat 0, of diamonds with seat 1, and the clubs'
K and Q apart; the deal is played out with legal cards (a fixed seed), the contract 80 by
seat 0."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.rules.core.cards import Suit
from service.rules.core.replay import Belote
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants import COINCHE
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from support.deals import play_deal
from tests.rules.builders import cards

HANDS = tuple(
    cards(hand)
    for hand in (
        "KS QS KH QH 7S 8S 7H 8H",
        "KD QD 7D 8D 9S 10S 9H 10H",
        "KC 7C 8C 9D 10D JS AS JH",
        "QC 9C 10C JD AD JC AC AH",
    )
)
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
EVERY_BELOTE = (Belote(0, S), Belote(0, H), Belote(1, D), Belote(3, C), Belote(2, C))


def played(strain: int, options: CoincheOptions) -> DealRecord:
    """The deal played out with legal cards (its dealer drawn with the seed)."""
    return play_deal(random.Random(7), options=options, hands=HANDS, trump=strain).record


# (strain, options, belotes announced, belotes counted, belote points (team 0, team 1))
ROWS = [
    # A suit contract: K and Q of trump in one hand.
    (S, {}, EVERY_BELOTE, [(0, S)], (20, 0)),
    (D, {}, EVERY_BELOTE, [(1, D)], (0, 20)),
    (C, {"belote": "automatic"}, (), [], (0, 0)),  # K and Q apart: none
    (H, {}, (), [], (0, 0)),  # not announced
    (H, {"belote": "automatic"}, (), [(0, H)], (20, 0)),
    # SA: none.
    (SANS_ATOUT, {"belote": "automatic"}, EVERY_BELOTE, [], (0, 0)),
    # TA each_suit: every suit's K and Q in one hand, two for seat 0's team.
    (TOUT_ATOUT, {}, EVERY_BELOTE, [(0, S), (0, H), (1, D)], (40, 20)),
    (TOUT_ATOUT, {"belote": "automatic"}, (), [(0, S), (0, H), (1, D)], (40, 20)),
    (TOUT_ATOUT, {}, (Belote(0, H),), [(0, H)], (20, 0)),
    (TOUT_ATOUT, {"ta_belote": "none", "belote": "automatic"}, EVERY_BELOTE, [], (0, 0)),
]


@pytest.mark.parametrize(("strain", "rules", "announced", "counted", "points"), ROWS)
def test_the_belotes_a_complete_deal_scores(
    strain: int,
    rules: dict[str, Any],
    announced: tuple[Belote, ...],
    counted: list[tuple[int, int]],
    points: tuple[int, int],
) -> None:
    options = CoincheOptions(sa_ta=True, **rules)
    deal = played(strain, options)
    record = CoincheRecord(deal.dealer, Contract(0, 80, strain), deal.plays, HANDS, announced)
    result = COINCHE.replay(record, options)
    assert result.complete and result.renonces == ()
    assert [(b.seat, b.suit) for b in result.belotes] == counted
    assert result.score is not None
    assert tuple(team.belote for team in result.score.breakdown) == points


def test_an_unfinished_deal_has_no_score() -> None:
    options = CoincheOptions(sa_ta=True)
    deal = played(TOUT_ATOUT, options)
    record = CoincheRecord(deal.dealer, Contract(0, 80, TOUT_ATOUT), deal.plays[:31])
    result = COINCHE.replay(record, options)
    assert (result.complete, len(result.tricks)) == (False, 8)
    assert result.score is None


def test_a_coinche_record_is_read_as_a_deal_with_the_strain_as_trump() -> None:
    plays = cards("AS 7S")
    record = CoincheRecord(2, Contract(1, 90, TOUT_ATOUT, 1), plays, HANDS, (Belote(0, S),))
    read = (record.dealer, record.strain, record.taker, record.plays, record.hands)
    assert read == (2, TOUT_ATOUT, 1, plays, HANDS)
    assert (COINCHE.strain(record), COINCHE.taker(record)) == (TOUT_ATOUT, 1)
