"""Situations that cannot exist at a real table, named by JSON pointers into the request: a
card twice, an empty hand, a full trick, a card played from outside the hand, annonces that
are no annonces."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.core.checks import check_distinct, check_turn, team_annonces
from tests.rules.builders import cards
from tests.rules.inconsistent import Found, duplicate, every, one, problems


@pytest.mark.parametrize(
    ("groups", "found"),
    [
        ((("/hand", "7S 8S"),), []),
        ((("/trick", "AS"), ("/hand", "7S 8S")), []),
        ((("/hand", "7S 7S"),), [duplicate("/hand/1", "7S", "/hand/0")]),
        (
            (("/trick", "AS KS"), ("/hand", "7S AS KS")),
            [duplicate("/hand/1", "AS", "/trick/0"), duplicate("/hand/2", "KS", "/trick/1")],
        ),
    ],
)
def test_each_card_met_again_is_named_with_its_first_place(
    groups: tuple[tuple[str, str], ...], found: list[Found]
) -> None:
    given = tuple((pointer, cards(text)) for pointer, text in groups)
    if found:
        assert problems(lambda: check_distinct(*given)) == found
    else:
        assert check_distinct(*given) is None


@pytest.mark.parametrize(
    ("hand", "trick", "card", "found"),
    [
        # A player to move: a hand, at most 3 cards on the table, the card from the hand.
        ("7S", "", None, []),
        ("7S 8S", "AS KS QS", "8S", []),
        ("", "AS", None, [("/hand", "hand_empty", {})]),
        ("7S", "AS KS QS JS", None, [("/trick", "trick_full", {})]),
        ("7S", "AS", "8S", [("/card", "card_not_in_hand", {"card": one("8S")})]),
        # Every problem at once, the repeated cards first.
        (
            "",
            "AS KS AS 9S",
            "8S",
            [
                duplicate("/trick/2", "AS", "/trick/0"),
                ("/hand", "hand_empty", {}),
                ("/trick", "trick_full", {}),
                ("/card", "card_not_in_hand", {"card": one("8S")}),
            ],
        ),
        ("7S AS", "AS", None, [duplicate("/hand/1", "AS", "/trick/0")]),
    ],
)
def test_the_situation_of_a_player_to_move_must_be_possible(
    hand: str, trick: str, card: str | None, found: list[Found]
) -> None:
    played = None if card is None else cards(card)[0]
    if found:
        assert problems(lambda: check_turn(cards(hand), cards(trick), played)) == found
    else:
        assert check_turn(cards(hand), cards(trick), played) is None


@pytest.mark.parametrize(
    ("teams", "kinds"),
    [
        (([], []), ((), ())),
        ((["7S 8S 9S", "JS JH JD JC"], ["10D 9D 8D 7D"]), (("tierce", "carre"), ("cinquante",))),
    ],
)
def test_each_teams_annonces_are_read_from_their_cards(
    teams: tuple[list[str], list[str]], kinds: tuple[tuple[str, ...], tuple[str, ...]]
) -> None:
    found = team_annonces([[cards(a) for a in team] for team in teams])
    assert tuple(tuple(a.kind for a in team) for team in found) == kinds
    assert [[a.cards for a in team] for team in found] == [
        [tuple(sorted(cards(a))) for a in team] for team in teams
    ]


@pytest.mark.parametrize(
    ("teams", "pointer", "found"),
    [
        (
            (["7S 8S 9S", "QS KS"], []),
            "/annonces",
            [("/annonces/0/1", "annonce_invalid", {"cards": every("QS KS")})],
        ),
        (
            ([], ["7D 8D 9D", "9D 10D JD"]),
            "/deals/2/annonces",
            [duplicate("/deals/2/annonces/1/1/0", "9D", "/deals/2/annonces/1/0/2")],
        ),
        (
            (["7S 8S 9S"], ["KH KH", "9S 10S JS"]),
            "/annonces",
            [
                ("/annonces/1/0", "annonce_invalid", {"cards": every("KH KH")}),
                duplicate("/annonces/1/0/1", "KH", "/annonces/1/0/0"),
                duplicate("/annonces/1/1/0", "9S", "/annonces/0/0/2"),
            ],
        ),
    ],
)
def test_cards_that_form_no_annonce_or_serve_twice_are_named(
    teams: tuple[list[str], list[str]], pointer: str, found: list[Found]
) -> None:
    given: Any = [[cards(a) for a in team] for team in teams]
    if pointer == "/annonces":  # the default
        assert problems(lambda: team_annonces(given)) == found
    assert problems(lambda: team_annonces(given, pointer)) == found


def test_the_error_says_each_problem_where_it_is_in_english_or_french() -> None:
    with pytest.raises(InconsistentInput) as raised:
        check_turn((), cards("AS KS QS JS"))
    assert str(raised.value) == (
        "/hand: The hand is empty: nobody plays from an empty hand.; "
        "/trick: A trick of 4 cards is complete: nobody is to move in it."
    )
    assert [p.message("fr") for p in raised.value.problems] == [
        "La main est vide : on ne joue pas d'une main vide.",
        "Un pli de 4 cartes est complet : personne n'a à y jouer.",
    ]
