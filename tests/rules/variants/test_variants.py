"""The two variants as objects: what each says of its deals (service/rules/variants/)."""

from __future__ import annotations

import pytest

from service.rules import Belote, InconsistentInput, replay
from service.rules.core.cards import CARD_POINTS, DECK_POINTS
from service.rules.core.dealing import shuffled_deck
from service.rules.core.play import EVERY_OBLIGATION
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Suit
from service.rules.variants import CLASSIC, COINCHE, VARIANTS, honours
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


def test_every_variant_by_its_name() -> None:
    assert VARIANTS == {"classic": CLASSIC, "coinche": COINCHE}
    assert repr(COINCHE) == "<Variant coinche>"


def test_a_play_without_options_is_judged_by_classic_s_defaults() -> None:
    assert EVERY_OBLIGATION.undertrump == DEFAULT_OPTIONS.undertrump
    assert EVERY_OBLIGATION.overtrump_partner == DEFAULT_OPTIONS.overtrump_partner


def test_a_request_s_rules_are_read_by_its_variant() -> None:
    assert CLASSIC.options({"capot": 250}) == RuleOptions(capot=250)
    assert COINCHE.options(None) is DEFAULT_COINCHE_OPTIONS
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.options({"sa_ta": 1, "max_bid": 170}, "/rules")
    assert [(p.pointer, p.code) for p in caught.value.problems] == [
        ("/rules/sa_ta", "bad_option_value"),
        ("/rules/max_bid", "bad_option_value"),
    ]


SEED = "a seed long enough to deal from"


def test_each_variant_deals_the_same_shuffle_in_its_own_packets() -> None:
    deck = shuffled_deck(SEED)
    # Classic: 3 then 2 each from the dealer's next (dealer 3: seat 0 first), then the turned card.
    classic = CLASSIC.deal(SEED, 3)
    assert classic.hands[0] == (*deck[0:3], *deck[12:14])
    assert (classic.turned, len(classic.stock)) == (deck[20], 11)
    # Coinche: 3, 2 and 3 each, every card dealt, nothing turned.
    coinche = COINCHE.deal(SEED, 3)
    assert coinche.hands[0] == (*deck[0:3], *deck[12:14], *deck[20:23])
    assert (coinche.turned, coinche.stock) == (None, ())
    assert COINCHE.deal(SEED, 3, taker=1) == coinche  # whole before the auction
    assert COINCHE.deal_deck(list(deck), 3, None) == coinche


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE])
def test_a_dealer_or_taker_that_is_no_seat_is_named(variant) -> None:  # type: ignore[no-untyped-def]
    for dealer, taker, pointer in ((4, None, "/dealer"), (0, 5, "/taker")):
        with pytest.raises(InconsistentInput) as caught:
            variant.deal(SEED, dealer, taker)
        assert [p.pointer for p in caught.value.problems] == [pointer]


def test_classic_bidding_needs_the_turned_card_and_coinche_s_does_not() -> None:
    with pytest.raises(InconsistentInput) as caught:
        CLASSIC.auction(3, ["pass"])
    assert [(p.pointer, p.code) for p in caught.value.problems] == [
        ("/turned", "bidding_needs_turned")
    ]
    assert caught.value.problems[0].message("en").startswith("Classic bidding needs the turned")
    assert CLASSIC.auction(3, ["pass", "take"], turned=cards("JH")[0]).taker == 1
    assert COINCHE.auction(3, ["90H", "pass", "pass", "pass"]).contract == Contract(0, 90, HEARTS)


def test_the_game_is_scored_the_same_way_in_both_variants() -> None:
    from service.rules.variants.coinche.scoring import CoincheDealSummary

    won = CoincheDealSummary(Contract(0, 80, HEARTS), (102, 60))
    game = COINCHE.score_game([won] * 2, CoincheOptions(target=300))
    assert (game.totals, game.finished, game.winner) == ((360, 120), True, 0)
    assert COINCHE.score_game([won]).finished is False


def test_each_variant_describes_its_rules_in_the_language_asked() -> None:
    from service.rules.variants.classic.describe import describe_rules
    from service.rules.variants.coinche.describe import describe_coinche_rules

    assert CLASSIC.describe("fr") == describe_rules("fr") != CLASSIC.describe()
    assert COINCHE.describe("fr") == describe_coinche_rules("fr") != COINCHE.describe()
    assert CLASSIC.describe() == describe_rules("en")


def test_the_coinche_auction_is_judged_under_the_options_given() -> None:
    calls = ["90SA", "pass", "pass", "pass"]
    assert COINCHE.auction(3, calls).violation is not None  # no SA without sa_ta
    assert COINCHE.auction(3, calls, CoincheOptions(sa_ta=True)).contract == Contract(
        0, 90, SANS_ATOUT
    )


def test_what_a_contract_may_name_in_each_variant() -> None:
    # Classic takes a suit, with no value to outbid (RULES.md "Bidding"); coinche bids a value
    # from 80 by tens to max_bid, then capot, in a suit, or SA and TA with `sa_ta`.
    assert CLASSIC.strains(DEFAULT_OPTIONS) == (SPADES, HEARTS, DIAMONDS, Suit.CLUBS)
    assert CLASSIC.bid_values(DEFAULT_OPTIONS) == ()
    assert COINCHE.strains(DEFAULT_COINCHE_OPTIONS) == (0, 1, 2, 3)
    assert COINCHE.strains(CoincheOptions(sa_ta=True)) == (0, 1, 2, 3, SANS_ATOUT, TOUT_ATOUT)
    values = (80, 90, 100, 110, 120, 130, 140, 150, 160)
    assert COINCHE.bid_values(DEFAULT_COINCHE_OPTIONS) == (*values, "capot")
    assert COINCHE.bid_values(CoincheOptions(max_bid=180)) == (*values, 170, 180, "capot")
