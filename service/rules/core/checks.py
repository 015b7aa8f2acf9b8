"""Consistency checks for situations the other modules take on trust.

`judge`, `declarable` and `DealSummary` judge what they are given; these functions say first
whether it can exist at a real table (a card once, a hand that is not empty, a trick someone is
to move in, annonces that are annonces), raising `InconsistentInput` with JSON pointers into
the situation as the client wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.core.annonces import Annonce, classify
from service.rules.core.cards import Card
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.seats import PLAYERS, duplicates
from service.text.catalog import Cards


def _located(groups: Sequence[tuple[str, Sequence[Card]]]) -> list[Problem]:
    """A duplicate_card problem for every card met again across `groups` of (pointer, cards)."""
    return duplicates(
        [card for _, cards in groups for card in cards],
        "",
        lambda: [f"{pointer}/{index}" for pointer, cards in groups for index in range(len(cards))],
    )


def check_distinct(*groups: tuple[str, Sequence[Card]]) -> None:
    """InconsistentInput when a card appears twice among `groups` of (pointer, cards): each
    card met again is named by its pointer, e.g. `/hand/1` for `("/hand", [7S, 7S])`."""
    problems = _located(groups)
    if problems:
        raise InconsistentInput(problems)


def check_turn(hand: Sequence[Card], trick: Sequence[Card], card: Card | None = None) -> None:
    """The situation of a player to move must be possible: a hand to play from, a trick of at
    most 3 cards, no card twice on the table and in the hand, and `card` (the one played,
    when given) in the hand. Pointers are `/hand/i`, `/trick/i` and `/card`."""
    problems = _located((("/trick", trick), ("/hand", hand)))
    if not hand:
        problems.append(Problem("/hand", "hand_empty"))
    if len(trick) >= PLAYERS:
        problems.append(Problem("/trick", "trick_full"))
    if card is not None and card not in hand:
        problems.append(Problem("/card", "card_not_in_hand", {"card": Cards((card,))}))
    if problems:
        raise InconsistentInput(problems)


def team_annonces(
    teams: Sequence[Sequence[Sequence[Card]]], pointer: str = "/annonces"
) -> tuple[tuple[Annonce, ...], tuple[Annonce, ...]]:
    """Each team's annonces from their cards (`[[cards, ...] for team 0, [...] for team 1]`),
    or InconsistentInput naming `pointer/team/index` of each set of cards that is no annonce
    (RULES.md "Annonces") and `pointer/team/index/card` of a card declared twice."""
    problems: list[Problem] = []
    found: list[list[Annonce]] = [[] for _ in teams]
    for team, declared in enumerate(teams):
        for index, cards in enumerate(declared):
            annonce = classify(cards)
            if annonce is None:
                listed = Cards(tuple(cards), every=True)
                problems.append(
                    Problem(f"{pointer}/{team}/{index}", "annonce_invalid", {"cards": listed})
                )
            else:
                found[team].append(annonce)
    problems += _located(
        [
            (f"{pointer}/{team}/{index}", cards)
            for team, declared in enumerate(teams)
            for index, cards in enumerate(declared)
        ]
    )
    if problems:
        raise InconsistentInput(problems)
    return tuple(found[0]), tuple(found[1])
