"""CORS: a page on another origin may call the referee, preflight and all (service/api/cors.py)."""

from __future__ import annotations

import http.client

import pytest
from flask.testing import FlaskClient

from service.api.cors import origins_from
from service.app import create_app
from tests.ops.conftest import gunicorn

GAME = "https://game.example"
TURN = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
# What a browser sends before a JSON POST with a language from another origin.
PREFLIGHT = {
    "Origin": GAME,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "content-type, accept-language",
}


def only_for(origins: str) -> FlaskClient:
    return create_app({"TESTING": True, "CORS_ORIGINS": origins_from(origins)}).test_client()


@pytest.mark.parametrize(
    ("setting", "origins"),
    [
        (None, "*"),
        ("", "*"),
        ("*", "*"),
        (" * ", "*"),
        (GAME, [GAME]),
        (f"{GAME}, http://localhost:3000,", [GAME, "http://localhost:3000"]),
    ],
)
def test_cors_origins_is_a_comma_separated_list_or_any(
    setting: str | None, origins: str | list[str]
) -> None:
    assert origins_from(setting) == origins


def test_a_preflight_is_answered_for_any_origin_by_default(client: FlaskClient) -> None:
    response = client.options("/v1/legal-moves", headers=PREFLIGHT)
    assert response.status_code == 200
    headers = response.headers
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert {"POST", "OPTIONS"} <= set(headers["Access-Control-Allow-Methods"].split(", "))
    assert headers["Access-Control-Allow-Headers"] == "accept-language, content-type"
    assert headers["Access-Control-Max-Age"] == "86400"


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/v1/legal-moves", TURN, 200),
        ("/v1/legal-moves", {**TURN, "hand": ["KD", "KD"]}, 422),
        ("/v1/nowhere", TURN, 404),
    ],
)
def test_every_answer_to_another_origin_shows_its_request_id(
    client: FlaskClient, path: str, body: object, status: int
) -> None:
    response = client.post(path, json=body, headers={"Origin": GAME})
    assert response.status_code == status
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    exposed = response.headers["Access-Control-Expose-Headers"].split(", ")
    assert {"X-Request-ID", "Content-Language"} <= set(exposed)


def test_a_request_without_origin_gets_no_cors_header(client: FlaskClient) -> None:
    response = client.post("/v1/legal-moves", json=TURN)
    assert not [name for name, _ in response.headers.items() if name.startswith("Access-")]


def test_configured_origins_are_the_only_ones_allowed() -> None:
    client = only_for(f"{GAME}, http://localhost:3000")
    allowed = client.options("/v1/legal-moves", headers=PREFLIGHT)
    assert allowed.headers["Access-Control-Allow-Origin"] == GAME
    assert "Origin" in allowed.headers.get_all("Vary")
    refused = client.options("/v1/legal-moves", headers={**PREFLIGHT, "Origin": "https://evil"})
    assert "Access-Control-Allow-Origin" not in refused.headers
    answer = client.post("/v1/legal-moves", json=TURN, headers={"Origin": "https://evil"})
    assert answer.status_code == 200  # the server answers; the browser hides it from the page
    assert "Access-Control-Allow-Origin" not in answer.headers


def test_a_live_preflight_then_call_from_an_allowed_origin() -> None:
    with gunicorn(workers=1, CORS_ORIGINS=GAME) as (_, port):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("OPTIONS", "/v1/legal-moves", headers=PREFLIGHT)
        preflight = connection.getresponse()
        preflight.read()
        assert preflight.status == 200
        assert preflight.getheader("Access-Control-Allow-Origin") == GAME
        assert "POST" in preflight.getheader("Access-Control-Allow-Methods", "")
        connection.request(
            "POST",
            "/v1/legal-moves",
            body=b'{"trump": "H", "leader": 0, "trick": [], "hand": ["KD"]}',
            headers={"Origin": GAME, "Content-Type": "application/json"},
        )
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        assert answer.getheader("Access-Control-Allow-Origin") == GAME
        assert "X-Request-ID" in answer.getheader("Access-Control-Expose-Headers", "")
        connection.close()
