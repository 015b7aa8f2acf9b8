"""CORS: a browser game on another origin may call the referee.

The origins allowed come from `CORS_ORIGINS` (comma-separated, `*` by default: the referee
holds no credentials and no state, so any page may ask it). flask-cors decides everything
(its options, from the app's `CORS_*` config and those below; the headers of each answer,
preflights included; `Vary: Origin` when the origin allowed depends on the request); this
module only applies it as WSGI middleware, and only to requests that carry an `Origin`.

Why not `CORS(app)`: its `after_request` runs on every request, CORS or not, and reads the
request through Flask's proxies: 17 to 20 µs a request, measured in-process on this (busy)
machine, where a whole legal-moves answer is about 25 µs of work (README, "Benchmarks"). A
request without `Origin` is no CORS request (browsers send one on every cross-origin call
and preflight), and flask-cors (`always_send=False`) would add nothing to its answer: here
it costs one dictionary lookup.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from flask import Flask
from flask_cors.core import get_cors_headers, get_cors_options
from werkzeug.datastructures import EnvironHeaders

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

ANY_ORIGIN: Final = "*"
OPTIONS: Final = {
    "methods": ["GET", "HEAD", "POST", "OPTIONS"],
    # Headers a page's script may read from an answer, beyond the CORS-safelisted ones.
    "expose_headers": ["X-Request-ID", "Content-Language"],
    "max_age": 86400,  # a preflight answer may be kept a day (browsers cap it lower)
    "always_send": False,
}


def origins_from(setting: str | None) -> str | list[str]:
    """`CORS_ORIGINS` as flask-cors takes it: `*`, or the list of origins it names."""
    origins = [origin.strip() for origin in (setting or ANY_ORIGIN).split(",") if origin.strip()]
    return ANY_ORIGIN if origins in ([], [ANY_ORIGIN]) else origins


def configured_origins() -> str | list[str]:
    return origins_from(os.environ.get("CORS_ORIGINS"))


class CrossOriginApp:
    """WSGI middleware adding flask-cors's headers to the answer of every CORS request."""

    def __init__(self, app: WSGIApplication, options: Any) -> None:
        self.app = app
        self.options = options

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if "HTTP_ORIGIN" not in environ:
            return self.app(environ, start_response)
        cors = get_cors_headers(self.options, EnvironHeaders(environ), environ["REQUEST_METHOD"])
        added = [(name, str(value)) for name, value in cors.items(multi=True)]

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.extend(added)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def init_app(app: Flask) -> None:
    """Answer CORS requests as flask-cors would, from the app's `CORS_ORIGINS`."""
    wildcard = app.config.get("CORS_ORIGINS") == ANY_ORIGIN
    options = get_cors_options(app, OPTIONS, {"send_wildcard": wildcard})
    app.wsgi_app = CrossOriginApp(app.wsgi_app, options)  # type: ignore[method-assign]
