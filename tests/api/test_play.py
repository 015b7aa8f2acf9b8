"""POST /v1/legal-moves and /v1/plays/validate."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import FRENCH, answer, metric, problems

# The README's example: seat 3 cannot follow spades nor beat the opponent's JH, so must still
# play a trump.
EXAMPLE: dict[str, Any] = {
    "trump": "H",
    "leader": 1,
    "trick": ["AS", "JH"],
    "hand": ["KD", "9H", "8C"],
    "rules": {},
}


def rulings(code: str) -> float:
    return metric("belote_rulings_total", violation=code)


def test_legal_moves_example_of_api_md(client: FlaskClient) -> None:
    body = answer(client, "/v1/legal-moves", EXAMPLE)
    assert body["seat"] == 3
    assert body["legal"] == ["9H"]
    assert [i["card"] for i in body["illegal"]] == ["KD", "8C"]
    for illegal in body["illegal"]:
        assert illegal["violation"]["code"] == "undertrump"
        # names the card that had to be played
        assert "the 9 of hearts" in illegal["violation"]["message"]
    assert set(body) == {"seat", "legal", "illegal"}


def test_legal_moves_keep_the_order_of_the_hand(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/legal-moves",
        {"trump": "C", "leader": 0, "trick": ["7S"], "hand": ["AS", "KD", "8S", "JS"]},
    )
    assert body["seat"] == 1
    assert body["legal"] == ["AS", "8S", "JS"]
    assert body["illegal"][0]["violation"]["code"] == "follow_suit"


def test_leading_everything_is_legal(client: FlaskClient) -> None:
    body = answer(client, "/v1/legal-moves", {"trump": "H", "leader": 2, "hand": ["7S", "JH"]})
    assert body == {"seat": 2, "legal": ["7S", "JH"], "illegal": []}


def test_undertrump_optional_frees_the_discard(client: FlaskClient) -> None:
    body = answer(client, "/v1/legal-moves", {**EXAMPLE, "rules": {"undertrump": "optional"}})
    assert body["legal"] == ["KD", "9H", "8C"]


def test_t_and_suit_symbols_on_input_canonical_output(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/plays/validate",
        {
            "trump": "♥",
            "leader": 1,
            "trick": ["a♠", "J♥"],
            "hand": ["TD", "9h", "8C"],
            "card": "td",
        },
    )
    assert body["card"] == "10D"
    assert body["legal_moves"] == ["9H"]
    assert body["violation"]["code"] == "undertrump"


def test_validate_an_illegal_play_is_a_verdict(client: FlaskClient) -> None:
    before = rulings("undertrump")
    body = answer(client, "/v1/plays/validate", {**EXAMPLE, "card": "KD"})
    assert body["seat"] == 3
    assert body["card"] == "KD"
    assert body["legal"] is False
    assert body["violation"]["code"] == "undertrump"
    assert body["legal_moves"] == ["9H"]
    assert rulings("undertrump") == before + 1


def test_validate_a_legal_play(client: FlaskClient) -> None:
    before = rulings("none")
    body = answer(client, "/v1/plays/validate", {**EXAMPLE, "card": "9H"})
    assert body == {
        "seat": 3,
        "card": "9H",
        "legal": True,
        "violation": None,
        "legal_moves": ["9H"],
    }
    assert rulings("none") == before + 1


def test_legal_moves_count_a_ruling_per_card(client: FlaskClient) -> None:
    before = rulings("none"), rulings("undertrump")
    answer(client, "/v1/legal-moves", EXAMPLE)
    assert (rulings("none"), rulings("undertrump")) == (before[0] + 1, before[1] + 2)


def test_violation_message_in_french(client: FlaskClient) -> None:
    body = answer(client, "/v1/plays/validate", {**EXAMPLE, "card": "8C"}, **FRENCH)
    message = body["violation"]["message"]
    assert "sous-couper" in message
    assert "le 9 de cœur" in message


def test_card_not_in_hand_is_422_at_card(client: FlaskClient) -> None:
    errors = problems(client, "/v1/plays/validate", {**EXAMPLE, "card": "7D"})
    assert errors == {"/card": "The 7 of diamonds is not in the hand."}


def test_card_twice_is_422_naming_each_place(client: FlaskClient) -> None:
    errors = problems(
        client, "/v1/legal-moves", {**EXAMPLE, "hand": ["KD", "TD", "10D", "JH"]}, **FRENCH
    )
    assert set(errors) == {"/hand/2", "/hand/3"}
    assert "/hand/1" in errors["/hand/2"]
    assert "/trick/1" in errors["/hand/3"]
    assert "deux fois" in errors["/hand/3"]


def test_a_full_trick_has_nobody_to_move(client: FlaskClient) -> None:
    errors = problems(client, "/v1/legal-moves", {**EXAMPLE, "trick": ["AS", "JH", "7S", "8S"]})
    assert list(errors) == ["/trick"]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"rules": {"bogus": True}}, "/rules/bogus"),
        ({"rules": {"undertrump": "sometimes"}}, "/rules/undertrump"),
        ({"rules": {"capot": 300}}, "/rules/capot"),
        ({"rules": {"overtrump_partner": 1}}, "/rules/overtrump_partner"),
        ({"rules": {"target": 0}}, "/rules/target"),
        ({"leader": True}, "/leader"),
        ({"leader": 4}, "/leader"),
        ({"trump": "X"}, "/trump"),
        ({"hand": ["KD", "1H"]}, "/hand/1"),
        ({"hand": []}, "/hand"),
        ({"extra": 1}, "/extra"),
    ],
)
def test_requests_that_do_not_match_the_schema(
    client: FlaskClient, change: dict[str, Any], pointer: str
) -> None:
    assert pointer in problems(client, "/v1/legal-moves", {**EXAMPLE, **change})


def test_not_a_card_in_french(client: FlaskClient) -> None:
    errors = problems(client, "/v1/legal-moves", {**EXAMPLE, "hand": ["1H"]}, **FRENCH)
    assert errors == {
        "/hand/0": "'1H' n'est pas une carte : rang 7 8 9 10 J Q K A puis couleur S H D C, "
        "par exemple 10H."
    }
