"""A trick on the table: who wins it and what it is worth."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.core.cards import LAST_TRICK_BONUS, Card, CardValues
from service.rules.core.errors import InconsistentInput
from service.rules.core.play import trick_winner
from service.rules.core.seats import PLAYERS, Seat, Team, duplicates, seat_after, team_of
from service.rules.core.strains import Strain, card_values


@dataclass(frozen=True, slots=True)
class TrickResult:
    winner: Seat  # the seat winning the trick (so far, when incomplete)
    card: Card
    points: int
    complete: bool

    @property
    def team(self) -> Team:
        return team_of(self.winner)


def judge_trick(
    leader: Seat,
    cards: Sequence[Card],
    strain: Strain,
    last: bool = False,
    values: CardValues | None = None,
) -> TrickResult:
    """The seat winning a trick of 1 to 4 cards led by `leader`, and the card points on the
    table, with the dix de der when `last` and the trick is complete. `strain` is a suit or a
    coinche strain; `values` what the cards are worth, the strain's own by default (a trick
    carries raw points: coinche's `scaled` applies to team totals).

    >>> judge_trick(0, [Card.parse(c) for c in ("7S", "AS", "JH", "10S")], strain=1).points
    41
    """
    if leader not in range(PLAYERS):
        raise InconsistentInput.at("/leader", "not_a_seat", value=leader)
    if not 1 <= len(cards) <= PLAYERS:
        raise InconsistentInput.at("/cards", "trick_size", size=len(cards))
    problems = duplicates(cards, "/cards")
    if problems:
        raise InconsistentInput(problems)
    index = trick_winner(cards, strain)
    complete = len(cards) == PLAYERS
    worth = (values or card_values(strain)).points
    points = sum(worth[c] for c in cards)
    if last and complete:
        points += LAST_TRICK_BONUS
    return TrickResult(seat_after(leader, index), cards[index], points, complete)
