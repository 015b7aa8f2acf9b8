"""service/api/bidding.py, coinche's path: POST /v1/coinche/bidding, the auction judged (the README,
"Coinche")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from service.api.bidding import CALL_PATTERN
from service.rules.core.errors import InconsistentInput
from service.rules.variants.coinche.bidding import Call
from tests.api.helpers import FRENCH, answer, problems

BIDDING = "/v1/coinche/bidding"


def test_an_auction_taken_coinched(client: FlaskClient) -> None:
    body = answer(
        client, BIDDING, {"dealer": 3, "bids": ["90H", "coinche", "pass", "pass", "pass"]}
    )
    contract = {"taker": 0, "value": 90, "strain": "H", "coinche": 1}
    assert body == {
        "status": "taken",
        "next": None,
        "legal": [],
        "contract": contract,
        "standing": contract,
        "violation": None,
    }


def test_an_open_auction_lists_the_legal_calls(client: FlaskClient) -> None:
    body = answer(client, BIDDING, {"dealer": 0, "bids": ["150sa"], "rules": {"sa_ta": True}})
    assert (body["status"], body["next"], body["contract"]) == ("open", 2, None)
    assert body["standing"] == {"taker": 1, "value": 150, "strain": "SA", "coinche": 0}
    assert body["legal"] == [
        "pass",
        *(f"160{s}" for s in ("S", "H", "D", "C", "SA", "TA")),
        *(f"capot{s}" for s in ("S", "H", "D", "C", "SA", "TA")),
        "coinche",
    ]


def test_a_capot_bid_and_a_redeal(client: FlaskClient) -> None:
    taken = answer(client, BIDDING, {"dealer": 1, "bids": ["capotS", "pass", "pass", "pass"]})
    assert taken["contract"] == {"taker": 2, "value": "capot", "strain": "S", "coinche": 0}
    redeal = answer(client, BIDDING, {"dealer": 1, "bids": ["pass"] * 4})
    assert (redeal["status"], redeal["next"], redeal["legal"]) == ("redeal", None, [])


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ({}, "100S: the standing bid is coinched; nobody bids after a coinche."),
        (FRENCH, "100S : l'enchère est coinchée ; on ne surenchérit plus après une coinche."),
    ],
)
def test_the_first_illegal_call_is_a_verdict(
    client: FlaskClient, lang: dict[str, str], message: str
) -> None:
    body = answer(client, BIDDING, {"dealer": 3, "bids": ["90H", "coinche", "100S"]}, **lang)
    assert body["status"] == "invalid"
    assert body["violation"] == {"index": 2, "code": "bid_after_coinche", "message": message}
    # The auction just before the illegal call: seat 2 (the bidder's partner) speaks.
    assert (body["next"], body["legal"], body["contract"]) == (2, ["pass", "surcoinche"], None)


def reads(text: str) -> bool:
    try:
        Call.parse(text)
    except InconsistentInput:
        return False
    return True


@given(st.from_regex(CALL_PATTERN, fullmatch=True))
def test_every_call_the_documented_pattern_admits_is_read(text: str) -> None:
    assert reads(text)


@given(
    st.text(alphabet="PpAaSsCcOoUuNnHhEeRrTtDd0189♠♥♦♣ \u017f\u212a\u0130-", max_size=12)
    | st.sampled_from(["pass", "COINCHE", "SurCoinche", "90h", "110Sa", "capotTA", "0♣", "pas"])
)
def test_the_documented_pattern_reads_exactly_the_calls_the_auction_reads(text: str) -> None:
    assert (re.fullmatch(CALL_PATTERN, text) is not None) == reads(text)


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"dealer": 3, "bids": ["pass", "take"]}, "/bids/1"),
        ({"dealer": 3, "bids": ["90"]}, "/bids/0"),
        ({"dealer": 3, "bids": ["x" * 17]}, "/bids/0"),
        ({"dealer": 4, "bids": []}, "/dealer"),
        ({"dealer": 3, "bids": ["pass"] * 129}, "/bids"),
        ({"dealer": 3, "rules": {"trump": "H"}}, "/rules/trump"),
        ({"dealer": 3, "rules": {"max_bid": 170}}, "/rules/max_bid"),
    ],
)
def test_an_auction_that_cannot_be_judged(
    client: FlaskClient, body: dict[str, Any], pointer: str
) -> None:
    assert list(problems(client, BIDDING, body)) == [pointer]
