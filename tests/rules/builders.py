"""Helpers of the tests: cards from text, coinche's SA_TA rules, and the rest of RULES.md's
reading apart from service.rules (the cards' points, the play obligations) beside the trick's
winner in support/deals.py, with the random deals the tests share with bench/.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules import Card, RuleOptions
from support.deals import TRUMP_ORDER, _rank, _suit, reference_winner

# Coinche's rules with sans-atout and tout-atout allowed, as a request or `from_mapping` reads them.
SA_TA = {"sa_ta": True}


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated codes: `cards("7S AS JH")`."""
    return tuple(Card.parse(code) for code in text.split())


def codes(played: Sequence[int]) -> list[str]:
    return [str(Card(c)) for c in played]


# RULES.md "Order and value", read literally: the points of each rank (the order is
# support/deals.py's).
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


def reference_points(card: int, trump: int) -> int:
    table = TRUMP_POINTS if _suit(card) == trump else PLAIN_POINTS
    return table[_rank(card)]


def reference_allows(
    card: int, hand: Sequence[int], trick: Sequence[int], trump: int, options: RuleOptions
) -> bool:
    """RULES.md "Play obligations" as a yes/no question about one card, written apart from
    service.rules.core.play so that the two readings check each other."""
    if not trick:
        return True  # 1. Leading: any card.
    led = _suit(trick[0])
    win = reference_winner(trick, trump)
    partner_winning = len(trick) - win == 2
    table_trumps = [-TRUMP_ORDER.index(_rank(c)) for c in trick if _suit(c) == trump]
    best_trump = max(table_trumps, default=None)

    def over(c: int) -> bool:
        return _suit(c) == trump and (
            best_trump is None or -TRUMP_ORDER.index(_rank(c)) > best_trump
        )

    my_trumps = [c for c in hand if _suit(c) == trump]
    if led == trump:  # 2.
        if not my_trumps:
            return True
        if _suit(card) != trump:
            return False
        if partner_winning and not options.overtrump_partner:
            return True
        return over(card) or not any(over(c) for c in my_trumps)
    if any(_suit(c) == led for c in hand):  # 3.
        return _suit(card) == led
    if partner_winning and best_trump is not None and _suit(card) == trump:
        # 4. The partner wins with a trump: a trump played must beat it if one can (partner_trump
        # "beat"), or so for a hand of trumps alone ("beat_if_only_trumps").
        beats = options.partner_trump == "beat" or (
            options.partner_trump == "beat_if_only_trumps" and len(my_trumps) == len(hand)
        )
        return not beats or over(card) or not any(over(c) for c in my_trumps)
    if partner_winning or not my_trumps:  # 4.
        return True
    if best_trump is None:
        return _suit(card) == trump
    if any(over(c) for c in my_trumps):
        return over(card)
    return options.undertrump == "optional" or _suit(card) == trump
