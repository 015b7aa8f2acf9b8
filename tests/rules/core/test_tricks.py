"""A trick on the table: who wins it, for which team, and what it is worth (dix de der)."""

from __future__ import annotations

import pytest

from service.rules import Suit, judge_trick
from tests.rules.builders import cards
from tests.rules.inconsistent import Found, duplicate, problems


def test_the_tricks_winner_example_of_api_md() -> None:
    # Trump H, leader 0, [7S, AS, JH, 10S]: seat 2's JH wins 0 + 11 + 20 + 10 points.
    result = judge_trick(0, cards("7S AS JH 10S"), Suit.HEARTS)
    assert (result.winner, result.team, str(result.card)) == (2, 0, "JH")
    assert (result.points, result.complete) == (41, True)


@pytest.mark.parametrize(
    ("leader", "trick", "trump", "last", "winner", "card", "points", "complete"),
    [
        # Complete tricks; the last one carries the dix de der.
        (0, "7S AS JH 10S", "H", True, 2, "JH", 51, True),
        (3, "KD QD JD 10D", "H", False, 2, "10D", 19, True),
        (3, "KD QD JD 10D", "D", False, 1, "JD", 37, True),
        (1, "9C 8C 7C AH", "C", True, 1, "9C", 35, True),
        # Partial tricks: the seat winning so far; never a dix de der.
        (3, "7S AS", "H", False, 0, "AS", 11, False),
        (3, "7S AS", "H", True, 0, "AS", 11, False),
        (2, "9H", "H", True, 2, "9H", 14, False),
        (2, "AS 8H 9H", "H", False, 0, "9H", 25, False),
    ],
)
def test_the_winner_is_a_seat_and_the_points_are_the_cards_on_the_table(
    leader: int,
    trick: str,
    trump: str,
    last: bool,
    winner: int,
    card: str,
    points: int,
    complete: bool,
) -> None:
    result = judge_trick(leader, cards(trick), Suit.parse(trump), last=last)
    assert (result.winner, str(result.card), result.points) == (winner, card, points)
    assert result.team == winner % 2
    assert result.complete is complete


@pytest.mark.parametrize(
    ("leader", "trick", "found"),
    [
        (4, "7S AS", ("/leader", "not_a_seat", {"value": 4})),
        (-1, "7S AS", ("/leader", "not_a_seat", {"value": -1})),
        (0, "", ("/cards", "trick_size", {"size": 0})),
        (0, "7S 8S 9S 10S JS", ("/cards", "trick_size", {"size": 5})),
        (0, "7S AS 7S", duplicate("/cards/2", "7S", "/cards/0")),
    ],
)
def test_a_trick_that_cannot_exist_is_inconsistent_input(
    leader: int, trick: str, found: Found
) -> None:
    assert problems(lambda: judge_trick(leader, cards(trick), Suit.HEARTS)) == [found]
