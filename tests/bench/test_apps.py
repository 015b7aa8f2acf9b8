"""bench/floor.py and bench/frame.py, the benchmark's comparison apps, answer what they claim
to: they parse the body and return a constant, at the paths bench/http.py drives, for every
benchmarked body."""

from __future__ import annotations

import pytest
from flask import Flask

from bench.floor import create_floor
from bench.frame import FRAME_PREFIX
from bench.frame import app as frame
from support.bodies import BODIES


@pytest.mark.parametrize(("app", "prefix"), [(create_floor(), "/v1"), (frame, FRAME_PREFIX)])
@pytest.mark.parametrize("endpoint", sorted(BODIES))
def test_a_comparison_app_parses_the_body_and_answers_a_constant(
    app: Flask, prefix: str, endpoint: str
) -> None:
    response = app.test_client().post(f"{prefix}/{endpoint}", json=BODIES[endpoint])
    assert (response.status_code, response.get_json()) == (200, {"ok": True})
    bad = app.test_client().post(f"{prefix}/{endpoint}", data="{", content_type="application/json")
    assert bad.status_code == 400  # the body really is parsed


def test_the_frame_keeps_the_referees_middleware() -> None:
    response = frame.test_client().post(f"{FRAME_PREFIX}/legal-moves", json={})
    assert "X-Request-ID" in response.headers
