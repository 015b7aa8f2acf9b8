"""service/api/coinche_deals.py: POST /v1/coinche/deals/score and /v1/coinche/deals/deal, a
coinche deal scored and a coinche deal dealt (the README, "Coinche")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.rules.dealing import deal_coinche
from tests.api.helpers import FRENCH, answer, contract, problems
from tests.rules.builders import codes

SCORE = "/v1/coinche/deals/score"


# RULES-COINCHE.md's worked examples through HTTP, the taker on seat 1 (team 1).
@pytest.mark.parametrize(
    ("body", "ruling", "score"),
    [
        ({"contract": contract(100, "H", taker=1), "points": [40, 122]}, "made", [40, 220]),
        ({"contract": contract(100, "H", 1, 1), "points": [40, 122]}, "made", [0, 520]),
        (
            {"contract": contract(120, "S", 1, 1), "points": [72, 90], "belote": [0, 1]},
            "dedans",
            [560, 20],
        ),
        ({"contract": contract(90, "D", 2, 1), "points": [67, 95]}, "made", [0, 1000]),
        (
            {
                "contract": contract("capot", "C", taker=1),
                "points": [0, 162],
                "capot": 1,
                "belote": [0, 1],
            },
            "made",
            [0, 520],
        ),
        (
            {
                "contract": contract(80, "S", taker=1),
                "points": [81, 81],
                "rules": {"litige": "reserve"},
            },
            "litige",
            [80, 0],
        ),
        (
            {
                "contract": contract(110, "SA", taker=1),
                "points": [49, 113],
                "rules": {"sa_ta": True},
            },
            "made",
            [50, 220],
        ),
        (
            {
                "contract": contract(100, "H", taker=1),
                "points": [40, 122],
                "rules": {"scoring": "contract"},
            },
            "made",
            [0, 100],
        ),
    ],
)
def test_a_deal_scored(
    client: FlaskClient, body: dict[str, Any], ruling: str, score: list[int]
) -> None:
    result = answer(client, SCORE, body)
    assert (result["contract"], result["score"], result["takers"]) == (ruling, score, 1)


def test_a_deal_scored_in_full(client: FlaskClient) -> None:
    """Example 16 with a defenders' tierce (annonces on): the tierce sits inside m too."""
    body = {
        "contract": contract(100, "H", 1),
        "points": [110, 52],
        "belote": [1, 0],
        "annonces": [[], [["7S", "8S", "9S"]]],
        "rules": {"annonces": True},
    }
    assert answer(client, SCORE, body) == {
        "contract": "made",
        "capot": None,
        "score": [600, 0],
        "reserve": 0,
        "breakdown": [
            {
                "team": 0,
                "cards": 160,
                "card_points": 110,
                "belote": 20,
                "annonces": 20,
                "contract": 100,
                "multiplier": 2,
                "rounding": 0,
                "total": 600,
            },
            {
                "team": 1,
                "cards": 0,
                "card_points": 52,
                "belote": 0,
                "annonces": 0,
                "contract": 0,
                "multiplier": 1,
                "rounding": 0,
                "total": 0,
            },
        ],
        "takers": 0,
        "compared": [130, 72],
        "multiplier": 2,
        "annonces": {"team": 1, "points": [0, 20], "declared": [0, 20]},
        "renonce": None,
    }


@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        ({"contract": contract(100, "SA"), "points": [100, 62]}, ["/contract/strain"]),
        ({"contract": contract(170, "H"), "points": [100, 62]}, ["/contract/value"]),
        ({"contract": contract(95, "H"), "points": [100, 62]}, ["/contract/value"]),
        ({"contract": contract("capot", "TA"), "points": [100, 62]}, ["/contract/strain"]),
        ({"contract": contract("capotS", "S"), "points": [100, 62]}, ["/contract/value"]),
        ({"contract": contract(100.0, "S"), "points": [100, 62]}, ["/contract/value"]),
        ({"contract": contract(100, "X"), "points": [100, 62]}, ["/contract/strain"]),
        ({"contract": contract(100, "H", 3), "points": [100, 62]}, ["/contract/coinche"]),
        ({"contract": contract(100, "H"), "points": [100, 61]}, ["/points"]),
        ({"contract": contract(100, "H"), "points": [100, 62], "belote": [1, 1]}, ["/belote"]),
        (
            {"contract": contract(100, "H"), "points": [100, 62], "annonces": [[["7S", "9S"]], []]},
            ["/annonces/0/0"],
        ),
        ({"contract": contract(100, "H"), "points": [100, 62], "trump": "H"}, ["/trump"]),
    ],
)
def test_a_deal_that_cannot_be_judged(
    client: FlaskClient, body: dict[str, Any], pointers: list[str]
) -> None:
    assert list(problems(client, SCORE, body)) == pointers


def test_sentences_of_a_contract_problem_in_french(client: FlaskClient) -> None:
    body = {"contract": contract(110, "TA"), "points": [100, 62], "rules": {"max_bid": 180}}
    assert problems(client, SCORE, body, **FRENCH) == {
        "/contract/strain": "TA ne se joue qu'avec l'option sa_ta à true."
    }


def test_a_coinche_deal_of_8_cards_each(client: FlaskClient) -> None:
    seed = "table 7, deal 3 of the evening"
    body = answer(client, "/v1/coinche/deals/deal", {"seed": seed, "dealer": 2})
    assert body["algorithm"].startswith("belote-deal/1")
    assert body["hands"] == [codes(hand) for hand in deal_coinche(seed, 2)]
    assert list(problems(client, "/v1/coinche/deals/deal", {"seed": "short", "dealer": 2})) == [
        "/seed"
    ]
