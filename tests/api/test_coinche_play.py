"""The coinche play paths of service/api/coinche_play.py: POST /v1/coinche/legal-moves,
/v1/coinche/plays/validate, /v1/coinche/tricks/winner and /v1/coinche/deals/replay (the README,
"Coinche": as classic, with `strain` in place of `trump`)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.bodies import BODIES
from tests.api.helpers import FRENCH, answer, metric, problems
from tests.rules.builders import SA_TA
from tests.rules.test_coinche_replay import SA_HANDS, SA_TRICKS, TA_HANDS, TA_TRICKS

LEGAL, VALIDATE = "/v1/coinche/legal-moves", "/v1/coinche/plays/validate"
WINNER, REPLAY = "/v1/coinche/tricks/winner", "/v1/coinche/deals/replay"

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
