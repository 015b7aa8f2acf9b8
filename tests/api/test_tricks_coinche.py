"""service/api/tricks.py, coinche's path: POST /v1/coinche/tricks/winner, a trick judged under its
strain (the README, "Coinche")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import answer
from tests.rules.builders import SA_TA

WINNER = "/v1/coinche/tricks/winner"


@pytest.mark.parametrize(
    ("body", "answered"),
    [
        # SA ace19: AS 19 + 10S 10 + JH 2; the highest spade wins.
        (
            {"strain": "SA", "leader": 0, "cards": ["7S", "AS", "JH", "10S"]},
            {"winner": 1, "team": 1, "card": "AS", "points": 31, "complete": True},
        ),
        # TA ffb: the highest spade in trump order, 9S; 9 + 6 + 10 for the last trick.
        (
            {"strain": "TA", "leader": 2, "cards": ["AS", "9S"], "last": True},
            {"winner": 3, "team": 1, "card": "9S", "points": 15, "complete": False},
        ),
        (
            {"strain": "TA", "leader": 0, "cards": ["7S", "AS", "JH", "10S"]},
            {"winner": 1, "team": 1, "card": "AS", "points": 24, "complete": True},
        ),
    ],
)
def test_trick_winner_per_strain(
    client: FlaskClient, body: dict[str, Any], answered: dict[str, Any]
) -> None:
    assert answer(client, WINNER, {**body, "rules": SA_TA}) == answered


def test_trick_points_are_raw_under_scaled(client: FlaskClient) -> None:
    body = {"strain": "TA", "leader": 0, "cards": ["7S", "AS", "JH", "10S"]}
    scaled = answer(client, WINNER, {**body, "rules": {**SA_TA, "ta_points": "scaled"}})
    assert scaled["points"] == 11 + 20 + 10  # trump values, scaled only on a deal's totals
