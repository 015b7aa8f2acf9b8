"""What the other seats' cards tell a seat (service/rules/advice/reading.py): each legal card's
features as its player sees it, the model's chance of the card played, and how likely a
deal's hands made the plays before a decision."""

from __future__ import annotations

import json
import math

import pytest

from service.rules.advice.reading import (
    FEATURES,
    PLAY_MODEL,
    PLAY_MODEL_FILE,
    Choice,
    card_features,
    choices,
    log_chance,
    plays_log_chance,
)
from service.rules.core.cards import Card, Suit
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT
from service.rules.variants import COINCHE
from service.rules.variants.classic.options import DEFAULT_OPTIONS

COINCHE_OPTIONS = COINCHE.options_or_default(None)

HEARTS = int(Suit.HEARTS)


def cards(*codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes]


def features(
    card: str,
    hand: list[str],
    trick: list[str] = [],  # noqa: B006 - never changed
    strain: int = HEARTS,
    gone: list[str] = [],  # noqa: B006 - never changed
) -> dict[str, float]:
    named = card_features(Card.parse(card), cards(*hand), cards(*trick), strain, set(cards(*gone)))
    return dict(zip(FEATURES, named, strict=True))


def only(**values: float) -> dict[str, float]:
    """Every feature 0 but these."""
    return {name: values.get(name, 0.0) for name in FEATURES}


def test_a_led_ace_is_the_master_and_the_highest_of_its_suit() -> None:
    assert features("AS", ["AS", "10S", "7S", "8D"]) == only(
        points=1.1, wins=1.0, lead_master=1.0, highest=1.0, suit_length=3 / 8,
        master=1.0, lead_highest=1.0,
    )  # fmt: skip


def test_a_led_small_card_is_the_lowest_and_no_master() -> None:
    assert features("7S", ["AS", "10S", "7S", "8D"]) == only(lowest=1.0, suit_length=3 / 8)


def test_a_card_is_master_when_every_card_above_it_is_gone_or_in_hand() -> None:
    # The king of spades led, the ace and the 10 played before: nothing above it is out.
    assert features("KS", ["KS", "8S"], gone=["AS", "10S"]) == only(
        points=0.4, wins=1.0, lead_master=1.0, highest=1.0, suit_length=2 / 8,
        master=1.0, lead_highest=1.0,
    )  # fmt: skip
    # The ace held, the 10 neither held nor gone: the king is not the master.
    assert features("KS", ["KS", "AS"])["master"] == 0.0
    assert features("KS", ["KS", "AS"], gone=["10S"])["master"] == 1.0


def test_a_card_following_the_suit_led_is_no_discard() -> None:
    assert features("KD", ["KD", "7D"], trick=["AD"])["discard_points"] == 0.0


def test_the_trumps_are_ordered_as_trumps_in_the_hand() -> None:
    # The jack of trumps heads the ace: the highest and the lowest of the hand's two trumps.
    assert features("JH", ["JH", "AH"])["highest"] == features("AH", ["JH", "AH"])["lowest"] == 1.0
    assert features("JH", ["JH", "AH"])["lowest"] == features("AH", ["JH", "AH"])["highest"] == 0.0
    # The 9 of trumps heads the ace too (in plain order the ace would head it).
    assert features("9H", ["9H", "AH"])["highest"] == 1.0


def test_a_card_is_master_of_its_own_suit_whatever_the_others() -> None:
    # The king of diamonds, the ace and the 10 gone: the spades' ace is no card above it.
    assert features("KD", ["KD", "7C"], gone=["AD", "10D"])["master"] == 1.0


def test_a_card_is_master_only_when_every_card_above_it_is_gone() -> None:
    # The 8 of clubs with every club above it gone but the 9: not the master.
    assert features("8C", ["8C"], gone=["AC", "10C", "KC", "QC", "JC"])["master"] == 0.0
    assert features("8C", ["8C"], gone=["AC", "10C", "KC", "QC", "JC", "9C"])["master"] == 1.0
    # The 9 of trumps, the ace, 10, king and queen gone: the jack is above it, still out.
    assert features("9H", ["9H"], gone=["AH", "10H", "KH", "QH"])["master"] == 0.0
    assert features("9H", ["9H"], gone=["JH"])["master"] == 1.0


def test_a_trick_the_partner_led_but_an_opponent_ruffed_is_no_charge() -> None:
    assert features("10S", ["10S", "KS"], trick=["AS", "7H"])["charge"] == 0.0


def test_a_led_trump_is_a_trump_lead() -> None:
    assert features("JH", ["JH", "7H"]) == only(
        trump=1.0, points=2.0, wins=1.0, lead_master=1.0, lead_trump=1.0, highest=1.0,
        suit_length=2 / 8, master=1.0, lead_highest=1.0,
    )  # fmt: skip


def test_points_put_on_a_trick_the_partner_is_winning_are_a_charge() -> None:
    # The partner's ace of spades leads the trick; the 10 goes under it.
    assert features("10S", ["10S", "7S"], trick=["AS", "8S"]) == only(
        points=1.0, charge=1.0, highest=1.0, suit_length=2 / 8, master=1.0
    )


def test_a_card_that_takes_the_trick_counts_its_points_and_fourth_it_is_a_last_win() -> None:
    assert features("AS", ["AS", "7S"], trick=["8S", "10S"]) == only(
        points=1.1, wins=1.0, win_points=1.1, highest=1.0, suit_length=2 / 8, master=1.0
    )
    assert features("AS", ["AS", "7S"], trick=["10S", "8S", "9S"]) == only(
        points=1.1, wins=1.0, win_points=1.1, last_wins=1.0, highest=1.0,
        suit_length=2 / 8, master=1.0,
    )  # fmt: skip


def test_a_card_off_suit_and_no_trump_is_a_discard_of_its_points() -> None:
    assert features("KD", ["KD", "9C"], trick=["AS"]) == only(
        points=0.4, highest=1.0, lowest=1.0, suit_length=1 / 8, discard_points=0.4
    )


def test_a_trump_on_a_plain_suit_led_is_a_ruff() -> None:
    assert features("7H", ["7H", "9C"], trick=["AS"]) == only(
        trump=1.0, wins=1.0, highest=1.0, lowest=1.0, suit_length=1 / 8, ruff=1.0
    )


def test_no_trump_and_all_trump_have_no_trump_suit_and_their_own_orders() -> None:
    # Sans-atout: the ace is worth 19 (the default), the 10 under it.
    assert features("AS", ["AS", "10S"], strain=SANS_ATOUT) == only(
        points=1.9, wins=1.0, lead_master=1.0, highest=1.0, suit_length=2 / 8,
        master=1.0, lead_highest=1.0,
    )  # fmt: skip
    # Tout-atout: the jack heads its suit, and no card is a trump suit's.
    jack = features("JS", ["JS", "AS"], strain=TOUT_ATOUT)
    assert jack["master"] == jack["highest"] == 1.0 and jack["trump"] == 0.0
    assert features("AS", ["JS", "AS"], strain=TOUT_ATOUT)["master"] == 0.0


def test_the_chance_of_the_card_played_is_a_softmax_over_the_legal_cards() -> None:
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("wins")] = 2.0
    taking = tuple(1.0 if name == "wins" else 0.0 for name in FEATURES)
    other = (0.0,) * len(FEATURES)
    options = (taking, other, other)
    chances = [math.exp(log_chance(weights, Choice(0, i, options))) for i in range(3)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == pytest.approx(math.exp(2) / (math.exp(2) + 2))
    assert chances[1] == pytest.approx(1 / (math.exp(2) + 2))
    # Without weights, every legal card alike; large scores do not overflow.
    assert log_chance(other, Choice(0, 1, options)) == pytest.approx(-math.log(3))
    weights[FEATURES.index("wins")] = 1000.0
    assert log_chance(weights, Choice(0, 0, options)) == pytest.approx(0.0)


HANDS = (
    cards("AS", "7S", "8D", "9D", "10C", "JC", "QC", "KC"),
    cards("10S", "8S", "AD", "7D", "7C", "8C", "9C", "AC"),
    cards("KS", "QS", "JS", "9S", "10D", "JD", "QD", "KD"),
    cards("7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"),
)


def test_the_choices_are_the_plays_with_more_than_one_legal_card_but_the_reader_s() -> None:
    # Seat 0 leads the ace of spades, seat 1 follows with the 8 (the 10 held), seat 2 with
    # the king (four spades held), seat 3 (no spade) ruffs with any of its eight hearts.
    plays = cards("AS", "8S", "KS", "7H")
    found = list(choices(HANDS, plays, HEARTS, DEFAULT_OPTIONS))
    assert [(c.player, c.chosen, len(c.options)) for c in found] == [
        (0, 0, 8),
        (1, 1, 2),
        (2, 0, 4),
        (3, 0, 8),
    ]
    assert [c.player for c in choices(HANDS, plays, HEARTS, DEFAULT_OPTIONS, skip=1)] == [0, 2, 3]
    assert found[1].options[found[1].chosen] == card_features(
        Card.parse("8S"), HANDS[1], cards("AS"), HEARTS, set()
    )


def test_the_choices_are_read_under_the_variant_s_rules() -> None:
    # Seat 1 ruffs the ace of spades with its only trump; seat 2, no spade, the 7 of trumps and the
    # king of diamonds: the undertrump is required in classic (one legal card), optional in
    # coinche (a choice).
    hands = (cards("AS", "8D"), cards("JH", "9D"), cards("7H", "KD"), cards("7S", "10D"))
    plays = cards("AS", "JH", "7H")
    classic = [c.player for c in choices(hands, plays, HEARTS, DEFAULT_OPTIONS)]
    coinche = [c.player for c in choices(hands, plays, HEARTS, COINCHE_OPTIONS)]
    assert classic == [0] and coinche == [0, 2]


def test_a_forced_card_and_a_renonce_tell_nothing() -> None:
    hands = (cards("AS", "KD"), cards("7S", "8D"), cards("8S", "9D"), cards("9S", "10D"))
    # Seat 1's 7 of spades was its only spade: forced; seat 2 discards while holding a spade.
    plays = cards("AS", "7S", "9D", "9S")
    assert [c.player for c in choices(hands, plays, HEARTS, DEFAULT_OPTIONS)] == [0]


def test_the_cards_seen_are_gone_from_the_next_trick_s_masters() -> None:
    # Seat 0 takes the spades with its ace (the others forced), then leads its queen: the
    # king and the 10 above it fell in the first trick, so it is the master.
    hands = (
        cards("AS", "QS", "7D"), cards("10S", "8D", "9C"), cards("KS", "9D", "10C"),
        cards("JS", "KD", "JC"),
    )  # fmt: skip
    plays = cards("AS", "10S", "KS", "JS", "QS")
    found = list(choices(hands, plays, HEARTS, DEFAULT_OPTIONS))
    assert [(c.player, len(c.options)) for c in found] == [(0, 3), (0, 2)]
    led = found[-1]
    assert led.options[led.chosen][FEATURES.index("master")] == 1.0


def test_a_defender_who_ducked_with_the_ace_is_read_as_not_holding_it() -> None:
    # Seat 1 followed the king of spades with the 8. With the ace beside it, taking the
    # trick was there for it; with the 7 beside it, either card lost the trick.
    plays = cards("KS", "8S")
    holding = (
        cards("KS", "7D"), cards("AS", "8S"), cards("9S", "9D"), cards("QS", "10D"),
    )  # fmt: skip
    lacking = (
        cards("KS", "7D"), cards("7S", "8S"), cards("9S", "9D"), cards("QS", "10D"),
    )  # fmt: skip
    read_holding = plays_log_chance(PLAY_MODEL, holding, plays, 0, HEARTS, DEFAULT_OPTIONS)
    read_lacking = plays_log_chance(PLAY_MODEL, lacking, plays, 0, HEARTS, DEFAULT_OPTIONS)
    assert read_holding < read_lacking < 0
    # A seat's own play tells it nothing: from seat 1's chair only the lead is read, from
    # seat 0's only the 8.
    own = plays_log_chance(PLAY_MODEL, holding, plays, 1, HEARTS, DEFAULT_OPTIONS)
    assert own == plays_log_chance(PLAY_MODEL, holding, plays[:1], 1, HEARTS, DEFAULT_OPTIONS) < 0
    assert plays_log_chance(PLAY_MODEL, holding, plays[:1], 0, HEARTS, DEFAULT_OPTIONS) == 0.0


def test_the_committed_model_names_every_feature() -> None:
    saved = json.loads(PLAY_MODEL_FILE.read_text())
    assert list(saved["weights"]) == list(FEATURES)
    assert tuple(saved["weights"][name] for name in FEATURES) == PLAY_MODEL
    assert all(isinstance(w, float) for w in PLAY_MODEL)
    # What the fit found: a card that takes the trick is likelier, a needless ruff less.
    assert PLAY_MODEL[FEATURES.index("wins")] > 0 > PLAY_MODEL[FEATURES.index("ruff")]
