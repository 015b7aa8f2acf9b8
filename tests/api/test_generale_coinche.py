"""The générale through HTTP (rule option `generale`, off by default; RULES-COINCHE.md "Fault
lines"): the call at POST /v1/coinche/bidding, a deal to score at /v1/coinche/deals/score and
/v1/coinche/games/score with the seat that won every trick alone (`generale`), a deal replayed
at /v1/coinche/deals/replay."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.scores import coinche_body
from service.rules.core.strains import Suit
from service.rules.variants.coinche.options import GENERALE, Contract
from service.rules.variants.coinche.scoring import CoincheDealSummary
from tests.api.helpers import FRENCH, answer, at, contract, problem, problems

BIDDING, SCORE, GAME, REPLAY = (
    "/v1/coinche/bidding",
    "/v1/coinche/deals/score",
    "/v1/coinche/games/score",
    "/v1/coinche/deals/replay",
)
FLAT_500 = {"generale": "flat_500"}


# --- the call --------------------------------------------------------------------------------


@pytest.mark.parametrize("bids", [["generaleH"], ["90H", "generaleH"]])
def test_without_the_option_a_generale_is_refused_as_today(
    client: FlaskClient, bids: list[str]
) -> None:
    """The answer a générale had before the option existed, word for word."""
    body = problem(client.post(BIDDING, json={"dealer": 3, "bids": bids}), 422)
    assert body["type"] == "/problems/inconsistent-input"
    assert body["errors"] == [
        at(
            f"/bids/{len(bids) - 1}",
            "'generaleH' is not a call: 'pass', 'coinche', 'surcoinche', a value and a strain "
            "such as '90H' or '110SA', or 'capot' and a strain such as 'capotS'.",
            "not_a_call",
        )
    ]


def test_a_generale_outranks_a_capot_and_is_surcoinched(client: FlaskClient) -> None:
    bids = ["capotS", "generaleH", "coinche", "surcoinche"]
    body = answer(client, BIDDING, {"dealer": 3, "bids": bids, "rules": FLAT_500})
    assert body["status"] == "taken"
    assert body["contract"] == contract("generale", "H", 2, taker=1)
    over = answer(client, BIDDING, {"dealer": 3, "bids": ["capotS"], "rules": FLAT_500})
    assert over["legal"] == ["pass", "generaleS", "generaleH", "generaleD", "generaleC", "coinche"]


# --- a deal to score --------------------------------------------------------------------------


def generale_deal(
    seat: int | None, coinche: int = 0, rules: dict[str, str] | None = None
) -> dict[str, Any]:
    """A générale of seat 1 in hearts, its team (1) capot, `seat` the one that won every
    trick alone (the body's `generale`, absent when None)."""
    body: dict[str, Any] = {
        "contract": contract("generale", "H", coinche, taker=1),
        "points": [0, 162],
        "capot": 1,
        "rules": {**FLAT_500, **(rules or {})},
    }
    if seat is not None:
        body["generale"] = seat
    return body


@pytest.mark.parametrize(
    ("generale", "coinche", "rules", "ruling", "score"),
    [
        (1, 0, {}, "made", [0, 500]),  # the taker alone
        (3, 0, {}, "dedans", [500, 0]),  # its partner alone: the team capot, not the taker
        (None, 0, {}, "dedans", [500, 0]),  # the tricks shared between the partners
        (1, 1, {"generale": "flat_600"}, "made", [0, 1200]),
        (None, 2, {"generale": "flat_1000"}, "dedans", [4000, 0]),
    ],
)
def test_a_generale_is_made_only_by_the_taker_alone(
    client: FlaskClient,
    generale: int | None,
    coinche: int,
    rules: dict[str, str],
    ruling: str,
    score: list[int],
) -> None:
    body = answer(client, SCORE, generale_deal(generale, coinche, rules))
    assert (body["contract"], body["capot"], body["score"]) == (ruling, 1, score)


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        # Seat 0 is of team 0, not the capot team 1.
        (
            {"generale": 0},
            {
                "/generale": "Seat 0 won all 8 tricks alone (generale) only if its team won them "
                "all: capot must be 0."
            },
        ),
        # A seat alone, and no capot at all.
        (
            {"generale": 1, "capot": None, "points": [12, 150]},
            {
                "/generale": "Seat 1 won all 8 tricks alone (generale) only if its team won them "
                "all: capot must be 1."
            },
        ),
    ],
)
def test_a_generale_seat_that_contradicts_the_capot_is_a_422(
    client: FlaskClient, change: dict[str, Any], errors: dict[str, str]
) -> None:
    body = generale_deal(None) | change
    assert problems(client, SCORE, body) == errors
    response = client.post(SCORE, json=body)
    assert problem(response, 422)["errors"][0]["code"] == "generale_not_capot"


def test_the_contradiction_in_french(client: FlaskClient) -> None:
    body = generale_deal(2)
    assert problems(client, SCORE, body, **FRENCH) == {
        "/generale": "La place 2 a fait seule les 8 plis (generale) seulement si son équipe "
        "les a tous faits : capot doit valoir 0."
    }


def test_the_generale_field_is_a_seat_or_null(client: FlaskClient) -> None:
    assert list(problems(client, SCORE, generale_deal(4))) == ["/generale"]
    assert list(problems(client, SCORE, generale_deal(None) | {"generale": "1"})) == ["/generale"]
    assert answer(client, SCORE, generale_deal(None) | {"generale": None})["contract"] == "dedans"


def test_a_generale_seat_changes_no_other_contract(client: FlaskClient) -> None:
    plain = {"contract": contract(100, "H", taker=1), "points": [0, 162], "capot": 1}
    assert answer(client, SCORE, plain | {"generale": 1}) == answer(client, SCORE, plain)


def test_a_generale_contract_needs_the_option(client: FlaskClient) -> None:
    body = generale_deal(1) | {"rules": {}}
    assert list(problems(client, SCORE, body)) == ["/contract/value"]


def test_a_game_names_the_deal_that_contradicts_itself(client: FlaskClient) -> None:
    deals = [
        {"contract": contract(100, "H"), "points": [100, 62]},
        {key: value for key, value in generale_deal(2).items() if key != "rules"},
    ]
    assert list(problems(client, GAME, {"deals": deals, "rules": FLAT_500})) == [
        "/deals/1/generale"
    ]
    deals[1]["generale"] = 1
    body = answer(client, GAME, {"deals": deals, "rules": FLAT_500})
    # 100H made at 100 to 62 (60 rounded), then seat 1's générale made: 500 to team 1.
    assert body["totals"] == [100 + 100, 60 + 500]


def test_a_table_s_game_entry_names_the_seat_that_won_alone_or_null() -> None:
    contract_ = Contract(1, GENERALE, Suit.HEARTS)
    alone = CoincheDealSummary(contract_, (0, 162), 1, generale=1)
    assert coinche_body(alone)["generale"] == 1
    assert coinche_body(CoincheDealSummary(contract_, (0, 162), 1))["generale"] is None


# --- a deal replayed --------------------------------------------------------------------------

# Seat 0 holds every trump and leads each trick: it wins all 8 alone.
SWEEP = (
    "JH 9H AH 10H KH QH 8H 7H",
    "AD 10D KD QD JD 9D 8D 7D",
    "AS 10S KS QS JS 9S 8S 7S",
    "AC 10C KC QC JC 9C 8C 7C",
)


@pytest.mark.parametrize(
    ("taker", "ruling", "score"), [(0, "made", [500, 0]), (2, "dedans", [0, 500])]
)
def test_a_replayed_generale_is_made_by_the_seat_that_won_every_trick(
    client: FlaskClient, taker: int, ruling: str, score: list[int]
) -> None:
    hands = [hand.split() for hand in SWEEP]
    body = {
        "dealer": 3,
        "contract": contract("generale", "H", taker=taker),
        "plays": [hand[trick] for trick in range(8) for hand in hands],
        "hands": hands,
        "rules": FLAT_500,
    }
    replayed = answer(client, REPLAY, body)
    assert [trick["winner"] for trick in replayed["tricks"]] == [0] * 8
    assert (replayed["score"]["contract"], replayed["score"]["score"]) == (ruling, score)
