"""An answer given in this process (service/api/direct.py) is the endpoint's: the same status
and the same JSON, answers and problems alike, in either language."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from flask import Flask

from service.api.direct import Direct
from service.app import create_app
from service.rules.variants import CLASSIC

REPLAY = "/v1/deals/replay"
COINCHE_REPLAY = "/v1/coinche/deals/replay"
RENONCE = {"dealer": 3, "trump": "H", "taker": 0, "plays": ["7S", "AS", "8D", "KS", "9C", "10S"]}
BODIES: list[tuple[str, Any]] = [
    (REPLAY, RENONCE),
    (REPLAY, {**RENONCE, "rules": {"undertrump": "optional"}}),
    (
        COINCHE_REPLAY,
        {
            "dealer": 3,
            "contract": {"taker": 0, "value": 120, "strain": "TA"},
            "plays": ["JS", "7C", "9S", "10S", "8S", "AS"],
            "rules": {"sa_ta": True},
        },
    ),
    (REPLAY, {**RENONCE, "plays": ["7S", "7S"]}),  # a card twice: inconsistent input
    (REPLAY, {**RENONCE, "dealer": 7, "plays": ["7X"], "extra": 1}),  # invalid fields
    (REPLAY, [1, 2]),  # JSON, not an object
    (REPLAY, "a string"),
    (COINCHE_REPLAY, {**RENONCE, "contract": {"taker": 0, "value": 85, "strain": "H"}}),
]
UNPARSED = [b'{"dealer": 3,', b"\xff\xfe", b"[" * 2000 + b"]" * 2000, b"1e999", b'"\\ud800"', b" "]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_answer_in_this_process_is_the_endpoints(app: Flask, lang: str) -> None:
    client = app.test_client()
    with Direct(app, lang) as direct:  # type: ignore[arg-type]
        for path, body in BODIES:
            served = client.post(path, json=body, headers={"Accept-Language": lang})
            assert direct.answer(path, body) == (served.status_code, served.get_json(force=True))


@pytest.mark.parametrize("data", UNPARSED)
def test_a_body_that_is_not_json_is_refused_in_the_endpoints_words(app: Flask, data: bytes) -> None:
    served = app.test_client().post(REPLAY, data=data, headers={"Content-Type": "application/json"})
    with Direct(app) as direct:
        try:
            orjson.loads(data)
        except orjson.JSONDecodeError as error:
            answer = direct.unparsed(error, data)
    assert answer == (served.status_code, served.get_json(force=True))
    assert answer.status == 400


def test_a_bug_is_answered_as_the_app_answers_one(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(CLASSIC, "replay", broken)
    app = create_app()  # not TESTING: the app answers its bugs instead of raising them
    served = app.test_client().post(REPLAY, json=RENONCE)
    with Direct(app) as direct:
        answer = direct.answer(REPLAY, RENONCE)
    assert answer == (500, served.get_json(force=True))
    assert answer.body["type"] == "about:blank"


def test_a_body_larger_than_the_app_takes_is_refused_as_the_app_refuses_it(app: Flask) -> None:
    data = b'{"plays": "' + b"x" * 70_000 + b'"}'
    served = app.test_client().post(REPLAY, data=data, content_type="application/json")
    with Direct(app) as direct:
        assert direct.too_large(data) == (413, served.get_json(force=True))
        assert direct.too_large(data[:60_000]) is None
