"""service/api/play.py, coinche's paths: POST /v1/coinche/legal-moves and /v1/coinche/plays/validate
(the README, "Coinche": as classic, with `strain` in place of `trump`), and the strain every
coinche turn and trick is checked for (service/api/strains.py, StrainSchema)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from support.bodies import BODIES
from tests.api.helpers import FRENCH, answer, metric, problems
from tests.rules.builders import SA_TA

LEGAL, VALIDATE = "/v1/coinche/legal-moves", "/v1/coinche/plays/validate"
WINNER = "/v1/coinche/tricks/winner"

# Under TA seat 2 must follow spades and beat AS: 9S only.
TURN: dict[str, Any] = BODIES["coinche/legal-moves"]


def test_legal_moves_under_tout_atout(client: FlaskClient) -> None:
    body = answer(client, LEGAL, TURN)
    assert body["seat"] == 2
    assert body["legal"] == ["9S"]
    assert {i["card"]: i["violation"]["code"] for i in body["illegal"]} == {
        "7S": "raise_trump",
        "KH": "follow_suit",
    }
    assert body["illegal"][0]["violation"]["message"] == (
        "Trump (spades) was led and you can beat the ace of spades: you had to play the 9 of "
        "spades."
    )


@pytest.mark.parametrize(
    ("strain", "rules", "legal"),
    [
        ("SA", SA_TA, ["KD", "9H", "8C"]),  # cannot follow spades: any card
        ("TA", SA_TA, ["KD", "9H", "8C"]),
        ("H", {}, ["KD", "9H", "8C"]),  # coinche's undertrump: optional
        ("H", {"undertrump": "required"}, ["9H"]),
        ("♥", {"undertrump": "required"}, ["9H"]),
    ],
)
def test_the_legal_moves_of_the_readmes_example_per_strain(
    client: FlaskClient, strain: str, rules: dict[str, Any], legal: list[str]
) -> None:
    body = answer(
        client,
        LEGAL,
        {"strain": strain, "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
        | {"rules": rules},
    )
    assert (body["seat"], body["legal"]) == (3, legal)


def test_validate_under_sans_atout_in_french(client: FlaskClient) -> None:
    before = metric("belote_rulings_total", violation="follow_suit")
    body = answer(
        client,
        VALIDATE,
        {
            "strain": "sa",
            "leader": 0,
            "trick": ["KS"],
            "hand": ["7S", "AS", "JH"],
            "card": "JH",
            "rules": SA_TA,
        },
        **FRENCH,
    )
    assert body == {
        "seat": 1,
        "card": "JH",
        "legal": False,
        "violation": {
            "code": "follow_suit",
            "message": "Du pique est demandé et vous en avez : il fallait fournir le 7 ou l'as "
            "de pique.",
        },
        "legal_moves": ["7S", "AS"],
    }
    assert metric("belote_rulings_total", violation="follow_suit") == before + 1


@pytest.mark.parametrize("path", [LEGAL, VALIDATE, WINNER])
@pytest.mark.parametrize("strain", ["SA", "TA"])
def test_sa_and_ta_without_sa_ta_cannot_be_judged(
    client: FlaskClient, path: str, strain: str
) -> None:
    body = {"strain": strain, "leader": 0, "trick": ["AS"], "hand": ["7S"], "cards": ["AS"]}
    if path == VALIDATE:
        body["card"] = "7S"
    if path == WINNER:
        del body["trick"], body["hand"]
    else:
        del body["cards"]
    assert problems(client, path, body) == {
        "/strain": f"{strain} is played only with rule option sa_ta true."
    }
    assert problems(client, path, body, **FRENCH) == {
        "/strain": f"{strain} ne se joue qu'avec l'option sa_ta à true."
    }


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"strain": "X"}, "/strain"),
        ({"strain": "NT"}, "/strain"),
        ({"trump": "H"}, "/trump"),  # classic's key is not coinche's
        ({"rules": {"capot": 162, "sa_ta": True}}, "/rules/capot"),
        ({"rules": {"sa_points": "ffb", "sa_ta": True}}, "/rules/sa_points"),
        ({"rules": {"bogus": 1}}, "/rules/bogus"),
        ({"hand": ["7S", "7S"]}, "/hand/1"),
    ],
)
def test_legal_moves_requests_that_cannot_be_judged(
    client: FlaskClient, change: dict[str, Any], pointer: str
) -> None:
    assert pointer in problems(client, LEGAL, {**TURN, **change})
