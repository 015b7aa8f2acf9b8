"""The table (RULES.md "Table, seats, cards"): four seats in turn order, partners opposite."""

from __future__ import annotations

import pytest

from service.rules.core.cards import Card
from service.rules.core.seats import (
    PLAYERS,
    SEAT_TEAMS,
    TEAMS,
    TURN_ORDER,
    duplicates,
    other_team,
    place_in_trick,
    seat_after,
    team_of,
)


def test_four_seats_and_two_teams() -> None:
    assert (PLAYERS, TEAMS) == (4, 2)


@pytest.mark.parametrize(("seat", "after"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_seat_s_plus_one_mod_4_plays_after_seat_s(seat: int, after: int) -> None:
    assert seat_after(seat) == after


def test_the_seat_to_move_is_as_many_places_after_the_leader_as_cards_on_the_table() -> None:
    assert [seat_after(3, played) for played in range(PLAYERS)] == [3, 0, 1, 2]
    assert seat_after(2, 6) == 0


@pytest.mark.parametrize("leader", range(PLAYERS))
def test_a_trick_is_played_in_turn_from_its_leader(leader: int) -> None:
    order = TURN_ORDER[leader]
    assert order == tuple(seat_after(leader, places) for places in range(PLAYERS))
    assert sorted(order) == [0, 1, 2, 3]
    assert [place_in_trick(seat, leader) for seat in order] == [0, 1, 2, 3]


def test_partners_sit_opposite() -> None:
    assert [team_of(seat) for seat in range(PLAYERS)] == [0, 1, 0, 1]
    assert SEAT_TEAMS == (0, 1, 0, 1)
    assert all(team_of(seat_after(seat, 2)) == team_of(seat) for seat in range(PLAYERS))


def test_the_other_team() -> None:
    assert (other_team(0), other_team(1)) == (1, 0)


def test_a_card_met_again_is_named_with_its_first_place() -> None:
    cards = [Card.parse(c) for c in ("7S", "AS", "7S", "JH", "AS")]
    found = duplicates(cards, "/cards")
    assert [(p.pointer, p.code, p.params["other"]) for p in found] == [
        ("/cards/2", "duplicate_card", "/cards/0"),
        ("/cards/4", "duplicate_card", "/cards/1"),
    ]
    assert duplicates(cards[:2], "/cards") == []
