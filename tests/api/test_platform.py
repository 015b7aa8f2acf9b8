"""The platform every endpoint runs on: problems, languages, headers, metrics, docs.

A probe blueprint stands in for a game endpoint, so these tests do not depend on any."""

from __future__ import annotations

import gzip
import io
import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any

import marshmallow as ma
import pytest
import yaml
from flask import Flask, Response
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder, run_wsgi_app

import service.app
from service.api import BLUEPRINTS
from service.api.blueprint import Blueprint
from service.api.i18n import negotiate_language, request_language, translate
from service.api.observability import count_renonces, count_ruling
from service.api.problems import PROBLEMS_PATH, pointer_errors
from service.jsonlog import JsonLineFormatter, timestamp
from service.rules.errors import InconsistentInput
from tests.api.helpers import metric

probe = Blueprint("probe", __name__)


class SeatSchema(ma.Schema):
    seat = ma.fields.Integer(required=True, validate=ma.validate.Range(min=0, max=3))


class ProbeSchema(ma.Schema):
    hand = ma.fields.List(
        ma.fields.String(validate=ma.validate.OneOf(["7S", "8S", "9S"])),
        required=True,
        validate=ma.validate.Length(max=8),
    )
    players = ma.fields.List(ma.fields.Nested(SeatSchema))
    note = ma.fields.String()


@probe.route("/probe", methods=["POST"])
@probe.arguments(ProbeSchema)
@probe.response(200)
def probe_view(body: dict[str, Any]) -> dict[str, Any]:
    if body.get("note") == "inconsistent":
        raise InconsistentInput.at("/hand/1", "duplicate_card", card="7S", other="/hand/0")
    if body.get("note") == "crash":
        raise RuntimeError("a bug in the referee")
    return {"hand": body["hand"], "lang": request_language()}


@pytest.fixture
def probe_app(monkeypatch: pytest.MonkeyPatch) -> Flask:
    monkeypatch.setattr(service.app, "BLUEPRINTS", [*BLUEPRINTS, probe])
    # Not TESTING: an unexpected exception must become a 500 problem, as in production.
    return service.app.create_app()


@pytest.fixture
def probe_client(probe_app: Flask) -> FlaskClient:
    return probe_app.test_client()


def at(pointer: str, message: str, code: str | None = None, **place: int) -> dict[str, Any]:
    """One of a problem's `errors`, as the contract writes it: every member, null when unset."""
    return {
        "pointer": pointer,
        "message": message,
        "code": code,
        "line": place.get("line"),
        "column": place.get("column"),
        "offset": place.get("offset"),
    }


def problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.data
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert body["status"] == status
    assert body.keys() == {"type", "title", "status", "detail", "errors"}
    return body


# --- problems -------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    "data",
    [
        b"{",
        b"{'hand': []}",
        b"NaN",
        b"\xff\xfe",
    ],
)
def test_malformed_json_is_a_400_problem(probe_client: FlaskClient, data: bytes) -> None:
    response = probe_client.post("/probe", data=data, content_type="application/json")
    body = problem(response, 400)
    assert body["type"] == PROBLEMS_PATH + "malformed-json"


@pytest.mark.parametrize(
    ("lang", "detail", "message"),
    [
        (
            "en",
            "The request body is not valid JSON. At line 2, column 11 (offset 27): "
            "trailing comma is not allowed.",
            "Trailing comma is not allowed.",
        ),
        (
            "fr",
            "Le corps de la requête n'est pas du JSON valide. Ligne 2, colonne 11 (position 27) "
            ": virgule finale interdite.",
            "Virgule finale interdite.",
        ),
    ],
)
def test_malformed_json_says_where_and_what_the_parser_met(
    probe_client: FlaskClient, lang: str, detail: str, message: str
) -> None:
    data = b'{"hand": ["7S"],\n "note": 1, }'  # a trailing comma, line 2 column 11
    response = probe_client.post(
        "/probe", data=data, content_type="application/json", headers={"Accept-Language": lang}
    )
    body = problem(response, 400)
    assert body["detail"] == detail
    assert body["errors"] == [at("", message, line=2, column=11, offset=27)]


def test_a_byte_that_is_not_utf8_is_placed_in_characters(probe_client: FlaskClient) -> None:
    data = '{"note": "é",\n"hand": '.encode() + b"\xff]}"
    body = problem(probe_client.post("/probe", data=data, content_type="application/json"), 400)
    assert body["type"] == PROBLEMS_PATH + "malformed-json"
    assert body["errors"] == [at("", "Bytes that are not UTF-8.", line=2, column=9, offset=22)]


@pytest.mark.parametrize(
    ("data", "name", "place"),
    [
        # Python's json would raise RecursionError: a 500.
        (b"[" * 5000 + b"]" * 5000, "json-too-deep", (1, 1026, 1025)),
        (b'{"note": 1e400}', "json-number-out-of-range", (1, 10, 9)),
        (b'{"note": -1e309}', "json-number-out-of-range", (1, 10, 9)),
        # Lone surrogates: Python's json would let them through.
        (b'{"hand": ["\\ud800"]}', "json-unpaired-surrogate", (1, 12, 11)),
        (b'{"hand": ["\\udc00"]}', "json-unpaired-surrogate", (1, 12, 11)),
        (b'{"hand": ["\\ud800\\u0041"]}', "json-unpaired-surrogate", (1, 12, 11)),
    ],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_valid_json_beyond_the_referees_limits_names_the_limit(
    probe_client: FlaskClient, data: bytes, name: str, place: tuple[int, int, int], lang: str
) -> None:
    response = probe_client.post(
        "/probe", data=data, content_type="application/json", headers={"Accept-Language": lang}
    )
    body = problem(response, 400)
    assert body["type"] == PROBLEMS_PATH + name
    assert "not valid JSON" not in body["detail"] and "pas du JSON valide" not in body["detail"]
    line, column, offset = place
    (error,) = body["errors"]
    assert error == at("", error["message"], line=line, column=column, offset=offset)
    assert body["detail"].startswith(error["message"])
    english = {
        "json-too-deep": "more than 1024 deep",
        "json-number-out-of-range": "beyond a double's range",
        "json-unpaired-surrogate": "surrogate pair",
    }
    french = {
        "json-too-deep": "plus de 1024 niveaux",
        "json-number-out-of-range": "hors de la portée d'un double",
        "json-unpaired-surrogate": "paire de substitution",
    }
    assert {"en": english, "fr": french}[lang][name] in error["message"]


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"]
)
def test_a_body_that_is_not_json_is_a_415_problem(
    probe_client: FlaskClient, content_type: str
) -> None:
    response = probe_client.post("/probe", data=b'{"hand": []}', content_type=content_type)
    assert problem(response, 415)["type"] == "about:blank"


def test_json_suffix_media_types_are_json(probe_client: FlaskClient) -> None:
    response = probe_client.post(
        "/probe", data=b'{"hand": ["7S"]}', content_type="application/vnd.belote+json"
    )
    assert response.status_code == 200


def test_no_body_at_all_is_a_422_naming_the_missing_fields(probe_client: FlaskClient) -> None:
    body = problem(probe_client.post("/probe"), 422)
    assert body["errors"] == [at("/hand", "Missing data for required field.")]


def test_a_body_over_64_kib_is_a_413_problem(probe_client: FlaskClient) -> None:
    data = b'{"note": "' + b"x" * (64 * 1024) + b'"}'
    problem(probe_client.post("/probe", data=data, content_type="application/json"), 413)


def chunked(client: FlaskClient, stream: Any) -> Any:
    """A POST whose body has no Content-Length: the server reads it to its end (chunked)."""
    builder = EnvironBuilder(
        path="/probe",
        method="POST",
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
    )
    environ = builder.get_environ()
    environ.pop("CONTENT_LENGTH", None)
    # As gunicorn serves a chunked body: a stream that ends with the body, marked so.
    environ.update({"wsgi.input": stream, "wsgi.input_terminated": True})
    body, status, headers = run_wsgi_app(client.application, environ, buffered=True)
    return Response(b"".join(body), status=status, headers=headers)


def test_a_chunked_body_over_64_kib_is_a_413_problem_not_cut_short(
    probe_client: FlaskClient,
) -> None:
    hand = b'{"hand": ["7S"]}'
    for size in (64 * 1024 - len(hand), 64 * 1024 - len(hand) + 1, 200_000):
        response = chunked(probe_client, io.BytesIO(hand + b" " * size))
        if len(hand) + size <= 64 * 1024:
            assert response.status_code == 200, size
        else:
            problem(response, 413)


class BrokenChunks(io.RawIOBase):
    """A body the server fails to read, as gunicorn does on a bad chunk size: its own
    exception type, not an OSError."""

    def readinto(self, buffer: Any) -> int:
        raise RuntimeError("Invalid chunk size: 'zz'")

    def readable(self) -> bool:
        return True


def test_a_body_the_server_cannot_read_is_a_400_problem(probe_client: FlaskClient) -> None:
    assert problem(chunked(probe_client, BrokenChunks()), 400)["type"] == "about:blank"


@pytest.mark.parametrize(
    ("header", "coding", "status"),
    [
        # A content coding the referee does not undo: 415 (RFC 9110 15.5.16).
        ("Content-Encoding", "gzip", 415),
        ("Content-Encoding", "br", 415),
        ("Content-Encoding", "deflate, identity", 415),
        ("Content-Encoding", "identity", 200),  # no coding at all
        # A transfer coding besides chunked, which gunicorn would pass on undone: 501.
        ("Transfer-Encoding", "gzip, chunked", 501),
        ("Transfer-Encoding", "deflate, chunked", 501),
    ],
)
def test_a_coded_body_is_refused_unless_the_coding_is_identity(
    probe_client: FlaskClient, header: str, coding: str, status: int
) -> None:
    response = probe_client.post(
        "/probe",
        data=b'{"hand": ["7S"]}',
        content_type="application/json",
        headers={header: coding},
    )
    if status == 200:
        assert response.status_code == 200
    else:
        problem(response, status)


def test_a_415_says_which_content_coding_is_accepted(probe_client: FlaskClient) -> None:
    response = probe_client.post("/probe", data=b"{}", content_type="text/plain")
    assert response.headers["Accept-Encoding"] == "identity"


def test_a_body_just_under_64_kib_is_read(probe_client: FlaskClient) -> None:
    data = b'{"hand": [], "note": "' + b"x" * (64 * 1024 - 40) + b'"}'
    assert len(data) <= 64 * 1024
    assert (
        probe_client.post("/probe", data=data, content_type="application/json").status_code == 200
    )


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


# --- languages ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("fr", "fr"),
        ("fr-FR", "fr"),
        ("FR-ca", "fr"),
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("en;q=0.5, fr;q=0.8", "fr"),
        ("fr;q=0.5, en;q=0.8", "en"),
        ("fr;q=0, en", "en"),
        ("fr;q=0", "en"),
        ("en;q=0, fr-BE;q=0.1", "fr"),
        ("de, fr;q=0.1", "fr"),
        ("de", "en"),
        ("*", "en"),
        ("fr-CH, en;q=0.3", "fr"),
        ("de-DE, fr;q=0.2, en;q=0.1", "fr"),
        ("q=;;,,garbage", "en"),
    ],
)
def test_language_negotiation(header: str | None, lang: str) -> None:
    assert negotiate_language(header) == lang


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Not a valid integer.", "Ce n'est pas un entier valide."),
        ("Missing data for required field.", "Champ obligatoire manquant."),
        ("Unknown field.", "Champ inconnu."),
        ("Not a valid string.", "Ce n'est pas une chaîne de caractères valide."),
        ("Must be one of: S, H, D, C.", "Doit être l'une des valeurs : S, H, D, C."),
        ("Length must be between 1 and 4.", "La longueur doit être entre 1 et 4."),
        ("Length must be 8.", "La longueur doit être 8."),
        ("Must be greater than or equal to 16.", "Doit être supérieur ou égal à 16."),
        (
            "Must be greater than or equal to 0 and less than or equal to 3.",
            "Doit être supérieur ou égal à 0 et inférieur ou égal à 3.",
        ),
        ("Must be less than 5.", "Doit être strictement inférieur à 5."),
        ("Something only the rules say.", "Something only the rules say."),
    ],
)
def test_marshmallow_messages_in_french(english: str, french: str) -> None:
    assert translate(english, "fr") == french
    assert translate(english, "en") == english


SENTENCES = {"Accept-Language": "fr-CA, en;q=0.5"}


@pytest.mark.parametrize(
    ("method", "path", "body", "speaks"),
    [
        ("POST", "/v1/legal-moves", {"trump": "H", "leader": 0, "hand": ["KD"]}, True),
        (
            "POST",
            "/v1/plays/validate",
            {"trump": "H", "leader": 0, "hand": ["KD"], "card": "KD"},
            True,
        ),
        ("POST", "/v1/deals/replay", {"dealer": 0, "trump": "H", "taker": 0, "plays": []}, True),
        ("POST", "/v1/bidding", {"dealer": 0, "turned": "JH"}, True),
        ("GET", "/v1/rules", None, True),
        ("POST", "/v1/legal-moves", {"trump": "H", "leader": 0, "hand": []}, True),  # a 422
        ("GET", "/v1/nowhere", None, True),  # a 404 problem
        ("POST", "/v1/tricks/winner", {"trump": "H", "leader": 0, "cards": ["KD"]}, False),
        ("POST", "/v1/deals/score", {"taker": 0, "points": [100, 62]}, False),
        ("GET", "/healthz", None, False),
    ],
)
def test_an_answer_with_sentences_says_their_language_and_that_it_depends_on_the_request(
    client: FlaskClient, method: str, path: str, body: object, speaks: bool
) -> None:
    response = client.open(path, method=method, json=body, headers=SENTENCES)
    if speaks:
        assert response.headers["Content-Language"] == "fr"
        assert "Accept-Language" in response.vary
    else:
        assert "Content-Language" not in response.headers
        assert "Accept-Language" not in response.vary


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


# --- headers, logs, metrics -----------------------------------------------------------


def test_a_request_id_is_created(client: FlaskClient) -> None:
    assert re.fullmatch(r"[0-9a-f]{32}", client.get("/healthz").headers["X-Request-ID"])


@pytest.mark.parametrize("path", ["/healthz", "/nowhere"])
def test_a_safe_request_id_is_echoed_on_answers_and_errors(client: FlaskClient, path: str) -> None:
    rid = "client-42:retry=2/a.b_c@d+e"
    assert client.get(path, headers={"X-Request-ID": rid}).headers["X-Request-ID"] == rid


@pytest.mark.parametrize("rid", ["x" * 201, "has space", "new\\nline", "<script>", "é"])
def test_an_unsafe_request_id_is_replaced(client: FlaskClient, rid: str) -> None:
    echoed = client.get("/healthz", headers={"X-Request-ID": rid}).headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", echoed)


def request_lines(stderr: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    return [line for line in lines if line["logger"] == "belote.request"]


def test_one_log_line_per_request(client: FlaskClient, capfd: pytest.CaptureFixture[str]) -> None:
    client.get("/healthz", headers={"X-Request-ID": "log-1"})
    client.get("/nowhere", headers={"X-Request-ID": "log-2"})
    lines = request_lines(capfd.readouterr().err)
    assert [(r["method"], r["path"], r["status"], r["request_id"]) for r in lines] == [
        ("GET", "/healthz", 200, "log-1"),
        ("GET", "/nowhere", 404, "log-2"),
    ]
    assert all(r["duration_ms"] >= 0 and r["level"] == "INFO" for r in lines)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:.]{12}\+00:00", r["time"]) for r in lines)


def test_the_request_line_follows_the_log_level(
    client: FlaskClient, capfd: pytest.CaptureFixture[str]
) -> None:
    logger = logging.getLogger("belote.request")
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        client.get("/healthz")
    finally:
        logger.setLevel(level)
    assert request_lines(capfd.readouterr().err) == []


def test_http_metrics_are_labelled_by_url_rule_not_path(client: FlaskClient) -> None:
    healthz = {"method": "GET", "endpoint": "/healthz", "status": "200"}
    unmatched = {"method": "GET", "endpoint": "<unmatched>", "status": "404"}
    before = metric("belote_http_requests_total", **healthz)
    before_unmatched = metric("belote_http_requests_total", **unmatched)
    client.get("/healthz")
    client.get("/random/path/123")
    client.get("/another/one")
    assert metric("belote_http_requests_total", **healthz) == before + 1
    assert metric("belote_http_requests_total", **unmatched) == before_unmatched + 2
    assert metric("belote_http_request_duration_seconds_count", **healthz) >= 1
    text = client.get("/metrics").get_data(as_text=True)
    assert 'belote_http_requests_total{endpoint="/healthz",method="GET",status="200"}' in text
    assert "/random/path" not in text


def test_invented_methods_share_one_label(client: FlaskClient) -> None:
    labels = {"method": "OTHER", "endpoint": "<unmatched>", "status": "405"}
    before = metric("belote_http_requests_total", **labels)
    client.open("/healthz", method="BREW")
    after = metric("belote_http_requests_total", **labels)
    assert after == before + 1


def test_rulings_and_renonces_are_counted(client: FlaskClient) -> None:
    before_legal = metric("belote_rulings_total", violation="none")
    before_trump = metric("belote_rulings_total", violation="trump")
    before_renonces = metric("belote_renonces_total")
    count_ruling(None)
    count_ruling("trump")
    count_ruling("trump")
    count_renonces(0)
    count_renonces(3)
    assert metric("belote_rulings_total", violation="none") == before_legal + 1
    assert metric("belote_rulings_total", violation="trump") == before_trump + 2
    assert metric("belote_renonces_total") == before_renonces + 3
    text = client.get("/metrics").get_data(as_text=True)
    assert 'belote_rulings_total{violation="trump"}' in text
    assert "belote_renonces_total" in text


# --- health and docs ------------------------------------------------------------------


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == {"status": "ok"}


def test_docs_are_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert not re.search(r"""(src|href)=["']?https?:""", html)
    for asset in re.findall(r"""(?:src|href)="(/docs/static/[^"]+)""", html):
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.data) > 1000
    bundle = client.get("/docs/static/swagger-ui-bundle.js").get_data(as_text=True)
    assert "OpenAPI31" in bundle  # Swagger UI 5: renders OpenAPI 3.1
    assert client.get("/docs/static/../../app.py").status_code == 404
    assert client.get("/docs/static/swagger-editor.js").status_code == 404


def test_openapi_yaml_is_served(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    document = yaml.safe_load(response.data)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "Belote referee"
    assert document["info"]["description"]
    assert "/healthz" in document["paths"]


@pytest.mark.parametrize("path", ["/docs/static/swagger-ui-bundle.js", "/openapi.yaml"])
@pytest.mark.parametrize(
    ("accepted", "gzipped"),
    [
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("*", True),
        ("", False),
        ("identity", False),
        ("gzip;q=0", False),
    ],
)
def test_docs_are_gzipped_when_the_client_accepts_it(
    client: FlaskClient, path: str, accepted: str, gzipped: bool
) -> None:
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    response = client.get(path, headers={"Accept-Encoding": accepted})
    assert response.status_code == 200
    assert "Accept-Encoding" in response.vary
    assert response.content_type == plain.content_type
    if gzipped:
        assert response.content_encoding == "gzip"
        assert gzip.decompress(response.data) == plain.data
        assert len(response.data) < len(plain.data) / 3
    else:
        assert response.content_encoding is None
        assert response.data == plain.data
    again = client.get(
        path, headers={"Accept-Encoding": accepted, "If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304


def test_docs_with_a_slash_and_the_favicon_answer(client: FlaskClient) -> None:
    slash = client.get("/docs/")
    assert (slash.status_code, slash.location) == (308, "/docs")
    icon = client.get("/favicon.ico", headers={"Accept-Encoding": "gzip"})
    assert (icon.status_code, icon.mimetype) == (200, "image/png")
    assert icon.content_encoding is None  # a PNG does not shrink
    assert icon.data.startswith(b"\x89PNG")


def test_json_responses_are_compact_orjson(client: FlaskClient) -> None:
    assert client.get("/healthz").data == b'{"status":"ok"}'


def test_only_strict_blueprints_are_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    import flask_smorest

    loose = flask_smorest.Blueprint("loose", __name__)
    monkeypatch.setattr(service.app, "BLUEPRINTS", [*BLUEPRINTS, loose])
    with pytest.raises(TypeError, match="loose"):
        service.app.create_app()


def test_a_log_line_is_one_json_object_with_the_extra_fields() -> None:
    formatter = JsonLineFormatter()
    record = logging.makeLogRecord(
        {"name": "belote.request", "levelname": "INFO", "msg": "request %s", "args": ("done",)}
    )
    record.request_id, record.status = "rid-1", 200
    line = formatter.format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert {k: parsed[k] for k in ("level", "logger", "message", "request_id", "status")} == {
        "level": "INFO",
        "logger": "belote.request",
        "message": "request done",
        "request_id": "rid-1",
        "status": 200,
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", parsed["time"])
    assert "args" not in parsed and "msg" not in parsed


def test_a_logged_exception_stays_on_one_line() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.makeLogRecord({"msg": "failed", "exc_info": sys.exc_info()})
    parsed = json.loads(JsonLineFormatter().format(record))
    assert "ValueError: boom" in parsed["exc_info"]


@given(st.floats(0, 4e9) | st.integers(0, 4 * 10**9).map(lambda s: s + 0.9999996))
def test_log_times_are_what_datetime_writes(seconds: float) -> None:
    assert timestamp(seconds) == datetime.fromtimestamp(seconds, UTC).isoformat(
        timespec="milliseconds"
    )


def test_doc_leaves_the_view_itself_to_be_called() -> None:
    blp = Blueprint("documented", __name__)

    def view() -> str:
        return "answer"

    view._apidoc = {"manual_doc": {"summary": "s"}}  # type: ignore[attr-defined]
    documented = blp.doc(operationId="documented_view", description="d")(view)
    assert documented is view  # no wrapper between a request and its view
    assert view._apidoc["manual_doc"] == {  # type: ignore[attr-defined]
        "summary": "s",
        "operationId": "documented_view",
        "description": "d",
    }
