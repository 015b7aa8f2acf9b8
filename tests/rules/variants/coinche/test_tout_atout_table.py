"""RULES-COINCHE.md "Play" under tout-atout, with every suit led: follow the led suit and beat
its best card if you can (`raise_trump`, the led suit being the trick's trump), else any card
of it; a card of another suit breaks `follow_suit`. Each hand holds both kinds of illegal card,
in either order, so that neither ruling is taken for the other."""

from __future__ import annotations

import pytest

from service.rules import Card, ViolationCode, judge
from service.rules.core.strains import TOUT_ATOUT
from tests.rules.builders import cards

FOLLOW = ViolationCode.FOLLOW_SUIT
RAISE = ViolationCode.RAISE_TRUMP

# (trick, hand, legal, {illegal card: (code, the trick's trump, card to beat)})
ROWS = [
    ("10S", "7S JS 8D", "JS", {"7S": (RAISE, "S", "10S"), "8D": (FOLLOW, "S", None)}),
    ("10S", "8D 7S JS", "JS", {"8D": (FOLLOW, "S", None), "7S": (RAISE, "S", "10S")}),
    ("10H", "7H JH 8D", "JH", {"7H": (RAISE, "H", "10H"), "8D": (FOLLOW, "H", None)}),
    ("10H", "8D 7H JH", "JH", {"8D": (FOLLOW, "H", None), "7H": (RAISE, "H", "10H")}),
    ("AD 9D", "QD JD 7C", "JD", {"QD": (RAISE, "D", "9D"), "7C": (FOLLOW, "D", None)}),
    ("AD 9D", "7C QD JD", "JD", {"7C": (FOLLOW, "D", None), "QD": (RAISE, "D", "9D")}),
    ("KC", "8C AC 7H", "AC", {"8C": (RAISE, "C", "KC"), "7H": (FOLLOW, "C", None)}),
    ("KC", "7S 8C AC", "AC", {"7S": (FOLLOW, "C", None), "8C": (RAISE, "C", "KC")}),
    (
        "KC QS",
        "7S 8C AC 9D",
        "AC",
        {
            "7S": (FOLLOW, "C", None),
            "8C": (RAISE, "C", "KC"),
            "9D": (FOLLOW, "C", None),
        },
    ),
]


@pytest.mark.parametrize(("trick", "hand", "legal", "illegal"), ROWS)
def test_tout_atout_rulings_with_every_suit_led(
    trick: str, hand: str, legal: str, illegal: dict[str, tuple[ViolationCode, str, str | None]]
) -> None:
    ruling = judge(cards(hand), 1, cards(trick), TOUT_ATOUT)
    assert ruling.seat == (1 + len(cards(trick))) % 4
    assert [str(c) for c in ruling.legal] == legal.split()
    found = {
        str(card): (v.code, "SHDC"[v.trump], None if v.to_beat is None else str(v.to_beat))
        for card, v in ruling.illegal
    }
    assert found == illegal
    assert list(found) == [c for c in hand.split() if c in illegal]
    led = Card.parse(trick.split()[0]).suit
    assert all(v.led == led and v.required == ruling.legal for _, v in ruling.illegal)
