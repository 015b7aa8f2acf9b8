"""The seats: four of them in turn order, two teams of partners, and the cards on the table.

RULES.md "Table, seats, cards": seats 0 to 3 play in turn, the player after the dealer leads
the first trick and the winner of a trick leads the next; partners sit opposite, so a seat's
team is its parity (seats 0 and 2 against 1 and 3). Every rule module asks its seats, its
teams and its check for a card met twice here.

>>> seat_after(3), team_of(3), TURN_ORDER[2]
(0, 1, (2, 3, 0, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.rules.core.cards import Card
from service.rules.core.errors import Problem
from service.text.catalog import Cards

Seat = int  # 0 to 3, in turn order
Team = int  # 0 (seats 0 and 2) or 1 (seats 1 and 3)

PLAYERS = 4
TEAMS = 2


def seat_after(seat: Seat, places: int = 1) -> Seat:
    """The seat `places` turns after `seat`: the next to play by default, the seat to move
    after `leader` and the cards on the table, the winner from his card's index in a trick."""
    return (seat + places) % PLAYERS


def place_in_trick(seat: Seat, leader: Seat) -> int:
    """The index of `seat`'s card in a trick led by `leader` (`seat_after`'s inverse)."""
    return (seat - leader) % PLAYERS


# The seats of a trick in the order they play, by leader (for loops that cannot afford a call).
TURN_ORDER = tuple(
    tuple(seat_after(leader, places) for places in range(PLAYERS)) for leader in range(PLAYERS)
)


def team_of(seat: Seat) -> Team:
    """Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % TEAMS


# Each seat's team, by seat (for loops that cannot afford a call).
SEAT_TEAMS = tuple(team_of(seat) for seat in range(PLAYERS))


def other_team(team: Team) -> Team:
    return 1 - team


def duplicates(
    cards: Sequence[Card], pointer: str, pointers: Callable[[], Sequence[str]] | None = None
) -> list[Problem]:
    """A problem for every card that appears again after its first place (there is one deck
    on the table): named `pointer/i`, or by `pointers()`, the pointer of each place (made only
    when some card is repeated)."""
    if len(set(cards)) == len(cards):
        return []
    where = pointers() if pointers else [f"{pointer}/{i}" for i in range(len(cards))]
    first: dict[Card, str] = {}
    problems = []
    for index, card in enumerate(cards):
        if card in first:
            problems.append(
                Problem(
                    where[index], "duplicate_card", {"card": Cards((card,)), "other": first[card]}
                )
            )
        else:
            first[card] = where[index]
    return problems


__all__ = [
    "PLAYERS",
    "SEAT_TEAMS",
    "TEAMS",
    "TURN_ORDER",
    "Seat",
    "Team",
    "duplicates",
    "other_team",
    "place_in_trick",
    "seat_after",
    "team_of",
]
