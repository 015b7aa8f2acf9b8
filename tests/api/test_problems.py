"""service/api/problems.py: every error is a problem (404, 405, 422 with JSON pointers, 500),
in English or French; a probe blueprint stands in for a game endpoint."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.problems import PROBLEMS_PATH, pointer_errors
from tests.api.helpers import at, problem


def test_unknown_path_is_a_404_problem(client: FlaskClient) -> None:
    body = problem(client.get("/v1/nowhere"), 404)
    assert body == {
        "type": "about:blank",
        "title": "Not Found",
        "status": 404,
        "detail": "There is nothing at this path; see /docs.",
        "errors": None,
    }


def test_wrong_method_is_a_405_problem_keeping_allow(client: FlaskClient) -> None:
    response = client.delete("/healthz")
    problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}


def test_no_body_at_all_is_a_422_naming_the_missing_fields(probe_client: FlaskClient) -> None:
    body = problem(probe_client.post("/probe"), 422)
    assert body["errors"] == [at("/hand", "Missing data for required field.")]


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
