"""POST /v1/tricks/winner."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import answer, problems


def test_tricks_winner_example_of_api_md(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/tricks/winner",
        {"trump": "H", "leader": 0, "cards": ["7S", "AS", "JH", "10S"], "last": False},
    )
    assert body == {"winner": 2, "team": 0, "card": "JH", "points": 41, "complete": True}


def test_last_complete_trick_adds_the_dix_de_der(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/tricks/winner",
        {"trump": "♥", "leader": 0, "cards": ["7s", "as", "jh", "TS"], "last": True},
    )
    assert (body["card"], body["points"]) == ("JH", 51)


def test_incomplete_trick_is_winning_so_far(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/tricks/winner",
        {"trump": "C", "leader": 3, "cards": ["KD", "AD"], "last": True},
    )
    assert body == {"winner": 0, "team": 0, "card": "AD", "points": 15, "complete": False}


def test_card_twice_in_a_trick(client: FlaskClient) -> None:
    errors = problems(
        client, "/v1/tricks/winner", {"trump": "C", "leader": 0, "cards": ["KD", "kd"]}
    )
    assert list(errors) == ["/cards/1"]


def test_a_trick_has_1_to_4_cards(client: FlaskClient) -> None:
    five = ["7S", "8S", "9S", "10S", "JS"]
    assert "/cards" in problems(
        client, "/v1/tricks/winner", {"trump": "C", "leader": 0, "cards": five}
    )
    assert "/cards" in problems(
        client, "/v1/tricks/winner", {"trump": "C", "leader": 0, "cards": []}
    )
