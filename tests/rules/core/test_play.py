"""RULES.md "Play obligations", one table per rule: the trick so far, the hand of the player
to move, and the ruling on every card. Trump is hearts throughout; the leader is seat 0, so
the player to move is seat len(trick) and the partner of seat len(trick) - 2."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import (
    Card,
    Suit,
    ViolationCode,
    judge,
    legal_cards,
    obligation,
    trick_winner,
    violation,
)
from service.rules.variants import CLASSIC
from support.deals import TRUMP_ORDER
from tests.rules.builders import cards

TRUMP = Suit.HEARTS
FOLLOW = ViolationCode.FOLLOW_SUIT
RAISE = ViolationCode.RAISE_TRUMP
TRUMP_IT = ViolationCode.TRUMP
OVER = ViolationCode.OVERTRUMP
UNDER = ViolationCode.UNDERTRUMP
BEAT = ViolationCode.BEAT_PARTNER

Row = tuple[str, str, dict[str, Any], str, dict[str, ViolationCode]]

LEADING: list[Row] = [
    ("", "7S JH AD 8C", {}, "7S JH AD 8C", {}),
    ("", "KH", {}, "KH", {}),
]

TRUMP_LED: list[Row] = [
    # An opponent led: play a trump, a higher one when you have one.
    ("9H", "JH 7H AS", {}, "JH", {"7H": RAISE, "AS": FOLLOW}),
    ("QH", "7H AH 9H KD", {}, "AH 9H", {"7H": RAISE, "KD": FOLLOW}),
    ("JH", "9H 7H AS", {}, "9H 7H", {"AS": FOLLOW}),
    ("7H", "AS KD", {}, "AS KD", {}),
    # Partner led and is winning: raise all the same (option overtrump_partner, default).
    ("9H 8H", "JH 7H AS", {}, "JH", {"7H": RAISE, "AS": FOLLOW}),
    ("9H 8H", "JH 7H AS", {"overtrump_partner": True}, "JH", {"7H": RAISE, "AS": FOLLOW}),
    ("9H 8H", "JH 7H AS", {"overtrump_partner": False}, "JH 7H", {"AS": FOLLOW}),
    ("8H AH 7H", "10H 9H KS", {}, "9H", {"10H": RAISE, "KS": FOLLOW}),
    ("8H AH 7H", "10H 9H KS", {"overtrump_partner": False}, "10H 9H", {"KS": FOLLOW}),
    # The opponent is winning: overtrump_partner does not matter.
    ("7H JH", "9H 8H", {"overtrump_partner": False}, "9H 8H", {}),
    ("7H 9H", "JH 8H", {"overtrump_partner": False}, "JH", {"8H": RAISE}),
    ("QH AH 10H", "KH 8S", {"overtrump_partner": False}, "KH", {"8S": FOLLOW}),
    # No trump in hand: any card.
    ("7H 9H", "AS KD 8C", {}, "AS KD 8C", {}),
]

SUIT_HELD: list[Row] = [
    ("KS", "7S AS JH 8D", {}, "7S AS", {"JH": FOLLOW, "8D": FOLLOW}),
    # Follow even when an opponent has trumped and you hold a higher trump.
    ("KS JH", "7S 9H", {}, "7S", {"9H": FOLLOW}),
    # Follow even when the partner is winning.
    ("AS 7H", "7S JH", {}, "7S", {"JH": FOLLOW}),
    ("AS 7S", "8S 9S", {"undertrump": "optional"}, "8S 9S", {}),
]

CANNOT_FOLLOW: list[Row] = [
    # Your partner is winning: any card.
    ("AS 7S", "JH 7D 8C", {}, "JH 7D 8C", {}),
    ("KS 7H 8S", "9H 7D", {}, "9H 7D", {}),
    ("AS 9H 7H", "JH 8D", {}, "JH 8D", {}),
    # No trump on the table: trump if you can, any trump.
    ("AS", "7H JH 8D", {}, "7H JH", {"8D": TRUMP_IT}),
    ("7S AS", "8H QD", {}, "8H", {"QD": TRUMP_IT}),
    ("7S AS", "8H QD", {"undertrump": "optional"}, "8H", {"QD": TRUMP_IT}),
    # An opponent's trump is winning: over-trump if you can.
    ("AS 9H", "JH 7H 8D", {}, "JH", {"7H": OVER, "8D": OVER}),
    ("AS 9H", "JH 7H 8D", {"undertrump": "optional"}, "JH", {"7H": OVER, "8D": OVER}),
    ("AS 7H 8H", "9H 10D", {}, "9H", {"10D": OVER}),
    # ... else still play a trump (undertrump "required"), or discard ("optional").
    ("AS JH", "9H 7H 8D", {}, "9H 7H", {"8D": UNDER}),
    ("AS JH", "9H 7H 8D", {"undertrump": "required"}, "9H 7H", {"8D": UNDER}),
    ("AS JH", "9H 7H 8D", {"undertrump": "optional"}, "9H 7H 8D", {}),
    ("7S AS JH", "9H 8H KD", {}, "9H 8H", {"KD": UNDER}),
    ("7S AS JH", "9H 8H KD", {"undertrump": "optional"}, "9H 8H KD", {}),
    # No trump in hand: any card.
    ("AS", "8D 7C", {}, "8D 7C", {}),
    ("AS JH", "8D 7C", {}, "8D 7C", {}),
    # The partner wins with a trump (option partner_trump): any card ("any", FFB 2016 §5.2.3:
    # "y compris un atout inférieur au sien"); a discard, or a trump above the partner's when
    # you hold one ("beat", BGA); that only for a hand of trumps alone ("beat_if_only_trumps",
    # FFB Équipe Ludique §5.2 règle 4: "il est obligé de fournir un atout supérieur").
    ("AS 9H 7S", "JH 7H 8D", {"partner_trump": "any"}, "JH 7H 8D", {}),
    ("AS 9H 7S", "JH 7H 8D", {"partner_trump": "beat"}, "JH 8D", {"7H": BEAT}),
    ("AS 9H 7S", "JH 7H 8D", {"partner_trump": "beat_if_only_trumps"}, "JH 7H 8D", {}),
    ("AS 9H 7S", "JH 7H", {"partner_trump": "beat"}, "JH", {"7H": BEAT}),
    ("AS 9H 7S", "JH 7H", {"partner_trump": "beat_if_only_trumps"}, "JH", {"7H": BEAT}),
    # ... none above the partner's: any card, a lower trump too.
    ("AS JH 7S", "9H 7H 8D", {"partner_trump": "beat"}, "9H 7H 8D", {}),
    ("AS JH 7S", "9H 7H", {"partner_trump": "beat_if_only_trumps"}, "9H 7H", {}),
    # ... the partner wins with a card of the suit led: no trump to beat, any card.
    ("7S AS 8S", "JH 7H 8D", {"partner_trump": "beat"}, "JH 7H 8D", {}),
]

OBLIGATIONS = {
    "1 leading: any card": LEADING,
    "2 trump led: a trump, a higher one if you can": TRUMP_LED,
    "3 plain suit led and held: follow, you need not win": SUIT_HELD,
    "4 cannot follow": CANNOT_FOLLOW,
}


@pytest.mark.parametrize(
    ("trick", "hand", "options", "legal", "illegal"),
    [
        pytest.param(*row, id=f"{rule} [{row[0]}] {row[1]} {row[2] or ''}")
        for rule, rows in OBLIGATIONS.items()
        for row in rows
    ],
)
def test_the_play_obligations(
    trick: str, hand: str, options: dict[str, Any], legal: str, illegal: dict[str, ViolationCode]
) -> None:
    """The player to move holds `hand`: `legal` may be played, each other card breaks a rule."""
    rules = CLASSIC.options(options)
    ruling = judge(cards(hand), 0, cards(trick), TRUMP, rules)
    assert ruling.seat == len(cards(trick))
    assert [str(c) for c in ruling.legal] == legal.split()
    assert {str(c): v.code for c, v in ruling.illegal} == illegal
    # Each violation names the cards that had to be played, the suit led, the trump, and the
    # best trump on the table when the rule is to beat it (or to play under it).
    table_trumps = [c for c in cards(trick) if c.suit == TRUMP]
    best = min(table_trumps, key=lambda c: TRUMP_ORDER.index(str(c)[:-1]), default=None)
    for _, found in ruling.illegal:
        to_beat = best if found.code in (RAISE, OVER, UNDER, BEAT) else None
        assert found == (found.code, ruling.legal, cards(trick)[0].suit, TRUMP, to_beat)
    # The other questions give the same answers.
    assert legal_cards(cards(hand), cards(trick), TRUMP, rules) == ruling.legal
    for card in cards(hand):
        found = violation(cards(hand), cards(trick), TRUMP, card, rules)
        assert found == dict(ruling.illegal).get(card)


@pytest.mark.parametrize(
    ("undertrump", "legal", "illegal"),
    [
        ("required", ["9H"], {"KD": UNDER, "8C": UNDER}),
        ("optional", ["KD", "9H", "8C"], {}),
    ],
)
def test_the_legal_moves_example_of_api_md(
    undertrump: str, legal: list[str], illegal: dict[str, ViolationCode]
) -> None:
    # Trump H, leader 1, trick [AS, JH], hand [KD, 9H, 8C]: seat 3 cannot follow spades nor
    # beat the opponent's JH, so must still play a trump.
    rules = CLASSIC.options({"undertrump": undertrump})
    ruling = judge(cards("KD 9H 8C"), 1, cards("AS JH"), Suit.parse("H"), rules)
    assert ruling.seat == 3
    assert [str(c) for c in ruling.legal] == legal
    assert {str(c): v.code for c, v in ruling.illegal} == illegal


@pytest.mark.parametrize(
    ("trick", "hand", "card", "en", "fr"),
    [
        # The sentence names the suit or card that made the obligation and ends with the cards
        # that had to be played.
        (
            "AS JH",
            "KD 9H 8C",
            "KD",
            "You cannot follow spades nor beat the opponent winning with the jack of hearts, "
            "but you hold trumps: you had to play the 9 of hearts.",
            "Vous n'avez pas de pique et ne pouvez pas battre l'adversaire, maître avec le "
            "valet de cœur, mais vous avez de l'atout : il fallait sous-couper avec le 9 de "
            "cœur.",
        ),
        (
            "KS",
            "7S AS JH",
            "JH",
            "The lead is spades and you hold spades: you had to play the 7 or the ace of spades.",
            "Du pique est demandé et vous en avez : il fallait fournir le 7 ou l'as de pique.",
        ),
        (
            "QH",
            "7H AH 9H KD",
            "7H",
            "Trump (hearts) was led and you can beat the queen of hearts: you had to play the ace "
            "or the 9 of hearts.",
            "Atout (cœur) demandé et vous pouvez battre la dame de cœur : il fallait monter avec "
            "l'as ou le 9 de cœur.",
        ),
        (
            "QH",
            "7H AH 9H KD",
            "KD",
            "The lead is hearts and you hold hearts: you had to play the ace or the 9 of hearts.",
            "Du cœur est demandé et vous en avez : il fallait fournir l'as ou le 9 de cœur.",
        ),
        (
            "7D AD",
            "8H QH 10H QS",
            "QS",
            "You cannot follow diamonds and your partner is not winning: "
            "you had to trump with the 8, the queen or the 10 of hearts.",
            "Vous n'avez pas de carreau et votre partenaire n'est pas maître : "
            "il fallait couper avec le 8, la dame ou le 10 de cœur.",
        ),
        (
            "AC 9H",
            "JH 7H 8D",
            "7H",
            "An opponent is winning with the 9 of hearts and you can beat it: you had to "
            "over-trump with the jack of hearts.",
            "Un adversaire est maître avec le 9 de cœur et vous pouvez surcouper : il fallait "
            "jouer le valet de cœur.",
        ),
    ],
)
def test_a_violation_says_in_english_and_french_which_cards_had_to_be_played(
    trick: str, hand: str, card: str, en: str, fr: str
) -> None:
    found = violation(cards(hand), cards(trick), TRUMP, Card.parse(card))
    assert found is not None
    assert (found.message("en"), found.message("fr")) == (en, fr)
    # English by default, and for any language the catalog does not hold.
    assert found.message() == found.message("de") == en


def test_beating_a_partner_s_trump_is_said_in_english_and_french() -> None:
    rules = CLASSIC.options({"partner_trump": "beat"})
    found = violation(cards("JH 7H 8D"), cards("AS 9H 7S"), TRUMP, Card.parse("7H"), rules)
    assert found is not None
    assert (found.message("en"), found.message("fr")) == (
        "Your partner is winning with the 9 of hearts: a trump you play must beat it, and you "
        "can: you had to play the jack of hearts or the 8 of diamonds.",
        "Votre partenaire est maître avec le 9 de cœur : si vous coupez, il faut le surcouper, "
        "et vous le pouvez : il fallait jouer le valet de cœur ou le 8 de carreau.",
    )


def test_obligation_names_the_card_to_beat_only_when_it_matters() -> None:
    assert obligation(cards("JH 7H"), cards("9H"), TRUMP)[2] == Card.parse("9H")
    assert obligation(cards("JH 7H"), cards("AS JS"), TRUMP)[2] is None
    assert obligation(cards("7S JH"), cards("AS"), TRUMP)[2] is None


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("7S AS JH 10S", "H", 2),
        ("7S AS 10S KS", "H", 1),
        ("10S KS QS JS", "H", 0),
        ("JS QS", "H", 1),
        ("JS 9S", "H", 0),
        ("9S 7S 8S", "H", 0),
        ("7S 8D AC KD", "H", 0),
        ("AS 7H 9H JH", "H", 3),
        ("AS 7H 8H", "H", 2),
        ("AS 8H 7H", "H", 1),
        ("9H JH", "H", 1),
        ("AH 9H", "H", 1),
        ("10H AH", "H", 1),
        ("KH 10H", "H", 1),
        ("QH KH", "H", 1),
        ("8H QH", "H", 1),
        ("7H 8H", "H", 1),
        ("JS 9S", "S", 0),
        ("AS 9S", "S", 1),
        ("7D", "C", 0),
        ("AD 7C 8D 10D", "C", 1),
    ],
)
def test_the_trick_goes_to_the_highest_trump_else_the_highest_card_of_the_led_suit(
    trick: str, trump: str, winner: int
) -> None:
    assert trick_winner(cards(trick), Suit.parse(trump)) == winner


def test_the_play_options_of_any_variant_s_options() -> None:
    from service.rules.core.play import PlayRules
    from service.rules.variants.coinche.options import CoincheOptions

    rules = PlayRules.of(CoincheOptions(undertrump="required", overtrump_partner=False))
    assert rules == PlayRules(undertrump="required", overtrump_partner=False)
    beat = PlayRules.of(CoincheOptions(partner_trump="beat"))
    assert beat == PlayRules(undertrump="optional", overtrump_partner=True, partner_trump="beat")
