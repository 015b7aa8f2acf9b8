"""POST /v1/annonces."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import answer, problems


def test_a_tierce_and_belote(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/annonces",
        {"hand": ["7S", "8S", "9S", "KH", "QH", "AD", "7C", "8C"], "trump": "H"},
    )
    assert body == {
        "annonces": [
            {"kind": "tierce", "cards": ["7S", "8S", "9S"], "points": 20, "top": "9S", "suit": "S"}
        ],
        "belote": True,
        "points": 20,
    }


def test_four_jacks_and_a_cinquante(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/annonces",
        {"hand": ["J♠", "J♥", "J♦", "J♣", "7D", "8D", "9D", "TD"], "trump": "S"},
    )
    assert [(a["kind"], a["points"], a["top"], a["suit"]) for a in body["annonces"]] == [
        ("carre", 200, "J", None),
        ("cinquante", 50, "10D", "D"),
    ]
    assert (body["belote"], body["points"]) == (False, 250)


def test_a_hand_holds_eight_distinct_cards(client: FlaskClient) -> None:
    hand = ["7S", "8S", "9S", "KH", "QH", "AD", "7C", "7c"]
    assert list(problems(client, "/v1/annonces", {"hand": hand, "trump": "H"})) == ["/hand/7"]
    assert list(problems(client, "/v1/annonces", {"hand": hand[:7], "trump": "H"})) == ["/hand"]
