"""Every error as an RFC 9457 problem: `application/problem+json`, in the request's language.

Each problem type (the `type` member) is a page the referee serves itself, for a person, in
English and French (service/api/problem_pages.py): `/problems/<name>` on this service, or
under the deployment's `PROBLEM_BASE_URL` behind a gateway.

- `malformed-json` (400): the body is not JSON; its error says where (line, column, offset).
- `json-too-deep`, `json-number-out-of-range`, `json-unpaired-surrogate` (400): valid JSON
  beyond what the referee reads (RFC 8259 §9 lets a parser set limits); its error says where.
- `invalid-request` (422): the body does not match the schema (a wrong type, a missing or
  unknown field, a card that is not a card).
- `inconsistent-input` (422): the body is well formed but describes a situation that cannot
  occur at a real table (`InconsistentInput`); each error carries the situation's `code`.
- `analysis-busy` (503): the worker is already running every analysis it runs at once
  (service/api/limiter.py); `Retry-After` says when to ask again.
- `about:blank` for plain HTTP errors (400, 404, 405, 413, 415, 500, 501...): the status says
  it all.

Problems with `errors` list `{"pointer": <JSON Pointer into the request body>, "message",
"code", "line", "column", "offset"}`, every member present (`null` when it has no value).
"""

from __future__ import annotations

import http
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import flask
import marshmallow as ma
import orjson
from flask import Response, current_app, has_app_context
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException, MethodNotAllowed, ServiceUnavailable

from service.api.blueprint import UnreadBody
from service.api.i18n import Language, json_spelling, language_headers, request_language, translate
from service.api.openapi import LANGUAGE_HEADERS, RESPONSE_HEADERS
from service.rules.core.errors import InconsistentInput
from service.text.catalog import PROBLEM_CODES

PROBLEM_MEDIA_TYPE: Final = "application/problem+json"
PROBLEMS_PATH: Final = "/problems/"
"""Where the referee serves the problem types' pages, and the default base of their URIs: a
relative reference, resolved against the service's own URL."""


def problem_base(config: Mapping[str, Any] | None = None) -> str:
    """The base of every problem type URI: the app's `PROBLEM_BASE_URL` (a deployment behind
    a gateway), else `/problems/` on this service. Always ends with `/`."""
    if config is None:
        config = current_app.config if has_app_context() else {}
    return str(config.get("PROBLEM_BASE_URL") or PROBLEMS_PATH).rstrip("/") + "/"


@dataclass(frozen=True, slots=True)
class ProblemKind:
    """What a problem `type` means: its page's name (`""` for about:blank), its status, its
    title and detail in each language, and its page's explanation (paragraphs)."""

    name: str
    status: int
    title: Mapping[Language, str]
    detail: Mapping[Language, str]
    about: Mapping[Language, tuple[str, ...]] = field(default_factory=dict)

    def type_uri(self, base: str) -> str:
        return base + self.name if self.name else PLAIN


_WHERE = {
    "en": "Its error says where: `line` and `column` (from 1), `offset` (the characters "
    "before it, from 0), and what the parser met there.",
    "fr": "Son erreur dit où : `line` et `column` (à partir de 1), `offset` (le nombre de "
    "caractères avant, à partir de 0), et ce que l'analyseur y a trouvé.",
}
_LIMIT = {
    "en": "The body is valid JSON, but beyond what the referee reads: RFC 8259 (section 9) "
    "lets a parser set such limits, and no situation of the game needs more.",
    "fr": "Le corps est du JSON valide, mais au-delà de ce que l'arbitre lit : la RFC 8259 "
    "(section 9) permet ces limites, et aucune situation du jeu n'en demande plus.",
}

MALFORMED_JSON: Final = ProblemKind(
    "malformed-json",
    400,
    {"en": "Malformed JSON", "fr": "JSON mal formé"},
    {
        "en": "The request body is not valid JSON.",
        "fr": "Le corps de la requête n'est pas du JSON valide.",
    },
    {
        "en": (
            "The request body is not JSON (RFC 8259): a missing comma, quote or bracket, a "
            "trailing comma, single quotes, a comment, NaN or Infinity, text after the "
            "document, or bytes that are not UTF-8.",
            _WHERE["en"],
            "Send the body as UTF-8 JSON, with Content-Type: application/json.",
        ),
        "fr": (
            "Le corps de la requête n'est pas du JSON (RFC 8259) : une virgule, un guillemet "
            "ou un crochet manquant, une virgule en trop, des apostrophes, un commentaire, NaN "
            "ou Infinity, du texte après le document, ou des octets qui ne sont pas de l'UTF-8.",
            _WHERE["fr"],
            "Envoyez le corps en JSON UTF-8, avec Content-Type: application/json.",
        ),
    },
)
JSON_TOO_DEEP: Final = ProblemKind(
    "json-too-deep",
    400,
    {"en": "JSON nested too deep", "fr": "JSON trop imbriqué"},
    {
        "en": "The request body nests arrays and objects more than 1024 deep.",
        "fr": "Le corps de la requête imbrique tableaux et objets sur plus de 1024 niveaux.",
    },
    {
        "en": (
            "The request body nests arrays and objects more than 1024 levels deep.",
            _LIMIT["en"],
            _WHERE["en"],
        ),
        "fr": (
            "Le corps de la requête imbrique tableaux et objets sur plus de 1024 niveaux.",
            _LIMIT["fr"],
            _WHERE["fr"],
        ),
    },
)
JSON_NUMBER_OUT_OF_RANGE: Final = ProblemKind(
    "json-number-out-of-range",
    400,
    {"en": "JSON number out of range", "fr": "Nombre JSON hors limites"},
    {
        "en": "The request body holds a number beyond a double's range (such as 1e400).",
        "fr": "Le corps de la requête contient un nombre hors de la portée d'un double "
        "(comme 1e400).",
    },
    {
        "en": (
            "The request body holds a number beyond the range of a 64-bit floating-point "
            "number (a double: about 1.8e308), such as 1e400.",
            _LIMIT["en"],
            _WHERE["en"],
        ),
        "fr": (
            "Le corps de la requête contient un nombre hors de la portée d'un nombre à "
            "virgule flottante de 64 bits (un double : environ 1,8e308), comme 1e400.",
            _LIMIT["fr"],
            _WHERE["fr"],
        ),
    },
)
JSON_UNPAIRED_SURROGATE: Final = ProblemKind(
    "json-unpaired-surrogate",
    400,
    {"en": "Unpaired surrogate in JSON", "fr": "Demi-paire de substitution dans le JSON"},
    {
        "en": "A string of the request body escapes half a UTF-16 surrogate pair "
        "(such as \\ud800) without its other half.",
        "fr": "Une chaîne du corps de la requête échappe une moitié de paire de substitution "
        "UTF-16 (comme \\ud800) sans l'autre.",
    },
    {
        "en": (
            "A string of the request body escapes half a UTF-16 surrogate pair (\\ud800 to "
            "\\udfff) without its other half: no Unicode character, and the referee reads "
            "text as Unicode only.",
            _LIMIT["en"],
            _WHERE["en"],
        ),
        "fr": (
            "Une chaîne du corps de la requête échappe une moitié de paire de substitution "
            "UTF-16 (de \\ud800 à \\udfff) sans l'autre : ce n'est aucun caractère Unicode, "
            "et l'arbitre ne lit que de l'Unicode.",
            _LIMIT["fr"],
            _WHERE["fr"],
        ),
    },
)
INVALID_REQUEST: Final = ProblemKind(
    "invalid-request",
    422,
    {"en": "Invalid request", "fr": "Requête invalide"},
    {
        "en": "The request does not match its schema; each error names a field and says why.",
        "fr": "La requête ne respecte pas son schéma ; chaque erreur nomme un champ et dit "
        "pourquoi.",
    },
    {
        "en": (
            "The request is JSON, but not what the endpoint reads: a field missing, unknown "
            "or of the wrong type, a value out of range, a card or a suit that is not one.",
            "Each error's `pointer` names the field (a JSON Pointer, RFC 6901, into the "
            "request body: `/hand/3` is the fourth card of `hand`, an empty pointer the body "
            "itself) and "
            "its `message` says what is wrong there. The contract, /openapi.yaml, gives "
            "every field.",
        ),
        "fr": (
            "La requête est du JSON, mais pas ce que le point d'accès lit : un champ "
            "manquant, inconnu ou du mauvais type, une valeur hors limites, une carte ou une "
            "couleur qui n'en est pas une.",
            "Le `pointer` de chaque erreur nomme le champ (un JSON Pointer, RFC 6901, dans le "
            "corps de la requête : `/hand/3` est la quatrième carte de `hand`, un pointeur vide "
            "le corps lui-même) et son `message` dit ce qui ne va pas. Le contrat, /openapi.yaml, "
            "donne chaque champ.",
        ),
    },
)
INCONSISTENT_INPUT: Final = ProblemKind(
    "inconsistent-input",
    422,
    {"en": "Situation cannot be judged", "fr": "Situation impossible à juger"},
    {
        "en": "The request describes a situation that cannot occur at a real table; each "
        "error names a field and says why.",
        "fr": "La requête décrit une situation impossible à une vraie table ; chaque erreur "
        "nomme un champ et dit pourquoi.",
    },
    {
        "en": (
            "The request is well formed, but no real table could be in the situation it "
            "describes: a card twice, a hand of the wrong size, points that do not add up to "
            "162. A broken rule of the game is not this: it is a 200 answer naming the "
            "violation.",
            "Each error's `pointer` names the field (a JSON Pointer into the request body), "
            "its `message` says what is wrong, and its `code` is one of those below.",
        ),
        "fr": (
            "La requête est bien formée, mais aucune vraie table ne peut être dans la "
            "situation qu'elle décrit : une carte deux fois, une main de la mauvaise taille, "
            "des points qui ne font pas 162. Une règle du jeu enfreinte n'est pas cela : "
            "c'est une réponse 200 qui nomme l'infraction.",
            "Le `pointer` de chaque erreur nomme le champ (un JSON Pointer dans le corps de "
            "la requête), son `message` dit ce qui ne va pas, et son `code` est l'un de ceux "
            "ci-dessous.",
        ),
    },
)

ANALYSIS_BUSY: Final = ProblemKind(
    "analysis-busy",
    503,
    {"en": "Too many analyses at once", "fr": "Trop d'analyses à la fois"},
    {
        "en": "The referee is already running all the analyses it runs at once, so that "
        "every other request is still answered at once; ask again after the seconds "
        "Retry-After gives.",
        "fr": "L'arbitre mène déjà toutes les analyses qu'il mène à la fois, pour que toutes "
        "les autres requêtes restent servies sans attendre ; redemandez après les secondes "
        "qu'indique Retry-After.",
    },
    {
        "en": (
            "An analysis (a solve, a claim) searches for up to its budget, and each worker of "
            "the referee runs only a few at once, so that a card room's live requests (legal "
            "cards, a play's verdict) are never kept waiting behind them.",
            "When every place is taken the referee answers at once rather than queue the "
            "request: the Retry-After header gives the seconds to wait before asking again. "
            "Analyses end in milliseconds, so a place is most likely free by then.",
        ),
        "fr": (
            "Une analyse (une résolution, une revendication) cherche jusqu'à la fin de son "
            "budget, et chaque processus de l'arbitre n'en mène que quelques-unes à la fois, "
            "pour que les requêtes en direct d'une salle (cartes jouables, verdict d'un coup) "
            "n'attendent jamais derrière elles.",
            "Quand toutes les places sont prises, l'arbitre répond aussitôt plutôt que de "
            "mettre la requête en file : l'en-tête Retry-After donne les secondes à attendre "
            "avant de redemander. Une analyse se termine en quelques millisecondes : une place "
            "sera très probablement libre d'ici là.",
        ),
    },
)
TYPED_KINDS: Final = (
    MALFORMED_JSON,
    JSON_TOO_DEEP,
    JSON_NUMBER_OUT_OF_RANGE,
    JSON_UNPAIRED_SURROGATE,
    INVALID_REQUEST,
    INCONSISTENT_INPUT,
    ANALYSIS_BUSY,
)
"""Every problem type with a page of its own."""
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
    status: ProblemKind("", status, {"en": http.HTTPStatus(status).phrase, "fr": fr}, detail)
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


def plain_kind(status: int) -> ProblemKind:
    """The about:blank problem for an HTTP status, with a sentence for the common ones."""
    if kind := _PLAIN.get(status):
        return kind
    phrase = http.HTTPStatus(status).phrase
    return ProblemKind("", status, {"en": phrase, "fr": phrase}, {"en": phrase, "fr": phrase})


class ProblemErrorSchema(ma.Schema):
    pointer = ma.fields.String(
        required=True,
        metadata={"description": "JSON Pointer (RFC 6901) into the request body; empty: the body"},
    )
    message = ma.fields.String(required=True, metadata={"description": "What is wrong there"})
    code = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "inconsistent-input: what cannot occur at a table (each code with "
            "its sentence on the type's page); else null",
            "enum": [*PROBLEM_CODES, None],
        },
    )
    line = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "A body that is not read as JSON: the line, from 1; else null"},
    )
    column = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "A body not read as JSON: the column, from 1; else null"},
    )
    offset = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "A body not read as JSON: the characters before the place, from 0; "
            "else null"
        },
    )


def _type_field(uris: list[str]) -> ma.fields.String:
    return ma.fields.String(
        required=True,
        metadata={
            "description": "The problem type: a URI reference to its page on the referee (HTML "
            "for a person, in English and French), relative to the service unless the "
            "deployment sets PROBLEM_BASE_URL; about:blank for a plain HTTP error",
            "format": "uri-reference",
        }
        | ({"enum": uris} if uris else {}),
    )


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem details object."""

    type = _type_field([])
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True)
    errors = ma.fields.List(
        ma.fields.Nested(ProblemErrorSchema),
        required=True,
        allow_none=True,
        metadata={
            "description": "Each place in the request that is wrong (a 422, or a 400 for a "
            "body not read as JSON); else null"
        },
    )


def problem_schema(base: str) -> type[ProblemSchema]:
    """The problem schema whose `type` lists every type URI under `base`."""
    uris = [*(kind.type_uri(base) for kind in TYPED_KINDS), PLAIN]
    fields = {"type": _type_field(uris), "__doc__": ProblemSchema.__doc__}
    return type("ProblemSchema", (ProblemSchema,), fields)


def error_entry(
    pointer: str,
    message: str,
    *,
    code: str | None = None,
    line: int | None = None,
    column: int | None = None,
    offset: int | None = None,
) -> dict[str, object]:
    """One of a problem's `errors`, every member present."""
    return {
        "pointer": pointer,
        "message": message,
        "code": code,
        "line": line,
        "column": column,
        "offset": offset,
    }


def _escape(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def _walk(node: object, pointer: str, out: list[dict[str, object]], lang: Language) -> None:
    if isinstance(node, Mapping):
        for key, sub in node.items():
            # marshmallow files errors about the object itself under "_schema"
            _walk(sub, pointer if key == "_schema" else f"{pointer}/{_escape(key)}", out, lang)
    elif isinstance(node, list | tuple):
        for item in node:
            _walk(item, pointer, out, lang)
    else:
        out.append(error_entry(pointer, translate(json_spelling(str(node)), lang)))


def pointer_errors(messages: Mapping[str, object], lang: Language) -> list[dict[str, object]]:
    """webargs/marshmallow errors (`{"json": {"hand": {3: ["Not a valid card."]}}}`) as
    problem `errors` (`[{"pointer": "/hand/3", "message": "Not a valid card.", ...}]`), in
    JSON's spellings (`true`, not Python's `True`).

    The location key (`json`) is dropped: pointers are into the request body."""
    out: list[dict[str, object]] = []
    for tree in messages.values():
        _walk(tree, "", out, lang)
    return out


# orjson's messages for valid JSON that it refuses, by the limit each one meets.
_JSON_LIMITS: Final = {
    "depth limit exceeded": JSON_TOO_DEEP,
    "number is infinity when parsed as double": JSON_NUMBER_OUT_OF_RANGE,
    "no low surrogate in string": JSON_UNPAIRED_SURROGATE,
    "invalid high surrogate in string": JSON_UNPAIRED_SURROGATE,
    "invalid low surrogate in string": JSON_UNPAIRED_SURROGATE,
}
# orjson's words where they mislead: it says this of any byte that is not UTF-8.
_ORJSON_WORDS: Final = {
    "str is not valid UTF-8: surrogates not allowed": "bytes that are not UTF-8"
}
_AT: Final = {
    "en": "{detail} At line {line}, column {column} (offset {offset})",
    "fr": "{detail} Ligne {line}, colonne {column} (position {offset})",
}
_SAID: Final = {"en": ": {said}.", "fr": " : {said}."}


def json_problem(
    error: orjson.JSONDecodeError, body: bytes, lang: Language
) -> tuple[ProblemKind, str, list[dict[str, object]]]:
    """The problem for a body orjson refused: its kind (a syntax error, or the limit met), its
    detail, and its one error with the place: line and column from 1, offset in characters
    from 0 (orjson's own, or the first byte that is not UTF-8). A syntax error says what the
    parser met; a limit, which limit."""
    kind = _JSON_LIMITS.get(error.msg, MALFORMED_JSON)
    text, offset = error.doc, error.pos
    if not text:  # bytes that are not UTF-8: orjson names no place
        try:
            body.decode()
        except UnicodeDecodeError as bad:
            text = body[: bad.start].decode()
            offset = len(text)
    line = text.count("\n", 0, offset) + 1
    column = offset - text.rfind("\n", 0, offset)
    detail = _AT[lang].format(detail=kind.detail[lang], line=line, column=column, offset=offset)
    if kind is MALFORMED_JSON:
        said = translate(_ORJSON_WORDS.get(error.msg, error.msg), lang)
        detail += _SAID[lang].format(said=said)
        message = f"{said[0].upper()}{said[1:]}."
    else:
        detail += "."
        message = kind.detail[lang]
    return kind, detail, [error_entry("", message, line=line, column=column, offset=offset)]


def problem_payload(
    status: int,
    kind: ProblemKind,
    lang: Language,
    *,
    detail: str | None = None,
    errors: list[dict[str, object]] | None = None,
    base: str = PROBLEMS_PATH,
) -> dict[str, object]:
    """A problem as a JSON object (`orjson.dumps` it for a body): every member present,
    `errors` null unless some place is named."""
    return {
        "type": kind.type_uri(base),
        "title": kind.title[lang],
        "status": status,
        "detail": detail or kind.detail[lang],
        "errors": errors,
    }


def inconsistent_errors(error: InconsistentInput, lang: Language) -> list[dict[str, object]]:
    """The `errors` of an inconsistent-input problem: each place with its situation's code."""
    return [error_entry(p.pointer, p.message(lang), code=p.code) for p in error.problems]


def problem_response(
    status: int,
    kind: ProblemKind,
    *,
    detail: str | None = None,
    errors: list[dict[str, object]] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A complete problem+json response in the request's language."""
    payload = problem_payload(
        status, kind, request_language(), detail=detail, errors=errors, base=problem_base()
    )
    body = orjson.dumps(payload)
    response = Response(body, status, headers, mimetype=PROBLEM_MEDIA_TYPE)
    response.headers.extend(language_headers())
    return response


def _handle_inconsistent_input(error: InconsistentInput) -> Response:
    errors = inconsistent_errors(error, request_language())
    return problem_response(422, INCONSISTENT_INPUT, errors=errors)


class ProblemApi(Api):
    """flask-smorest's Api, answering and documenting every error as problem+json."""

    ERROR_SCHEMA: type[ma.Schema] = ProblemSchema

    def _register_error_handlers(self) -> None:
        super()._register_error_handlers()
        self._app.register_error_handler(InconsistentInput, _handle_inconsistent_input)

    def _register_responses(self) -> None:
        # As flask-smorest's own, but the documented error bodies are problem+json, which
        # is what `handle_http_exception` sends (schemathesis checks the media type), in the
        # request's language.
        headers = RESPONSE_HEADERS | LANGUAGE_HEADERS
        # The type URIs this app writes (its PROBLEM_BASE_URL), listed in its document.
        self.ERROR_SCHEMA = problem_schema(problem_base(self._app.config))
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
        if isinstance(error, UnreadBody):
            detail = error.DETAILS[error.stalled][request_language()]
            return problem_response(status, plain_kind(status), detail=detail, headers=headers)
        if isinstance(error, AnalysisBusy):
            headers["Retry-After"] = str(error.retry_after)
            return problem_response(status, ANALYSIS_BUSY, headers=headers)
        if "messages" in data:  # webargs: validation (422) or unparsable JSON (400)
            if status == 400:
                exc = getattr(error, "exc", None)
                if not isinstance(exc, orjson.JSONDecodeError):
                    return problem_response(status, MALFORMED_JSON, headers=headers)
                lang = request_language()
                kind, detail, errors = json_problem(exc, flask.request.get_data(), lang)
                return problem_response(status, kind, detail=detail, errors=errors, headers=headers)
            errors = pointer_errors(data["messages"], request_language())
            return problem_response(status, INVALID_REQUEST, errors=errors, headers=headers)
        return problem_response(status, plain_kind(status), headers=headers)
