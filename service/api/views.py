"""`@judgement`: how a POST computation is declared, documented and served (a body loaded by one
schema, one call, the result dumped by another), and `Judge`, the same computation without
the request (service/api/direct.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, NamedTuple, TypeVar

import flask
import marshmallow as ma
import orjson

from service.api.blueprint import Blueprint, json_body
from service.api.fields import MessageField
from service.api.i18n import language_headers
from service.api.openapi import LANGUAGE_HEADERS

View = TypeVar("View", bound=Callable[..., Any])

JSON = "application/json"


def says_sentences(schema: ma.Schema) -> bool:
    """Whether answers dumped by `schema` may carry sentences (a `MessageField`, anywhere)."""

    def speaks(field: ma.fields.Field) -> bool:
        if isinstance(field, MessageField):
            return True
        if isinstance(field, ma.fields.Nested):
            return says_sentences(field.schema)
        if isinstance(field, ma.fields.List):
            return speaks(field.inner)
        return False

    return any(speaks(field) for field in schema.dump_fields.values())


class Judge(NamedTuple):
    """A POST computation as its endpoint serves it, without the request: the same schema
    instances load the body and dump the result, the same view judges it. For answers given
    in this process (service/api/direct.py); it raises what the view meets
    (`ma.ValidationError`, `InconsistentInput`), which the app's handlers turn into problems."""

    loads: ma.Schema
    view: Callable[..., Any]
    dumps: ma.Schema

    def __call__(self, instance: Any, body: Any) -> Any:
        """The answer's JSON object for a parsed body; `instance` is the view's `self`."""
        return self.dumps.dump(self.view(instance, self.loads.load(body)))


DOCUMENTED_ERRORS = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
)


def judgement(
    blp: Blueprint, request: type[ma.Schema], response: type[ma.Schema] | str
) -> Callable[[View], View]:
    """A POST computation: the body loaded by `request`, the result dumped by `response`, and
    the errors a body can meet documented as problems (422 comes with `arguments`).

    `response` may instead be a media type (`image/svg+xml`): the view then answers a
    `flask.Response` of that type itself, with `language_headers()` (a picture's sentences
    follow Accept-Language), and is documented as answering it with them.

    The view is served two ways with the same schema instances. A body that parses and loads
    takes the short way: load, call, dump, answer. Anything else (no body, not JSON, a field
    the schema refuses) goes through flask-smorest and webargs as declared, which phrase the
    error. Both ways validate with the same `load`, so the short one loosens nothing; it only
    skips the per-request machinery of the long one (location lookups, hooks, wrappers), which
    cost a good fraction of a request on the hot path (bench/http.py)."""

    def decorate(view: View) -> View:
        # Instances, made once here: given a class, webargs would build a schema per request.
        loads = request()
        dumps = None if isinstance(response, str) else response()
        speaks = dumps is not None and says_sentences(dumps)
        declared = _declared(blp, view, loads, response if dumps is None else dumps, speaks)
        judged = _short_way(view, declared, loads, dumps, speaks)
        if dumps is not None:  # a picture's request schema is its JSON twin's, tested there
            judged.judge = Judge(loads, view, dumps)  # type: ignore[attr-defined]
        return judged

    return decorate


def _declared(
    blp: Blueprint, view: View, loads: ma.Schema, answer: ma.Schema | str, speaks: bool
) -> View:
    """`view` the long way, as flask-smorest and webargs serve and document it: the body loaded
    by `loads`, the problems it can meet, and `answer` (a schema, or a picture's media type)
    with the language headers when it speaks."""
    documented = view
    for status in DOCUMENTED_ERRORS:
        documented = blp.alt_response(status.value, response=status.name)(documented)
    # alt_response only documents: its wrapper calls the view and does nothing else. Keep
    # the documentation and leave those pass-through calls off every request.
    view._apidoc = documented._apidoc  # type: ignore[attr-defined]
    if isinstance(answer, str):  # the view answers the picture itself
        documents = blp.response(
            HTTPStatus.OK, {"type": "string"}, content_type=answer, headers=LANGUAGE_HEADERS
        )
    else:
        documents = blp.response(
            HTTPStatus.OK, answer, headers=LANGUAGE_HEADERS if speaks else None
        )
    return blp.arguments(loads)(documents(view))


def _short_way(
    view: View, declared: View, loads: ma.Schema, dumps: ma.Schema | None, speaks: bool
) -> View:
    """`view` the short way: a body that parses and loads is loaded, judged and dumped (as
    orjson, with the language headers when `speaks`; a picture's view answers itself); any
    other body goes the long way, `declared`, which phrases its error."""

    @functools.wraps(declared)
    def judged(*args: Any) -> Any:
        try:
            # The request itself: every attribute read through the proxy costs a lookup.
            body = json_body(flask.request._get_current_object())
            loaded = loads.load(body)
        except (orjson.JSONDecodeError, ma.ValidationError):
            return declared(*args)
        result = view(*args, loaded)
        if dumps is None:
            return result
        answer = orjson.dumps(dumps.dump(result), option=orjson.OPT_NON_STR_KEYS)
        return flask.Response(answer, headers=language_headers() if speaks else None, mimetype=JSON)

    return judged  # type: ignore[return-value]
