"""POST /v1/analysis/review and its coinche path with `"view": "seat"`: each judged card also
seen from its seat (seat_loss, seat_best, the label from the seat, the guesses), reproducible
by seed, in an analysis slot; the double-dummy answer unchanged but for the seat's fields,
null."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import limiter, review
from service.api.analysis import COINCHE_LATE_POSITION, LATE_POSITION
from service.api.review import REVIEW_EXAMPLE
from service.app import create_app
from service.rules.advice.seat_review import SEAT_LABELS
from tests.api.helpers import answer, problems
from tests.api.test_limiter import Held, slots_of
from tests.api.test_review import COINCHE_REVIEW, REVIEW, two_slots  # noqa: F401

SEAT_PLAY_FIELDS = {
    "double_dummy_label",
    "seat_samples",
    "seat_loss",
    "seat_stake",
    "seat_best",
    "guess",
    "guess_chance",
    "guess_hit",
}
SEAT_TALLY_FIELDS = {
    "seat_loss",
    "seat_stake",
    "seat_precision",
    "guess_decisions",
    "guess_hits",
    "guess_expected",
    "guess_variance",
}
SEAT = {**REVIEW_EXAMPLE, "view": "seat", "samples": 4}


def test_the_seat_view_judges_each_card_from_its_seat(client: FlaskClient) -> None:
    body = answer(client, REVIEW, SEAT)
    plain = answer(client, REVIEW, REVIEW_EXAMPLE)
    assert (body["view"], body["seat_complete"], plain["view"]) == ("seat", True, "double_dummy")
    first = body["plays"][0]
    assert (first["card"], first["best"], first["loss"]) == ("9H", ["9C"], 4)
    assert (first["label"], first["double_dummy_label"]) == ("unlucky", "inaccuracy")
    assert "9H" in first["seat_best"] and first["seat_loss"] == 0.0
    for seen, double in zip(body["plays"], plain["plays"], strict=True):
        assert {k: v for k, v in seen.items() if k not in SEAT_PLAY_FIELDS | {"label"}} == {
            k: v for k, v in double.items() if k not in SEAT_PLAY_FIELDS | {"label"}
        }
        assert seen["double_dummy_label"] == double["label"]
        assert seen["label"] in SEAT_LABELS
        assert all(double[field] is None for field in SEAT_PLAY_FIELDS)
        assert 1 <= seen["seat_samples"] <= 4
    for tally in body["seats"] + body["teams"]:
        assert set(tally) >= SEAT_TALLY_FIELDS
        assert 0 <= tally["guess_hits"] <= tally["guess_decisions"]
    for tally in plain["seats"]:
        assert all(tally[field] is None for field in SEAT_TALLY_FIELDS)
    # The sentences are the double-dummy review's.
    assert [t["summary"] for t in body["seats"] + body["teams"]] == [
        t["summary"] for t in plain["seats"] + plain["teams"]
    ]
    assert body["renonce_sentence"] == plain["renonce_sentence"]


def test_the_same_seed_gives_the_same_answer(client: FlaskClient) -> None:
    def seen(body: dict[str, object]) -> list[object]:
        return [{k: p[k] for k in SEAT_PLAY_FIELDS} for p in answer(client, REVIEW, body)["plays"]]

    assert seen(SEAT) == seen(SEAT)
    assert seen({**SEAT, "seed": "another"})[0]["seat_samples"] == 4


def test_the_turned_card_is_the_taker_s() -> None:
    from service.app import create_app

    client = create_app({"TESTING": True}).test_client()
    body = answer(client, REVIEW, {**SEAT, "turned": "QC"})  # the taker, seat 1, held it
    assert body["seat_complete"]
    wrong = problems(client, REVIEW, {**SEAT, "turned": "AD"})
    assert set(wrong) == {"/turned"}


def test_the_coinche_review_sees_from_the_seats(client: FlaskClient) -> None:
    late = {
        **COINCHE_LATE_POSITION,
        "plays": REVIEW_EXAMPLE["plays"],
        "from_play": 28,
        "view": "seat",
        "samples": 2,
    }
    body = answer(client, COINCHE_REVIEW, late)
    assert body["view"] == "seat" and body["seat_complete"]
    assert [p["seat_samples"] for p in body["plays"]] == [1, 1, 1, 1]  # the last trick
    assert problems(client, COINCHE_REVIEW, {**late, "turned": "QC"}) == {
        "/turned": "Unknown field."
    }


def test_the_seat_view_reads_the_auction_that_made_the_contract(client: FlaskClient) -> None:
    late = {
        **COINCHE_LATE_POSITION,
        "plays": REVIEW_EXAMPLE["plays"],
        "from_play": 20,
        "view": "seat",
        "samples": 4,
    }
    implied = answer(client, COINCHE_REVIEW, late)  # 100S by seat 1, coinched by seat 2
    told = answer(
        client,
        COINCHE_REVIEW,
        {**late, "calls": ["100S", "pass", "pass", "coinche", "pass", "pass", "pass"]},
    )
    assert told["seat_complete"] and implied["seat_complete"]
    assert [p["seat_samples"] for p in told["plays"]] == [
        p["seat_samples"] for p in implied["plays"]
    ]
    wrong = problems(client, COINCHE_REVIEW, {**late, "calls": ["90S", "pass", "pass", "pass"]})
    assert list(wrong) == ["/calls"]
    assert list(problems(client, COINCHE_REVIEW, {**late, "calls": ["100S", "eighty"]})) == [
        "/calls/1"
    ]


def test_classic_bids_are_read_with_the_turned_card(client: FlaskClient) -> None:
    # LATE_POSITION: spades by seat 1, the dealer's next, who took the turned card in round 1.
    body = {**SEAT, "calls": ["take"]}
    assert list(problems(client, REVIEW, body)) == ["/turned"]
    assert answer(client, REVIEW, {**body, "turned": "10S"})["seat_complete"]
    assert list(problems(client, REVIEW, {**body, "turned": "10S", "calls": ["pass", "take"]})) == [
        "/calls"
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [("view", "both"), ("samples", 0), ("samples", 257), ("seed", "x" * 201)],
)
def test_a_seat_view_s_fields_are_checked(client: FlaskClient, field: str, value: object) -> None:
    assert set(problems(client, REVIEW, {**SEAT, field: value})) == {f"/{field}"}


def test_a_seat_review_takes_an_analysis_slot(
    two_slots: Flask,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held = Held(monkeypatch)
    monkeypatch.setattr(review, "seat_review_in", held.waiting(review.seat_review_in))
    body = {**LATE_POSITION, "view": "seat", "samples": 2}
    try:
        held.start(two_slots, REVIEW, body)
        held.start(two_slots, REVIEW, body)
        assert slots_of(two_slots).running == 2
        busy = two_slots.test_client().post(REVIEW, json=body)
        assert (busy.status_code, busy.headers["Retry-After"]) == (503, "1")
    finally:
        assert held.release() == [200, 200]


def test_the_rules_state_the_seat_view_s_thresholds(client: FlaskClient) -> None:
    for path in ("/v1/rules", "/v1/coinche/rules"):
        described = client.get(path).get_json()["seat_view"]
        assert (described["near_best"], described["doubt_share"]) == (5, 0.75)
        assert (described["guess_z_threshold"], described["min_guesses"]) == (3.0, 40)
        french = client.get(path, headers={"Accept-Language": "fr"}).get_json()["seat_view"]
        assert french["unlucky"] != described["unlucky"]


@pytest.mark.parametrize("path", [REVIEW, COINCHE_REVIEW])
def test_both_seat_reviews_are_given_the_threads_set(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[str, int]] = []
    real = review.seat_review_in

    def spy(variant: Any, *args: Any, **keywords: Any) -> Any:
        asked.append((variant.name, keywords["threads"]))
        return real(variant, *args, **keywords)

    monkeypatch.setattr(review, "seat_review_in", spy)
    app = create_app({"TESTING": True, limiter.THREADS_SETTING: "3"})
    position = LATE_POSITION if path == REVIEW else COINCHE_LATE_POSITION
    body = answer(app.test_client(), path, {**position, "view": "seat", "samples": 2})
    variant = "classic" if path == REVIEW else "coinche"
    assert body["seat_complete"] and asked == [(variant, 3)]
