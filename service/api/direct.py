"""Answers without HTTP: bodies judged by the endpoints' own views, in this process.

The archive audit (service/audit) judges millions of records; a request per record would
cost more than the judging. `Direct(app)` answers a parsed body as the endpoint at a path
does: the same schema instances load it, the same view judges it, the same functions phrase
its problem (status, type, `errors` with their JSON pointers and codes). Only what a request
carries beside its body (headers, media type, size limit) is not there; the language is
given, and a body larger than the app takes is for the caller to ask about (`too_large`).
tests/api/test_direct.py holds its answers to the test client's.

>>> from service.app import app
>>> with Direct(app) as direct:
...     direct.answer("/v1/deals/replay", {"dealer": 3}).status
422
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

import marshmallow as ma
import orjson
from flask import Flask
from flask.ctx import RequestContext

from service.api.i18n import DEFAULT_LANGUAGE, Language
from service.api.problems import (
    BODY_TOO_LARGE,
    INCONSISTENT_INPUT,
    INVALID_REQUEST,
    ProblemKind,
    inconsistent_errors,
    json_problem,
    plain_kind,
    pointer_errors,
    problem_base,
    problem_payload,
)
from service.rules.core.errors import InconsistentInput

if TYPE_CHECKING:  # the views' module imports what endpoints share; this one needs none of it
    from service.api.views import Judge


class Answer(NamedTuple):
    """What the endpoint would answer: its status and its JSON object (the answer, or the
    problem)."""

    status: int
    body: dict[str, Any]


class Direct:
    """`app`'s POST endpoints asked in this process, answering in `lang`; use it as a context
    manager (`with Direct(app) as direct:`), around as many answers as wanted."""

    def __init__(self, app: Flask, lang: Language = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self._app = app
        self._base = problem_base(app.config)
        self._views: dict[str, tuple[Judge, Any]] = {}
        self._context: RequestContext | None = None

    def __enter__(self) -> Direct:
        # One request context for every answer, as a view has one: the language is read from
        # it, and an analysis takes one of the app's slots (service/api/limiter.py). Pushing
        # one per answer would cost a good part of a replay (bench/audit.py).
        headers = {"Accept-Language": self.lang}
        self._context = self._app.test_request_context(method="POST", headers=headers)
        self._context.push()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._context is not None:
            self._context.pop(error)
            self._context = None

    def answer(self, path: str, body: Any) -> Answer:
        """The answer of the endpoint at `path` to `body`, a parsed JSON document."""
        judge, view = self._view(path)
        try:
            return Answer(200, judge(view, body))
        except ma.ValidationError as error:
            return self.invalid(error.messages)
        except InconsistentInput as error:
            return self._problem(INCONSISTENT_INPUT, errors=inconsistent_errors(error, self.lang))
        except Exception:  # a bug: logged, and answered as the app answers one (a plain 500)
            self._app.logger.exception("direct answer failed: %s", path)
            return self._problem(plain_kind(500))

    def invalid(self, messages: Mapping[str, Any]) -> Answer:
        """The invalid-request problem for marshmallow's `messages` about a body's fields
        (`{"hand": {3: ["Not a valid card."]}}`), each named by its JSON pointer."""
        return self._problem(INVALID_REQUEST, errors=pointer_errors({"json": messages}, self.lang))

    def too_large(self, data: bytes) -> Answer | None:
        """The 413 problem when `data` is larger than the app takes a body
        (`MAX_CONTENT_LENGTH`); None when it is not."""
        limit = self._app.config.get("MAX_CONTENT_LENGTH")
        return self._problem(BODY_TOO_LARGE) if limit and len(data) > limit else None

    def unparsed(self, error: orjson.JSONDecodeError, data: bytes) -> Answer:
        """The answer to a body orjson refused (`orjson.loads(data)` raised `error`), whatever
        the path: the 400 problem with the place (line, column, offset) where it stops being
        JSON."""
        kind, detail, errors = json_problem(error, data, self.lang)
        return self._problem(kind, detail=detail, errors=errors)

    def _view(self, path: str) -> tuple[Judge, Any]:
        if path not in self._views:
            endpoint, _ = self._app.url_map.bind("").match(path, method="POST")
            view_class = self._app.view_functions[endpoint].view_class  # type: ignore[attr-defined]
            self._views[path] = (view_class.post.judge, view_class())
        return self._views[path]

    def _problem(
        self,
        kind: ProblemKind,
        *,
        detail: str | None = None,
        errors: list[dict[str, object]] | None = None,
    ) -> Answer:
        payload = problem_payload(
            kind.status, kind, self.lang, detail=detail, errors=errors, base=self._base
        )
        return Answer(kind.status, payload)
