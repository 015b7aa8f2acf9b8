"""What openapi.yaml says about every operation beyond its schemas, for the paths to come too.

`ContractPlugin` (an apispec plugin) gives every operation the `Accept-Language` parameter
and every response the `X-Request-ID` header, fills each operation's response examples with
the answers `service/api/examples.py` keeps, and writes the document in the forms client
generators read with their default settings (`default_in_description`, `nullable_enum`,
`without_default_response`, `pictures_by_reference`). Each path says the rest itself: its
operationId (`@blp.doc(operationId="legal_moves")`), its summary and description (the view's
docstring: first line, then the rest), its examples (`@example`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import marshmallow as ma
from apispec import APISpec, BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter

from service.api import examples
from service.api.fields import Either
from service.text import catalog
from service.text.catalog import DEFAULT, LANGUAGES, text


def language_name(lang: str) -> str:
    """How the document, written in English, names a language of the catalog: `French`."""
    return str(text("contract.language", lang))


def language_names(conjunction: str = "or") -> str:
    """The catalog's languages as the document names them: `English or French`."""
    *names, last = (language_name(lang) for lang in catalog.LANGUAGES)
    return f"{', '.join(names)} {conjunction} {last}" if names else last


_OTHERS: Final = [lang for lang in LANGUAGES if lang != DEFAULT] or [DEFAULT]
"""The languages a client asks for by name (English is the default); the first, the example."""
_ASKED: Final = ", ".join(f"`{lang}` for {language_name(lang)} sentences" for lang in _OTHERS)

REQUEST_ID_HEADER_DOC: Final = {
    "description": "The client's own X-Request-ID when it is at most 200 characters of "
    "`A-Z a-z 0-9 . _ : + = @ / -`, else a new random one; the request's log line carries it.",
    "schema": {"type": "string", "pattern": r"^[A-Za-z0-9._:+=@/-]{1,200}$"},
}
CONTENT_LANGUAGE_HEADER_DOC: Final = {
    "description": "The language of the answer's sentences.",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}
VARY_HEADER_DOC: Final = {
    "description": "`Accept-Language`: the sentences depend on it.",
    "schema": {"type": "string"},
}
ACCEPT_LANGUAGE_PARAMETER_DOC: Final = {
    "in": "header",
    "name": "Accept-Language",
    "required": False,
    "description": f"{_ASKED} (violations, problems, rule descriptions); "
    f"{language_name(DEFAULT)} otherwise. q-values count, regions do not "
    f"(`{_OTHERS[0]}-CA` is {language_name(_OTHERS[0])}).",
    "schema": {"type": "string"},
    "example": _OTHERS[0],
}

# Component names, as apispec resolves them in operations ("X_REQUEST_ID" -> a $ref).
REQUEST_ID: Final = "X_REQUEST_ID"
CONTENT_LANGUAGE: Final = "CONTENT_LANGUAGE"
VARY: Final = "VARY_ACCEPT_LANGUAGE"
ACCEPT_LANGUAGE: Final = "ACCEPT_LANGUAGE"

RESPONSE_HEADERS: Final = {"X-Request-ID": REQUEST_ID}
"""The headers every response carries."""
LANGUAGE_HEADERS: Final = {"Content-Language": CONTENT_LANGUAGE, "Vary": VARY}
"""The headers of an answer that carries sentences (`i18n.language_headers()`)."""


def default_in_description(
    converter: OpenAPIConverter, field: ma.fields.Field, ret: dict[str, Any], **kwargs: Any
) -> dict[str, Any]:
    """A field's `default` said in its description rather than as `default`.

    openapi-typescript (7, default settings) makes a property with a `default` required in a
    schema component, so that a body omitting `rules` or `last` would not compile. Only
    request fields have defaults here (their `load_default`): the value is the same, said in
    words, and the server applies it."""
    if "default" not in ret:
        return {}
    default = ret.pop("default")
    if isinstance(field, ma.fields.Nested):  # an object's default: each of its fields' own
        return {}
    said = f"Default: `{json.dumps(default, ensure_ascii=False)}`."
    description = ret.get("description")
    return {"description": f"{description} {said}" if description else said}


def either_one_of(
    converter: OpenAPIConverter, field: ma.fields.Field, ret: dict[str, Any], **kwargs: Any
) -> dict[str, Any]:
    """An `Either` field as `oneOf` its two schemas, each a component."""
    if not isinstance(field, Either):
        return {}
    return {"oneOf": [converter.resolve_nested_schema(schema) for schema in field.schemas]}


def nullable_enum(
    converter: OpenAPIConverter, field: ma.fields.Field, ret: dict[str, Any], **kwargs: Any
) -> dict[str, Any]:
    """A nullable enum as `anyOf: [the enum, null]`, which generators map to `X | None`
    (from `type: [string, null]` with `null` among the values, openapi-python-client made a
    union of four types)."""
    types = ret.get("type")
    if "enum" not in ret or not isinstance(types, list) or "null" not in types:
        return {}
    values = [value for value in ret.pop("enum") if value is not None]
    (kind,) = (name for name in ret.pop("type") if name != "null")
    return {"anyOf": [{"type": kind, "enum": values}, {"type": "null"}]}


def without_default_response(responses: dict[Any, Any]) -> None:
    """No `default` (problem) response for an operation whose answer is not JSON.

    openapi-python-client (0.29, default settings) reads JSON and text answers only: it skips
    an `image/svg+xml` 200 with a warning, then reads the picture as the `default` problem,
    and fails. Without `default`, its `sync_detailed` hands over the answer as it came
    (`content`, headers, `parsed` None). The errors such an operation can meet are
    documented one by one (400, 413, 415, 422), so `default` said nothing more."""
    ok = responses.get(examples.OK) or responses.get(str(examples.OK))
    if isinstance(ok, Mapping) and examples.JSON not in ok.get("content", {examples.JSON: {}}):
        responses.pop("default", None)


def pictures_by_reference(spec: APISpec, operation: dict[str, Any]) -> None:
    """A 200 example that is not JSON (the render's SVG) as a component (`#/components/examples`),
    referenced from the operation.

    openapi-python-client (0.29, default settings) skips an `image/svg+xml` answer with a
    warning that prints the whole response: with the picture inline, the SVG's markup filled
    an integrator's first run. By reference, its warning shows a `$ref` in its place; /docs
    still shows the picture's markup."""
    responses = operation.get("responses", {})
    ok = responses.get(examples.OK) or responses.get(str(examples.OK)) or {}
    for media, content in ok.get("content", {}).items():
        if media == examples.JSON or not isinstance(content, dict):
            continue
        for name, shown in content.get("examples", {}).items():
            component = f"{operation.get('operationId', '')}_{name}"
            spec.components.example(component, shown)
            content["examples"][name] = spec.components.get_ref("example", component)


class ContractPlugin(BasePlugin):
    """Headers, parameters and response examples on every operation (see the module's doc)."""

    def __init__(self) -> None:
        self.answers = examples.load_answers()
        self.requests: list[examples.Request] = []  # every example request, for `make examples`

    def init_spec(self, spec: APISpec) -> None:
        self.spec = spec
        for plugin in spec.plugins:
            if isinstance(plugin, MarshmallowPlugin):  # set up before this one
                plugin.converter.add_attribute_function(default_in_description)
                plugin.converter.add_attribute_function(nullable_enum)
                plugin.converter.add_attribute_function(either_one_of)
        spec.components.header(REQUEST_ID, dict(REQUEST_ID_HEADER_DOC))
        spec.components.header(CONTENT_LANGUAGE, dict(CONTENT_LANGUAGE_HEADER_DOC))
        spec.components.header(VARY, dict(VARY_HEADER_DOC))
        spec.components.parameter(ACCEPT_LANGUAGE, "header", dict(ACCEPT_LANGUAGE_PARAMETER_DOC))

    def path_helper(
        self,
        path: str | None = None,
        operations: dict[str, Any] | None = None,
        parameters: list[Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """A path's parameters (`/problems/{name}`'s name, from flask-smorest) on each of its
        operations, not on the path: a path item then holds operations only, as generators
        and this project's tests read it."""
        if parameters:
            for operation in (operations or {}).values():
                operation["parameters"] = [*parameters, *operation.get("parameters", [])]
            parameters.clear()

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            operation.setdefault("parameters", []).append(ACCEPT_LANGUAGE)
            without_default_response(operation.get("responses", {}))
            for response in operation.get("responses", {}).values():
                if isinstance(response, Mapping):  # a name is a component, which has them
                    response.setdefault("headers", {}).update(RESPONSE_HEADERS)
            self.requests += examples.fill(str(path), method, operation, self.answers)
            pictures_by_reference(self.spec, operation)
