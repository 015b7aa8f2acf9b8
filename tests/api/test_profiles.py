"""A profile (`rules: {"profile": NAME, ...}`, docs/RULES-COINCHE.md "Profiles") is taken
wherever `rules` is: every example request of the document, sent again with a profile of its
game, is answered (rules, scoring, games, bidding, legal moves, replay, analysis, advice, the
table); the answers follow the profile; a name that is no profile of the game is a 422 at
`/rules/profile` naming the game's profiles; GET /v1/rules and /v1/coinche/rules list them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scripts.examples import example_requests
from service.api.examples import Request
from service.rules.variants import CLASSIC, COINCHE
from tests.api.helpers import FRENCH, answer, contract, problems

PROFILE_OF = {"classic": "ffb-belote-2016", "coinche": "colver"}
POSTED = [
    pytest.param(request, id=f"{request.operation_id}-{request.name}")
    for request in example_requests()
    if request.method == "POST" and isinstance(request.body, dict)
]


def game_of(path: str) -> str:
    return "coinche" if path.startswith("/v1/coinche/") else "classic"


def with_profile(body: dict[str, Any], profile: str, **options: Any) -> dict[str, Any]:
    return {**body, "rules": {**body.get("rules", {}), "profile": profile, **options}}


@pytest.mark.parametrize("request_", POSTED)
def test_every_example_request_takes_a_profile_of_its_game(
    client: FlaskClient, request_: Request
) -> None:
    body = with_profile(request_.body, PROFILE_OF[game_of(request_.path)])
    response = client.post(request_.path, json=body)
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == request_.answer_type


def test_every_family_is_among_them() -> None:
    paths = {param.values[0].path for param in POSTED}  # type: ignore[union-attr]
    for family in (
        "/v1/coinche/deals/score",
        "/v1/coinche/games/score",
        "/v1/coinche/bidding",
        "/v1/coinche/legal-moves",
        "/v1/coinche/deals/replay",
        "/v1/coinche/analysis/review",
        "/v1/coinche/analysis/solve",
        "/v1/coinche/advice/play",
        "/v1/coinche/advice/bid",
        "/v1/coinche/table",
        "/v1/coinche/table/advice",
        "/v1/games/score",
        "/v1/table",
        "/v1/advice/take",
    ):
        assert family in paths, family


@pytest.mark.parametrize(
    ("path", "profile"),
    [("/v1/coinche/deals/score", "ffb-belote-2016"), ("/v1/deals/score", "bga")],
)
def test_a_profile_of_the_other_game_is_a_422_naming_this_game_s(
    client: FlaskClient, path: str, profile: str
) -> None:
    request_ = next(r for r in example_requests() if r.path == path)
    found = problems(client, path, with_profile(request_.body, profile))
    own = COINCHE if path.startswith("/v1/coinche/") else CLASSIC
    message = found["/rules/profile"]
    assert repr(profile) in message and all(p.name in message for p in own.profiles)
    unknown = problems(client, path, with_profile(request_.body, "fédérale"), **FRENCH)
    assert "n'est pas un profil" in unknown["/rules/profile"]


def test_the_score_follows_the_profile_and_the_request_s_options_win(client: FlaskClient) -> None:
    """100H coinched, 110 / 52, the takers' belote: 2 x (160 + 100 + 20) = 560 by default;
    colver, 162 + 100 x 2 + 20 = 382 at the point; and colver with the FFB's x 4 and its
    rounding, 162 + 400 + 20 = 582 -> 580."""
    body = {"contract": contract(100, "H", 1), "points": [110, 52], "belote": [1, 0]}
    path = "/v1/coinche/deals/score"
    assert answer(client, path, body)["score"] == [560, 0]
    colver = answer(client, path, with_profile(body, "colver"))
    assert colver["score"] == [382, 0]
    takers = colver["breakdown"][0]
    assert (takers["cards"], takers["contract"], takers["multiplier"]) == (162, 100, 2)
    mixed = with_profile(body, "colver", surcoinche_multiplier=4, rounding="nearest_ten")
    body4 = {**mixed, "contract": contract(100, "H", 2)}
    assert answer(client, path, body4)["score"] == [580, 0]


def test_the_bidding_follows_the_profile(client: FlaskClient) -> None:
    """BGA: "Bidding starts with 82 points", to 180; a profile's calls reach the advice too."""
    found = answer(
        client, "/v1/coinche/bidding", {"dealer": 3, "bids": [], "rules": {"profile": "bga"}}
    )
    assert found["legal"][1:3] == ["82S", "82H"] and "180TA" in found["legal"]
    refused = answer(
        client, "/v1/coinche/bidding", {"dealer": 3, "bids": ["80S"], "rules": {"profile": "bga"}}
    )
    assert refused["violation"]["code"] == "bid_out_of_range"


@pytest.mark.parametrize(("path", "game"), [("/v1/rules", CLASSIC), ("/v1/coinche/rules", COINCHE)])
def test_the_rules_list_the_game_s_profiles(client: FlaskClient, path: str, game: Any) -> None:
    listed = client.get(path).get_json()["profiles"]
    assert [p["name"] for p in listed] == [p.name for p in game.profiles]
    for said, profile in zip(listed, game.profiles, strict=True):
        assert said["options"] == dict(profile.options)
        assert said["citation"]["document"] == profile.citation("en").document
        assert said["leaves_open"] and said["summary"]
    french = client.get(path, headers=FRENCH).get_json()["profiles"]
    assert french[0]["summary"] != listed[0]["summary"]
