"""POST /v1/analysis/review and /v1/coinche/analysis/review: the shapes, the 422s, the budget,
the analysis slots."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import review
from service.api.analysis import TOUT_ATOUT_POSITION
from service.app import create_app
from service.rules.analysis.policy import LABELS, REVIEW_BUDGET_MS
from support.deals import play_deal
from tests.api.helpers import answer, problems
from tests.api.test_analysis import DEAL, SOLVE, random_deal
from tests.api.test_limiter import Held, slots_of
from tests.rules.builders import codes

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
    "sentence",
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


def test_a_review_says_each_card_s_loss_and_each_side_s_line_in_the_language_asked(
    client: FlaskClient,
) -> None:
    # The example: seat 2 leads the 9 of hearts where the 9 of clubs was best.
    said = {}
    for lang in ("en", "fr"):
        response = client.post(
            REVIEW, json=review.REVIEW_EXAMPLE, headers={"Accept-Language": lang}
        )
        assert response.headers["Content-Language"] == lang
        said[lang] = response.get_json()
    en, fr = said["en"], said["fr"]
    assert [(p["play"], p["sentence"]) for p in en["plays"] if p["sentence"]] == [
        (20, "Seat 2 played the 9 of hearts where the 9 of clubs was best: 4 points lost.")
    ]
    assert [(p["play"], p["sentence"]) for p in fr["plays"] if p["sentence"]] == [
        (
            20,
            "Le joueur 2 a joué le 9 de cœur alors que le mieux était le 9 de trèfle : "
            "4 points perdus.",
        )
    ]
    assert en["seats"][2]["summary"] == (
        "Seat 2: 3 cards judged, 1 inaccuracy, 4 points lost of 6 at stake: precision 33.3."
    )
    assert fr["teams"][1]["summary"] == (
        "Équipe 1 (joueurs 1 et 3) : 6 cartes jugées, la meilleure carte à chaque fois : "
        "précision 100."
    )
    assert (en["renonce"], en["renonce_detail"], en["renonce_sentence"]) == (None, None, None)


def test_a_review_says_what_the_renonce_was_and_what_it_cost(client: FlaskClient) -> None:
    # Seed 1, a renonce injected in the sixth trick: seat 0 does not over-trump.
    record = play_deal(random.Random(1), 32, inject_from=22).record
    assert record.hands is not None
    deal = {
        **random_deal(1, 0),
        "plays": codes(record.plays),
        "hands": [codes(hand) for hand in record.hands],
        "from_play": 20,
    }
    body = answer(client, REVIEW, deal, **{"Accept-Language": "fr"})
    assert body["renonce"] == 22  # the index stays as it was
    detail = body["renonce_detail"]
    assert (detail["play"], detail["trick"], detail["seat"], detail["card"]) == (22, 5, 0, "8S")
    assert detail["violation"]["code"] == "overtrump"
    assert body["renonce_sentence"] == (
        "Le joueur 0 a joué le 8 de pique au pli 6, une renonce : un adversaire était maître "
        "avec le 9 de pique et il pouvait surcouper ; il fallait jouer le valet de pique. Par "
        "la sanction, le contrat est dedans (0 pour l'équipe 0, 162 pour l'équipe 1) ; avec le "
        "meilleur jeu, il était réussi (110 pour l'équipe 0, 52 pour l'équipe 1) : "
        "110 points perdus."
    )
    assert body["plays"][2]["sentence"] == body["renonce_sentence"]
    # The review begun after it: what it was, not what it cost.
    later = answer(client, REVIEW, {**deal, "from_play": 24})
    assert later["renonce_sentence"] == (
        "Seat 0 played the 8 of spades in trick 6, a renonce: an opponent was winning with the "
        "9 of spades and it could over-trump; it had to play the jack of spades."
    )
    assert {p["sentence"] for p in later["plays"]} == {None}


def test_a_coinche_review_speaks_too(client: FlaskClient) -> None:
    body = answer(
        client,
        COINCHE_REVIEW,
        {**TOUT_ATOUT_POSITION, "from_play": 16},
        **{"Accept-Language": "fr"},
    )
    assert [t["summary"].split(" : ")[0] for t in body["seats"]] == [
        "Joueur 0",
        "Joueur 1",
        "Joueur 2",
        "Joueur 3",
    ]


def test_the_review_s_budget_is_its_own(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []

    def recording(variant: Any, record: Any, options: Any, budget_ms: int, first: int) -> Any:
        asked.append(budget_ms)
        return real(variant, record, options, budget_ms, first)

    real = review.review_in
    monkeypatch.setattr(review, "review_in", recording)
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
    monkeypatch.setattr(review, "review_in", held.waiting(review.review_in))
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
