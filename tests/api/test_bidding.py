"""POST /v1/bidding."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import FRENCH, answer, problems


def test_bidding_example_of_api_md(client: FlaskClient) -> None:
    body = answer(client, "/v1/bidding", {"dealer": 3, "turned": "JH", "bids": ["pass", "take"]})
    assert body == {
        "status": "taken",
        "round": 1,
        "next": None,
        "legal": [],
        "taker": 1,
        "trump": "H",
        "violation": None,
    }


def test_open_bidding_in_round_two(client: FlaskClient) -> None:
    body = answer(client, "/v1/bidding", {"dealer": 0, "turned": "T♦", "bids": ["pass"] * 5})
    assert body["status"] == "open"
    assert body["round"] == 2
    assert body["next"] == 2
    assert body["legal"] == ["S", "H", "C", "pass"]


def test_a_suit_named_in_round_one_is_an_invalid_bid_in_french(client: FlaskClient) -> None:
    body = answer(
        client, "/v1/bidding", {"dealer": 3, "turned": "JH", "bids": ["pass", "♥"]}, **FRENCH
    )
    assert body["status"] == "invalid"
    assert body["violation"]["index"] == 1
    assert body["violation"]["code"] == "suit_in_round_one"
    assert body["violation"]["message"].startswith("Premier tour")


def test_eight_passes_redeal(client: FlaskClient) -> None:
    body = answer(client, "/v1/bidding", {"dealer": 1, "turned": "7C", "bids": ["pass"] * 8})
    assert (body["status"], body["next"], body["legal"]) == ("redeal", None, [])


def test_not_a_bid(client: FlaskClient) -> None:
    body = {"dealer": 1, "turned": "7C", "bids": ["pass", "double"]}
    assert list(problems(client, "/v1/bidding", body)) == ["/bids/1"]
    assert list(problems(client, "/v1/bidding", {**body, "bids": ["pass"] * 33})) == ["/bids"]


@pytest.mark.parametrize(
    ("bids", "index", "code"),
    [(["pass"] * 9, 8, "closed_redeal"), (["take"] + ["pass"] * 31, 1, "closed_taken")],
)
def test_a_bid_after_the_bidding_ended_is_a_verdict(
    client: FlaskClient, bids: list[str], index: int, code: str
) -> None:
    body = answer(client, "/v1/bidding", {"dealer": 1, "turned": "7C", "bids": bids})
    assert body["status"] == "invalid"
    assert (body["violation"]["index"], body["violation"]["code"]) == (index, code)
