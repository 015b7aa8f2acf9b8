"""Every error as an RFC 9457 problem: `application/problem+json`, in the request's language.

Problem types (the `type` member) are stable identifiers, not pages to fetch:

- `https://belote-referee.example/problems/malformed-json` (400): the body is not JSON.
- `https://belote-referee.example/problems/invalid-request` (422): the body does not match the
  schema (a wrong type, a missing or unknown field, a card that is not a card).
- `https://belote-referee.example/problems/inconsistent-input` (422): the body is well formed
  but describes a situation that cannot occur at a real table (`InconsistentInput`).
- `https://belote-referee.example/problems/analysis-busy` (503): the worker is already running
  every analysis it runs at once (service/api/limiter.py); `Retry-After` says when to ask again.
- `about:blank` for plain HTTP errors (400, 404, 405, 413, 415, 500, 501...): the status says
  it all.

422 problems carry `errors`: `{"pointer": <JSON Pointer into the request body>, "message"}`.
"""

from __future__ import annotations

import http
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import marshmallow as ma
import orjson
from flask import Response
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException, MethodNotAllowed, ServiceUnavailable

from service.api.i18n import Language, language_headers, request_language, translate
from service.api.openapi import LANGUAGE_HEADERS, RESPONSE_HEADERS
from service.rules.errors import InconsistentInput

PROBLEM_MEDIA_TYPE: Final = "application/problem+json"
PROBLEM_BASE: Final = "https://belote-referee.example/problems/"


@dataclass(frozen=True, slots=True)
class ProblemKind:
    """What a problem `type` means: its URI, and its title and detail in each language."""

    type: str
    title: Mapping[Language, str]
    detail: Mapping[Language, str]


MALFORMED_JSON: Final = ProblemKind(
    PROBLEM_BASE + "malformed-json",
    {"en": "Malformed JSON", "fr": "JSON mal formé"},
    {
        "en": "The request body is not valid JSON.",
        "fr": "Le corps de la requête n'est pas du JSON valide.",
    },
)
INVALID_REQUEST: Final = ProblemKind(
    PROBLEM_BASE + "invalid-request",
    {"en": "Invalid request", "fr": "Requête invalide"},
    {
        "en": "The request does not match its schema; `errors` says where.",
        "fr": "La requête ne respecte pas son schéma ; `errors` indique où.",
    },
)
INCONSISTENT_INPUT: Final = ProblemKind(
    PROBLEM_BASE + "inconsistent-input",
    {"en": "Situation cannot be judged", "fr": "Situation impossible à juger"},
    {
        "en": "The request describes a situation that cannot occur at a real table; "
        "`errors` says where.",
        "fr": "La requête décrit une situation impossible à une vraie table ; `errors` indique où.",
    },
)

ANALYSIS_BUSY: Final = ProblemKind(
    PROBLEM_BASE + "analysis-busy",
    {"en": "Too many analyses at once", "fr": "Trop d'analyses à la fois"},
    {
        "en": "The referee is already running all the analyses it runs at once, so that "
        "every other request is still answered at once; ask again after the seconds "
        "Retry-After gives.",
        "fr": "L'arbitre mène déjà toutes les analyses qu'il mène à la fois, pour que toutes "
        "les autres requêtes restent servies sans attendre ; redemandez après les secondes "
        "qu'indique Retry-After.",
    },
)
RETRY_AFTER_HEADER_DOC: Final = {
    "description": "Seconds to wait before asking again: analyses end in milliseconds, so a "
    "slot is most likely free by then.",
    "schema": {"type": "integer", "minimum": 1},
}
BUSY_RESPONSE: Final = "ANALYSIS_BUSY"
"""The component documenting an analysis's 503 (`@limited`, service/api/limiter.py)."""


class AnalysisBusy(ServiceUnavailable):
    """503: every analysis slot of this worker is taken; ask again after `retry_after`
    seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after=retry_after)


PLAIN: Final = "about:blank"

# Plain HTTP errors: type about:blank, title the status phrase (localized, as RFC 9457 allows).
_PLAIN: Final[dict[int, ProblemKind]] = {
    status: ProblemKind(PLAIN, {"en": http.HTTPStatus(status).phrase, "fr": fr}, detail)
    for status, fr, detail in (
        (
            400,
            "Requête incorrecte",
            {"en": "The request is malformed.", "fr": "La requête est mal formée."},
        ),
        (
            404,
            "Ressource introuvable",
            {
                "en": "There is nothing at this path; see /docs.",
                "fr": "Il n'y a rien à cette adresse ; voir /docs.",
            },
        ),
        (
            405,
            "Méthode non autorisée",
            {
                "en": "This path does not accept this method; see the Allow header.",
                "fr": "Cette adresse n'accepte pas cette méthode ; voir l'en-tête Allow.",
            },
        ),
        (
            413,
            "Corps de requête trop volumineux",
            {
                "en": "The request body is larger than 64 KiB.",
                "fr": "Le corps de la requête dépasse 64 Kio.",
            },
        ),
        (
            415,
            "Type de contenu non pris en charge",
            {
                "en": "The request body must be uncompressed JSON (Content-Type: "
                "application/json, no Content-Encoding).",
                "fr": "Le corps de la requête doit être du JSON non compressé (Content-Type: "
                "application/json, sans Content-Encoding).",
            },
        ),
        (
            501,
            "Non implémenté",
            {
                "en": "The request uses a transfer coding the referee does not support: send "
                "the body as it is, or chunked.",
                "fr": "La requête utilise un codage de transfert que l'arbitre ne prend pas en "
                "charge : envoyez le corps tel quel, ou par morceaux (chunked).",
            },
        ),
        (
            500,
            "Erreur interne du serveur",
            {
                "en": "The referee failed unexpectedly; the error is logged under this "
                "response's X-Request-ID.",
                "fr": "L'arbitre a échoué de façon inattendue ; l'erreur est journalisée sous "
                "le X-Request-ID de cette réponse.",
            },
        ),
    )
}


PROBLEM_KINDS: Final = (
    MALFORMED_JSON,
    INVALID_REQUEST,
    INCONSISTENT_INPUT,
    ANALYSIS_BUSY,
    _PLAIN[400],
)
"""One of each problem type (the plain ones share theirs)."""


def plain_kind(status: int) -> ProblemKind:
    """The about:blank problem for an HTTP status, with a sentence for the common ones."""
    if kind := _PLAIN.get(status):
        return kind
    phrase = http.HTTPStatus(status).phrase
    return ProblemKind(PLAIN, {"en": phrase, "fr": phrase}, {"en": phrase, "fr": phrase})


class ProblemErrorSchema(ma.Schema):
    pointer = ma.fields.String(
        required=True, metadata={"description": "JSON Pointer (RFC 6901) into the request body"}
    )
    message = ma.fields.String(required=True, metadata={"description": "What is wrong there"})


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem details object."""

    type = ma.fields.String(
        required=True,
        metadata={
            "description": "Problem type URI: a stable identifier, not a page",
            "enum": [kind.type for kind in PROBLEM_KINDS],
        },
    )
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True)
    errors = ma.fields.List(
        ma.fields.Nested(ProblemErrorSchema),
        required=True,
        allow_none=True,
        metadata={"description": "Each place in the request that is wrong (422); else null"},
    )


def _escape(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def _walk(node: object, pointer: str, out: list[dict[str, str]], lang: Language) -> None:
    if isinstance(node, Mapping):
        for key, sub in node.items():
            # marshmallow files errors about the object itself under "_schema"
            _walk(sub, pointer if key == "_schema" else f"{pointer}/{_escape(key)}", out, lang)
    elif isinstance(node, list | tuple):
        for item in node:
            _walk(item, pointer, out, lang)
    else:
        out.append({"pointer": pointer, "message": translate(str(node), lang)})


def pointer_errors(messages: Mapping[str, object], lang: Language) -> list[dict[str, str]]:
    """webargs/marshmallow errors (`{"json": {"hand": {3: ["Not a valid card."]}}}`) as
    problem `errors` (`[{"pointer": "/hand/3", "message": "Not a valid card."}]`).

    The location key (`json`) is dropped: pointers are into the request body."""
    out: list[dict[str, str]] = []
    for tree in messages.values():
        _walk(tree, "", out, lang)
    return out


def problem_body(
    status: int,
    kind: ProblemKind,
    lang: Language,
    *,
    detail: str | None = None,
    errors: list[dict[str, str]] | None = None,
) -> bytes:
    """A problem's JSON: every member present, `errors` null but for a 422."""
    return orjson.dumps(
        {
            "type": kind.type,
            "title": kind.title[lang],
            "status": status,
            "detail": detail or kind.detail[lang],
            "errors": errors,
        }
    )


def problem_response(
    status: int,
    kind: ProblemKind,
    *,
    errors: list[dict[str, str]] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A complete problem+json response in the request's language."""
    body = problem_body(status, kind, request_language(), errors=errors)
    response = Response(body, status, headers, mimetype=PROBLEM_MEDIA_TYPE)
    response.headers.extend(language_headers())
    return response


def _handle_inconsistent_input(error: InconsistentInput) -> Response:
    lang = request_language()
    errors = [{"pointer": p.pointer, "message": p.message(lang)} for p in error.problems]
    return problem_response(422, INCONSISTENT_INPUT, errors=errors)


class ProblemApi(Api):
    """flask-smorest's Api, answering and documenting every error as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def _register_error_handlers(self) -> None:
        super()._register_error_handlers()
        self._app.register_error_handler(InconsistentInput, _handle_inconsistent_input)

    def _register_responses(self) -> None:
        # As flask-smorest's own, but the documented error bodies are problem+json, which
        # is what `handle_http_exception` sends (schemathesis checks the media type), in the
        # request's language.
        headers = RESPONSE_HEADERS | LANGUAGE_HEADERS
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase, "headers": headers}
            if not 100 <= status < 200 and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {
            "description": "Default error response",
            "schema": self.ERROR_SCHEMA,
            "headers": headers,
        }
        prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)
        response = {
            "description": "Every analysis slot of this worker is taken: ask again after "
            "`Retry-After` seconds.",
            "schema": self.ERROR_SCHEMA,
            "headers": headers | {"Retry-After": RETRY_AFTER_HEADER_DOC},
        }
        prepare_response(response, self.spec, PROBLEM_MEDIA_TYPE)
        self.spec.components.response(BUSY_RESPONSE, response, lazy=True)

    def _register_pagination_header(self) -> None:
        """Nothing: no answer is paginated (flask-smorest's would leave an unused schema)."""

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        status = error.code or 500
        data: Mapping[str, Any] = getattr(error, "data", None) or {}
        headers: dict[str, str] = {}
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers["Allow"] = ", ".join(error.valid_methods)
        if status == 415:  # RFC 9110 12.5.3: say which content codings are accepted
            headers["Accept-Encoding"] = "identity"
        if isinstance(error, AnalysisBusy):
            headers["Retry-After"] = str(error.retry_after)
            return problem_response(status, ANALYSIS_BUSY, headers=headers)
        if "messages" in data:  # webargs: validation (422) or unparsable JSON (400)
            if status == 400:
                return problem_response(status, MALFORMED_JSON, headers=headers)
            errors = pointer_errors(data["messages"], request_language())
            return problem_response(status, INVALID_REQUEST, errors=errors, headers=headers)
        return problem_response(status, plain_kind(status), headers=headers)
