"""POST /v1/analysis/review and /v1/coinche/analysis/review: the shapes, the 422s, the budget,
the analysis slots."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import review
from service.api.analysis import TOUT_ATOUT_POSITION
from service.app import create_app
from service.rules.analysis import LABELS, REVIEW_BUDGET_MS
from tests.api.helpers import answer, problems
from tests.api.test_analysis import DEAL, SOLVE, random_deal
from tests.api.test_limiter import Held, slots_of

REVIEW, COINCHE_REVIEW = "/v1/analysis/review", "/v1/coinche/analysis/review"
PLAY_FIELDS = {
    "play",
    "seat",
    "card",
    "before",
    "best",
    "after",
    "loss",
    "stake",
    "label",
    "decisive",
    "renonce",
    "judged",
    "exact",
    "before_bounds",
    "after_bounds",
    # the seat view's, null here (tests/api/test_review_seat.py)
    *("double_dummy_label", "seat_samples", "seat_loss", "seat_stake", "seat_best"),
    *("guess", "guess_chance", "guess_hit"),
}


def test_a_review_answers_every_play_and_the_tallies(client: FlaskClient) -> None:
    deal = random_deal(4, 32)
    body = answer(client, REVIEW, {**deal, "from_play": 20})
    assert body["exact"] is True
    assert [play["play"] for play in body["plays"]] == list(range(20, 32))
    for play, following in zip(body["plays"], body["plays"][1:], strict=False):
        assert set(play) == PLAY_FIELDS
        assert play["after"] == following["before"]
        assert play["card"] == deal["plays"][play["play"]]
        assert play["loss"] >= 0 and play["label"] in LABELS
    # Each play's `before` is the solve's value of the position before it.
    first = body["plays"][0]
    solved = answer(client, SOLVE, {**deal, "plays": deal["plays"][:20]})
    assert first["before"] == solved["value"]
    assert [m["card"] for m in solved["moves"] if m["loss"] == 0] == sorted(
        first["best"], key=[m["card"] for m in solved["moves"]].index
    )
    assert [seat["seat"] for seat in body["seats"]] == [0, 1, 2, 3]
    assert [team["team"] for team in body["teams"]] == [0, 1]
    assert set(body["seats"][0]["labels"]) == set(LABELS)
    assert sum(seat["plays"] for seat in body["seats"]) == 12
    assert body["decisive"] == [play["play"] for play in body["plays"] if play["decisive"]]


def test_a_coinche_review_answers_in_the_coinche_deal_s_points(client: FlaskClient) -> None:
    body = answer(client, COINCHE_REVIEW, {**TOUT_ATOUT_POSITION, "from_play": 16})
    assert body["exact"] is True
    assert [play["play"] for play in body["plays"]] == [16, 17, 18, 19]
    assert body["plays"][-1]["before"]["contract"] == "dedans"


def test_the_review_s_budget_is_its_own(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []

    def recording(record: Any, options: Any, budget_ms: int, first: int) -> Any:
        asked.append(budget_ms)
        return real(record, options, budget_ms, first)

    real = review.review_deal
    monkeypatch.setattr(review, "review_deal", recording)
    answer(client, REVIEW, {**DEAL, "plays": ["JH"], "from_play": 1})
    answer(client, REVIEW, {**DEAL, "plays": ["JH"], "from_play": 1, "budget_ms": 10_000})
    assert asked == [REVIEW_BUDGET_MS, 10_000]
    for budget in (0, 10_001):
        assert set(problems(client, REVIEW, {**DEAL, "budget_ms": budget})) == {"/budget_ms"}


def test_hands_are_required_and_the_first_play_is_within_the_deal(client: FlaskClient) -> None:
    body = {k: v for k, v in DEAL.items() if k != "hands"}
    assert "/hands" in problems(client, REVIEW, body)
    assert "/hands" in problems(client, COINCHE_REVIEW, {**TOUT_ATOUT_POSITION, "hands": None})
    for first in (-1, 33, "1"):
        assert set(problems(client, REVIEW, {**DEAL, "from_play": first})) == {"/from_play"}
    assert set(problems(client, REVIEW, {**DEAL, "plays": ["7S"]})) == {"/plays/0"}


def test_a_review_past_its_budget_answers_bounds() -> None:
    capped = create_app({"TESTING": True, "ANALYSIS_BUDGET_CAP_MS": 1}).test_client()
    body = answer(capped, REVIEW, random_deal(1, 8))
    assert body["exact"] is False
    for play in body["plays"]:
        assert (play["exact"], play["before"], play["loss"], play["label"]) == (
            False,
            None,
            None,
            None,
        )
        lo, hi = play["before_bounds"]
        assert 0 <= lo <= hi <= 162


def test_the_operations_are_named(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").get_json()["paths"]
    assert paths[REVIEW]["post"]["operationId"] == "review_deal"
    assert paths[COINCHE_REVIEW]["post"]["operationId"] == "coinche_review_deal"


@pytest.fixture
def two_slots() -> Flask:
    return create_app({"TESTING": True, "ANALYSIS_SLOTS": 2})


def test_a_review_takes_an_analysis_slot(two_slots: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    held = Held(monkeypatch)  # a solve and a review kept in the two slots
    monkeypatch.setattr(review, "review_deal", held.waiting(review.review_deal))
    body = {**DEAL, "plays": ["JH"], "from_play": 1}
    try:
        held.start(two_slots, REVIEW, body)
        held.start(two_slots, SOLVE, DEAL)
        assert slots_of(two_slots).running == 2
        busy = two_slots.test_client().post(REVIEW, json=body)
        assert (busy.status_code, busy.headers["Retry-After"]) == (503, "1")
    finally:
        assert held.release() == [200, 200]


def test_the_rules_state_the_review_s_choices(client: FlaskClient) -> None:
    described = client.get("/v1/rules").get_json()["review"]
    assert (described["default_budget_ms"], described["max_budget_ms"]) == (5000, 10_000)
    assert [(d["label"], d["least_loss"]) for d in described["labels"]] == [
        ("best", 0),
        ("inaccuracy", 1),
        ("mistake", 10),
        ("blunder", 25),
        ("renonce", None),
    ]
    french = client.get("/v1/rules", headers={"Accept-Language": "fr"}).get_json()["review"]
    assert french["precision"].startswith("100 x (1 - perte totale")
