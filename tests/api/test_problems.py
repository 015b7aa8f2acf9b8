"""service/api/problems.py: every error is a problem (400, 404, 405, 413, 415 and 422 each of
its own type, with JSON pointers where a place is wrong; 500), in English or French; a probe
blueprint stands in for a game endpoint."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.problems import PROBLEMS_PATH, TYPED_KINDS, pointer_errors
from tests.api.helpers import FRENCH, at, problem

JSON = "application/json"


def test_an_unknown_path_answers_a_problem_of_type_not_found(client: FlaskClient) -> None:
    body = problem(client.get("/v1/nowhere"), 404)
    assert body == {
        "type": "/problems/not-found",
        "title": "Not Found",
        "status": 404,
        "detail": "There is nothing at this path; see /docs.",
        "errors": None,
    }


def test_a_wrong_method_answers_a_problem_of_type_method_not_allowed_keeping_allow(
    client: FlaskClient,
) -> None:
    response = client.delete("/healthz")
    assert problem(response, 405)["type"] == "/problems/method-not-allowed"
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    computation = client.get("/v1/legal-moves")
    assert problem(computation, 405)["type"] == "/problems/method-not-allowed"
    assert "POST" in computation.headers["Allow"]


def test_a_body_over_the_limit_answers_a_problem_of_type_body_too_large(
    client: FlaskClient,
) -> None:
    data = b'{"trump": "H", "note": "' + b"x" * (64 * 1024) + b'"}'
    response = client.post("/v1/legal-moves", data=data, content_type=JSON)
    body = problem(response, 413)
    assert body["type"] == "/problems/body-too-large"
    assert body["detail"] == "The request body is larger than 64 KiB."


@pytest.mark.parametrize(
    "headers",
    [
        {"Content-Type": "text/plain"},
        {"Content-Type": JSON, "Content-Encoding": "gzip"},
    ],
    ids=["not JSON", "compressed"],
)
def test_a_body_the_referee_does_not_read_answers_a_problem_of_type_unsupported_media_type(
    client: FlaskClient, headers: dict[str, str]
) -> None:
    response = client.post("/v1/legal-moves", data=b"{}", headers=headers)
    assert problem(response, 415)["type"] == "/problems/unsupported-media-type"
    assert response.headers["Accept-Encoding"] == "identity"


@pytest.mark.parametrize(
    ("status", "method", "path", "sent"),
    [
        (404, "GET", "/nowhere", {}),
        (405, "DELETE", "/healthz", {}),
        (413, "POST", "/v1/legal-moves", {"data": b" " * 70_000, "content_type": JSON}),
        (415, "POST", "/v1/legal-moves", {"data": b"{}", "content_type": "text/plain"}),
    ],
)
def test_each_http_error_a_client_can_cause_is_a_type_with_its_page(
    client: FlaskClient, status: int, method: str, path: str, sent: dict[str, Any]
) -> None:
    response = client.open(path, method=method, headers=FRENCH, **sent)
    body = problem(response, status)
    assert response.headers["Content-Language"] == "fr"
    (kind,) = [kind for kind in TYPED_KINDS if body["type"] == PROBLEMS_PATH + kind.name]
    assert (kind.status, body["title"], body["detail"]) == (
        status,
        kind.title("fr"),
        kind.detail("fr"),
    )
    page = client.get(body["type"], headers=FRENCH)
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert kind.title("fr") in page.get_data(as_text=True)


EMPTY = "The request body is not valid JSON. At line 1, column 1 (offset 0): input data is empty."


@pytest.mark.parametrize(
    "request_",
    [
        {},
        {"content_type": JSON},
        {"data": b"", "content_type": JSON},
        {"data": b"", "content_type": "text/plain"},
        {"data": b" \n", "content_type": JSON},
    ],
    ids=["no body", "no body, JSON", "empty JSON", "empty text", "blanks"],
)
def test_no_body_or_an_empty_one_is_a_400_malformed_json_as_any_body_not_json(
    probe_client: FlaskClient, request_: dict[str, Any]
) -> None:
    body = problem(probe_client.post("/probe", **request_), 400)
    assert body["type"] == PROBLEMS_PATH + "malformed-json"
    assert body["detail"] == EMPTY
    assert body["errors"] == [at("", "Input data is empty.", line=1, column=1, offset=0)]


def test_an_empty_body_is_a_400_on_every_endpoint_in_french_too(
    app: Flask, client: FlaskClient
) -> None:
    posts = [rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())]
    assert "/v1/coinche/deals/replay" in posts
    for path in posts:
        body = problem(client.post(path, data=b"", content_type=JSON, headers=FRENCH), 400)
        assert body["type"] == PROBLEMS_PATH + "malformed-json", path
        assert body["errors"][0]["message"] == "Le corps ne contient aucune valeur JSON."


def test_validation_errors_are_json_pointers(probe_client: FlaskClient) -> None:
    response = probe_client.post(
        "/probe",
        json={
            "hand": ["7S", "8S", "9S", "AH"],
            "players": [{"seat": 1}, {"seat": 9}, {}],
            "a/b~c": 1,
        },
    )
    body = problem(response, 422)
    assert body["type"] == PROBLEMS_PATH + "invalid-request"
    assert sorted(body["errors"], key=lambda e: e["pointer"]) == [
        at("/a~1b~0c", "Unknown field."),
        at("/hand/3", "Must be one of: 7S, 8S, 9S."),
        at("/players/1/seat", "Must be greater than or equal to 0 and less than or equal to 3."),
        at("/players/2/seat", "Missing data for required field."),
    ]


@pytest.mark.parametrize(
    ("body", "pointer"), [(["7S"], ""), ("7S", ""), ({"hand": [], "players": [[]]}, "/players/0")]
)
@pytest.mark.parametrize(
    ("lang", "message"), [("en", "Must be a JSON object."), ("fr", "Doit être un objet JSON.")]
)
def test_a_body_of_the_wrong_shape_says_an_object_was_expected(
    probe_client: FlaskClient, body: Any, pointer: str, lang: str, message: str
) -> None:
    response = probe_client.post("/probe", json=body, headers={"Accept-Language": lang})
    assert problem(response, 422)["errors"] == [at(pointer, message)]


@pytest.mark.parametrize(
    ("message", "json"),
    [
        ("Must be equal to True.", "Must be equal to true."),
        ("Must be equal to None.", "Must be equal to null."),
        ("Must be one of: True, False.", "Must be one of: true, false."),
        (
            "One or more of the choices you made was not in: None, 1.",
            "One or more of the choices you made was not in: null, 1.",
        ),
        ("Invalid input type.", "Must be a JSON object."),
        # What a client wrote is quoted as written.
        ("'None' is not a card: write rank 7 8 9 10 J Q K A then suit S H D C, e.g. 10H.", None),
        ("Not a valid boolean.", None),
    ],
)
def test_messages_spell_values_as_json_does(message: str, json: str | None) -> None:
    (error,) = pointer_errors({"json": {"rest": [message]}}, "en")
    assert error["message"] == (json or message)


def test_validation_errors_in_french(probe_client: FlaskClient) -> None:
    response = probe_client.post(
        "/probe",
        json={"hand": ["7S"] * 9, "players": [{"seat": "north"}]},
        headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"},
    )
    body = problem(response, 422)
    assert response.headers["Content-Language"] == "fr"
    assert body["title"] == "Requête invalide"
    assert sorted(body["errors"], key=lambda e: e["pointer"]) == [
        at("/hand", "Plus long que la longueur maximale 8."),
        at("/players/0/seat", "Ce n'est pas un entier valide."),
    ]


@pytest.mark.parametrize(("lang", "fragment"), [("en", "appears twice"), ("fr", "deux fois")])
def test_inconsistent_input_is_a_422_problem(
    probe_client: FlaskClient, lang: str, fragment: str
) -> None:
    response = probe_client.post(
        "/probe",
        json={"hand": ["7S", "7S"], "note": "inconsistent"},
        headers={"Accept-Language": lang},
    )
    body = problem(response, 422)
    assert body["type"] == PROBLEMS_PATH + "inconsistent-input"
    [error] = body["errors"]
    assert error["pointer"] == "/hand/1"
    assert fragment in error["message"]


def test_a_bug_is_a_logged_500_problem_that_reveals_nothing(
    probe_client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    response = probe_client.post(
        "/probe", json={"hand": [], "note": "crash"}, headers={"X-Request-ID": "bug-1"}
    )
    body = problem(response, 500)
    assert "a bug in the referee" not in response.get_data(as_text=True)
    assert body["type"] == "about:blank"
    assert response.headers["X-Request-ID"] == "bug-1"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors
    assert errors[0].exc_info is not None
    assert "a bug in the referee" in str(errors[0].exc_info[1])
    assert errors[0].request_id == "bug-1"  # type: ignore[attr-defined]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.one_of(
        st.binary(max_size=300),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.sampled_from(["hand", "players", "seat", "note", "x"]), inner)
            ),
            max_leaves=15,
        ).map(lambda value: repr(value).replace("'", '"').encode()),
    ),
    content_type=st.sampled_from(
        ["application/json", "text/plain", "application/merge-patch+json"]
    ),
)
def test_no_client_input_is_a_500(
    probe_client: FlaskClient, data: bytes, content_type: str
) -> None:
    response = probe_client.post("/probe", data=data, content_type=content_type)
    assert response.status_code in {200, 400, 415, 422}, response.data


def test_problem_titles_in_french(client: FlaskClient) -> None:
    response = client.get("/nowhere", headers={"Accept-Language": "fr-CH, en;q=0.3"})
    assert problem(response, 404)["title"] == "Ressource introuvable"
    assert response.headers["Content-Language"] == "fr"


def test_pointer_errors_flattens_nested_marshmallow_errors() -> None:
    messages = {"json": {"hand": {3: ["Not a valid card."]}, "_schema": ["Too many cards."]}}
    assert pointer_errors(messages, "en") == [
        at("/hand/3", "Not a valid card."),
        at("", "Too many cards."),
    ]
