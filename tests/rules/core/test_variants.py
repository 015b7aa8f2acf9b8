"""The two variants as objects: what each says of its deals (service/rules/variants.py)."""

from __future__ import annotations

from service.rules import Belote, replay
from service.rules.core.cards import CARD_POINTS, DECK_POINTS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Suit
from service.rules.variants import CLASSIC, COINCHE, honours
from service.rules.variants.classic.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord, strain_values
from tests.rules.builders import cards

HEARTS, SPADES, DIAMONDS = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS


def test_a_classic_record_names_its_trump_and_taker() -> None:
    record = DealRecord(3, SPADES, 1, ())
    assert (CLASSIC.strain(record), CLASSIC.taker(record)) == (SPADES, 1)
    assert CLASSIC.replay(record, DEFAULT_OPTIONS) == replay(record)


def test_a_coinche_record_names_its_contract_s_strain_and_taker() -> None:
    record = CoincheRecord(0, Contract(taker=3, value=80, strain=TOUT_ATOUT), ())
    options = CoincheOptions(sa_ta=True)
    assert (COINCHE.strain(record), COINCHE.taker(record)) == (TOUT_ATOUT, 3)
    assert COINCHE.replay(record, options) == COINCHE.replay(record, options)


def test_each_variant_has_its_own_default_options() -> None:
    assert CLASSIC.options_or_default(None) is DEFAULT_OPTIONS
    assert COINCHE.options_or_default(None) is DEFAULT_COINCHE_OPTIONS
    given = RuleOptions(capot=500)
    assert CLASSIC.options_or_default(given) is given


def test_classic_counts_a_suit_contract_s_points_whatever_the_options() -> None:
    for trump in (HEARTS, SPADES):
        values = CLASSIC.card_values(trump, RuleOptions(capot=500))
        assert values.points == CARD_POINTS[trump] and values.raw_deck == DECK_POINTS


def test_coinche_counts_its_strain_s_points_under_its_options() -> None:
    scaled = CoincheOptions(sa_ta=True, sa_points="scaled")
    assert COINCHE.card_values(SANS_ATOUT, scaled) == strain_values(SANS_ATOUT, scaled)
    assert COINCHE.card_values(SANS_ATOUT, scaled).raw_deck == 120  # scaled to 152 from 120


def test_a_classic_belote_is_its_first_honour_s_player_s() -> None:
    # Seat 0 leads KH (hearts trump) announcing belote: it holds QH too.
    record = DealRecord(3, HEARTS, 1, cards("KH"), belote_announced=True)
    assert CLASSIC.belotes(record, replay(record), DEFAULT_OPTIONS) == [Belote(0, HEARTS)]
    unannounced = DealRecord(3, HEARTS, 1, cards("KH"))
    assert CLASSIC.belotes(unannounced, replay(unannounced), DEFAULT_OPTIONS) == []
    # No honour played yet: nobody is known to hold it.
    early = DealRecord(3, HEARTS, 1, cards("7S"), belote_announced=True)
    assert CLASSIC.belotes(early, replay(early), DEFAULT_OPTIONS) == []


def test_a_coinche_belote_counts_only_in_a_suit_its_strain_makes_one() -> None:
    announced = (Belote(2, DIAMONDS), Belote(1, SPADES))
    record = CoincheRecord(0, Contract(0, 80, DIAMONDS), (), belote_announced=announced)
    judged = COINCHE.replay(record)
    assert COINCHE.belotes(record, judged, DEFAULT_COINCHE_OPTIONS) == [Belote(2, DIAMONDS)]
    everywhere = CoincheOptions(sa_ta=True)
    in_ta = CoincheRecord(0, Contract(0, 80, TOUT_ATOUT), (), belote_announced=announced)
    assert COINCHE.belotes(in_ta, COINCHE.replay(in_ta, everywhere), everywhere) == list(announced)
    none = CoincheOptions(sa_ta=True, ta_belote="none")
    assert COINCHE.belotes(in_ta, COINCHE.replay(in_ta, none), none) == []


def test_a_belote_is_the_king_and_queen_of_its_suit() -> None:
    assert honours(HEARTS) == cards("KH QH")
