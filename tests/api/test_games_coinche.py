"""service/api/games.py, coinche's path: POST /v1/coinche/games/score, a coinche game scored deal by
deal (the README, "Coinche")."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import answer, contract, problems

GAME = "/v1/coinche/games/score"


def test_a_game_to_its_target_with_the_reserve(client: FlaskClient) -> None:
    body = answer(
        client,
        GAME,
        {
            "deals": [
                {"contract": contract(80, "S"), "points": [81, 81]},
                {"contract": contract(160, "H", taker=1), "points": [0, 162], "capot": 1},
                {"contract": contract("capot", "H", 2), "points": [162, 0], "capot": 0},
            ],
            "rules": {"litige": "reserve"},
        },
    )
    assert [d["contract"] for d in body["deals"]] == ["litige", "made", "made"]
    assert [d["totals"] for d in body["deals"]] == [[0, 80], [0, 570], [2000, 570]]
    assert body["deals"][1]["reserve_to"] == 1
    assert (body["totals"], body["reserve"], body["finished"], body["winner"]) == (
        [2000, 570],
        0,
        True,
        0,
    )


def test_a_deal_after_the_game_was_won(client: FlaskClient) -> None:
    won = {"contract": contract("capot", "H", 2), "points": [162, 0], "capot": 0}
    assert list(problems(client, GAME, {"deals": [won, won]})) == ["/deals/1"]
    wrong = {"contract": contract(80, "TA"), "points": [81, 81]}
    assert list(problems(client, GAME, {"deals": [wrong]})) == ["/deals/0/contract/strain"]
