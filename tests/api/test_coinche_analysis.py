"""POST /v1/coinche/analysis/solve and /v1/coinche/analysis/claim: the coinche replay's body
with the hands, the classic answers' shapes, the coinche deal's outcome."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import limiter
from service.app import create_app
from service.rules.core.strains import STRAIN_CODES
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.replay import CoincheRecord
from support.deals import random_hands
from tests.api.helpers import FRENCH, answer, problems
from tests.api.test_analysis import CLAIM as CLASSIC_CLAIM
from tests.api.test_analysis import DEAL as CLASSIC_DEAL
from tests.api.test_analysis import SOLVE as CLASSIC_SOLVE
from tests.rules.builders import SA_TA, codes

SOLVE, CLAIM = "/v1/coinche/analysis/solve", "/v1/coinche/analysis/claim"
# The classic tests' deal (seat 1 holds the six best hearts and AS 10S), bid 160 in hearts.
DEAL: dict[str, Any] = {
    **{key: value for key, value in CLASSIC_DEAL.items() if key not in ("trump", "taker")},
    "contract": {"taker": 1, "value": 160, "strain": "H"},
}


def random_position(seed: int, strain: int, plays: int) -> dict[str, Any]:
    """A coinche deal of random legal plays under `strain` (`random.Random(seed)`), 100 bid
    by a random seat, `plays` of them made; sa_ta on."""
    rng = random.Random(seed)
    hands = random_hands(rng)
    dealer, taker = rng.randrange(4), rng.randrange(4)
    options = COINCHE.options(SA_TA)
    played: tuple[Any, ...] = ()
    for _ in range(plays):
        record = CoincheRecord(dealer, Contract(taker, 100, strain, 0), played, hands)
        legal = COINCHE.replay(record, options).legal
        assert legal is not None
        played += (rng.choice(legal),)
    return {
        "dealer": dealer,
        "contract": {"taker": taker, "value": 100, "strain": STRAIN_CODES[strain]},
        "plays": codes(played),
        "hands": [codes(hand) for hand in hands],
        "rules": SA_TA,
    }


def test_a_coinche_solve_has_the_classic_shape(client: FlaskClient) -> None:
    body = answer(client, SOLVE, DEAL)
    assert set(body) == set(answer(client, CLASSIC_SOLVE, CLASSIC_DEAL))
    # Seat 1 makes every trick: a capot, 250 under coinche's default, and its 160 contract.
    assert body["value"]["points"] == [0, 162]
    assert body["value"]["capot"] == 1
    assert body["value"]["contract"] == "made"
    assert [move["card"] for move in body["moves"]] == DEAL["hands"][1]
    assert body["exact"] is True and body["bounds"] is None and len(body["line"]) == 32


@pytest.mark.parametrize("strain", range(len(STRAIN_CODES)), ids=STRAIN_CODES)
def test_the_value_is_the_coinche_replay_of_the_perfect_line(
    client: FlaskClient, strain: int
) -> None:
    # Three tricks left (and a card on the table) under each strain.
    position = random_position(strain, strain, 21)
    body = answer(client, SOLVE, position)
    finished = answer(
        client, "/v1/coinche/deals/replay", {**position, "plays": position["plays"] + body["line"]}
    )
    assert finished["complete"] is True
    assert body["value"]["points"] == finished["points"]
    assert body["value"]["contract"] == finished["score"]["contract"]
    assert body["value"]["score"] == finished["score"]["score"]
    mover = body["to_move"] % 2
    best = body["value"]["points"][mover]
    assert min(move["loss"] for move in body["moves"]) == 0
    for move in body["moves"]:
        if move["value"]["capot"] is None and body["value"]["capot"] is None:
            assert move["loss"] == best - move["value"]["points"][mover]


def test_a_coinche_claim_has_the_classic_shape_and_says_why(client: FlaskClient) -> None:
    refuted = {**DEAL, "claim": {"seat": 0, "tricks": 1}}
    body = answer(client, CLAIM, refuted)
    classic = answer(client, CLASSIC_CLAIM, {**CLASSIC_DEAL, "claim": {"seat": 0, "tricks": 1}})
    assert set(body) == set(classic)
    assert (body["holds"], body["tricks"], body["points"]) == (False, 0, 0)
    assert [play["card"] for play in body["refutation_plays"]] == body["refutation"]
    for play in body["refutation_plays"]:
        assert play["card"] in DEAL["hands"][play["seat"]]
    assert re.fullmatch(
        r"The opponents can defeat the claim: seat [13] wins trick 8 with the .+, and team 0 "
        r"takes 0 of the 8 tricks left, not 1\.",
        body["message"],
    )
    french = answer(client, CLAIM, refuted, **FRENCH)
    assert french["message"].startswith("Les adversaires peuvent faire tomber la revendication")
    holds = answer(client, CLAIM, {**DEAL, "claim": {"seat": 3, "rest": True}})
    assert (holds["holds"], holds["refutation"], holds["refutation_plays"]) == (True, None, None)
    assert holds["message"] == (
        "Whatever the opponents do, team 1 takes every trick left: the claim holds."
    )


def test_a_claim_of_points_counts_the_coinche_team_points(client: FlaskClient) -> None:
    # Sans-atout with scaled points: what the team can guarantee, and where its refutation
    # leaves it, are in the points the coinche replay counts.
    position = {**random_position(11, 4, 20), "rules": {**SA_TA, "sa_points": "scaled"}}
    body = answer(client, CLAIM, {**position, "claim": {"seat": 0, "points": 162}, "mode": "any"})
    assert body["exact"] is True and body["holds"] is False
    finished = answer(
        client,
        "/v1/coinche/deals/replay",
        {**position, "plays": position["plays"] + body["refutation"]},
    )
    assert finished["points"][0] == body["points"] < 162
    assert body["message"].endswith(f"team 0 ends with {body['points']} card points, not 162.")


def test_the_coinche_body_is_the_coinche_replay_s(client: FlaskClient) -> None:
    without_hands = {key: value for key, value in DEAL.items() if key != "hands"}
    assert "/hands" in problems(client, SOLVE, without_hands)
    assert "/hands" in problems(
        client, CLAIM, {**without_hands, "claim": {"seat": 0, "rest": True}}
    )
    assert "/trump" in problems(client, SOLVE, {**DEAL, "trump": "H"})  # classic's, not coinche's
    assert "/contract" in problems(
        client, SOLVE, {k: v for k, v in DEAL.items() if k != "contract"}
    )
    tout_atout = {**DEAL, "contract": {"taker": 1, "value": 160, "strain": "TA"}}
    assert set(problems(client, SOLVE, tout_atout)) == {"/contract/strain"}  # without sa_ta
    assert set(problems(client, SOLVE, {**DEAL, "budget_ms": 10_001})) == {"/budget_ms"}
    assert set(problems(client, CLAIM, {**DEAL, "claim": {"seat": 0}})) == {"/claim"}
    assert set(
        problems(client, CLAIM, {**DEAL, "claim": {"seat": 0, "rest": True}, "mode": "x"})
    ) == {"/mode"}


def test_a_coinche_solve_out_of_time_answers_bounds() -> None:
    capped = create_app({"TESTING": True, "ANALYSIS_BUDGET_CAP_MS": 1}).test_client()
    # A full deal under tout-atout: no search of one ends within a millisecond.
    body = answer(capped, SOLVE, random_position(5, 5, 0))
    assert body["exact"] is False
    assert (body["value"], body["moves"], body["line"]) == (None, [], [])
    lo, hi = body["bounds"]
    assert 0 <= lo <= hi <= 162


def test_the_limiter_answers_for_coinche_analyses_too() -> None:
    app: Flask = create_app({"TESTING": True, limiter.SLOTS_SETTING: 1})
    slots: limiter.Slots = app.extensions[limiter.EXTENSION]
    client = app.test_client()
    seen: list[int] = []

    def inside() -> None:
        seen.append(slots.running)
        for path, body in ((SOLVE, DEAL), (CLAIM, {**DEAL, "claim": {"seat": 0, "rest": True}})):
            response = client.post(path, json=body)
            assert response.status_code == 503
            assert response.headers["Retry-After"] == "1"

    slots.run(inside)
    assert seen == [1] and slots.running == 0
    assert answer(client, SOLVE, DEAL)["exact"] is True


def test_the_coinche_operations_are_named_and_may_be_busy(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").get_json()["paths"]
    assert paths[SOLVE]["post"]["operationId"] == "coinche_solve_deal"
    assert paths[CLAIM]["post"]["operationId"] == "coinche_judge_claim"
    for path in (SOLVE, CLAIM):
        assert paths[path]["post"]["responses"]["503"] == {
            "$ref": "#/components/responses/ANALYSIS_BUSY"
        }
