"""Odd and hostile input on the coinche paths: every one is judged (200) or refused with a
422 problem pointing at the culprit, never a 500 (docs/errors.md; RULES-COINCHE.md
"Precisions")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import answer, contract, problems
from tests.rules.builders import SA_TA

BIDDING, SCORE, GAME = "/v1/coinche/bidding", "/v1/coinche/deals/score", "/v1/coinche/games/score"


# A call that matches `<integer><strain>` or `capot<strain>` is judged.
@pytest.mark.parametrize(
    ("bids", "rules", "status", "code", "standing"),
    [
        (["080H"], {}, "open", None, {"taker": 1, "value": 80, "strain": "H", "coinche": 0}),
        (["capotSA"], {}, "invalid", "strain_not_allowed", None),
        (
            ["capotsa"],
            SA_TA,
            "open",
            None,
            {"taker": 1, "value": "capot", "strain": "SA", "coinche": 0},
        ),
        (["0S"], {}, "invalid", "bid_out_of_range", None),
        (["90H", "coinche", "surcoinche", "coinche"], {}, "invalid", "auction_closed", None),
        (["pass"] * 4 + ["pass"] * 124, {}, "invalid", "auction_closed", None),
    ],
)
def test_odd_calls_are_judged(
    client: FlaskClient,
    bids: list[str],
    rules: dict[str, Any],
    status: str,
    code: str | None,
    standing: dict[str, Any] | None,
) -> None:
    body = answer(client, BIDDING, {"dealer": 0, "bids": bids, "rules": rules})
    assert body["status"] == status
    assert (body["violation"] or {}).get("code") == code
    if standing is not None:
        assert body["standing"] == standing


@pytest.mark.parametrize(
    "bids",
    [["9\uff10H"], ["\U0001d7d7\U0001d7ceH"], ["+90H"], ["90\u200bH"], ["90HH"], [90], [None]],
)
def test_calls_that_are_no_calls(client: FlaskClient, bids: list[Any]) -> None:
    assert list(problems(client, BIDDING, {"dealer": 0, "bids": bids})) == ["/bids/0"]


def deal(value: Any = 90, strain: str = "H", coinche: int = 0, **more: Any) -> dict[str, Any]:
    return {"contract": contract(value, strain, coinche), "points": [100, 62], **more}


@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        (deal(True), ["/contract/value"]),
        (deal(2**63 - 1), ["/contract/value"]),
        (deal("Capot"), ["/contract/value"]),
        (deal(coinche=True), ["/contract/coinche"]),
        (deal(belote=[2, 0]), ["/belote"]),
        (deal(strain="TA", belote=[5, 0], rules=SA_TA), ["/belote/0"]),
        (deal(strain="TA", belote=[2, 3], rules=SA_TA), ["/belote"]),
        (deal(strain="TA", belote=[1, 0], rules={**SA_TA, "ta_belote": "none"}), ["/belote"]),
        (deal(strain="SA", belote=[1, 0], rules=SA_TA), ["/belote"]),
        (deal(belote=[-1, 0]), ["/belote/0"]),
        (deal(capot=2), ["/capot"]),
    ],
)
def test_deals_that_cannot_be_judged(
    client: FlaskClient, body: dict[str, Any], pointers: list[str]
) -> None:
    assert list(problems(client, SCORE, body)) == pointers


def test_four_belotes_under_tout_atout(client: FlaskClient) -> None:
    body = answer(client, SCORE, deal(strain="TA", belote=[4, 0], rules=SA_TA))
    # 100 + 80 >= 90 and > 62: made, 100 + 80 + 90 = 270.
    assert (body["contract"], body["score"]) == ("made", [270, 60])


def test_a_capot_contract_surcoinched(client: FlaskClient) -> None:
    body = deal("capot", "C", 2, capot=0, belote=[1, 0])
    body["points"] = [162, 0]
    # 4 x (250 for the capot + 250 for the contract + 20 belote).
    assert answer(client, SCORE, body)["score"] == [2080, 0]


def test_a_game_of_the_most_deals(client: FlaskClient) -> None:
    annulled = deal(renonce=0)
    game = answer(client, GAME, {"deals": [annulled] * 500, "rules": {"renonce": "annul"}})
    assert (len(game["deals"]), game["totals"], game["winner"]) == (500, [0, 0], None)
    assert list(problems(client, GAME, {"deals": [annulled] * 501})) == ["/deals"]
