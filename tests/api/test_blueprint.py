"""service/api/blueprint.py: a body read strictly as JSON (400, 413, 415, 501 problems) and
`doc` without a wrapper, on a probe blueprint standing in for a game endpoint."""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Response
from flask.testing import FlaskClient
from werkzeug.test import EnvironBuilder, run_wsgi_app

from service.api.blueprint import Blueprint
from service.api.problems import PROBLEMS_PATH
from tests.api.helpers import at, problem


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
    assert problem(response, 415)["type"] == PROBLEMS_PATH + "unsupported-media-type"


def test_json_suffix_media_types_are_json(probe_client: FlaskClient) -> None:
    response = probe_client.post(
        "/probe", data=b'{"hand": ["7S"]}', content_type="application/vnd.belote+json"
    )
    assert response.status_code == 200


def test_a_body_over_64_kib_is_a_413_problem(probe_client: FlaskClient) -> None:
    data = b'{"note": "' + b"x" * (64 * 1024) + b'"}'
    response = probe_client.post("/probe", data=data, content_type="application/json")
    assert problem(response, 413)["type"] == PROBLEMS_PATH + "body-too-large"


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
            assert problem(response, 413)["type"] == PROBLEMS_PATH + "body-too-large"


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
    elif status == 415:
        assert problem(response, status)["type"] == PROBLEMS_PATH + "unsupported-media-type"
    else:
        assert problem(response, status)["type"] == "about:blank"


def test_a_415_says_which_content_coding_is_accepted(probe_client: FlaskClient) -> None:
    response = probe_client.post("/probe", data=b"{}", content_type="text/plain")
    assert response.headers["Accept-Encoding"] == "identity"


def test_a_body_just_under_64_kib_is_read(probe_client: FlaskClient) -> None:
    data = b'{"hand": [], "note": "' + b"x" * (64 * 1024 - 40) + b'"}'
    assert len(data) <= 64 * 1024
    assert (
        probe_client.post("/probe", data=data, content_type="application/json").status_code == 200
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


class _Stalling(io.RawIOBase):
    """A request body whose client sends 13 bytes, then nothing until the read times out."""

    def __init__(self) -> None:
        self.sent = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.sent:
            raise BlockingIOError(11, "Resource temporarily unavailable")  # SO_RCVTIMEO's end
        self.sent = True
        buffer[:13] = b'{"trump": "H"'
        return 13


@pytest.mark.parametrize(
    ("stream", "english", "french"),
    [
        (
            lambda: io.BytesIO(b'{"trump": "H"'),
            "The request body ended early (fewer bytes than its Content-Length)",
            "Le corps de la requête s'est arrêté trop tôt",
        ),
        (
            _Stalling,
            "The client stalled in the middle of the request body",
            "Le client s'est arrêté au milieu du corps de la requête",
        ),
    ],
    ids=["ended early", "stalled"],
)
def test_a_body_shorter_than_its_length_says_it_ended_early_or_the_client_stalled(
    client: FlaskClient, stream: Any, english: str, french: str
) -> None:
    """Issue 31, item 8: both said "The request is malformed." (gunicorn: tests/ops)."""
    for lang, start in (("en", english), ("fr", french)):
        response = client.post(
            "/v1/legal-moves",
            content_type="application/json",
            environ_overrides={
                "wsgi.input": stream(),
                "CONTENT_LENGTH": "100",
                "wsgi.input_terminated": True,  # as gunicorn says
            },
            headers={"Accept-Language": lang},
        )
        assert response.status_code == 400
        assert response.get_json(force=True)["detail"].startswith(start)
