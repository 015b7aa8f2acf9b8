"""An analysis never takes the thread the cheap paths need: at most ANALYSIS_SLOTS analyses at
once per worker (threads - 1 by default), one more answered at once with a 503 problem and
Retry-After, the slot given back however the analysis ends."""

from __future__ import annotations

import os
import random
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import flask
import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import advice, analysis, limiter
from service.api.problems import PROBLEM_MEDIA_TYPE
from service.app import create_app
from service.rules import Suit, replay
from support.deals import play_deal
from tests.api.helpers import FRENCH, answer
from tests.api.test_analysis import CLAIM, DEAL, SOLVE, random_deal
from tests.rules.builders import codes

ADVICE = "/v1/advice/play"

BUSY_TYPE = "/problems/analysis-busy"
CLAIM_BODY = {**DEAL, "claim": {"seat": 1, "rest": True}}


def slots_of(app: Flask) -> limiter.Slots:
    slots: limiter.Slots = app.extensions[limiter.EXTENSION]
    return slots


@pytest.fixture
def two_slots() -> Flask:
    return create_app({"TESTING": True, limiter.SLOTS_SETTING: 2})


class Held:
    """Analyses kept running (inside their slot) until `release()`: the solver is made to
    wait for the test before it searches."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Semaphore(0)
        self.go = threading.Event()
        for name in ("solve_in", "judge_claim_in"):
            monkeypatch.setattr(analysis, name, self.waiting(getattr(analysis, name)))
        self.threads: list[threading.Thread] = []
        self.statuses: list[int] = []

    def waiting(self, question: Callable[..., Any]) -> Callable[..., Any]:
        def wait_then_ask(*args: Any, **keywords: Any) -> Any:
            self.entered.release()
            assert self.go.wait(timeout=30)
            return question(*args, **keywords)

        return wait_then_ask

    def start(self, app: Flask, path: str, body: dict[str, Any]) -> None:
        """One analysis posted from another thread, and waited for until it holds its slot."""

        def post() -> None:
            self.statuses.append(app.test_client().post(path, json=body).status_code)

        thread = threading.Thread(target=post, daemon=True)
        thread.start()
        self.threads.append(thread)
        assert self.entered.acquire(timeout=30)

    def release(self) -> list[int]:
        self.go.set()
        for thread in self.threads:
            thread.join(timeout=30)
        return self.statuses


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    running = Held(monkeypatch)
    yield running
    running.release()


def test_one_analysis_more_than_the_slots_is_a_503_at_once(two_slots: Flask, held: Held) -> None:
    held.start(two_slots, SOLVE, DEAL)
    held.start(two_slots, CLAIM, CLAIM_BODY)
    assert slots_of(two_slots).running == 2
    client = two_slots.test_client()
    for path, body in ((SOLVE, DEAL), (CLAIM, CLAIM_BODY)):
        response = client.post(path, json={**body, "budget_ms": 3000})
        assert response.status_code == 503
        assert response.mimetype == PROBLEM_MEDIA_TYPE
        problem = response.get_json(force=True)
        assert problem == {
            "type": BUSY_TYPE,
            "title": "Too many analyses at once",
            "status": 503,
            "detail": problem["detail"],
            "errors": None,
        }
        assert "Retry-After" in problem["detail"]
        assert response.headers["Retry-After"] == "1"
    assert held.release() == [200, 200]
    assert slots_of(two_slots).running == 0
    assert answer(client, SOLVE, DEAL)["exact"] is True


def test_the_503_speaks_french(two_slots: Flask, held: Held) -> None:
    held.start(two_slots, SOLVE, DEAL)
    held.start(two_slots, SOLVE, DEAL)
    response = two_slots.test_client().post(SOLVE, json=DEAL, headers=FRENCH)
    assert response.status_code == 503
    assert response.headers["Content-Language"] == "fr"
    problem = response.get_json(force=True)
    assert problem["title"] == "Trop d'analyses à la fois"
    assert "Retry-After" in problem["detail"] and "redemandez" in problem["detail"]


@pytest.mark.skipif(sys.platform != "linux", reason="nice is per thread on Linux only")
def test_an_analysis_runs_on_a_thread_of_lower_priority(
    two_slots: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, int, str]] = []
    ask = analysis.solve_in

    def solve(*args: Any) -> Any:
        # The request's context is there too: the view may read it as on its own thread.
        thread = threading.get_native_id()
        seen.append((thread, os.getpriority(os.PRIO_PROCESS, thread), flask.request.path))
        return ask(*args)

    monkeypatch.setattr(analysis, "solve_in", solve)
    answer(two_slots.test_client(), SOLVE, DEAL)
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    ((thread, nice, path),) = seen
    assert thread != threading.get_native_id()
    assert nice == min(mine + limiter.NICENESS, 19)
    assert path == SOLVE


def test_a_body_that_cannot_be_judged_is_a_422_even_when_every_slot_is_taken(
    two_slots: Flask, held: Held
) -> None:
    held.start(two_slots, SOLVE, DEAL)
    held.start(two_slots, SOLVE, DEAL)
    client = two_slots.test_client()
    assert client.post(SOLVE, json={**DEAL, "budget_ms": 0}).status_code == 422
    assert client.post(SOLVE, json={**DEAL, "plays": ["7S"]}).status_code == 503


def test_a_forced_card_without_its_figures_takes_no_slot(two_slots: Flask, held: Held) -> None:
    """A card advice is judged before it takes a slot: a forced card whose figures are not
    asked is answered at once, and a body that cannot be judged is a 422, whatever the
    slots; an advice to work out waits for none (503)."""
    held.start(two_slots, SOLVE, DEAL)
    held.start(two_slots, SOLVE, DEAL)
    client = two_slots.test_client()
    record = play_deal(random.Random(8), 28).record  # the last trick: one card each
    assert record.hands is not None
    seat = replay(replace(record, hands=None)).to_move
    assert seat is not None
    body = {
        "dealer": record.dealer,
        "trump": str(Suit(record.strain)),
        "taker": record.taker,
        "plays": codes(record.plays),
        "seat": seat,
        "hand": codes(c for c in record.hands[seat] if c not in record.plays),
    }
    forced = answer(client, ADVICE, {**body, "figures_when_forced": False})
    assert (forced["forced"], forced["samples"], forced["moves"]) == (True, 0, [])
    assert client.post(ADVICE, json=body).status_code == 503  # its figures: an analysis
    assert client.post(ADVICE, json={**body, "seat": (seat + 1) % 4}).status_code == 422
    assert held.release() == [200, 200]


def test_a_failed_analysis_gives_its_slot_back(
    two_slots: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = two_slots.test_client()
    for _ in range(3):  # plays not from the hands: the rules refuse the position
        assert client.post(SOLVE, json={**DEAL, "plays": ["7S"]}).status_code == 422
    assert slots_of(two_slots).running == 0

    def broken(*args: Any) -> Any:
        raise RuntimeError("the search broke")

    monkeypatch.setattr(analysis, "solve_in", broken)
    for _ in range(3):  # TESTING: the error reaches the test rather than becoming a 500
        with pytest.raises(RuntimeError, match="the search broke"):
            client.post(SOLVE, json=DEAL)
    assert slots_of(two_slots).running == 0


def test_an_analysis_out_of_time_gives_its_slot_back() -> None:
    # A cap of 1 ms stops a full deal's search at its first look at the clock.
    app = create_app({"TESTING": True, limiter.SLOTS_SETTING: 1, "ANALYSIS_BUDGET_CAP_MS": 1})
    client, deal = app.test_client(), random_deal(1, 0)
    for _ in range(3):
        assert answer(client, SOLVE, deal)["exact"] is False
        claim = {**deal, "claim": {"seat": 0, "rest": True}, "mode": "any"}
        assert answer(client, CLAIM, claim)["exact"] is False
    assert slots_of(app).running == 0


def test_the_slots_are_the_worker_s_threads_less_one() -> None:
    for threads, slots in ((4, 3), (8, 7), (2, 1), (1, 1)):
        app = create_app({"TESTING": True})
        assert slots_of(app).capacity is None  # until a server says how many threads it has
        limiter.size_for_threads(app, threads)
        assert slots_of(app).capacity == slots


def test_analysis_slots_set_them_whatever_the_threads() -> None:
    app = create_app({"TESTING": True, limiter.SLOTS_SETTING: "5"})
    limiter.size_for_threads(app, 4)
    assert slots_of(app).capacity == 5


@pytest.mark.parametrize("value", ["0", "-1", "three", "2.5"])
def test_analysis_slots_must_be_a_whole_number_of_at_least_one(value: str) -> None:
    with pytest.raises(ValueError, match="ANALYSIS_SLOTS must be a whole number of at least 1"):
        create_app({"TESTING": True, limiter.SLOTS_SETTING: value})


def test_an_empty_setting_is_no_setting() -> None:
    assert limiter.slots_setting("") is None and limiter.slots_setting(None) is None


def test_the_503_is_documented_on_every_analysis(client: FlaskClient) -> None:
    # Every search (/analysis/ and, to come, /advice/ paths) runs in a slot: @limited(blp).
    document = client.get("/openapi.json").get_json()
    busy = {"$ref": "#/components/responses/ANALYSIS_BUSY"}
    searching = [path for path in document["paths"] if "/analysis/" in path or "/advice/" in path]
    assert {SOLVE, CLAIM, "/v1/coinche/analysis/solve", "/v1/coinche/analysis/claim"} <= set(
        searching
    )
    for path in searching:
        assert document["paths"][path]["post"]["responses"]["503"] == busy, path
    component = document["components"]["responses"]["ANALYSIS_BUSY"]
    assert component["headers"]["Retry-After"]["schema"] == {"type": "integer", "minimum": 1}
    assert set(component["content"]) == {PROBLEM_MEDIA_TYPE}
    type_enum = document["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert BUSY_TYPE in type_enum


# --- the threads of one advice ---------------------------------------------------------------


def test_an_advice_values_its_deals_on_two_threads_unless_set() -> None:
    assert limiter.DEFAULT_THREADS == 2
    for setting, threads in ((None, 2), ("", 2), ("1", 1), (3, 3)):
        app = create_app({"TESTING": True, limiter.THREADS_SETTING: setting})
        with app.app_context():
            assert limiter.advice_threads() == threads


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_advice_threads_must_be_a_whole_number_of_at_least_one(value: str) -> None:
    with pytest.raises(ValueError, match="ADVICE_THREADS must be a whole number of at least 1"):
        create_app({"TESTING": True, limiter.THREADS_SETTING: value})


@pytest.mark.parametrize("path", ["/v1/advice/play", "/v1/coinche/advice/play"])
def test_both_card_advices_are_given_the_threads_set(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    real = advice.CardQuestion.answer

    def spy(question: Any, *args: Any) -> Any:
        asked.append(args[3])  # samples, seed, budget_ms, threads, level
        return real(question, *args)

    monkeypatch.setattr(advice.CardQuestion, "answer", spy)
    app = create_app({"TESTING": True, limiter.THREADS_SETTING: "3"})
    body = {
        "dealer": 0,
        "plays": [],
        "seat": 1,
        "hand": ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
        "samples": 1,
        "budget_ms": 1,
    }
    rule = (
        {"trump": "H", "taker": 1}
        if "coinche" not in path
        else {"contract": {"taker": 1, "value": 80, "strain": "H"}}
    )
    answer(app.test_client(), path, {**body, **rule})
    assert asked == [3]
