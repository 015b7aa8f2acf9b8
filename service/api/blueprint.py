"""The Blueprint every resource module uses: flask-smorest's, reading JSON bodies strictly.

`from service.api.blueprint import Blueprint` then use it exactly as `flask_smorest.Blueprint`.
Beside its own tag (its name, its `description`), a blueprint may declare `tags`, a name and a
description each, for routes that carry another (`@blp.route(path, tags=[name])`): the app
lists them after the blueprint's own. The difference is how `@blp.arguments(Schema)` reads
the body:

- a body that is not `application/json` (or `+json`) is refused with 415, where webargs would
  silently read it as "no body";
- no body at all (none, or an empty one) is not JSON either: a 400 malformed-json, where
  webargs would load it as an empty object and name every missing field;
- the JSON is parsed by orjson, which refuses what Python's `json` would let through to a 500:
  nesting deeper than 1024 (RecursionError), lone surrogates, `NaN` and `Infinity`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import flask_smorest
import orjson
from flask import Request, abort
from flask_smorest.utils import deepupdate
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import BadRequest, ClientDisconnected, HTTPException

View = TypeVar("View", bound=Callable[..., Any])


class UnreadBody(BadRequest):
    """400: the server could not read the request's body, because the client stalled in the
    middle of it (`stalled`: the server's read timeout, `CLIENT_TIMEOUT`, ran out) or because
    it ended early or broken (fewer bytes than its Content-Length, a broken chunked encoding)."""

    def __init__(self, stalled: bool) -> None:
        super().__init__()
        self.stalled = stalled

    @property
    def key(self) -> str:
        """The catalog's key of the problem's detail (service/api/problems.py says it)."""
        return "request.stalled" if self.stalled else "request.broken"


# What a socket read raises when its timeout runs out (EAGAIN under SO_RCVTIMEO).
_STALLED: Final = (BlockingIOError, TimeoutError)


def has_body(req: Request) -> bool:
    """Whether the request carries a body (a length, or a chunked transfer)."""
    if req.content_length:
        return True
    return "chunked" in req.headers.get("Transfer-Encoding", "").lower()


def _beyond_chunked(transfer_encoding: str) -> bool:
    """Whether a Transfer-Encoding header names a coding other than `chunked`."""
    codings = transfer_encoding.lower().split(",")
    return any(coding.strip() not in ("", "chunked") for coding in codings)


def read_body(req: Request) -> bytes:
    """The request's body, read whole. 413 beyond the app's limit (`MAX_CONTENT_LENGTH`),
    chunked or not; 400 when the server cannot read it."""
    try:
        data = req.get_data(cache=True)
        if not req.environ.get("CONTENT_LENGTH"):
            # A chunked body has no length to check beforehand, and werkzeug stops reading at
            # the limit without a word: a byte left past it means the body was too large.
            limit = req.max_content_length
            if limit is not None and len(data) >= limit and req.environ["wsgi.input"].read(1):
                abort(413)
    except ClientDisconnected as error:
        # werkzeug's, for fewer bytes than the Content-Length, and for a read that failed: the
        # socket's read timeout (SO_RCVTIMEO, service/server.py) that ran out mid-body.
        raise UnreadBody(stalled=isinstance(error.__context__, _STALLED)) from error
    except HTTPException:
        raise
    except _STALLED as error:
        raise UnreadBody(stalled=True) from error
    except Exception as error:
        # The server could not read the body (a broken chunked encoding, a body cut short).
        # Its exceptions are its own (gunicorn's ParseException subclasses, NoMoreData).
        raise UnreadBody(stalled=False) from error
    if req.content_length is not None and len(data) < req.content_length:
        raise UnreadBody(stalled=False)  # the client ended its side early: gunicorn's end
    return data


def json_body(req: Request) -> Any:
    """The request's JSON body. Raises 415 for a body that is not JSON or is compressed, 501
    for a transfer coding other than chunked, and `orjson.JSONDecodeError` for a body that
    does not parse: an empty one or none among them (a body that is not JSON is a 400, as
    docs/errors.md says)."""
    if not is_json_request(req):
        if has_body(req):
            abort(415)
        return orjson.loads(b"")  # no body at all: not JSON either (json_syntax.empty)
    # The environ, not `req.headers`: these run on every request, and are mostly absent.
    content_coding = req.environ.get("HTTP_CONTENT_ENCODING")
    if content_coding is not None and content_coding.strip().lower() != "identity":
        abort(415)  # RFC 9110 15.5.16: a content coding the server does not support
    transfer = req.environ.get("HTTP_TRANSFER_ENCODING")
    if transfer is not None and _beyond_chunked(transfer):
        abort(501)  # RFC 9112 6.1: gunicorn takes `gzip, chunked`, undoing only the chunks
    return orjson.loads(read_body(req))


class StrictJSONParser(FlaskParser):
    def _raw_load_json(self, req: Request) -> Any:  # type: ignore[override]
        try:
            return json_body(req)
        except orjson.JSONDecodeError as error:
            # Not webargs's own catch: it takes an orjson error on bad UTF-8 for "no body".
            self._handle_invalid_json_error(error, req)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = StrictJSONParser()

    def __init__(self, *args: Any, tags: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tags: Mapping[str, str] = dict(tags or {})  # further tags: name -> description

    @staticmethod
    def doc(**kwargs: Any) -> Callable[[View], View]:
        """flask-smorest's `doc` (`@blp.doc(operationId="legal_moves")`), without its wrapper.

        flask-smorest wraps the view in a function that looks up `current_app` on every call,
        only to hold the documentation; here the view itself holds it (a copy, so that a view
        sharing its `_apidoc` with another keeps it), and requests call the view directly."""

        def decorate(view: View) -> View:
            apidoc = copy.deepcopy(getattr(view, "_apidoc", {}))
            apidoc["manual_doc"] = deepupdate(apidoc.get("manual_doc", {}), kwargs)
            view._apidoc = apidoc  # type: ignore[attr-defined]
            return view

        return decorate
