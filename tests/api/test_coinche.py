"""The coinche paths of service/api/coinche_deals.py: POST /v1/coinche/bidding,
/v1/coinche/deals/score, /v1/coinche/games/score, /v1/coinche/deals/deal and
GET /v1/coinche/rules (the README, "Coinche")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from service.api.coinche_bidding import CALL_PATTERN
from service.rules.coinche_bidding import AUCTION_CODES, Call
from service.rules.coinche_options import COINCHE_OPTION_SPECS
from service.rules.dealing import deal_coinche
from service.rules.errors import InconsistentInput
from tests.api.helpers import FRENCH, answer, problems
from tests.rules.builders import codes

BIDDING, SCORE, GAME = "/v1/coinche/bidding", "/v1/coinche/deals/score", "/v1/coinche/games/score"


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


def contract(value: int | str, strain: str, coinche: int = 0, taker: int = 0) -> dict[str, Any]:
    return {"taker": taker, "value": value, "strain": strain, "coinche": coinche}


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


def test_a_coinche_deal_of_8_cards_each(client: FlaskClient) -> None:
    seed = "table 7, deal 3 of the evening"
    body = answer(client, "/v1/coinche/deals/deal", {"seed": seed, "dealer": 2})
    assert body["algorithm"].startswith("belote-deal/1")
    assert body["hands"] == [codes(hand) for hand in deal_coinche(seed, 2)]
    assert list(problems(client, "/v1/coinche/deals/deal", {"seed": "short", "dealer": 2})) == [
        "/seed"
    ]


def test_the_coinche_rules(client: FlaskClient) -> None:
    body = client.get("/v1/coinche/rules").get_json()
    options = {o["name"]: o for o in body["options"]}
    assert list(options) == list(COINCHE_OPTION_SPECS)
    assert (options["undertrump"]["default"], options["undertrump"]["allowed"]) == (
        "optional",
        ["optional", "required"],
    )
    assert (options["target"]["default"], options["target"]["minimum"]) == (2000, 1)
    assert options["capot"]["allowed"] == [250, 252]
    assert [a["code"] for a in body["auction"]] == list(AUCTION_CODES)
    assert [s["code"] for s in body["auction_statuses"]] == ["open", "taken", "redeal", "invalid"]
    assert {
        "coinche_in_turn",
        "undertrump_optional",
        "defenders_capot",
        "sa_ta_needs_option",
        "scaled_totals",
        "ta_violations",
        "belote_known",
    } <= {c["code"] for c in body["choices"]}
    assert {n["code"] for n in body["not_offered"]} == {
        "generale",
        "ta_j14_scale",
        "coinche_a_la_volee",
        "coinched_litige",
        "bga_house_rules",
    }
    assert body["deal_points"] == 162
    assert all(o["description"] for key in ("options", "choices") for o in body[key])


def test_the_coinche_rules_in_french(client: FlaskClient) -> None:
    response = client.get("/v1/coinche/rules", headers=FRENCH)
    assert (response.content_language, response.vary) == ({"fr"}, {"Accept-Language"})
    body = response.get_json()
    assert body["options"][0]["description"].startswith("Le sans-atout (SA)")
    assert body["not_offered"][2]["description"].startswith("La coinche à la volée")


def test_classic_rules_keep_their_options(client: FlaskClient) -> None:
    """The coinche options live on their own paths: classic's `rules` refuse them."""
    assert list(
        problems(
            client, "/v1/deals/score", {"taker": 0, "points": [81, 81], "rules": {"sa_ta": True}}
        )
    ) == ["/rules/sa_ta"]
