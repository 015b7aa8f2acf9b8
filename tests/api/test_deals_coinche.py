"""service/api/deals.py, coinche's paths: POST /v1/coinche/deals/score, /v1/coinche/deals/deal and
/v1/coinche/deals/replay, a coinche deal scored, dealt and replayed (the README, "Coinche":
the replay as classic's, with the contract's `strain` in place of `trump`)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.rules.variants import COINCHE
from support.bodies import BODIES
from tests.api.helpers import FRENCH, answer, contract, metric, problems
from tests.rules.builders import SA_TA, codes
from tests.rules.variants.coinche.test_replay import SA_HANDS, SA_TRICKS, TA_HANDS, TA_TRICKS

SCORE, REPLAY = "/v1/coinche/deals/score", "/v1/coinche/deals/replay"


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
    assert body["hands"] == [codes(hand) for hand in COINCHE.deal(seed, 2).hands]
    assert list(problems(client, "/v1/coinche/deals/deal", {"seed": "short", "dealer": 2})) == [
        "/seed"
    ]


def replay_body(hands: tuple[str, ...], tricks: tuple[str, ...], **contract: Any) -> dict:
    return {
        "dealer": 3,
        "contract": {"taker": 0, **contract},
        "plays": " ".join(tricks).split(),
        "hands": [hand.split() for hand in hands],
        "rules": SA_TA,
    }


def test_replay_of_worked_example_13(client: FlaskClient) -> None:
    body = answer(client, REPLAY, replay_body(SA_HANDS, SA_TRICKS, value=110, strain="SA"))
    assert body["points"] == [113, 49]
    assert body["renonces"] == [] and body["belote"] == []
    assert (body["complete"], body["to_move"], body["legal"]) == (True, None, None)
    assert [t["winner"] for t in body["tricks"]] == [0, 0, 0, 0, 3, 3, 1, 2]
    assert body["tricks"][-1] == {
        "leader": 1,
        "cards": ["KS", "10S", "QD", "10H"],
        "winner": 2,
        "points": 37,
    }
    score = body["score"]
    assert (score["contract"], score["score"], score["capot"]) == ("made", [220, 50], None)
    assert [team["card_points"] for team in score["breakdown"]] == body["points"]


def test_replay_of_worked_example_14_with_its_belote(client: FlaskClient) -> None:
    request = replay_body(TA_HANDS, TA_TRICKS, value=120, strain="TA", coinche=0)
    request["belote_announced"] = [{"seat": 2, "suit": "H"}, {"seat": 1, "suit": "S"}]
    body = answer(client, REPLAY, request)
    assert body["points"] == [129, 33]
    assert body["belote"] == [{"seat": 2, "team": 0, "suit": "H"}]
    assert (body["score"]["contract"], body["score"]["score"]) == ("made", [270, 30])


def test_replay_in_progress_with_a_renonce_proven_by_a_later_play(client: FlaskClient) -> None:
    before = metric("belote_renonces_total")
    body = answer(
        client,
        REPLAY,
        {
            "dealer": 3,
            "contract": {"taker": 0, "value": 120, "strain": "TA"},
            "plays": ["JS", "7C", "9S", "10S", "8S", "AS"],
            "rules": SA_TA,
        },
    )
    assert body == {
        "tricks": [
            {"leader": 0, "cards": ["JS", "7C", "9S", "10S"], "winner": 0, "points": 27},
            {"leader": 0, "cards": ["8S", "AS"], "winner": None, "points": None},
        ],
        "renonces": [
            {
                "play": 1,
                "trick": 0,
                "seat": 1,
                "card": "7C",
                "violation": {
                    "code": "follow_suit",
                    "message": "The lead is spades and you hold spades: you had to play the ace "
                    "of spades.",
                },
                "proof": {"by": "later_play", "card": "AS", "play": 5},
            }
        ],
        "complete": False,
        "to_move": 2,
        "legal": None,
        "points": [27, 0],
        "belote": [],
        "declarations": [],
        "score": None,
    }
    assert metric("belote_renonces_total") == before + 1


def test_replay_with_hands_gives_the_legal_cards_and_a_proof_by_hand(client: FlaskClient) -> None:
    request = replay_body(TA_HANDS, ("JS 7C 9S 10S", "8S"), value=120, strain="TA")
    body = answer(client, REPLAY, request)
    (renonce,) = body["renonces"]
    assert renonce["proof"] == {"by": "hand", "card": None, "play": None}
    assert renonce["violation"]["message"].endswith(
        "you had to play the ace or the king of spades."
    )
    assert (body["to_move"], body["legal"]) == (1, ["AS", "KS"])  # both beat 8S


def test_the_bench_replay_is_a_complete_legal_deal(client: FlaskClient) -> None:
    body = answer(client, REPLAY, BODIES["coinche/deals/replay"])
    assert body["complete"] and body["renonces"] == []
    assert sum(body["points"]) == 162
    assert body["score"]["contract"] in ("made", "dedans")


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        (
            {"contract": {"taker": 0, "value": 110, "strain": "SA"}, "rules": {}},
            {"/contract/strain"},
        ),
        ({"contract": {"taker": 0, "value": 170, "strain": "S"}}, {"/contract/value"}),
        ({"contract": {"taker": 0, "value": 85, "strain": "S"}}, {"/contract/value"}),
        ({"contract": {"taker": 0, "value": "all", "strain": "S"}}, {"/contract/value"}),
        ({"contract": {"taker": 5, "value": 80, "strain": "S"}}, {"/contract/taker"}),
        (
            {"contract": {"taker": 0, "value": 80, "strain": "S", "coinche": 3}},
            {"/contract/coinche"},
        ),
        ({"trump": "H"}, {"/trump"}),
        ({"belote_announced": [{"seat": 0, "suit": "SA"}]}, {"/belote_announced/0/suit"}),
        ({"belote_announced": [{"seat": 0, "suit": "S"}] * 5}, {"/belote_announced"}),
        ({"plays": ["7S", "7S"]}, {"/plays/1"}),
    ],
)
def test_replay_requests_that_cannot_be_judged(
    client: FlaskClient, change: dict[str, Any], errors: set[str]
) -> None:
    body = {
        "dealer": 3,
        "contract": {"taker": 0, "value": 80, "strain": "S"},
        "plays": [],
        "rules": SA_TA,
    } | change
    assert set(problems(client, REPLAY, body)) == errors
