"""Every error as an RFC 9457 problem: `application/problem+json`, in the request's language.

Each problem type (the `type` member) is a page the referee serves itself, for a person, in
each language of the sentence catalog (service/api/problem_pages.py): `/problems/<name>` on
this service, or under the deployment's `PROBLEM_BASE_URL` behind a gateway. What a problem
says, its title, detail and page, is the catalog's (service/text: `problem_type.<name>`,
`http_status.<status>`), in the request's language.

- `malformed-json` (400): the body is not JSON (an empty body, or none, among them); its error
  says where (line, column, offset).
- `json-too-deep`, `json-number-out-of-range`, `json-unpaired-surrogate` (400): valid JSON
  beyond what the referee reads (RFC 8259 §9 lets a parser set limits); its error says where.
- `not-found` (404), `method-not-allowed` (405, with `Allow`), `body-too-large` (413),
  `unsupported-media-type` (415): what a client can get wrong of HTTP itself, whatever the
  path; each has its page, as the other types do.
- `invalid-request` (422): the body does not match the schema (a wrong type, a missing or
  unknown field, a card that is not a card).
- `inconsistent-input` (422): the body is well formed but describes a situation that cannot
  occur at a real table (`InconsistentInput`); each error carries the situation's `code`.
- `analysis-busy` (503): the worker is already running every analysis it runs at once
  (service/api/limiter.py); `Retry-After` says when to ask again.
- `about:blank` for the other HTTP errors (a 400 for a body the server could not read, 414,
  431, 500, 501...): the status says it all.

Problems with `errors` list `{"pointer": <JSON Pointer into the request body>, "message",
"code", "line", "column", "offset"}`, every member present (`null` when it has no value).
"""

from __future__ import annotations

import http
from collections.abc import Mapping
from dataclasses import dataclass
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
from service.api.openapi import LANGUAGE_HEADERS, RESPONSE_HEADERS, language_names
from service.rules.core.errors import InconsistentInput
from service.text.catalog import PROBLEM_CODES, keys, text

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
    """What a problem `type` means: its page's name (`""` for about:blank), its status, and
    the catalog's table of its sentences (`key`: its title, detail and page's paragraphs in
    each language); about:blank for a status the catalog has no table for says the status's
    phrase."""

    name: str
    status: int
    key: str | None = None

    def type_uri(self, base: str) -> str:
        return base + self.name if self.name else PLAIN

    def title(self, lang: Language) -> str:
        if self.key is None:
            return http.HTTPStatus(self.status).phrase
        return str(text(f"{self.key}.title", lang))

    def detail(self, lang: Language) -> str:
        if self.key is None:
            return http.HTTPStatus(self.status).phrase
        return str(text(f"{self.key}.detail", lang))

    def about(self, lang: Language) -> tuple[str, ...]:
        """Its page's paragraphs; `{where}` and `{limit}` are the paragraphs the JSON types
        share."""
        if self.key is None:
            return ()
        shared = {name: text(f"{TYPES}.{name}", lang) for name in ("where", "limit")}
        paragraphs = text(f"{self.key}.about", lang)
        return tuple(str(paragraph).format(**shared) for paragraph in paragraphs)  # type: ignore[union-attr]


TYPES: Final = "problem_type"
"""The catalog's table of the problem types, one table a type (`problem_type.<name>`)."""


def _typed(name: str, status: int) -> ProblemKind:
    return ProblemKind(name, status, f"{TYPES}.{name}")


MALFORMED_JSON: Final = _typed("malformed-json", 400)
JSON_TOO_DEEP: Final = _typed("json-too-deep", 400)
JSON_NUMBER_OUT_OF_RANGE: Final = _typed("json-number-out-of-range", 400)
JSON_UNPAIRED_SURROGATE: Final = _typed("json-unpaired-surrogate", 400)
NOT_FOUND: Final = _typed("not-found", 404)
METHOD_NOT_ALLOWED: Final = _typed("method-not-allowed", 405)
BODY_TOO_LARGE: Final = _typed("body-too-large", 413)
UNSUPPORTED_MEDIA_TYPE: Final = _typed("unsupported-media-type", 415)
INVALID_REQUEST: Final = _typed("invalid-request", 422)
INCONSISTENT_INPUT: Final = _typed("inconsistent-input", 422)
ANALYSIS_BUSY: Final = _typed("analysis-busy", 503)
TYPED_KINDS: Final = (
    MALFORMED_JSON,
    JSON_TOO_DEEP,
    JSON_NUMBER_OUT_OF_RANGE,
    JSON_UNPAIRED_SURROGATE,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    BODY_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
    INVALID_REQUEST,
    INCONSISTENT_INPUT,
    ANALYSIS_BUSY,
)
"""Every problem type with a page of its own."""
STATUS_KINDS: Final = {
    kind.status: kind
    for kind in (NOT_FOUND, METHOD_NOT_ALLOWED, BODY_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE)
}
"""The types an HTTP error has by its status alone, whatever raised it (routing, `abort`)."""
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

PLAIN_STATUSES: Final = "http_status"
"""The catalog's table of plain HTTP errors with sentences of their own
(`http_status.<status>`)."""


def plain_kind(status: int) -> ProblemKind:
    """The about:blank problem for an HTTP status (type about:blank, title the status phrase,
    localized as RFC 9457 allows), with a sentence for the common ones."""
    key = f"{PLAIN_STATUSES}.{status}"
    return ProblemKind("", status, key if keys(f"{key}.") else None)


def status_kind(status: int) -> ProblemKind:
    """The problem for an HTTP error known by its status alone: its own type for 404, 405,
    413 and 415 (`STATUS_KINDS`), else about:blank."""
    return STATUS_KINDS.get(status) or plain_kind(status)


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
            f"for a person, in {language_names('and')}), relative to the service unless the "
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
# orjson's words where they mislead, and the key of the catalog's: it says this of any byte
# that is not UTF-8; and of an empty body, other words than of one of blanks alone.
_ORJSON_WORDS: Final = {
    "str is not valid UTF-8: surrogates not allowed": "json_syntax.not_utf8",
    "Input is a zero-length, empty document": "json_syntax.empty",
}


def json_problem(
    error: orjson.JSONDecodeError, body: bytes, lang: Language
) -> tuple[ProblemKind, str, list[dict[str, object]]]:
    """The problem for a body orjson refused: its kind (a syntax error, or the limit met), its
    detail, and its one error with the place: line and column from 1, offset in characters
    from 0 (orjson's own, or the first byte that is not UTF-8). A syntax error says what the
    parser met; a limit, which limit."""
    kind = _JSON_LIMITS.get(error.msg, MALFORMED_JSON)
    read, offset = error.doc, error.pos
    if not read:  # bytes that are not UTF-8: orjson names no place
        try:
            body.decode()
        except UnicodeDecodeError as bad:
            read = body[: bad.start].decode()
            offset = len(read)
    line = read.count("\n", 0, offset) + 1
    column = offset - read.rfind("\n", 0, offset)
    at = str(text(f"{TYPES}.at", lang))
    detail = at.format(detail=kind.detail(lang), line=line, column=column, offset=offset)
    if kind is MALFORMED_JSON:
        words = _ORJSON_WORDS.get(error.msg)
        said = str(text(words, lang)) if words else translate(error.msg, lang)
        detail += str(text(f"{TYPES}.said", lang)).format(said=said)
        message = f"{said[0].upper()}{said[1:]}."
    else:
        detail += "."
        message = kind.detail(lang)
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
        "title": kind.title(lang),
        "status": status,
        "detail": detail or kind.detail(lang),
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
            detail = str(text(error.key, request_language()))
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
        return problem_response(status, status_kind(status), headers=headers)
